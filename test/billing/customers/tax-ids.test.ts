import { describe, expect, it } from 'vitest';
import {
  checkTaxId,
  EU_VAT_RULES,
  isValidAbn,
  isValidIrd,
  TAX_ID_FORMATS,
  TAX_ID_TYPES,
  type TaxIdType,
} from '../../../src/billing/customers/tax-ids.ts';
import { COUNTRY_CODES, isCountryCode } from '../../../src/billing/countries.ts';

// The tax id rules, table by table: what each type takes (as written, and as stored), the country
// it implies, and what it refuses with the reason.

/** [type, as written, as stored, country implied] */
const VALID: [TaxIdType, string, string, string][] = [
  // Each member state's pattern after its prefix.
  ['eu_vat', 'ATU12345678', 'ATU12345678', 'AT'],
  ['eu_vat', 'BE0123456789', 'BE0123456789', 'BE'],
  ['eu_vat', 'BE1234567890', 'BE1234567890', 'BE'],
  ['eu_vat', 'BG123456789', 'BG123456789', 'BG'],
  ['eu_vat', 'BG1234567890', 'BG1234567890', 'BG'],
  ['eu_vat', 'CY12345678X', 'CY12345678X', 'CY'],
  ['eu_vat', 'CZ12345678', 'CZ12345678', 'CZ'],
  ['eu_vat', 'CZ1234567890', 'CZ1234567890', 'CZ'],
  ['eu_vat', 'DE123456789', 'DE123456789', 'DE'],
  ['eu_vat', 'DK12345678', 'DK12345678', 'DK'],
  ['eu_vat', 'EE123456789', 'EE123456789', 'EE'],
  ['eu_vat', 'EL123456789', 'EL123456789', 'GR'],
  ['eu_vat', 'ESA1234567Z', 'ESA1234567Z', 'ES'],
  ['eu_vat', 'ES12345678Z', 'ES12345678Z', 'ES'],
  ['eu_vat', 'ESX1234567L', 'ESX1234567L', 'ES'],
  ['eu_vat', 'FI12345678', 'FI12345678', 'FI'],
  ['eu_vat', 'FR12345678901', 'FR12345678901', 'FR'],
  ['eu_vat', 'FRAB123456789', 'FRAB123456789', 'FR'],
  ['eu_vat', 'HR12345678901', 'HR12345678901', 'HR'],
  ['eu_vat', 'HU12345678', 'HU12345678', 'HU'],
  ['eu_vat', 'IE1234567WA', 'IE1234567WA', 'IE'],
  ['eu_vat', 'IE1234567T', 'IE1234567T', 'IE'],
  ['eu_vat', 'IE1S23456T', 'IE1S23456T', 'IE'],
  ['eu_vat', 'IT12345678901', 'IT12345678901', 'IT'],
  ['eu_vat', 'LT123456789', 'LT123456789', 'LT'],
  ['eu_vat', 'LT123456789012', 'LT123456789012', 'LT'],
  ['eu_vat', 'LU12345678', 'LU12345678', 'LU'],
  ['eu_vat', 'LV12345678901', 'LV12345678901', 'LV'],
  ['eu_vat', 'MT12345678', 'MT12345678', 'MT'],
  ['eu_vat', 'NL123456789B01', 'NL123456789B01', 'NL'],
  ['eu_vat', 'PL1234567890', 'PL1234567890', 'PL'],
  ['eu_vat', 'PT123456789', 'PT123456789', 'PT'],
  ['eu_vat', 'RO12', 'RO12', 'RO'],
  ['eu_vat', 'RO1234567890', 'RO1234567890', 'RO'],
  ['eu_vat', 'SE123456789701', 'SE123456789701', 'SE'],
  ['eu_vat', 'SI12345678', 'SI12345678', 'SI'],
  ['eu_vat', 'SK1234567890', 'SK1234567890', 'SK'],
  // Normalised: upper case, no spaces, dots or hyphens.
  ['eu_vat', 'de 123 456 789', 'DE123456789', 'DE'],
  ['eu_vat', 'fr.ab.123.456.789', 'FRAB123456789', 'FR'],
  ['eu_vat', 'nl123456789b01', 'NL123456789B01', 'NL'],
  ['eu_vat', 'atu-1234-5678', 'ATU12345678', 'AT'],
  ['gb_vat', 'GB123456789', 'GB123456789', 'GB'],
  ['gb_vat', 'GB 123 4567 89 012', 'GB123456789012', 'GB'],
  ['gb_vat', 'GBGD001', 'GBGD001', 'GB'],
  ['gb_vat', 'gbgd499', 'GBGD499', 'GB'],
  ['gb_vat', 'GBHA500', 'GBHA500', 'GB'],
  ['gb_vat', 'GBHA999', 'GBHA999', 'GB'],
  // The ATO's own ABN and other real ones; spaces as ABNs are printed.
  ['au_abn', '51 824 753 556', '51824753556', 'AU'],
  ['au_abn', '53004085616', '53004085616', 'AU'],
  ['au_abn', '33 051 775 556', '33051775556', 'AU'],
  ['au_abn', '83 914 571 673', '83914571673', 'AU'],
  // Inland Revenue's published test numbers (the primary and the secondary weights).
  ['nz_gst', '49091850', '49091850', 'NZ'],
  ['nz_gst', '35901981', '35901981', 'NZ'],
  ['nz_gst', '49-098-576', '49098576', 'NZ'],
  ['nz_gst', '136-410-132', '136410132', 'NZ'],
  ['us_ein', '12-3456789', '12-3456789', 'US'],
  ['us_ein', '123456789', '12-3456789', 'US'],
  ['us_ein', '12 3456789', '12-3456789', 'US'],
  ['ch_vat', 'CHE-109.322.551 MWST', 'CHE109322551MWST', 'CH'],
  ['ch_vat', 'CHE116281710', 'CHE116281710', 'CH'],
  ['ch_vat', 'che-116.281.710 tva', 'CHE116281710TVA', 'CH'],
  ['no_vat', '974760673MVA', '974760673MVA', 'NO'],
  ['no_vat', 'NO 974 760 673 MVA', '974760673MVA', 'NO'],
  ['no_vat', '923609016', '923609016MVA', 'NO'],
  ['ca_bn', '123456789', '123456789', 'CA'],
  ['ca_bn', '123 456 789', '123456789', 'CA'],
];

/** [type, as written, the reason given] */
const INVALID: [TaxIdType, string, RegExp][] = [
  ['eu_vat', 'AT12345678', /Austria is AT and U and 8 digits/],
  ['eu_vat', 'ATU1234567', /Austria/],
  ['eu_vat', 'BE2123456789', /Belgium is BE and 10 digits, the first 0 or 1/],
  ['eu_vat', 'BE012345678', /Belgium/],
  ['eu_vat', 'BG12345678', /Bulgaria/],
  ['eu_vat', 'CY123456789', /Cyprus is CY and 8 digits and a letter/],
  ['eu_vat', 'CZ1234567', /Czechia/],
  ['eu_vat', 'DE12345678', /Germany is DE and 9 digits/],
  ['eu_vat', 'DE1234567890', /Germany/],
  ['eu_vat', 'DEX23456789', /Germany/],
  ['eu_vat', 'DK1234567', /Denmark/],
  ['eu_vat', 'EE12345678', /Estonia/],
  ['eu_vat', 'GR123456789', /Greek VAT number starts with EL, not GR/],
  ['eu_vat', 'EL12345678', /Greece is EL and 9 digits/],
  ['eu_vat', 'ES123456789', /Spain/],
  ['eu_vat', 'FI1234567', /Finland/],
  ['eu_vat', 'FR1234567890', /France is FR and 2 characters/],
  ['eu_vat', 'FRIO123456789', /France/],
  ['eu_vat', 'HR1234567890', /Croatia/],
  ['eu_vat', 'HU123456789', /Hungary/],
  ['eu_vat', 'IE12345678', /Ireland/],
  ['eu_vat', 'IT1234567890', /Italy/],
  ['eu_vat', 'LT1234567890', /Lithuania/],
  ['eu_vat', 'LU123456789', /Luxembourg/],
  ['eu_vat', 'LV1234567890', /Latvia/],
  ['eu_vat', 'MT1234567', /Malta/],
  ['eu_vat', 'NL123456789', /the Netherlands is NL and 9 digits, B and 2 digits/],
  ['eu_vat', 'NL123456789X01', /Netherlands/],
  ['eu_vat', 'PL123456789', /Poland/],
  ['eu_vat', 'PT12345678', /Portugal/],
  ['eu_vat', 'RO0123', /Romania/],
  ['eu_vat', 'RO1', /Romania/],
  ['eu_vat', 'SE123456789702', /Sweden is SE and 12 digits ending in 01/],
  ['eu_vat', 'SI123456789', /Slovenia/],
  ['eu_vat', 'SK123456789', /Slovakia/],
  ['eu_vat', 'GB123456789', /must start with the code of an EU member state/],
  ['eu_vat', '123456789', /must start with the code of an EU member state/],
  ['eu_vat', 'XX123456789', /EU member state \(AT, BE, BG/],
  ['gb_vat', '123456789', /GB and 9 or 12 digits/],
  ['gb_vat', 'GB1234567890', /UK VAT number/],
  ['gb_vat', 'GBGD500', /GBGD and 000 to 499/],
  ['gb_vat', 'GBHA499', /GBHA and 500 to 999/],
  ['au_abn', '51 824 753 557', /the ABN check digits do not match/],
  ['au_abn', '5182475355', /an ABN is 11 digits/],
  ['au_abn', '01824753556', /check digits/],
  ['au_abn', 'ABN51824753556', /11 digits/],
  ['nz_gst', '136410133', /check digit does not match/],
  ['nz_gst', '9125568', /8 or 9 digits/],
  ['nz_gst', '09125568', /out of range/],
  ['nz_gst', '150000001', /out of range/],
  ['us_ein', '12-345678', /9 digits, written NN-NNNNNNN/],
  ['us_ein', 'AB-3456789', /9 digits/],
  ['ch_vat', 'CHE-109.322.552', /UID check digit does not match/],
  ['ch_vat', 'CH109322551', /CHE and 9 digits/],
  ['ch_vat', 'CHE109322551VAT', /CHE and 9 digits/],
  ['no_vat', '974760674MVA', /organisation number check digit/],
  ['no_vat', '97476067MVA', /9 digits and MVA/],
  ['ca_bn', '12345678', /9 digits/],
  ['ca_bn', '123456789RT0001', /9 digits/],
];

describe('tax ids', () => {
  it.each(VALID)('%s %j is taken, stored as %j, in %s', (type, written, stored, country) => {
    expect(checkTaxId(type, written)).toEqual({ ok: true, taxId: { type, value: stored, country } });
  });

  it.each(INVALID)('%s %j is refused', (type, written, reason) => {
    const checked = checkTaxId(type, written);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.problem).toMatch(new RegExp(`^not a valid ${type}: `));
      expect(checked.problem).toMatch(reason);
    }
  });

  it('covers every EU member state once, each prefix with a valid example, and every type with one', () => {
    const states = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT'];
    states.push('LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK');
    expect(Object.keys(EU_VAT_RULES).sort()).toEqual(states.sort());
    for (const [prefix, rule] of Object.entries(EU_VAT_RULES)) {
      expect(rule.example.startsWith(prefix), prefix).toBe(true);
      expect(checkTaxId('eu_vat', rule.example), prefix).toMatchObject({ ok: true, taxId: { country: rule.country } });
      expect(isCountryCode(rule.country), prefix).toBe(true);
      // The table above has a valid and a refused case for every state.
      expect(
        VALID.some(([t, w]) => t === 'eu_vat' && w.startsWith(prefix)),
        prefix,
      ).toBe(true);
      expect(
        INVALID.some(([t, w]) => t === 'eu_vat' && w.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const type of TAX_ID_TYPES) {
      expect(checkTaxId(type, TAX_ID_FORMATS[type].example), type).toMatchObject({ ok: true });
      expect(VALID.some(([t]) => t === type) && INVALID.some(([t]) => t === type), type).toBe(true);
    }
  });

  it('the ABN check: one digit changed anywhere breaks it', () => {
    const abn = '51824753556';
    expect(isValidAbn(abn)).toBe(true);
    for (let i = 0; i < abn.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === abn[i]) continue;
        const changed = abn.slice(0, i) + d + abn.slice(i + 1);
        // The weights are all below 89 and coprime with it: a single changed digit cannot keep the sum a multiple of 89.
        expect(isValidAbn(changed), changed).toBe(false);
      }
    }
  });

  it('the IRD check: each base number has at most one check digit, the published one for the test numbers', () => {
    const passing = (base: string) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => isValidIrd(`${base}${d}`));
    expect(passing('4909185')).toEqual([0]);
    expect(passing('3590198')).toEqual([1]);
    expect(passing('4909857')).toEqual([6]); // the secondary weights
    expect(passing('13641013')).toEqual([2]); // the secondary weights
    let none = 0;
    for (let base = 1_000_000; base < 15_000_000; base += 7_919) {
      const digits = passing(String(base));
      expect(digits.length, String(base)).toBeLessThanOrEqual(1);
      if (digits.length === 0) none++;
    }
    // Some bases have no valid number at all (10 with both weightings), most have exactly one.
    expect(none).toBeGreaterThan(0);
    expect(none).toBeLessThan(300);
  });
});

describe('countries', () => {
  it('are the 249 ISO 3166-1 alpha-2 codes officially assigned, each with a name', () => {
    expect(COUNTRY_CODES.size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of COUNTRY_CODES) {
      expect(code, code).toMatch(/^[A-Z]{2}$/);
      expect(names.of(code), code).not.toBe(code);
    }
    for (const code of ['AU', 'DE', 'GB', 'GR', 'NZ', 'US', 'AX', 'SS']) expect(isCountryCode(code), code).toBe(true);
    // Reserved, user-assigned or made up: not countries of an address.
    for (const code of ['UK', 'EU', 'EL', 'XK', 'ZZ', 'AC', 'QO', 'au', 'AUS', '']) expect(isCountryCode(code), code).toBe(false);
  });
});
