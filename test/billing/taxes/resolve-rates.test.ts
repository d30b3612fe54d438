import { describe, expect, it } from 'vitest';
import {
  isEuVatId,
  isReverseCharge,
  resolveInvoiceTaxes,
  resolveLineRates,
  UNTAXED,
  type TaxContext,
  type TaxRateRecord,
} from '../../../src/billing/taxes/resolve-rates.ts';

// The one resolver of a line's rates and of the reverse charge (docs/tax.md), on contexts built by hand.

const rate = (id: string, fields: Partial<TaxRateRecord> = {}): TaxRateRecord => ({
  id,
  display_name: id,
  rate_millionths: 100_000,
  inclusive: false,
  merchant_id: 'm',
  environment: 'sandbox',
  country: null,
  state: null,
  archived: false,
  ...fields,
});
const item = rate('item');
const sub = rate('sub');
const plan = rate('plan', { archived: true });
const ca = rate('ca', { country: 'CA' });
const bc = rate('bc', { country: 'CA', state: 'BC' });
const qc = rate('qc', { country: 'CA', state: 'QC' });

const ctx = (fields: Partial<TaxContext>): TaxContext => ({
  ...UNTAXED,
  rates: Object.fromEntries([item, sub, plan, ca, bc, qc].map((r) => [r.id, r])),
  automaticRates: [ca, bc, qc],
  ...fields,
});

describe('which rates apply to a line', () => {
  it('the item’s, else the subscription’s, else the plan’s (archived ones too), else automatic tax', () => {
    const named = ctx({ subscriptionRateIds: ['sub'], planRateIds: { p: ['plan'] }, automatic: true });
    const ids = (rates: TaxRateRecord[]) => rates.map((r) => r.id);
    expect(ids(resolveLineRates(named, { planId: 'p', itemRateIds: ['item'] }))).toEqual(['item']);
    expect(ids(resolveLineRates(named, { planId: 'p', itemRateIds: [] }))).toEqual(['sub']);
    expect(ids(resolveLineRates({ ...named, subscriptionRateIds: [] }, { planId: 'p' }))).toEqual(['plan']);
    const customer = { country: 'CA', state: 'bc', tax_ids: [] };
    expect(ids(resolveLineRates(ctx({ automatic: true, customer }), { planId: 'p' }))).toEqual(['ca', 'bc']);
    expect(ids(resolveLineRates(ctx({ automatic: true, customer: { ...customer, state: null } }), { planId: 'p' }))).toEqual(['ca']);
    expect(resolveLineRates(ctx({ automatic: false, customer }), { planId: 'p' })).toEqual([]);
    expect(resolveLineRates(ctx({ automatic: true, customer: null }), { planId: 'p' })).toEqual([]);
    expect(resolveLineRates(ctx({ automatic: true, customer: { country: null, state: null, tax_ids: [] } }), { planId: 'p' })).toEqual([]);
    expect(resolveLineRates(ctx({ automatic: true, customer, automaticRates: [{ ...ca, archived: true }] }), { planId: 'p' })).toEqual([]);
  });
});

describe('EU reverse charge', () => {
  const vat = { type: 'eu_vat', value: 'FR40303265045' };
  const business = { country: 'FR', state: null, tax_ids: [vat] };

  it('an EU VAT id is one that passes its member state’s format (EL for Greece; the customers room’s check)', () => {
    for (const ok of ['FR40303265045', 'DE123456789', 'ATU12345678', 'EL123456789', 'nl 8546.7890.1-B01'])
      expect(isEuVatId(ok), ok).toBe(true);
    for (const bad of [
      'GR123456789',
      'GB123456789',
      'US123456789',
      'FR',
      'FR1',
      'DE12345678901234',
      'DE12#456',
      'DE12345678',
      'NL85467890B01',
    ])
      expect(isEuVatId(bad), bad).toBe(false);
  });

  it('needs a taxed invoice, the id, a customer in the EU and a merchant established in another country', () => {
    const base = ctx({ customer: business, merchantCountry: 'DE' });
    expect(isReverseCharge(base, true)).toBe(true);
    expect(isReverseCharge(base, false)).toBe(false);
    expect(isReverseCharge({ ...base, automatic: true }, false)).toBe(true);
    expect(isReverseCharge({ ...base, merchantCountry: 'FR' }, true)).toBe(false);
    // Article 196: a supplier outside the EU (Australia, the United Kingdom) reverse-charges too.
    expect(isReverseCharge({ ...base, merchantCountry: 'AU' }, true)).toBe(true);
    expect(isReverseCharge({ ...base, merchantCountry: 'GB' }, true)).toBe(true);
    expect(isReverseCharge({ ...base, merchantCountry: 'AU' }, false)).toBe(false);
    expect(isReverseCharge({ ...base, merchantCountry: null }, true)).toBe(false);
    expect(isReverseCharge({ ...base, customer: { ...business, country: 'CH' } }, true)).toBe(false);
    expect(isReverseCharge({ ...base, customer: { ...business, tax_ids: [{ type: 'gb_vat', value: 'FR40303265045' }] } }, true)).toBe(
      false,
    );
    expect(isReverseCharge({ ...base, customer: null }, true)).toBe(false);
  });

  it('resolving an invoice: every line’s rates, and the flag', () => {
    const resolved = resolveInvoiceTaxes(ctx({ subscriptionRateIds: ['sub'], customer: business, merchantCountry: 'DE' }), [
      { planId: 'p' },
      { planId: 'p', itemRateIds: ['item'] },
    ]);
    expect(resolved.taxRates.map((rates) => rates.map((r) => r.id))).toEqual([['sub'], ['item']]);
    expect(resolved.reverseCharge).toBe(true);
  });
});
