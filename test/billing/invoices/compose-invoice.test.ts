import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { composeInvoice, type Discount } from '../../../src/billing/invoices/lines/compose-invoice.ts';
import {
  itemLine,
  prorationLine,
  setupFeeLine,
  subscriptionLine,
  type InvoiceLine,
} from '../../../src/billing/invoices/lines/invoice-line.ts';
import { prorateChange } from '../../../src/billing/proration/proration.ts';

const period = { start: new Date('2027-03-01T00:00:00Z'), end: new Date('2027-04-01T00:00:00Z') };
const sum = (lines: InvoiceLine[]): number => lines.reduce((s, l) => s + l.amount, 0);

describe('composing an invoice', () => {
  it('a period with seats, a setup fee, an item, a 20% coupon and some credit', () => {
    const lines = [
      subscriptionLine({ planName: 'Team', unitAmount: 1000, quantity: 3, period }),
      setupFeeLine({ planName: 'Team', amount: 500 }),
      itemLine({ description: 'Onboarding call', unitAmount: 250, quantity: 2 }),
    ];
    const r = composeInvoice({ lines, discount: { kind: 'percent', basisPoints: 2000, description: 'LAUNCH20' }, creditBalance: 300 });
    expect(r.kind).toBe('invoice');
    if (r.kind !== 'invoice') return;
    expect(r.subtotal).toBe(4000);
    expect(r.discount).toBe(800);
    expect(r.creditApplied).toBe(300);
    expect(r.amount).toBe(2900);
    expect(r.creditBalance).toBe(0);
    expect(r.lines.at(-1)).toEqual({ kind: 'discount', description: 'LAUNCH20', quantity: 1, unit_amount: -800, amount: -800 });
    expect(r.lines[0]).toMatchObject({ kind: 'subscription', quantity: 3, unit_amount: 1000, amount: 3000 });
  });

  it('a discount never takes an invoice below zero, and credit is kept for later', () => {
    const lines = [subscriptionLine({ planName: 'Basic', unitAmount: 500, quantity: 1, period })];
    const r = composeInvoice({ lines, discount: { kind: 'amount', amount: 900, description: 'BIG' }, creditBalance: 200 });
    expect(r).toMatchObject({ kind: 'invoice', subtotal: 500, discount: 500, creditApplied: 0, amount: 0, creditBalance: 200 });
  });

  it('rounds a percentage half away from zero', () => {
    const lines = [subscriptionLine({ planName: 'Odd', unitAmount: 5, quantity: 1, period })];
    const r = composeInvoice({ lines, discount: { kind: 'percent', basisPoints: 5000, description: 'HALF' }, creditBalance: 0 });
    expect(r).toMatchObject({ discount: 3, amount: 2 }); // 2.5 → 3
  });

  it('a downgrade mid-period writes no invoice: its net raises the credit balance', () => {
    const p = prorateChange({ period, at: new Date('2027-03-16T00:00:00Z'), oldAmount: 3000, newAmount: 1000 });
    const lines = [
      prorationLine({ description: 'Unused time on Pro', unitAmount: 3000, quantity: 1, amount: p.credit, period }),
      prorationLine({ description: 'Remaining time on Basic', unitAmount: 1000, quantity: 1, amount: p.charge, period }),
    ];
    expect(composeInvoice({ lines, creditBalance: 100 })).toMatchObject({ kind: 'credit', credit: 1032, creditBalance: 1132 });
  });

  it('refuses discount lines from callers and bad balances', () => {
    const bad: InvoiceLine = { kind: 'discount', description: 'x', quantity: 1, unit_amount: -1, amount: -1 };
    expect(() => composeInvoice({ lines: [bad], creditBalance: 0 })).toThrow(RangeError);
    expect(() => composeInvoice({ lines: [], creditBalance: -1 })).toThrow(RangeError);
  });
});

const lineArb = fc.oneof(
  fc
    .record({ unit: fc.integer({ min: 0, max: 10_000_000 }), qty: fc.integer({ min: 1, max: 100_000 }) })
    .map(({ unit, qty }) => subscriptionLine({ planName: 'P', unitAmount: unit, quantity: qty, period })),
  fc.integer({ min: 0, max: 1_000_000 }).map((amount) => setupFeeLine({ planName: 'P', amount })),
  fc
    .record({ unit: fc.integer({ min: 1, max: 1_000_000 }), qty: fc.integer({ min: 1, max: 1000 }) })
    .map(({ unit, qty }) => itemLine({ description: 'I', unitAmount: unit, quantity: qty })),
  fc
    .record({ offset: fc.integer({ min: 0, max: 31 * 86_400_000 }), from: fc.nat(10_000_000), to: fc.nat(10_000_000) })
    .chain(({ offset, from, to }) => {
      const p = prorateChange({ period, at: new Date(period.start.getTime() + offset), oldAmount: from, newAmount: to });
      return fc.constant([
        prorationLine({ description: 'Unused', unitAmount: from, quantity: 1, amount: p.credit, period }),
        prorationLine({ description: 'Rest', unitAmount: to, quantity: 1, amount: p.charge, period }),
      ]);
    }),
);
const discountArb: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 10_000 }).map((basisPoints) => ({ kind: 'percent' as const, basisPoints, description: 'P' })),
  fc.integer({ min: 1, max: 50_000_000 }).map((amount) => ({ kind: 'amount' as const, amount, description: 'A' })),
);

describe('composition properties', () => {
  it('no invoice below zero, lines sum to the amount with the credit applied, credit neither made nor lost', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 6 }), discountArb, fc.nat(100_000_000), (groups, discount, creditBalance) => {
        const lines = groups.flat();
        const r = composeInvoice({ lines, discount, creditBalance });
        if (r.kind === 'credit') {
          expect(sum(lines)).toBeLessThan(0);
          expect(r.creditBalance).toBe(creditBalance + r.credit);
          return;
        }
        expect(r.amount).toBeGreaterThanOrEqual(0);
        expect(sum(r.lines) - r.creditApplied).toBe(r.amount);
        expect(r.subtotal - r.discount - r.creditApplied).toBe(r.amount);
        expect(r.creditApplied + r.creditBalance).toBe(creditBalance);
        expect(r.discount).toBeGreaterThanOrEqual(0);
        expect(r.discount).toBeLessThanOrEqual(r.subtotal);
        expect(r.lines.filter((l) => l.kind === 'discount').length).toBe(r.discount > 0 ? 1 : 0);
      }),
    );
  });

  it('over a run of invoices and changes, every unit of credit raised is used exactly once or still held', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(lineArb, { maxLength: 4 }), discountArb), { maxLength: 20 }), (runs) => {
        let balance = 0;
        let raised = 0;
        let applied = 0;
        let charged = 0;
        let billed = 0;
        for (const [groups, discount] of runs) {
          const r = composeInvoice({ lines: groups.flat(), discount, creditBalance: balance });
          if (r.kind === 'credit') raised += r.credit;
          else {
            applied += r.creditApplied;
            charged += r.amount;
            billed += r.subtotal - r.discount;
          }
          balance = r.creditBalance;
        }
        expect(raised).toBe(applied + balance);
        expect(charged).toBe(billed - applied);
      }),
    );
  });
});
