import { z } from 'zod';
import { SandboxScript } from '../sandbox/sandbox-script.ts';

/**
 * Request bodies of the gateway API, for the OpenAPI document only. The routes check bodies
 * themselves, field by field, to answer with the seed's exact messages (GATEWAY.md); these
 * schemas describe the same fields for readers and client generators.
 */
const CardFields = {
  card_holder: z.string().max(100).describe('Name on the card'),
  card_number: z
    .string()
    .describe(
      "A card scheme's length (14 to 19 digits) and leading digits, Luhn-valid, spaces or dashes between groups allowed; stored encrypted, shown masked to first six and last four",
    ),
  card_expiry: z.string().describe('MM/YYYY'),
  cvv: z.string().describe('3 or 4 digits; used for the authorisation only, never stored'),
};

export const CardCreateDoc = z.strictObject({
  ...CardFields,
  alias: z.string().max(100).optional().describe('A merchant-chosen name that can stand for the token'),
  is_billing: z.boolean().optional().describe('true: tokenize without a CVV'),
  customer_ip: z.string().max(64).optional().describe('Accepted (clients always send it) and not kept'),
});

export const CardUpdateDoc = z.strictObject({
  card_expiry: z.string().optional().describe('The new expiry, MM/YYYY: held invoices on this card are retried at once'),
  alias: z.string().max(100).nullable().optional().describe('Move the alias onto this card, or null to remove it'),
});

export const PurchaseDoc = z.strictObject({
  amount: z.number().int().positive().describe('Minor units (cents)'),
  currency: z
    .string()
    .length(3)
    .optional()
    .describe("ISO 4217 code the merchant may charge in; left out, the merchant's default currency (its first permitted one)"),
  reference: z.string().max(255).describe('The merchant reference: a re-send with the same reference is recognised'),
  card_token: z.string().optional().describe('A token or alias; or give the raw card fields instead'),
  ...Object.fromEntries(Object.entries(CardFields).map(([k, v]) => [k, v.optional()])),
  customer_ip: z.string().max(64).optional(),
  metadata: z.record(z.string().max(100), z.string().max(1000)).optional(),
  capture: z.boolean().optional().describe('false: an authorization, captured later with POST /purchases/{id}/capture'),
  extra: z
    .strictObject({
      ecm: z.union([z.string(), z.number().int()]).optional().describe('"32" (or 32): a recurring, card-not-present charge'),
      stored_credential_indicator: z.enum(['I', 'S']).optional(),
      authorization_tracking_id: z.string().max(64).optional().describe('The id of the stored-credential chain, echoed on approval'),
      omit_expiry: z.boolean().optional(),
      card_on_file: z.boolean().optional(),
      auth_reason: z.string().max(64).optional(),
      name: z.string().max(255).optional().describe('Soft descriptor: the name on the statement'),
      location: z.string().max(255).optional().describe('Soft descriptor: the location on the statement'),
      sli: z.union([z.string(), z.number().int()]).optional().describe('3-D Secure result (stored and echoed)'),
      xid: z.string().max(255).optional(),
      cavv: z.string().max(255).optional(),
      par: z.string().max(255).optional(),
      ver: z.string().max(16).optional(),
      threeds_version: z.string().max(16).optional(),
      directory_server_txn_id: z.string().max(255).optional(),
    })
    .optional(),
});

export const RefundDoc = z.strictObject({
  transaction_id: z.string().optional().describe('The purchase to refund; leave out and give a card for an unmatched refund'),
  amount: z.number().int().positive().describe('Minor units; at most what is left to refund'),
  reference: z.string().max(255),
  currency: z.string().length(3).optional().describe("Must be the purchase's currency; an unmatched refund's currency"),
  metadata: z.record(z.string().max(100), z.string().max(1000)).optional(),
  customer_ip: z.string().max(64).optional(),
  card_token: z.string().optional().describe('Unmatched refund: the stored card to credit'),
  ...Object.fromEntries(Object.entries(CardFields).map(([k, v]) => [k, v.optional()])),
});

export const CaptureDoc = z.strictObject({
  amount: z.number().int().positive().describe('Minor units; at most the authorized amount'),
  currency: z.string().length(3).optional().describe("Must be the authorization's currency"),
});

export const VoidDoc = z.strictObject({ id: z.string().optional().describe('The purchase or refund to void (or ?id=)') });

/** Bodies by route (method and full path), for routes whose handlers validate by hand. */
export const GATEWAY_BODY_DOCS: Readonly<Record<string, z.ZodType>> = {
  'POST /v1.0/credit_cards': CardCreateDoc,
  'PUT /v1.0/credit_cards/:key': CardUpdateDoc,
  'POST /v1.0/purchases': PurchaseDoc,
  'POST /v1.0/refunds': RefundDoc,
  'POST /v1.0/purchases/:key/capture': CaptureDoc,
  'POST /v1.0/purchases/void': VoidDoc,
  'POST /v1.0/refunds/void': VoidDoc,
  'PUT /v1.0/sandbox/credit_cards/:key/script': SandboxScript,
};
