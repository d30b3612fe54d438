/** A card expiry: valid through the last day of `month` in `year` (UTC). */
export interface Expiry {
  month: number;
  year: number;
}

const EXPIRY = /^(0?[1-9]|1[0-2])\/(\d{4})$/;

/** Parses the request form `MM/YYYY` (or `M/YYYY`). */
export function parseExpiry(value: string): Expiry | undefined {
  const m = EXPIRY.exec(value.trim());
  if (!m) return undefined;
  const year = Number(m[2]);
  if (year < 2000 || year > 2199) return undefined;
  return { month: Number(m[1]), year };
}

/** The response form: the last day of the expiry month, `YYYY-MM-DD`. */
export function expiryDate(expiry: Expiry): string {
  const lastDay = new Date(Date.UTC(expiry.year, expiry.month, 0)).getUTCDate();
  return `${expiry.year}-${String(expiry.month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
}

/** The first instant at which the card is no longer valid. */
export function expiresAt(expiry: Expiry): Date {
  return new Date(Date.UTC(expiry.year, expiry.month, 1));
}

export function isExpired(expiry: Expiry, at: Date): boolean {
  return at.getTime() >= expiresAt(expiry).getTime();
}

export function formatExpiry(expiry: Expiry): string {
  return `${String(expiry.month).padStart(2, '0')}/${expiry.year}`;
}
