/**
 * Finds card numbers in free text: any Luhn-valid run of 13 to 19 digits, with or without spaces
 * or dashes between groups (RELIABILITY.md I6). Used to scrub log lines and by tests that scan
 * artefacts for leaked card data.
 */
const CANDIDATE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;
/**
 * A UUID (8-4-4-4-12 hex digits) is an id, not a card number, even when its dash-separated
 * groups happen to hold a Luhn-valid run of decimal digits: about one random UUID in a few
 * thousand does, and masking or refusing it would corrupt ids in answers and logs.
 */
const UUID = /(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f])/g;

/**
 * Whether the run at [start, end) overlaps one of the UUIDs of the text: a run that begins in
 * an id and goes on into what follows it (`<invoice id>-2`, a charge's reference) is the id's.
 */
function insideUuid(text: string, start: number, end: number): boolean {
  if (!text.includes('-')) return false;
  for (const match of text.matchAll(UUID)) {
    if (start < match.index + match[0].length && end > match.index) return true;
  }
  return false;
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

/** Every Luhn-valid 13-19 digit run in the text, as digits only. */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) continue;
    if (!insideUuid(text, match.index, match.index + match[0].length)) found.push(digits);
  }
  return found;
}

/** Replaces each card number in the text by its masked form (first six, last four). */
export function scrubCardNumbers(text: string): string {
  return text.replace(CANDIDATE, (run: string, offset: number) => {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) return run;
    if (insideUuid(text, offset, offset + run.length)) return run;
    return maskPan(digits);
  });
}

/** First six and last four digits visible, an `X` for each digit between (PCI DSS 3.4.1). */
export function maskPan(pan: string): string {
  return pan.slice(0, 6) + 'X'.repeat(Math.max(0, pan.length - 10)) + pan.slice(-4);
}
