import { luhnValid, schemeOf, type CardScheme } from '../../platform/card-schemes.ts';

// The scheme table lives in the platform, where the card-number detector reads it too.
export { CARD_SCHEMES, type CardScheme } from '../../platform/card-schemes.ts';

export type PanCheck = { ok: true; pan: string; scheme: CardScheme } | { ok: false; reason: 'invalid' };

/**
 * Digits only (spaces and dashes between groups are tolerated), Luhn-valid, with a known scheme's
 * leading digits and length: exactly what the card-number detector takes for a card number.
 */
export function checkPan(raw: string): PanCheck {
  const pan = raw.replace(/[ -]/g, '');
  if (!/^\d{12,19}$/.test(pan) || !luhnValid(pan)) return { ok: false, reason: 'invalid' };
  const scheme = schemeOf(pan);
  if (!scheme) return { ok: false, reason: 'invalid' };
  return { ok: true, pan, scheme };
}
