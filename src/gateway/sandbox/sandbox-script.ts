import { z } from 'zod';
import { Timestamp } from '../../platform/timestamps.ts';

/**
 * A scripted outcome for a sandbox card: the next purchases on the card take these outcomes in
 * order, one each, before the card answers as its kind does again. This is how tests and
 * merchants make a sandbox purchase carry a merchant advice code, recover after declines, or
 * meet a transport fault (the purchase is recorded, then the response is delayed past the
 * client's timeout, or the connection is dropped).
 */
export const ADVICE_CODES = ['update_required', 'retry_later', 'do_not_retry', 'cancelled'] as const;
export type AdviceCode = (typeof ADVICE_CODES)[number];

export const ScriptedOutcome = z.strictObject({
  response_code: z
    .string()
    .regex(/^\d{2}$/, 'response_code must be two digits')
    .optional(),
  merchant_advice_code: z.enum(ADVICE_CODES).optional(),
  merchant_advice_retry_after: Timestamp.optional(),
  fault: z.enum(['delay', 'drop']).optional(),
  delay_ms: z.number().int().min(0).max(120_000).optional(),
});
export type ScriptedOutcome = z.infer<typeof ScriptedOutcome>;

export const SandboxScript = z.strictObject({
  outcomes: z.array(ScriptedOutcome).max(100),
  test: z.boolean().optional(),
});
export type SandboxScript = z.infer<typeof SandboxScript>;
