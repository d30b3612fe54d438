import { z } from 'zod';
import { SandboxScript } from '../sandbox/sandbox-script.ts';

/**
 * Request bodies of the gateway API, for the OpenAPI document only. The routes check bodies
 * themselves, field by field, to answer with the seed's exact messages (GATEWAY.md); these
 * schemas describe the same fields for readers and client generators.
 */
const CardFields = {
  card_holder: z.string().max(100).describe('Name on the card'),
  card_number: z.string().describe('13 to 19 digits; stored encrypted, shown masked to first six and last four'),
  card_expiry: z.string().describe('MM/YYYY'),
  cvv: z.string().describe('3 or 4 digits; used for the authorisation only, never stored'),
};

export const CardCreateDoc = z.strictObject({
  ...CardFields,
  alias: z.string().max(100).optional().describe('A merchant-chosen name that can stand for the token'),
});

export const CardUpdateDoc = z.strictObject({
  card_expiry: z.string().optional().describe('The new expiry, MM/YYYY: held invoices on this card are retried at once'),
  alias: z.string().max(100).nullable().optional().describe('Move the alias onto this card, or null to remove it'),
});

export const PurchaseDoc = z.strictObject({
  amount: z.number().int().positive().describe('Minor units (cents)'),
  currency: z.string().length(3).describe('ISO 4217 code the merchant may charge in'),
  reference: z.string().max(255).describe('The merchant reference: a re-send with the same reference is recognised'),
  card_token: z.string().optional().describe('A token or alias; or give the raw card fields instead'),
  ...Object.fromEntries(Object.entries(CardFields).map(([k, v]) => [k, v.optional()])),
  customer_ip: z.string().max(64).optional(),
  metadata: z.record(z.string().max(100), z.string().max(1000)).optional(),
  extra: z
    .strictObject({
      ecm: z.string().optional(),
      stored_credential_indicator: z.string().optional(),
      authorization_tracking_id: z.string().max(64).optional(),
      omit_expiry: z.boolean().optional(),
    })
    .optional(),
});

export const RefundDoc = z.strictObject({
  transaction_id: z.string().describe('The purchase to refund'),
  amount: z.number().int().positive().describe('Minor units; at most what is left to refund'),
  reference: z.string().max(255),
});

/** Bodies by route (method and full path), for routes whose handlers validate by hand. */
export const GATEWAY_BODY_DOCS: Readonly<Record<string, z.ZodType>> = {
  'POST /v1.0/credit_cards': CardCreateDoc,
  'PUT /v1.0/credit_cards/:key': CardUpdateDoc,
  'POST /v1.0/purchases': PurchaseDoc,
  'POST /v1.0/refunds': RefundDoc,
  'PUT /v1.0/sandbox/credit_cards/:key/script': SandboxScript,
};
