import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../../src/composition/openapi-document.ts';

/** Where the generated types live, checked in so that the client needs no build step. */
export const GENERATED_TYPES = fileURLToPath(new URL('../src/generated/recur-api.ts', import.meta.url));

const HEADER =
  "// Generated from Recur's OpenAPI document by `npm run client:generate`. Do not edit by hand:\n" +
  '// a test fails when this file differs from what the current routes produce.\n\n';

/** The TypeScript types of Recur's API, from the document the routes build in-process. */
export async function renderClientTypes(): Promise<string> {
  const document = await buildOpenApiDocument();
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}
