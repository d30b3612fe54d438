import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Recur signs every webhook delivery with: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'recur-signature';

export interface VerifyWebhookOptions {
  /** How old (or early) a delivery's timestamp may be; 300 seconds unless told. */
  toleranceSeconds?: number;
  /** The current time; the system clock unless told. */
  now?: Date;
}

/**
 * True when `header` (the `Recur-Signature` value) signs exactly `rawBody` with the endpoint's
 * `secret`, within the tolerance of now. Pass the body as received, before any JSON parsing:
 * re-serialized JSON differs by a byte and fails. The comparison takes constant time, and an old
 * timestamp is refused so a captured delivery cannot be replayed later.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  header: string | string[] | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): boolean {
  if (typeof header !== 'string' || !secret) return false;
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  // Every candidate is compared, matched or not, so the time taken tells nothing.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(expected, signature) || matched;
  return matched;
}
