import { isCardNumber } from './card-schemes.ts';

/**
 * The card-number detector (RELIABILITY.md I6): the one place that decides whether a text holds a
 * card number. The guard that refuses requests, the masking of answers, headers and logs, and the
 * tests that scan artefacts all call it.
 *
 * A card number is what a card network would take for one:
 * - read after Unicode normalization (NFKC: full-width digits are digits, a no-break space is a
 *   space) with invisible characters (zero-width spaces and joiners, soft hyphens, byte-order and
 *   direction marks) removed;
 * - digits in one run, or grouped as cards are printed: 4-4-4-4, 4-6-5 (American Express), 4-6-4
 *   (Diners) or 4-4-4-4-3, with one kind of separator between all groups: a dash, dot, slash,
 *   underscore, hyphen, en or em dash or minus sign (one character, the same between every group),
 *   or blanks (one to three spaces or tabs, so that doubled spaces and aligned columns count);
 * - not glued to a letter or a digit on either side (`Migration20261124103007` holds no card
 *   number), not the decimal part of a number (`0.665963299105887`) and not after a `+` (a phone
 *   number in E.164 form or a signed quantity);
 * - with the leading digits and the length of a card scheme (the vault's table: no scheme
 *   has 13-digit numbers, the length of a millisecond count) and passing the Luhn check.
 */

/** Invisible characters, removed before looking: they do not separate what a reader sees. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const NON_ASCII = /[^\x00-\x7f]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
const FOUR_DIGITS = /\d{4}/;

/** One-character separators between groups, as NFKC leaves them. */
const MARK = '[-./_\\u2010\\u2012-\\u2015\\u2212]';
const BLANKS = '[ \\t]{1,3}';
const END = '(?![\\p{L}\\p{N}\\p{M}])';
/** The printed groupings, longest first, so that a 19-digit number is not read as its first 16. */
const GROUPINGS = [
  [4, 4, 4, 4, 3],
  [4, 4, 4, 4],
  [4, 6, 5],
  [4, 6, 4],
];

/** The whole number in one run of digits. */
const PLAIN = new RegExp(`\\d{14,19}${END}`, 'uy');
/** Grouped: each printed grouping with one repeated mark between its groups, or with blanks. */
const GROUPED: RegExp[] = GROUPINGS.flatMap((sizes) => {
  const groups = sizes.map((n) => `\\d{${n}}`);
  return [new RegExp(`${groups[0]}(${MARK})${groups.slice(1).join('\\1')}${END}`, 'uy'), new RegExp(`${groups.join(BLANKS)}${END}`, 'uy')];
});

/**
 * A stretch of the text as the detector reads it: `length` code units from `at`, standing for the
 * original's units from `from`, one for one (`width` 0: the stretch is unchanged), or all for the
 * one character of `width` units at `from` (its normal form: `４` for `4`).
 */
interface Stretch {
  at: number;
  from: number;
  length: number;
  width: number;
}

/** A text as the detector reads it, and where its stretches come from (null: the text as given). */
interface Reading {
  text: string;
  stretches: Stretch[] | null;
}

/** NFKC of one character, or nothing for an invisible one; remembered, as a text repeats its characters. */
const NORMAL_FORMS = new Map<number, string>();
function normalForm(point: number, char: string): string {
  let normal = NORMAL_FORMS.get(point);
  if (normal === undefined) {
    normal = INVISIBLE.test(char) ? '' : char.normalize('NFKC');
    if (NORMAL_FORMS.size >= 4096) NORMAL_FORMS.clear();
    NORMAL_FORMS.set(point, normal);
  }
  return normal;
}

function read(text: string): Reading {
  const parts: string[] = [];
  const stretches: Stretch[] = [];
  let at = 0;
  let unchanged = 0;
  const scan = /[^\x00-\x7f]/g;
  for (let found = scan.exec(text); found !== null; found = scan.exec(text)) {
    const i = found.index;
    const point = text.codePointAt(i) ?? 0;
    const width = point > 0xffff ? 2 : 1;
    const char = text.slice(i, i + width);
    const normal = normalForm(point, char);
    scan.lastIndex = i + width;
    if (normal === char) continue;
    if (i > unchanged) {
      stretches.push({ at, from: unchanged, length: i - unchanged, width: 0 });
      parts.push(text.slice(unchanged, i));
      at += i - unchanged;
    }
    if (normal.length > 0) {
      stretches.push({ at, from: i, length: normal.length, width });
      parts.push(normal);
      at += normal.length;
    }
    unchanged = i + width;
  }
  if (unchanged === 0) return { text, stretches: null };
  if (text.length > unchanged) {
    stretches.push({ at, from: unchanged, length: text.length - unchanged, width: 0 });
    parts.push(text.slice(unchanged));
  }
  return { text: parts.join(''), stretches };
}

/** The span of the original text that code unit `p` of the reading stands for. */
function originalSpan(reading: Reading, p: number): [number, number] {
  const stretches = reading.stretches;
  if (!stretches) return [p, p + 1];
  let low = 0;
  let high = stretches.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (stretches[mid]!.at <= p) low = mid;
    else high = mid - 1;
  }
  const stretch = stretches[low]!;
  if (stretch.width === 0) return [stretch.from + p - stretch.at, stretch.from + p - stretch.at + 1];
  return [stretch.from, stretch.from + stretch.width];
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether a number may begin at `start`: not glued to a letter or digit, not a fraction's digits, not after `+`. */
function mayStartAt(text: string, start: number): boolean {
  if (start === 0) return true;
  const before = text[start - 1]!;
  if (before === '+') return false;
  if (before === '.' && start >= 2 && isAsciiDigit(text.charCodeAt(start - 2))) return false;
  const low = text.charCodeAt(start - 1);
  const previous = low >= 0xdc00 && low <= 0xdfff && start >= 2 ? text.slice(start - 2, start) : before;
  return !LETTER_OR_DIGIT.test(previous);
}

interface Found {
  /** The card number's span in the text as given. */
  start: number;
  end: number;
  digits: string;
}

/** Every card number in `text`, in order, with its span in the text as given. */
export function locateCardNumbers(text: string): Found[] {
  const ascii = !NON_ASCII.test(text);
  // Normalization may turn one character into two digits (`⑪`): only plain ASCII is judged by its length.
  if (ascii && (text.length < 14 || !FOUR_DIGITS.test(text))) return [];
  const reading: Reading = ascii ? { text, stretches: null } : read(text);
  const t = reading.text;
  if (!ascii && !FOUR_DIGITS.test(t)) return [];
  const found: Found[] = [];
  for (let start = 0; start < t.length;) {
    if (!isAsciiDigit(t.charCodeAt(start))) {
      start++;
      continue;
    }
    let stop = start + 1;
    while (stop < t.length && isAsciiDigit(t.charCodeAt(stop))) stop++;
    // Every printed grouping begins with four digits; a number in one run has 14 to 19.
    const length = stop - start;
    const forms = length === 4 ? GROUPED : length >= 14 && length <= 19 ? [PLAIN] : [];
    let end = stop;
    if (forms.length > 0 && mayStartAt(t, start)) {
      for (const form of forms) {
        form.lastIndex = start;
        const match = form.exec(t);
        if (!match) continue;
        const digits = match[0].replace(/\D/g, '');
        if (!isCardNumber(digits)) continue;
        end = start + match[0].length;
        found.push({ start: originalSpan(reading, start)[0], end: originalSpan(reading, end - 1)[1], digits });
        break;
      }
    }
    start = end;
  }
  return found;
}

/** Every card number in the text, as digits only. */
export function findCardNumbers(text: string): string[] {
  return locateCardNumbers(text).map((card) => card.digits);
}

/** The text with each card number, however it was written, replaced by its masked form (first six, last four). */
export function scrubCardNumbers(text: string): string {
  const found = locateCardNumbers(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const card of found) {
    out += text.slice(at, card.start) + maskPan(card.digits);
    at = card.end;
  }
  return out + text.slice(at);
}

/** First six and last four digits visible, an `X` for each digit between (PCI DSS 3.4.1). */
export function maskPan(pan: string): string {
  return pan.slice(0, 6) + 'X'.repeat(Math.max(0, pan.length - 10)) + pan.slice(-4);
}
