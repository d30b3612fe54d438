/**
 * Tax ids: the types Recur checks, their formats, and the country each implies. Pure: no
 * database, no clock. A value is read in any case, with spaces, dots and hyphens anywhere
 * (`de 123.456.789`, `CHE-109.322.551 MWST`), and kept in its compact upper-case form
 * (`DE123456789`, `CHE109322551MWST`); a US EIN is kept as it is written, `NN-NNNNNNN`.
 *
 * What is checked: the format of every type (for `eu_vat`, each member state's own pattern after
 * its country code), and the check digits where the issuing office publishes how they are made:
 * the ABN (`au_abn`), the NZ IRD number (`nz_gst`), the Swiss UID (`ch_vat`) and the Norwegian
 * organisation number (`no_vat`). Whether a number was really issued (VIES, the ABN Lookup) is
 * not checked.
 */

export const TAX_ID_TYPES = ['eu_vat', 'gb_vat', 'au_abn', 'nz_gst', 'us_ein', 'ch_vat', 'no_vat', 'ca_bn'] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

/** A tax id as it is stored and shown: the normalised value and the country it implies (ISO 3166-1 alpha-2). */
export interface CheckedTaxId {
  type: TaxIdType;
  value: string;
  country: string;
}

export type TaxIdCheck = { ok: true; taxId: CheckedTaxId } | { ok: false; problem: string };

/** One EU member state's VAT number: its prefix, the pattern after it, and how the docs write it. */
interface EuVatRule {
  /** ISO 3166-1 alpha-2 (Greece's prefix is EL, its country GR). */
  country: string;
  state: string;
  /** The part after the prefix. */
  pattern: RegExp;
  /** What follows the prefix, in words. */
  format: string;
  example: string;
}

const eu = (country: string, state: string, pattern: RegExp, format: string, example: string): EuVatRule => ({
  country,
  state,
  pattern,
  format,
  example,
});

/** The 27 member states, by the prefix their VAT numbers carry. */
export const EU_VAT_RULES: Readonly<Record<string, EuVatRule>> = {
  AT: eu('AT', 'Austria', /^U\d{8}$/, 'U and 8 digits', 'ATU12345678'),
  BE: eu('BE', 'Belgium', /^[01]\d{9}$/, '10 digits, the first 0 or 1', 'BE0123456789'),
  BG: eu('BG', 'Bulgaria', /^\d{9,10}$/, '9 or 10 digits', 'BG123456789'),
  CY: eu('CY', 'Cyprus', /^\d{8}[A-Z]$/, '8 digits and a letter', 'CY12345678X'),
  CZ: eu('CZ', 'Czechia', /^\d{8,10}$/, '8, 9 or 10 digits', 'CZ12345678'),
  DE: eu('DE', 'Germany', /^\d{9}$/, '9 digits', 'DE123456789'),
  DK: eu('DK', 'Denmark', /^\d{8}$/, '8 digits', 'DK12345678'),
  EE: eu('EE', 'Estonia', /^\d{9}$/, '9 digits', 'EE123456789'),
  EL: eu('GR', 'Greece', /^\d{9}$/, '9 digits', 'EL123456789'),
  ES: eu(
    'ES',
    'Spain',
    /^(?=.*[A-Z])[A-Z0-9]\d{7}[A-Z0-9]$/,
    'a letter or digit, 7 digits, a letter or digit (not all digits)',
    'ESA1234567Z',
  ),
  FI: eu('FI', 'Finland', /^\d{8}$/, '8 digits', 'FI12345678'),
  FR: eu('FR', 'France', /^[0-9A-HJ-NP-Z]{2}\d{9}$/, '2 characters (digits, or letters other than I and O) and 9 digits', 'FRAB123456789'),
  HR: eu('HR', 'Croatia', /^\d{11}$/, '11 digits', 'HR12345678901'),
  HU: eu('HU', 'Hungary', /^\d{8}$/, '8 digits', 'HU12345678'),
  IE: eu(
    'IE',
    'Ireland',
    /^(\d{7}[A-Z]{1,2}|\d[A-Z+*]\d{5}[A-Z])$/,
    '7 digits and 1 or 2 letters, or a digit, a letter (or + or *), 5 digits and a letter',
    'IE1234567WA',
  ),
  IT: eu('IT', 'Italy', /^\d{11}$/, '11 digits', 'IT12345678901'),
  LT: eu('LT', 'Lithuania', /^(\d{9}|\d{12})$/, '9 or 12 digits', 'LT123456789'),
  LU: eu('LU', 'Luxembourg', /^\d{8}$/, '8 digits', 'LU12345678'),
  LV: eu('LV', 'Latvia', /^\d{11}$/, '11 digits', 'LV12345678901'),
  MT: eu('MT', 'Malta', /^\d{8}$/, '8 digits', 'MT12345678'),
  NL: eu('NL', 'the Netherlands', /^\d{9}B\d{2}$/, '9 digits, B and 2 digits', 'NL123456789B01'),
  PL: eu('PL', 'Poland', /^\d{10}$/, '10 digits', 'PL1234567890'),
  PT: eu('PT', 'Portugal', /^\d{9}$/, '9 digits', 'PT123456789'),
  RO: eu('RO', 'Romania', /^[1-9]\d{1,9}$/, '2 to 10 digits, the first not 0', 'RO1234567890'),
  SE: eu('SE', 'Sweden', /^\d{10}01$/, '12 digits ending in 01', 'SE123456789701'),
  SI: eu('SI', 'Slovenia', /^\d{8}$/, '8 digits', 'SI12345678'),
  SK: eu('SK', 'Slovakia', /^\d{10}$/, '10 digits', 'SK1234567890'),
};

/** Each type in words, with the country it implies and a valid example (docs/api.md prints this table). */
export const TAX_ID_FORMATS: Readonly<Record<TaxIdType, { country: string; format: string; example: string }>> = {
  eu_vat: {
    country: 'the prefix’s (EL: GR)',
    format: 'the member state’s code (EL for Greece), then its own pattern (the table below)',
    example: 'DE123456789',
  },
  gb_vat: { country: 'GB', format: 'GB and 9 or 12 digits, or GBGD and 000–499, or GBHA and 500–999', example: 'GB123456789' },
  au_abn: { country: 'AU', format: '11 digits, not starting with 0, with the ABN check digits', example: '51824753556' },
  nz_gst: { country: 'NZ', format: '8 or 9 digits, 10,000,000 to 150,000,000, with the IRD check digit', example: '49091850' },
  us_ein: { country: 'US', format: '9 digits, kept as NN-NNNNNNN', example: '12-3456789' },
  ch_vat: {
    country: 'CH',
    format: 'CHE and 9 digits with the UID check digit, then MWST, TVA, IVA or TPV or nothing',
    example: 'CHE109322551MWST',
  },
  no_vat: {
    country: 'NO',
    format: 'an optional NO, 9 digits with the organisation number check digit, then MVA (added when left out)',
    example: '974760673MVA',
  },
  ca_bn: { country: 'CA', format: '9 digits (the business number)', example: '123456789' },
};

/** Upper case, without whitespace, dots or hyphens. */
export function compactTaxId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-‐‑‒–—]/g, '');
}

const digitsOf = (text: string): number[] => [...text].map(Number);
const weighted = (digits: number[], weights: number[]): number => weights.reduce((sum, w, i) => sum + w * digits[i]!, 0);

/**
 * The ABN check (the ATO's): subtract 1 from the first digit, weight the 11 digits by
 * 10, 1, 3, 5, … 19, and the sum is a multiple of 89. 51 824 753 556: (5 − 1) × 10 + 1 × 1 +
 * 8 × 3 + 2 × 5 + 4 × 7 + 7 × 9 + 5 × 11 + 3 × 13 + 5 × 15 + 5 × 17 + 6 × 19 = 534 = 6 × 89.
 */
export function isValidAbn(digits: string): boolean {
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const d = digitsOf(digits);
  d[0] = d[0]! - 1;
  return weighted(d, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) % 89 === 0;
}

/**
 * The IRD number check (Inland Revenue's published algorithm): 10,000,000 to 150,000,000; the
 * digits before the last, padded to 8, weighted 3, 2, 7, 6, 5, 4, 3, 2; remainder r of the sum
 * by 11; the check digit is 0 when r = 0, else 11 − r; when that is 10, again with the weights
 * 7, 4, 3, 2, 5, 2, 7, 6, and a second 10 is no valid number. 49091850: 0·3 + 4·2 + 9·7 + 0·6 +
 * 9·5 + 1·4 + 8·3 + 5·2 = 154, r = 0, check digit 0.
 */
export function isValidIrd(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const n = Number(digits);
  if (n < 10_000_000 || n > 150_000_000) return false;
  const base = digitsOf(digits.slice(0, -1).padStart(8, '0'));
  const check = Number(digits.at(-1));
  for (const weights of [
    [3, 2, 7, 6, 5, 4, 3, 2],
    [7, 4, 3, 2, 5, 2, 7, 6],
  ]) {
    const r = weighted(base, weights) % 11;
    const calculated = r === 0 ? 0 : 11 - r;
    if (calculated !== 10) return calculated === check;
  }
  return false;
}

/** Mod 11 with the given weights over the digits before the last: 11 − r (11 reads 0, 10 is invalid). */
function mod11CheckDigitHolds(digits: string, weights: number[]): boolean {
  const d = digitsOf(digits);
  const r = weighted(d, weights) % 11;
  const calculated = r === 0 ? 0 : 11 - r;
  return calculated !== 10 && calculated === d[weights.length];
}

/** The Swiss UID's check digit: weights 5, 4, 3, 2, 7, 6, 5, 4. CHE-109.322.551: 109 = 9 × 11 + 10, 11 − 10 = 1. */
export function isValidSwissUid(digits: string): boolean {
  return /^\d{9}$/.test(digits) && mod11CheckDigitHolds(digits, [5, 4, 3, 2, 7, 6, 5, 4]);
}

/** The Norwegian organisation number's check digit: weights 3, 2, 7, 6, 5, 4, 3, 2. 974760673: 173 = 15 × 11 + 8, 11 − 8 = 3. */
export function isValidNorwegianOrgNumber(digits: string): boolean {
  return /^\d{9}$/.test(digits) && mod11CheckDigitHolds(digits, [3, 2, 7, 6, 5, 4, 3, 2]);
}

const EU_PREFIXES = Object.keys(EU_VAT_RULES).join(', ');

const valid = (type: TaxIdType, value: string, country: string): TaxIdCheck => ({ ok: true, taxId: { type, value, country } });
const invalid = (type: TaxIdType, why: string): TaxIdCheck => ({ ok: false, problem: `not a valid ${type}: ${why}` });

/** Checks a tax id of `type` and answers it normalised with the country it implies, or why it is not one. */
export function checkTaxId(type: TaxIdType, raw: string): TaxIdCheck {
  const v = compactTaxId(raw);
  switch (type) {
    case 'eu_vat': {
      const prefix = v.slice(0, 2);
      if (prefix === 'GR') return invalid(type, 'a Greek VAT number starts with EL, not GR');
      const rule = EU_VAT_RULES[prefix];
      if (!rule) return invalid(type, `it must start with the code of an EU member state (${EU_PREFIXES})`);
      if (!rule.pattern.test(v.slice(2))) return invalid(type, `a VAT number of ${rule.state} is ${prefix} and ${rule.format}`);
      return valid(type, v, rule.country);
    }
    case 'gb_vat':
      if (!/^GB(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/.test(v)) {
        return invalid(type, 'a UK VAT number is GB and 9 or 12 digits, or GBGD and 000 to 499, or GBHA and 500 to 999');
      }
      return valid(type, v, 'GB');
    case 'au_abn':
      if (!/^\d{11}$/.test(v)) return invalid(type, 'an ABN is 11 digits');
      if (!isValidAbn(v)) return invalid(type, 'the ABN check digits do not match');
      return valid(type, v, 'AU');
    case 'nz_gst':
      if (!/^\d{8,9}$/.test(v)) return invalid(type, 'a GST number (the IRD number) is 8 or 9 digits');
      if (!isValidIrd(v)) return invalid(type, 'the IRD number is out of range or its check digit does not match');
      return valid(type, v, 'NZ');
    case 'us_ein':
      if (!/^\d{9}$/.test(v)) return invalid(type, 'an EIN is 9 digits, written NN-NNNNNNN');
      return valid(type, `${v.slice(0, 2)}-${v.slice(2)}`, 'US');
    case 'ch_vat': {
      const m = /^CHE(\d{9})(MWST|TVA|IVA|TPV)?$/.exec(v);
      if (!m) return invalid(type, 'a Swiss VAT number is CHE and 9 digits, then MWST, TVA, IVA or TPV or nothing');
      if (!isValidSwissUid(m[1]!)) return invalid(type, 'the UID check digit does not match');
      return valid(type, v, 'CH');
    }
    case 'no_vat': {
      const m = /^(?:NO)?(\d{9})(?:MVA)?$/.exec(v);
      if (!m) return invalid(type, 'a Norwegian VAT number is 9 digits and MVA');
      if (!isValidNorwegianOrgNumber(m[1]!)) return invalid(type, 'the organisation number check digit does not match');
      return valid(type, `${m[1]}MVA`, 'NO');
    }
    case 'ca_bn':
      if (!/^\d{9}$/.test(v)) return invalid(type, 'a business number is 9 digits');
      return valid(type, v, 'CA');
  }
}
