import { describe, expect, it } from 'vitest';
import {
  allocate,
  exclusiveTax,
  formatPercentage,
  inclusiveTax,
  parsePercentage,
  taxInvoice,
  taxLine,
  type TaxRateSpec,
} from '../../../src/billing/taxes/tax-math.ts';
import { composeInvoice } from '../../../src/billing/invoices/lines/compose-invoice.ts';
import { itemLine, prorationLine, subscriptionLine } from '../../../src/billing/invoices/lines/invoice-line.ts';

// The worked examples of docs/tax.md, one by one: each figure here is the one the document shows.

const rate = (id: string, percentage: string, inclusive: boolean): TaxRateSpec => ({
  id,
  display_name: id,
  rate_millionths: parsePercentage(percentage)!,
  inclusive,
});
const GST = rate('GST', '10', true);
const VAT_DE = rate('VAT DE', '19', false);
const VAT_FR = rate('VAT FR', '20', false);
const NYC = rate('NYC', '8.875', false);
const period = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-02-01T00:00:00Z') };

describe('percentages', () => {
  it('are decimal strings with up to 4 places from 0 to 100, held as millionths', () => {
    expect(parsePercentage('10')).toBe(100_000);
    expect(parsePercentage('20')).toBe(200_000);
    expect(parsePercentage('8.875')).toBe(88_750);
    expect(parsePercentage('0')).toBe(0);
    expect(parsePercentage('0.0001')).toBe(1);
    expect(parsePercentage('100')).toBe(1_000_000);
    expect(parsePercentage('100.0000')).toBe(1_000_000);
    for (const bad of ['10.12345', '-1', 'abc', '101', '100.0001', '', ' 10', '10.', '.5', '1e1', '+5', '1000']) {
      expect(parsePercentage(bad), bad).toBeNull();
    }
  });

  it('are shown as the shortest decimal string, never a float', () => {
    expect(formatPercentage(88_750)).toBe('8.875');
    expect(formatPercentage(100_000)).toBe('10');
    expect(formatPercentage(0)).toBe('0');
    expect(formatPercentage(1)).toBe('0.0001');
    expect(formatPercentage(1_000_000)).toBe('100');
    expect(formatPercentage(parsePercentage('08.8750')!)).toBe('8.875');
  });
});

describe('the worked examples', () => {
  it('a 10 % inclusive AUD 29.00 line: tax 2.64 inside it, total 29.00', () => {
    // net = round(2900 / 1.1) = round(2636.36…) = 2636; tax = 2900 − 2636 = 264.
    expect(inclusiveTax(2900, GST.rate_millionths)).toBe(264);
    const r = composeInvoice({
      lines: [subscriptionLine({ planName: 'Pro', unitAmount: 2900, quantity: 1, period })],
      taxRates: [[GST]],
      creditBalance: 0,
    });
    expect(r).toMatchObject({ kind: 'invoice', subtotal: 2900, discount: 0, tax: 264, total: 2900, amount: 2900 });
    if (r.kind !== 'invoice') return;
    expect(r.lines[0]).toMatchObject({
      discount_amount: 0,
      tax_amount: 264,
      tax_rates: [{ tax_rate_id: 'GST', display_name: 'GST', percentage: '10', inclusive: true, amount: 264 }],
    });
    expect(r.taxBreakdown).toEqual([
      { tax_rate_id: 'GST', display_name: 'GST', percentage: '10', inclusive: true, taxable_amount: 2636, amount: 264 },
    ]);
  });

  it('a 20 % exclusive EUR 9.99 line: tax 2.00 on top, total 11.99', () => {
    // round(999 × 0.20) = round(199.8) = 200.
    expect(exclusiveTax(999, VAT_FR.rate_millionths)).toBe(200);
    const r = composeInvoice({
      lines: [itemLine({ description: 'Ebook', unitAmount: 999, quantity: 1 })],
      taxRates: [[VAT_FR]],
      creditBalance: 0,
    });
    expect(r).toMatchObject({ subtotal: 999, tax: 200, total: 1199, amount: 1199 });
  });

  it('the same with a 25 % coupon: the discount first (250), then 20 % of 749', () => {
    // discount = round(999 × 0.25) = round(249.75) = 250; tax = round(749 × 0.20) = round(149.8) = 150;
    // total = 999 − 250 + 150 = 899.
    const r = composeInvoice({
      lines: [itemLine({ description: 'Ebook', unitAmount: 999, quantity: 1 })],
      discount: { kind: 'percent', basisPoints: 2500, description: 'Coupon QUARTER' },
      taxRates: [[VAT_FR]],
      creditBalance: 0,
    });
    expect(r).toMatchObject({ subtotal: 999, discount: 250, tax: 150, total: 899, amount: 899 });
    if (r.kind !== 'invoice') return;
    expect(r.lines.map((l) => [l.kind, l.amount, l.discount_amount, l.tax_amount])).toEqual([
      ['item', 999, 250, 150],
      ['discount', -250, undefined, undefined],
    ]);
    expect(r.taxBreakdown).toEqual([
      { tax_rate_id: 'VAT FR', display_name: 'VAT FR', percentage: '20', inclusive: false, taxable_amount: 749, amount: 150 },
    ]);
  });

  it('8.875 % on an odd amount: USD 123.45 takes 10.96', () => {
    // 12345 × 0.08875 = 1095.61875 → 1096.
    expect(exclusiveTax(12345, NYC.rate_millionths)).toBe(1096);
    expect(exclusiveTax(1999, NYC.rate_millionths)).toBe(177); // 177.41125
  });

  it('a half-cent tie rounds away from zero, for a charge and for a credit alike', () => {
    // 8.875 % of 400 is exactly 35.5; 10 % of 25 is exactly 2.5.
    expect(exclusiveTax(400, NYC.rate_millionths)).toBe(36);
    expect(exclusiveTax(-400, NYC.rate_millionths)).toBe(-36);
    expect(exclusiveTax(25, 100_000)).toBe(3);
    expect(exclusiveTax(-25, 100_000)).toBe(-3);
    // 100 % inclusive of 5: net round(2.5) = 3, tax 2.
    expect(inclusiveTax(5, 1_000_000)).toBe(2);
  });

  it('a discount shared over several lines by largest remainder, each line taxed on what is left of it', () => {
    // 1000 and 500 share a discount of 100: exact 66.67 and 33.33 → 66 and 33, the unit left over
    // to the larger remainder (the first line's 0.67): 67 and 33.
    expect(allocate(100, [1000, 500])).toEqual([67, 33]);
    const t = taxInvoice({ amounts: [1000, 500], rates: [[VAT_DE], [VAT_DE]], discount: 100, reverseCharge: false });
    // round(933 × 0.19) = round(177.27) = 177; round(467 × 0.19) = round(88.73) = 89.
    expect(t.lines.map((l) => [l.discount_amount, l.tax_amount])).toEqual([
      [67, 177],
      [33, 89],
    ]);
    expect(t.tax).toBe(266);
    expect(t.breakdown).toEqual([
      { tax_rate_id: 'VAT DE', display_name: 'VAT DE', percentage: '19', inclusive: false, taxable_amount: 1400, amount: 266 },
    ]);
  });

  it('ties in the largest remainder go to the earlier line', () => {
    expect(allocate(1, [5, 5])).toEqual([1, 0]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocate(-2, [1, 1, 1])).toEqual([-1, -1, 0]);
    expect(allocate(0, [])).toEqual([]);
  });

  it('several rates on one line: exclusive ones each on the same net, inclusive ones split in proportion', () => {
    // A state 4 % and a county 4.5 % on 10,000: 400 and 450.
    const state = rate('State', '4', false);
    const county = rate('County', '4.5', false);
    expect(taxLine(10_000, [state, county])).toEqual({ net: 10_000, inclusiveTax: 0, exclusiveTax: 850, amounts: [400, 450] });
    // GST 5 % and PST 7 % both inside 11,200: net = round(11200 / 1.12) = 10,000; 1,200 split 5:7 = 500 and 700.
    const gst = rate('GST', '5', true);
    const pst = rate('PST', '7', true);
    expect(taxLine(11_200, [gst, pst])).toEqual({ net: 10_000, inclusiveTax: 1200, exclusiveTax: 0, amounts: [500, 700] });
    // 1,000 inside: net round(892.857…) = 893, tax 107 split 5:7 = 44.58 and 62.42: 44 and 62, and the unit
    // left over to the larger remainder (0.58): 45 and 62.
    expect(taxLine(1000, [gst, pst])).toEqual({ net: 893, inclusiveTax: 107, exclusiveTax: 0, amounts: [45, 62] });
    // An inclusive 10 % and an exclusive 2 % on 1,100: net 1,000, 100 inside and 20 on top.
    expect(taxLine(1100, [GST, rate('Levy', '2', false)])).toEqual({ net: 1000, inclusiveTax: 100, exclusiveTax: 20, amounts: [100, 20] });
  });

  it('a proration credit gets negative tax by the same formula', () => {
    const r = composeInvoice({
      lines: [
        prorationLine({ description: 'Unused time on Basic', unitAmount: 3100, quantity: 1, amount: -1500, period }),
        prorationLine({ description: 'Remaining time on Pro', unitAmount: 6200, quantity: 1, amount: 3000, period }),
      ],
      taxRates: [[VAT_DE], [VAT_DE]],
      creditBalance: 0,
    });
    // −round(285) = −285 and round(570) = 570: tax 285, total 1500 + 285.
    expect(r).toMatchObject({ kind: 'invoice', subtotal: 1500, tax: 285, total: 1785, amount: 1785 });
    if (r.kind === 'invoice') expect(r.lines.map((l) => l.tax_amount)).toEqual([-285, 570]);
  });

  it('a negative total is credit, tax included', () => {
    const r = composeInvoice({
      lines: [
        prorationLine({ description: 'Unused time on Pro', unitAmount: 6200, quantity: 1, amount: -1600, period }),
        prorationLine({ description: 'Remaining time on Basic', unitAmount: 3100, quantity: 1, amount: 800, period }),
      ],
      taxRates: [[VAT_DE], [VAT_DE]],
      creditBalance: 100,
    });
    // −304 + 152 = −152 of tax: the credit is 800 + 152 = 952.
    expect(r).toMatchObject({ kind: 'credit', credit: 952, creditBalance: 1052 });
  });

  it('reverse charge: no line is taxed, and the invoice carries the legal note', () => {
    const r = composeInvoice({
      lines: [itemLine({ description: 'Consulting', unitAmount: 10_000, quantity: 1 })],
      taxRates: [[VAT_DE]],
      reverseCharge: true,
      creditBalance: 0,
    });
    expect(r).toMatchObject({ tax: 0, total: 10_000, reverseCharge: true, taxBreakdown: [] });
    if (r.kind !== 'invoice') return;
    expect(r.taxNote).toBe('Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)');
    expect(r.lines[0]).toMatchObject({ tax_amount: 0, tax_rates: [] });
  });

  it('credit applies to the total, tax included', () => {
    const r = composeInvoice({
      lines: [itemLine({ description: 'Ebook', unitAmount: 999, quantity: 1 })],
      taxRates: [[VAT_FR]],
      creditBalance: 500,
    });
    expect(r).toMatchObject({ total: 1199, creditApplied: 500, amount: 699, creditBalance: 0 });
  });

  it('refuses rates out of range and lists of rates that do not match the lines', () => {
    expect(() => exclusiveTax(100, 1_000_001)).toThrow(RangeError);
    expect(() => exclusiveTax(100, -1)).toThrow(RangeError);
    expect(() =>
      composeInvoice({ lines: [itemLine({ description: 'x', unitAmount: 1, quantity: 1 })], taxRates: [], creditBalance: 0 }),
    ).toThrow(RangeError);
    expect(() => allocate(1, [0, 0])).toThrow(RangeError);
  });
});
