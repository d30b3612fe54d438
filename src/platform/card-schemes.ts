/**
 * The card schemes Recur knows, by leading digits (IIN ranges) and length: the one table both the
 * vault (which numbers it takes in `card_number`) and the card-number detector (which runs of
 * digits in free text are card numbers) read, so that whatever the vault would store as a card is
 * what the guard refuses and the logs mask.
 */

/** Card scheme names as the gateway reports them in `card_type`. */
export const CARD_SCHEMES = ['VISA', 'MasterCard', 'AMEX', 'JCB', 'Diners', 'Discover', 'China UnionPay'] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];

interface SchemeRange {
  scheme: CardScheme;
  /** Inclusive range of the number's first `low.length` digits. */
  low: string;
  high: string;
  lengths: readonly number[];
}

const LENGTHS_16_19 = [16, 17, 18, 19] as const;

/**
 * In order: the first range whose prefix matches names the scheme. China UnionPay's 62 range is
 * checked before Discover's co-branded 622126-622925 range, as UnionPay cards in it are issued by
 * UnionPay. A number whose prefix matches but whose length is not the scheme's is no card number.
 * Visa numbers have 16 digits (19 allowed): the 13-digit ones are no longer issued, and no scheme
 * has 13-digit numbers, the length of every millisecond count from 2001 to 2286.
 */
const RANGES: readonly SchemeRange[] = [
  { scheme: 'AMEX', low: '34', high: '34', lengths: [15] },
  { scheme: 'AMEX', low: '37', high: '37', lengths: [15] },
  { scheme: 'VISA', low: '4', high: '4', lengths: [16, 19] },
  { scheme: 'MasterCard', low: '51', high: '55', lengths: [16] },
  { scheme: 'MasterCard', low: '2221', high: '2720', lengths: [16] },
  { scheme: 'JCB', low: '3528', high: '3589', lengths: LENGTHS_16_19 },
  { scheme: 'Diners', low: '300', high: '305', lengths: [14, 15, 16, 17, 18, 19] },
  { scheme: 'Diners', low: '309', high: '309', lengths: [14, 15, 16, 17, 18, 19] },
  { scheme: 'Diners', low: '36', high: '36', lengths: [14, 15, 16, 17, 18, 19] },
  { scheme: 'Diners', low: '38', high: '39', lengths: [14, 15, 16, 17, 18, 19] },
  { scheme: 'China UnionPay', low: '62', high: '62', lengths: LENGTHS_16_19 },
  { scheme: 'China UnionPay', low: '81', high: '81', lengths: LENGTHS_16_19 },
  { scheme: 'Discover', low: '6011', high: '6011', lengths: LENGTHS_16_19 },
  { scheme: 'Discover', low: '644', high: '649', lengths: LENGTHS_16_19 },
  { scheme: 'Discover', low: '65', high: '65', lengths: LENGTHS_16_19 },
];

function prefixRange(pan: string): SchemeRange | undefined {
  for (const range of RANGES) {
    const prefix = pan.slice(0, range.low.length);
    if (prefix.length === range.low.length && prefix >= range.low && prefix <= range.high) return range;
  }
  return undefined;
}

/** The scheme of a card number: its leading digits and its length are that scheme's. */
export function schemeOf(digits: string): CardScheme | undefined {
  const range = prefixRange(digits);
  return range && range.lengths.includes(digits.length) ? range.scheme : undefined;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Digits only, of a scheme's length and leading digits, passing Luhn: a card number a network would take. */
export function isCardNumber(digits: string): boolean {
  return /^\d+$/.test(digits) && schemeOf(digits) !== undefined && luhnValid(digits);
}
