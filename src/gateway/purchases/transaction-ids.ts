import { randomInt } from 'node:crypto';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `<merchant prefix>-P-<8 uppercase alphanumerics>` (refunds `-R-`). */
export function newTransactionId(prefix: string, kind: 'P' | 'R'): string {
  let tail = '';
  for (let i = 0; i < 8; i++) tail += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}-${kind}-${tail}`;
}

/** `n` random decimal digits (an authorization code, a retrieval reference number). */
export function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** A new stored-credential chain id: 18 characters, letters at 1 and 9. */
export function newTrackingId(): string {
  // Letters at 1 and 9 keep any 13-digit run out: an id that looks like a card number would be scrubbed.
  const letter = () => ID_ALPHABET[randomInt(26)]!;
  return letter() + newTransactionId('X', 'P').slice(-7) + letter() + newTransactionId('X', 'P').slice(-7);
}
