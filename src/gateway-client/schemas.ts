import { z } from 'zod';

/** Responses of a gateway of this API, parsed at the boundary (CONVENTIONS.md habit 1). */
export const EnvelopeBase = z.object({
  successful: z.boolean(),
  errors: z.array(z.string()),
  test: z.boolean(),
});

export const PurchaseRecord = z
  .object({
    id: z.string().nullable(),
    transaction_id: z.string().nullable().optional(),
    authorization: z.string().nullable(),
    card_token: z.string().nullable(),
    card_number: z.string().nullable(),
    amount: z.number().int().nullable(),
    currency: z.string().nullable(),
    successful: z.boolean(),
    message: z.string().nullable(),
    reference: z.string().nullable(),
    response_code: z.string(),
    transaction_date: z.string().nullable(),
    rrn: z.string().nullable().optional(),
    merchant_advice_code: z.string().optional(),
    merchant_advice_retry_after: z.string().optional(),
    pending: z.boolean().optional(),
    /** Never recorded upstream of that gateway: nothing charged, the reference free again. */
    failed: z.boolean().optional(),
    captured: z.boolean().optional(),
    captured_amount: z.number().int().optional(),
    voided: z.boolean().optional(),
  })
  .loose();
export type PurchaseRecord = z.infer<typeof PurchaseRecord>;

export const RefundRecord = z
  .object({
    id: z.string().nullable(),
    authorization: z.string().nullable(),
    amount: z.number().int().nullable(),
    successful: z.boolean(),
    refunded: z.string().nullable(),
    message: z.string().nullable(),
    reference: z.string().nullable(),
    response_code: z.string(),
    voided: z.boolean().optional(),
  })
  .loose();
export type RefundRecord = z.infer<typeof RefundRecord>;

export const CardRecord = z
  .object({
    token: z.string(),
    card_holder: z.string(),
    card_number: z.string(),
    card_expiry: z.string(),
    card_type: z.string(),
    alias: z.string().nullable(),
    transaction_count: z.number().int(),
    /** Recur's: a keyed HMAC of the number, shared by every token of the card. Other gateways of this API have none. */
    fingerprint: z.string().optional(),
  })
  .loose();
export type CardRecord = z.infer<typeof CardRecord>;

export const HealthRecord = z.object({ timestamp: z.string(), echo: z.string() }).loose();

export function envelopeOf<T extends z.ZodType>(record: T) {
  return EnvelopeBase.extend({ response: record.nullable() });
}
