import { findCardNumbers, scrubCardNumbers } from '../pan-scrub.ts';

/**
 * Card numbers in free text (RELIABILITY.md I6). Every string a client sends, in any field of
 * any body or query string, is refused when it holds a card number as the detector of
 * `pan-scrub.ts` reads one (a scheme's length and leading digits, Luhn-valid, in one run or
 * grouped as cards are printed, after Unicode normalization): a reference, a name, a metadata key or value, a URL or an `extra` field stored in clear would
 * otherwise keep the card number in PostgreSQL, Redis, the events and the answers. One walk over
 * the parsed request covers every route and every field added later. The only exemption is the
 * top-level `card_number` of a body, the one field meant to carry a card number, which the
 * gateway seals in the vault.
 */
const CARD_FIELDS = new Set(['card_number']);

/** The headers that are stored or echoed, and so may not carry a card number either. */
export const GUARDED_HEADERS = ['idempotency-key'] as const;

/**
 * `value` as given, and with its percent-escapes decoded and a `+` between digits read as the
 * space it stands for in a form-encoded URL (`card=4111+1111+…`): a URL must not hide a card
 * number either. A `+` before digits stays: it begins a phone number (`+36…`).
 */
function readings(value: string): string[] {
  if (!value.includes('%') && !value.includes('+')) return [value];
  const spaced = value.replace(/(?<=\d)\+(?=\d)/g, ' ');
  const decoded = spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      // Not UTF-8 as a whole: the ASCII escapes alone (`%20`, `%2D`).
      return escapes.replace(/%([0-7][0-9A-Fa-f])/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
    }
  });
  return decoded === value ? [value] : [value, decoded];
}

/** A header value as its bytes read in UTF-8: Node reads header bytes as Latin-1, a client may have sent `–` or `４`. */
function asUtf8(value: string): string {
  return /[\x80-\xff]/.test(value) ? Buffer.from(value, 'latin1').toString('utf8') : value;
}

function holdsCard(value: string): boolean {
  return readings(value).some((reading) => findCardNumbers(reading).length > 0);
}

/** Paths (`metadata.note`, `items[2]`) of every string or integer in `value` that holds a card number. */
function offending(value: unknown, path: string, depth: number, out: string[]): void {
  if (out.length >= 20 || depth > 32) return;
  if (typeof value === 'string') {
    if (holdsCard(value)) out.push(path);
  } else if (typeof value === 'number') {
    if (Number.isInteger(value) && holdsCard(String(value))) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => offending(item, `${path}[${i}]`, depth + 1, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // The key is named by where it sits, never by itself: it holds the card number.
      const at = path ? `${path}.${holdsCard(key) ? '<key>' : key}` : holdsCard(key) ? '<key>' : key;
      if (holdsCard(key)) out.push(at);
      if (depth === 0 && path === '' && CARD_FIELDS.has(key)) continue;
      offending(item, at, depth + 1, out);
    }
  }
}

/** One message per field of the request that holds a card number; empty when there is none. */
export function cardNumberFields(request: {
  body: unknown;
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
}): string[] {
  const paths: string[] = [];
  offending(request.body, '', 0, paths);
  const queryPaths: string[] = [];
  // The query string has no card field: `card_number` there is refused like any other.
  offending({ query: request.query }, '', 1, queryPaths);
  for (const name of GUARDED_HEADERS) {
    const value = request.headers[name];
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    if (values.some((v) => holdsCard(v) || holdsCard(asUtf8(v)))) paths.push(`${name} header`);
  }
  return [...new Set([...paths, ...queryPaths])].map((path) => `${path} may not contain a card number`);
}

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/** A JSON string literal with its card numbers masked; one with escapes (`\t`, `\u00a0`) is read as the string it stands for. */
function scrubLiteral(literal: string): string {
  if (!literal.includes('\\')) return scrubCardNumbers(literal);
  let value: unknown;
  try {
    value = JSON.parse(literal);
  } catch {
    return scrubCardNumbers(literal);
  }
  if (typeof value !== 'string') return literal;
  const scrubbed = scrubCardNumbers(value);
  return scrubbed === value ? literal : JSON.stringify(scrubbed);
}

/**
 * Masks every card number inside the string literals of a JSON text (first six, last four), so
 * that an answer repeating an id or a message cannot show one. Numbers outside strings are left:
 * masking them would break the JSON, and no answer field holds a card number as a number.
 */
export function scrubJson(text: string): string {
  if (!/\d|\\u/.test(text) && !/[^\x00-\x7f]/.test(text)) return text;
  return text.replace(JSON_STRING, scrubLiteral);
}
