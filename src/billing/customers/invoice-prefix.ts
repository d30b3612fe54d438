import { randomInt } from 'node:crypto';

/** The length of a generated invoice prefix: 26^8 (about 2 × 10^11) prefixes, so a collision is rare and retried. */
export const GENERATED_PREFIX_LENGTH = 8;

/** A fresh invoice prefix: 8 upper-case letters (`QKZMBTRA`). */
export function randomInvoicePrefix(): string {
  let prefix = '';
  for (let i = 0; i < GENERATED_PREFIX_LENGTH; i++) prefix += String.fromCharCode(65 + randomInt(26));
  return prefix;
}
