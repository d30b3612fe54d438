import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocate,
  exclusiveTax,
  formatPercentage,
  inclusiveTax,
  parsePercentage,
  WHOLE,
  type TaxRateSpec,
} from '../../../src/billing/taxes/tax-math.ts';
import { composeInvoice, type ComposedInvoice, type Discount } from '../../../src/billing/invoices/lines/compose-invoice.ts';
import { itemLine, prorationLine, type InvoiceLine } from '../../../src/billing/invoices/lines/invoice-line.ts';

// The tax arithmetic over random amounts, rates (0 to 100 % with 4 decimals) and quantities
// (docs/tax.md): inclusive tax never exceeds its line, line taxes sum to the invoice's tax and the
// breakdown to the same, a 0 % rate changes nothing, and total = subtotal − discount + exclusive tax.

const RUNS = { numRuns: 400 };
const period = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-02-01T00:00:00Z') };

/** A percentage as a request gives it: "0" to "100" with up to 4 decimals, read back into millionths. */
const percentage = fc.integer({ min: 0, max: WHOLE }).map((m) => formatPercentage(m));
let ids = 0;
const taxRate = fc.record({ percentage, inclusive: fc.boolean() }).map(({ percentage: p, inclusive }): TaxRateSpec => ({
  id: `rate-${++ids}`,
  display_name: `${p} %`,
  rate_millionths: parsePercentage(p)!,
  inclusive,
}));

/** A line: an item (unit amount × quantity), or a proration charge or credit. */
const line: fc.Arbitrary<InvoiceLine> = fc.oneof(
  fc
    .record({ unit: fc.integer({ min: 1, max: 99_999_999_999 }), quantity: fc.integer({ min: 1, max: 1_000 }) })
    .map(({ unit, quantity }) => itemLine({ description: 'Item', unitAmount: unit, quantity })),
  fc
    .integer({ min: -1_000_000_000, max: 1_000_000_000 })
    .map((amount) => prorationLine({ description: 'Proration', unitAmount: Math.abs(amount), quantity: 1, amount, period })),
);
const discount: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => ({ kind: 'percent' as const, basisPoints, description: 'Coupon P' })),
  fc.integer({ min: 1, max: 99_999_999_999 }).map((amount) => ({ kind: 'amount' as const, amount, description: 'Coupon A' })),
);
/** An invoice: lines, each with 0 to 3 rates (a rate may be shared by several lines), a discount, credit. */
const invoice = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    pool: fc.array(taxRate, { minLength: 1, maxLength: 4 }),
    picks: fc.array(fc.array(fc.nat(3), { maxLength: 3 }), { minLength: 6, maxLength: 6 }),
    discount,
    creditBalance: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map(({ lines, pool, picks, discount: d, creditBalance }) => ({
    lines,
    // Each line names distinct rates of the pool.
    taxRates: lines.map((_, i) => [...new Set(picks[i]!.map((k) => k % pool.length))].map((k) => pool[k]!)),
    discount: d,
    creditBalance,
  }));

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
const taxedLines = (r: ComposedInvoice) => r.lines.filter((l) => l.kind !== 'discount');
const exclusiveOf = (l: InvoiceLine) => sum((l.tax_rates ?? []).filter((t) => !t.inclusive).map((t) => t.amount));
const inclusiveOf = (l: InvoiceLine) => sum((l.tax_rates ?? []).filter((t) => t.inclusive).map((t) => t.amount));

describe('tax arithmetic, over random amounts, rates and quantities', () => {
  it('a percentage string reads back into the same millionths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: WHOLE }), (m) => parsePercentage(formatPercentage(m)) === m),
      RUNS,
    );
  });

  it('inclusive tax never exceeds the amount it is inside, and is ≥ 0 for a positive amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000_000 }), fc.integer({ min: 0, max: 3 * WHOLE }), (gross, rate) => {
        const tax = inclusiveTax(gross, rate);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(gross);
        // And it is the exact tax rounded once: |tax − gross × r / (1 + r)| ≤ 1/2.
        const exact2 = (2n * BigInt(gross) * BigInt(rate)) / BigInt(WHOLE + rate);
        expect(Math.abs(2 * tax - Number(exact2))).toBeLessThanOrEqual(2);
      }),
      RUNS,
    );
  });

  it('exclusive tax is the exact product rounded half away from zero, symmetric for credits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000_000, max: 1_000_000_000_000_000 }),
        fc.integer({ min: 0, max: WHOLE }),
        (net, rate) => {
          const tax = exclusiveTax(net, rate);
          // 2·|net·r − tax·10⁶| ≤ 10⁶, and a tie goes away from zero.
          const diff = BigInt(net) * BigInt(rate) - BigInt(tax) * BigInt(WHOLE);
          const abs = diff < 0n ? -diff : diff;
          expect(2n * abs <= BigInt(WHOLE)).toBe(true);
          const magnitude = (v: number) => BigInt(Math.abs(v));
          if (2n * abs === BigInt(WHOLE)) expect(magnitude(tax) * BigInt(WHOLE) > magnitude(net) * BigInt(rate)).toBe(true);
          expect(exclusiveTax(-net, rate) === -tax).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('a share of a total by largest remainder sums exactly to it, and each share is within one of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          fc.pre(weights.some((w) => w > 0));
          const shares = allocate(total, weights);
          expect(sum(shares)).toBe(total);
          const W = weights.reduce((s, w) => s + BigInt(w), 0n);
          shares.forEach((share, i) => {
            const exact = BigInt(total) * BigInt(weights[i]!);
            const scaled = BigInt(share) * W;
            const d = scaled - exact;
            expect((d < 0n ? -d : d) < W).toBe(true);
          });
        },
      ),
      RUNS,
    );
  });

  it('on a composed invoice: line taxes sum to the tax, the breakdown sums to it, total = subtotal − discount + exclusive tax', () => {
    fc.assert(
      fc.property(invoice, (input) => {
        const r = composeInvoice(input);
        if (r.kind === 'credit') {
          // A negative total is credit: the lines less their discount, plus exclusive tax.
          expect(-r.credit).toBe(sum(r.lines.map((l) => l.amount - l.discount_amount! + exclusiveOf(l))));
          return;
        }
        const lines = taxedLines(r);
        expect(sum(lines.map((l) => l.tax_amount!))).toBe(r.tax);
        for (const l of lines) expect(sum(l.tax_rates!.map((t) => t.amount))).toBe(l.tax_amount);
        expect(sum(r.taxBreakdown.map((b) => b.amount))).toBe(r.tax);
        const exclusive = sum(lines.map(exclusiveOf));
        expect(r.total).toBe(r.subtotal - r.discount + exclusive);
        expect(r.amount).toBe(r.total - r.creditApplied);
        expect(r.amount).toBeGreaterThanOrEqual(0);
        // The discount is shared exactly, over the positive lines only.
        expect(sum(lines.map((l) => l.discount_amount!))).toBe(r.discount);
        for (const l of lines) {
          expect(l.discount_amount).toBeGreaterThanOrEqual(0);
          expect(l.discount_amount).toBeLessThanOrEqual(Math.max(0, l.amount));
        }
      }),
      RUNS,
    );
  });

  it('inclusive tax on a line never exceeds what is left of it after its discount, and is ≥ 0 when that is positive', () => {
    fc.assert(
      fc.property(invoice, (input) => {
        const r = composeInvoice(input);
        const lines = r.kind === 'invoice' ? taxedLines(r) : r.lines;
        for (const l of lines) {
          const taxable = l.amount - l.discount_amount!;
          const inclusive = inclusiveOf(l);
          if (taxable >= 0) {
            expect(inclusive).toBeGreaterThanOrEqual(0);
            expect(inclusive).toBeLessThanOrEqual(taxable);
          } else {
            expect(inclusive).toBeLessThanOrEqual(0);
            expect(inclusive).toBeGreaterThanOrEqual(taxable);
          }
        }
      }),
      RUNS,
    );
  });

  it('each rate of a line is its net times the rate, rounded once: the net is what the line has left less its inclusive tax', () => {
    fc.assert(
      fc.property(invoice, (input) => {
        const r = composeInvoice(input);
        const lines = r.kind === 'invoice' ? taxedLines(r) : r.lines;
        lines.forEach((l) => {
          const net = BigInt(l.amount - l.discount_amount! - inclusiveOf(l));
          const inclusiveRates = l.tax_rates!.filter((t) => t.inclusive).reduce((s, t) => s + BigInt(parsePercentage(t.percentage)!), 0n);
          for (const t of l.tax_rates!) {
            const rate = BigInt(parsePercentage(t.percentage)!);
            // |amount − net × r| ≤ 1/2 for an exclusive rate. An inclusive rate's amount is its share of the
            // line's inclusive tax (within 1 of its exact part), which is net × R up to the net's rounding
            // (½ × (1 + R)), R the sum of the line's inclusive rates.
            const d = BigInt(t.amount) * BigInt(WHOLE) - net * rate;
            const limit = t.inclusive ? 2n * BigInt(WHOLE) + BigInt(WHOLE) + inclusiveRates : BigInt(WHOLE);
            expect(
              2n * (d < 0n ? -d : d) <= limit,
              `${t.percentage} % ${t.inclusive ? 'inclusive' : 'exclusive'} on ${net}: ${t.amount}`,
            ).toBe(true);
          }
        });
      }),
      RUNS,
    );
  });

  it('a 0 % rate changes nothing: tax 0, total = subtotal − discount, the same amounts as untaxed', () => {
    fc.assert(
      fc.property(invoice, fc.boolean(), (input, inclusive) => {
        const zero = input.lines.map((_, i) => [{ id: `zero-${i % 2}`, display_name: 'Zero', rate_millionths: 0, inclusive }]);
        const taxed = composeInvoice({ ...input, taxRates: zero });
        const untaxed = composeInvoice({ ...input, taxRates: undefined });
        if (taxed.kind === 'credit' || untaxed.kind === 'credit') {
          expect(taxed).toMatchObject({ kind: 'credit', credit: (untaxed as { credit: number }).credit });
          return;
        }
        expect(taxed.tax).toBe(0);
        expect(taxed.total).toBe(taxed.subtotal - taxed.discount);
        expect([taxed.subtotal, taxed.discount, taxed.total, taxed.creditApplied, taxed.amount, taxed.creditBalance]).toEqual([
          untaxed.subtotal,
          untaxed.discount,
          untaxed.total,
          untaxed.creditApplied,
          untaxed.amount,
          untaxed.creditBalance,
        ]);
        for (const entry of taxed.taxBreakdown) expect(entry).toMatchObject({ percentage: '0', amount: 0 });
      }),
      RUNS,
    );
  });

  it('reverse charge taxes nothing whatever the rates', () => {
    fc.assert(
      fc.property(invoice, (input) => {
        const r = composeInvoice({ ...input, reverseCharge: true });
        if (r.kind === 'credit') return;
        expect(r.tax).toBe(0);
        expect(r.taxBreakdown).toEqual([]);
        expect(r.total).toBe(r.subtotal - r.discount);
      }),
      RUNS,
    );
  });
});
