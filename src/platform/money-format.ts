const DIGITS = new Map<string, number>();

/** Digits after the decimal point for a currency (2 for AUD, 0 for JPY, 3 for BHD), as ISO 4217 says. */
export function minorDigits(currency: string): number {
  let digits = DIGITS.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    DIGITS.set(currency, digits);
  }
  return digits;
}

/** `12,345.60` from 1234560 in AUD (`1,500` from 1500 in JPY): integer arithmetic only, never a float. */
export function formatAmount(minor: bigint | number | string, currency: string): string {
  const digits = minorDigits(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(digits);
  const whole = (abs / unit).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = digits > 0 ? `.${(abs % unit).toString().padStart(digits, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** `AUD 12,345.60` from 1234560, `-JPY 1,500` from -1500. */
export function formatMoney(minor: bigint | number | string, currency: string): string {
  const amount = formatAmount(minor, currency);
  return amount.startsWith('-') ? `-${currency} ${amount.slice(1)}` : `${currency} ${amount}`;
}
