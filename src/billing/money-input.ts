import { z } from 'zod';

/** The largest amount a request may give, in minor units (the gateway's own ceiling). */
export const MAX_MINOR_UNITS = 99_999_999_999;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An amount in minor units as a request gives it: an integer from `min` up to `MAX_MINOR_UNITS`. */
export function minorUnits(field: string, min: number, tooSmall?: string) {
  return z.number().int(`${field} must be an integer in minor units`).min(min, tooSmall).max(MAX_MINOR_UNITS);
}

/** An ISO 4217 currency code, read in any case and kept in upper case. */
export const CurrencyCode = z
  .string()
  .transform((c) => c.toUpperCase())
  .refine((c) => CURRENCIES.has(c), 'currency must be an ISO 4217 code');
