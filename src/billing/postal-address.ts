import { z } from 'zod';
import { isCountryCode } from './countries.ts';

/**
 * The one schema of a country code and of a postal address, for every part of billing that takes
 * one (customers, the merchant's business settings, tax rates).
 */

/** An ISO 3166-1 alpha-2 code, officially assigned, read in any case and kept in upper case. */
export const CountryCode = z
  .string()
  .trim()
  .transform((c) => c.toUpperCase())
  .refine(isCountryCode, 'country must be an ISO 3166-1 alpha-2 code, such as AU, DE or GB');

const Line = (max: number) => z.string().trim().min(1).max(max);

/** A postal address as the API takes it: `line1`, `city`, `postal_code` and `country` required. */
export const PostalAddressInput = z.strictObject({
  line1: Line(200),
  line2: Line(200).nullable().optional(),
  city: Line(100),
  state: Line(100).nullable().optional(),
  postal_code: Line(20),
  country: CountryCode,
});
export type PostalAddressInput = z.infer<typeof PostalAddressInput>;
