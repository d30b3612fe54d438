import { luhnValid } from '../../platform/pan-scrub.ts';

/** Card scheme names as the gateway reports them in `card_type`. */
export const CARD_SCHEMES = ['VISA', 'MasterCard', 'AMEX', 'JCB', 'Diners', 'Discover', 'China UnionPay'] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];

function inRange(pan: string, digits: number, low: number, high: number): boolean {
  const prefix = Number(pan.slice(0, digits));
  return prefix >= low && prefix <= high;
}

/**
 * The scheme from the number's prefix (IIN ranges). China UnionPay's 62 range is checked before
 * Discover's co-branded 622126-622925 range, as UnionPay cards in it are issued by UnionPay.
 */
export function detectScheme(pan: string): CardScheme | undefined {
  if (/^3[47]/.test(pan)) return 'AMEX';
  if (/^4/.test(pan)) return 'VISA';
  if (inRange(pan, 2, 51, 55) || inRange(pan, 4, 2221, 2720)) return 'MasterCard';
  if (inRange(pan, 4, 3528, 3589)) return 'JCB';
  if (inRange(pan, 3, 300, 305) || /^3(09|6|8|9)/.test(pan)) return 'Diners';
  if (/^62/.test(pan) || /^81/.test(pan)) return 'China UnionPay';
  if (/^6011/.test(pan) || inRange(pan, 3, 644, 649) || /^65/.test(pan)) return 'Discover';
  return undefined;
}

export type PanCheck = { ok: true; pan: string; scheme: CardScheme } | { ok: false; reason: 'invalid' };

/** Length 12-19, digits only (spaces and dashes between groups are tolerated), Luhn-valid, known scheme. */
export function checkPan(raw: string): PanCheck {
  const pan = raw.replace(/[ -]/g, '');
  if (!/^\d{12,19}$/.test(pan) || !luhnValid(pan)) return { ok: false, reason: 'invalid' };
  const scheme = detectScheme(pan);
  if (!scheme) return { ok: false, reason: 'invalid' };
  return { ok: true, pan, scheme };
}
