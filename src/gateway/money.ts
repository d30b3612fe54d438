import { minorDigits as minorUnitDigits } from '../platform/money-format.ts';

const KNOWN = new Set(Intl.supportedValuesOf('currency'));

/** ISO 4217 codes as the runtime's ICU data knows them. */
export function isIsoCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && KNOWN.has(code);
}

/**
 * `decimal_amount` of the seed: the integer minor-unit amount shown in major units. Money stays
 * an integer everywhere else; this is display only, built from the digits, never by float division.
 */
export function decimalAmount(amount: number, currency: string): number {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return amount;
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return Number(`${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`);
}
