/**
 * Money and dates as the console shows them. Amounts arrive in integer minor units and are only
 * formatted: the digits are split by the currency's exponent with integer (BigInt) arithmetic, never
 * divided as floats.
 */
import { formatMoney as formatMinorUnits, minorDigits } from '../../src/platform/money-format.ts';

// One rule for money on every page Recur draws (invoices, e-mails, the demo, the console):
// src/platform/money-format.ts, bundled into the console as it is.
export { formatAmount, minorDigits } from '../../src/platform/money-format.ts';

/** `AUD 12,345.60`, `-JPY 1,500`; an absent amount is an en dash. */
export function formatMoney(minor: number | bigint | string | null | undefined, currency: string | null | undefined): string {
  if (minor === null || minor === undefined || !currency) return '–';
  return formatMinorUnits(minor, currency);
}

/**
 * What a person types (`12.5`, `1,200.00`) as minor units (1250, 120000), by string handling only:
 * null when it is not an amount of that currency (too many decimals, letters, negative).
 */
export function parseAmount(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const cleaned = text.trim().replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = BigInt(match[1]! + fraction.padEnd(digits, '0'));
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(minor);
}

/** `2027-01-15 10:00 UTC` from an ISO instant; times are shown in UTC, as the API and the docs give them. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

export function formatDay(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '–';
}

/** A recovery rate (0.8) as `80.0 %`; null as an en dash. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '–';
  return `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;
}

/** `YYYY-MM` of the month `back` months before `now` (0: its own month), UTC. */
export function monthBefore(now: Date, back: number): string {
  const total = now.getUTCFullYear() * 12 + now.getUTCMonth() - back;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return `${year}-${String(month).padStart(2, '0')}`;
}
