/**
 * What the OpenAPI document says about each operation, beside what the routes' schemas say: a
 * summary, a description, and a real example request and answer (as docs/api.md shows them),
 * keyed by method and path under `/v1.0`: one file per area (gateway, billing, events), merged
 * here and into the document by openapi.ts. test/ops/openapi.test.ts fails when an operation has
 * no entry, or an entry no operation. Amounts are integer minor units: 2900 is AUD 29.00.
 */
import { BILLING_OPERATION_DOCS } from './billing-operation-docs.ts';
import { CONSOLE_OPERATION_DOCS } from './console-operation-docs.ts';
import { EVENT_OPERATION_DOCS } from './event-operation-docs.ts';
import { GATEWAY_OPERATION_DOCS } from './gateway-operation-docs.ts';
import type { OperationDoc } from './operation-doc.ts';

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  ...GATEWAY_OPERATION_DOCS,
  ...BILLING_OPERATION_DOCS,
  ...EVENT_OPERATION_DOCS,
  ...CONSOLE_OPERATION_DOCS,
};
