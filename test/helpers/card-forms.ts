import fc from 'fast-check';
import { luhnValid } from '../../src/platform/card-schemes.ts';
import { cardNumberFields, scrubJson } from '../../src/platform/http/card-guard.ts';
import { scrubCardNumbers } from '../../src/platform/pan-scrub.ts';

/**
 * What the card-number detector is measured with (RELIABILITY.md I6): test card numbers of every
 * scheme and length, every form in which a person or a program writes one, and the ordinary
 * values real clients send (timestamps, decimals, UUIDs, hex ids, phone numbers, dates, order
 * numbers) inside the references, keys and names that carry them.
 */

/** `prefix` followed by the digit that makes it pass the Luhn check. */
export function withCheckDigit(prefix: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${prefix}${d}`)) return `${prefix}${d}`;
  throw new Error('unreachable');
}

/** Test card numbers of each scheme, in each length the scheme issues. */
export const TEST_PANS: Record<string, string[]> = {
  VISA: ['4111111111111111', '4000001234562345678', '4000056655665556'],
  MasterCard: ['5555555555554444', '5123456789012346', '2221001234567896'],
  AMEX: ['378282246310005', '371449635398431', '345678901234564'],
  JCB: ['3530111333300000', '3566002020360505', withCheckDigit('353011133330000'.padEnd(18, '7'))],
  Diners: ['36700102000000', '30569309025904', '38520000023237', withCheckDigit('305693090259041')],
  Discover: ['6011111111111117', '6445644564456445', '6500000000000002', withCheckDigit('601100099013942'.padEnd(17, '3'))],
  'China UnionPay': ['6250946000000016', '8171999927660000', withCheckDigit('621234567890123456'), withCheckDigit('62123456789012345')],
};

/** How cards are printed, by length: the groups' sizes (the plain run is always a form too). */
const GROUPINGS: Record<number, number[][]> = {
  14: [[4, 6, 4]],
  15: [[4, 6, 5]],
  16: [[4, 4, 4, 4]],
  19: [[4, 4, 4, 4, 3]],
};

/** Every separator a card number is written with between its groups. */
export const SEPARATORS: Record<string, string> = {
  space: ' ',
  'two spaces': '  ',
  tab: '\t',
  dash: '-',
  dot: '.',
  slash: '/',
  underscore: '_',
  'no-break space': '\u00a0',
  'narrow no-break space': '\u202f',
  'figure space': '\u2007',
  'ideographic space': '\u3000',
  hyphen: '\u2010',
  'non-breaking hyphen': '\u2011',
  'en dash': '\u2013',
  'em dash': '\u2014',
  'minus sign': '\u2212',
  'full-width dash': '\uff0d',
  'full-width dot': '\uff0e',
};

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];

function fullWidth(text: string): string {
  return text.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
}

function group(pan: string, sizes: number[], separator: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(pan.slice(at, at + size));
    at += size;
  }
  return parts.join(separator);
}

/** Each written form of `pan`, named: plain, grouped by each separator, with zero-width characters, in full-width digits. */
export function cardForms(pan: string): Array<[string, string]> {
  const forms: Array<[string, string]> = [['plain', pan]];
  for (const sizes of GROUPINGS[pan.length] ?? []) {
    const shape = sizes.join('-');
    for (const [name, separator] of Object.entries(SEPARATORS)) forms.push([`${shape} by ${name}`, group(pan, sizes, separator)]);
    forms.push([`${shape} by spaces, full-width digits`, fullWidth(group(pan, sizes, ' '))]);
    forms.push([`${shape} by dashes, a zero-width space in a group`, group(pan, sizes, '-').replace(/^(\d\d)/, '$1\u200b')]);
  }
  for (const invisible of ZERO_WIDTH) {
    const code = invisible.charCodeAt(0).toString(16).padStart(4, '0');
    forms.push([`U+${code} between every digit`, [...pan].join(invisible)]);
  }
  forms.push(['full-width digits', fullWidth(pan)]);
  forms.push(['full-width digits, zero-width joiners', [...fullWidth(pan)].join('\u200d')]);
  return forms;
}

/** The text around a card number in the fields that carry one. */
export const CARD_CONTEXTS: Array<(form: string) => string> = [
  (form) => form,
  (form) => `order ${form} of today`,
  (form) => `card: ${form}.`,
  (form) => `(${form})`,
  (form) => `"${form}"`,
  (form) => `ref-${form}`,
  (form) => `cust_${form}`,
  (form) => `${form}\n`,
  (form) => `Visa/${form}/exp`,
];

const hex = fc.constantFrom(...'0123456789abcdef');
const digit = fc.constantFrom(...'0123456789');
const digits = (min: number, max: number) => fc.string({ unit: digit, minLength: min, maxLength: max });
/** Milliseconds from 2001 to 2286: every 13-digit count. */
const millis = fc.integer({ min: 1_000_000_000_000, max: 9_999_999_999_999 });
/** Seconds from 2001 to 2286: every 10-digit count. */
const seconds = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 });
/**
 * Milliseconds from 2001 to 2038, to be written as microseconds and nanoseconds: 16 and 19 digits,
 * the lengths of card numbers. Until 2039 they begin with 1 or 20-22 (before 2221), which no
 * scheme's numbers of those lengths do; a microsecond count from 2040 begins like a MasterCard
 * number and may read as one.
 */
const recentMillis = fc.integer({ min: 1_000_000_000_000, max: Date.UTC(2039, 0, 1) });

/** One ordinary value, of the kinds clients put in references, keys, aliases and names. */
export const ordinaryValue: fc.Arbitrary<string> = fc.oneof(
  millis.map(String),
  seconds.map(String),
  fc.tuple(recentMillis, digits(3, 3)).map(([ms, micro]) => `${ms}${micro}`),
  fc.tuple(recentMillis, digits(6, 6)).map(([ms, nano]) => `${ms}${nano}`),
  // What Math.random() and Python's random.random() print: 53 random bits over 2^53.
  fc.integer({ min: 0, max: 2 ** 53 - 1 }).map((n) => String(n / 2 ** 53)),
  fc.uuid().map(String),
  fc.uuid().map((id) => id.replace(/-/g, '')),
  fc.string({ unit: hex, minLength: 32, maxLength: 32 }),
  fc.string({ unit: hex, minLength: 24, maxLength: 24 }), // ObjectId
  // E.164: a plus, a country code and a national number, fifteen digits at most.
  fc.tuple(digits(1, 3), digits(6, 12)).map(([cc, national]) => `+${`${(Number(cc) % 9) + 1}${cc.slice(1)}`}${national}`.slice(0, 16)),
  fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2286-11-20T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2286-11-20T00:00:00Z'), noInvalidDate: true }).map((d) =>
    d
      .toISOString()
      .replace(/[-:TZ.]/g, '')
      .slice(0, 14),
  ),
  fc.nat({ max: 999_999_999_999 }).map(String), // order numbers up to twelve digits
  fc.tuple(fc.integer({ min: 2000, max: 2099 }), digits(4, 8)).map(([year, n]) => `${year}-${n}`),
  fc.tuple(millis, fc.nat({ max: 99_999 })).map(([ms, n]) => `${ms}-${n}`),
);

/** The references, keys, aliases and names an ordinary value is sent in. */
const TEMPLATES: Array<(value: string) => string> = [
  (v) => v,
  (v) => `order-${v}`,
  (v) => `k-${v}`,
  (v) => `cust-${v}`,
  (v) => `pytest-${v}`,
  (v) => `ref_${v}`,
  (v) => `INV ${v}`,
  (v) => `Plan ${v}`,
  (v) => `Migration${v}`,
  (v) => `${v}-2`,
  (v) => `race-${v}-17`,
  (v) => `/webhooks/${v}?attempt=1`,
  (v) => `{"id":"${v}","at":"${v}"}`,
  (v) => `customer ${v} renewed at ${v}`,
];

export const ordinaryReference: fc.Arbitrary<string> = fc
  .tuple(fc.nat({ max: TEMPLATES.length - 1 }), ordinaryValue)
  .map(([t, v]) => TEMPLATES[t]!(v));

/**
 * Consecutive counts as a client makes them, one a millisecond or one a second apart, from
 * `start`, each in every template: `count` values in all.
 */
export function* consecutiveReferences(count: number, start = Date.UTC(2026, 10, 25, 14, 0, 0)): Generator<string> {
  let n = 0;
  for (let i = 0; n < count; i++) {
    for (const template of TEMPLATES) {
      if (n++ >= count) return;
      yield template(String(i % 2 === 0 ? start + i / 2 : Math.floor(start / 1000) + (i - 1) / 2));
    }
  }
}

export interface RefusalCount {
  checked: number;
  refused: number;
  /** The first few refused, to show. */
  examples: string[];
}

/** Whether the guard refuses `value` in a body field or the Idempotency-Key header, or the masking would change it. */
export function refusedOrMasked(value: string): boolean {
  if (cardNumberFields({ body: { reference: value }, query: {}, headers: { 'idempotency-key': value } }).length > 0) return true;
  return scrubCardNumbers(value) !== value || scrubJson(JSON.stringify({ value })) !== JSON.stringify({ value });
}

/** `count` ordinary values (a fifth consecutive timestamps, the rest drawn with `seed`), and how many were refused. */
export function countOrdinaryRefusals(count: number, seed: number): RefusalCount {
  const result: RefusalCount = { checked: 0, refused: 0, examples: [] };
  const check = (value: string) => {
    result.checked++;
    if (refusedOrMasked(value)) {
      result.refused++;
      if (result.examples.length < 10) result.examples.push(value);
    }
  };
  const sweep = Math.floor(count / 5);
  for (const value of consecutiveReferences(sweep)) check(value);
  const batch = 50_000;
  for (let drawn = 0, round = 0; drawn < count - sweep; round++) {
    const n = Math.min(batch, count - sweep - drawn);
    for (const value of fc.sample(ordinaryReference, { numRuns: n, seed: seed + round })) check(value);
    drawn += n;
  }
  return result;
}
