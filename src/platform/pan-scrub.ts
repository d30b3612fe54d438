/**
 * Finds card numbers in free text: any Luhn-valid run of 13 to 19 digits, with or without spaces
 * or dashes between groups (RELIABILITY.md I6). Used to scrub log lines and by tests that scan
 * artefacts for leaked card data.
 */
const CANDIDATE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

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
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) found.push(digits);
  }
  return found;
}

/** Replaces each card number in the text by its masked form (first six, last four). */
export function scrubCardNumbers(text: string): string {
  return text.replace(CANDIDATE, (run) => {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) return run;
    return maskPan(digits);
  });
}

/** First six and last four digits visible, an `X` for each digit between (PCI DSS 3.4.1). */
export function maskPan(pan: string): string {
  return pan.slice(0, 6) + 'X'.repeat(Math.max(0, pan.length - 10)) + pan.slice(-4);
}
