import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineTaxOf, proportionalTax, type Taxed } from '../../../src/billing/credit-notes/credit-note-tax.ts';
import { creditNoteReasonOf } from '../../../src/billing/credit-notes/credit-note-input.ts';

// Tax credited in proportion (credit-note-tax.ts): the worked examples of docs/api.md, and over
// random invoices and runs of credit notes, the rules that make it safe to hand to a finance team.

/** The tax of each note of a run of credit notes of `amounts` against `whole`, as the notes are written one after the other. */
function run(whole: Taxed, amounts: number[]): number[] {
  const credited = { amount: 0, tax: 0 };
  return amounts.map((amount) => {
    const tax = proportionalTax(whole, credited, amount);
    credited.amount += amount;
    credited.tax += tax;
    return tax;
  });
}

/** A taxed whole and a run of credits that never passes it (the cap is the caller's). */
const wholeAndCredits = fc
  .record({ gross: fc.integer({ min: 1, max: 10_000_000_000 }), taxShare: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ gross, taxShare }) => ({ gross, tax: Math.floor(gross * taxShare) }))
  .chain((whole) =>
    fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }).map((shares) => {
      let left = whole.gross;
      const amounts: number[] = [];
      for (const share of shares) {
        const amount = Math.min(left, Math.max(1, Math.floor(whole.gross * share)));
        if (amount <= 0) break;
        amounts.push(amount);
        left -= amount;
      }
      return { whole, amounts };
    }),
  );

describe('tax credited in proportion', () => {
  it('the worked examples: AUD 29.00 with 10 % GST inclusive, EUR 9.99 with 20 % VAT exclusive', () => {
    expect(proportionalTax({ gross: 2900, tax: 264 }, { amount: 0, tax: 0 }, 1000)).toBe(91);
    expect(run({ gross: 1199, tax: 200 }, [400, 400, 399])).toEqual([67, 66, 67]);
    // Each rounded alone, the three would have credited 201 of a tax of 200.
    expect([400, 400, 399].map((a) => Math.round((a * 200) / 1199))).toEqual([67, 67, 67]);
    // Ten notes of 100 against 1000 with 91 of tax: 9 each alone (90 in all); the running total gives 91.
    expect(run({ gross: 1000, tax: 91 }, Array(10).fill(100)).reduce((t, x) => t + x, 0)).toBe(91);
  });

  it('a first note takes round(amount × tax ÷ gross), half away from zero (property)', () => {
    fc.assert(
      fc.property(wholeAndCredits, ({ whole, amounts }) => {
        const expected = Number((2n * BigInt(amounts[0]!) * BigInt(whole.tax) + BigInt(whole.gross)) / (2n * BigInt(whole.gross)));
        expect(proportionalTax(whole, { amount: 0, tax: 0 }, amounts[0]!)).toBe(expected);
      }),
    );
  });

  it('each note’s tax lies within its amount, the tax credited never passes the whole’s, and a whole credited in full gives back exactly its tax (property)', () => {
    fc.assert(
      fc.property(wholeAndCredits, ({ whole, amounts }) => {
        const taxes = run(whole, amounts);
        let credited = 0;
        let tax = 0;
        taxes.forEach((t, i) => {
          expect(t).toBeGreaterThanOrEqual(0);
          expect(t).toBeLessThanOrEqual(amounts[i]!);
          credited += amounts[i]!;
          tax += t;
          // After every note: the tax credited so far is the running total's share, rounded once.
          expect(tax).toBe(Number((2n * BigInt(credited) * BigInt(whole.tax) + BigInt(whole.gross)) / (2n * BigInt(whole.gross))));
          expect(tax).toBeLessThanOrEqual(whole.tax);
        });
        if (credited === whole.gross) expect(tax).toBe(whole.tax);
      }),
    );
  });

  it('a tax of 0 credits no tax; a note never passing the whole is the only thing asked (property)', () => {
    fc.assert(
      fc.property(wholeAndCredits, ({ whole, amounts }) => {
        expect(run({ gross: whole.gross, tax: 0 }, amounts).every((t) => t === 0)).toBe(true);
      }),
    );
    expect(() => proportionalTax({ gross: 100, tax: 10 }, { amount: 60, tax: 6 }, 41)).toThrow(RangeError);
    expect(() => proportionalTax({ gross: 100, tax: 101 }, { amount: 0, tax: 0 }, 1)).toThrow(RangeError);
    expect(() => proportionalTax({ gross: 100, tax: 10 }, { amount: 0, tax: 0 }, 1.5)).toThrow(RangeError);
  });
});

describe('a line’s tax and gross', () => {
  it('an exclusive tax comes on top of the line, an inclusive one is inside it; a line without tax fields has none', () => {
    expect(lineTaxOf({ amount: 999, tax_amount: 200 })).toEqual({ gross: 1199, tax: 200 });
    expect(lineTaxOf({ amount: 2900, tax_amount: 264, tax_inclusive: true })).toEqual({ gross: 2900, tax: 264 });
    expect(lineTaxOf({ amount: 2900, tax_amount: 264, tax_rates: [{ inclusive: true }] })).toEqual({ gross: 2900, tax: 264 });
    expect(lineTaxOf({ amount: 2900, tax_amount: 264, tax_rates: [{ inclusive: true }, { inclusive: false }] })).toEqual({
      gross: 3164,
      tax: 264,
    });
    expect(lineTaxOf({ amount: 1500 })).toEqual({ gross: 1500, tax: 0 });
    // A discount (negative) has nothing to credit.
    expect(lineTaxOf({ amount: -150 })).toEqual({ gross: 0, tax: 0 });
  });
});

describe('a refund’s reason as a credit note’s', () => {
  it('is one of the five when the text is one (any case, spaces or hyphens), else other', () => {
    expect(creditNoteReasonOf('Duplicate')).toBe('duplicate');
    expect(creditNoteReasonOf(' order change ')).toBe('order_change');
    expect(creditNoteReasonOf('Product-Unsatisfactory')).toBe('product_unsatisfactory');
    expect(creditNoteReasonOf('FRAUDULENT')).toBe('fraudulent');
    expect(creditNoteReasonOf('Outage credit')).toBe('other');
    expect(creditNoteReasonOf(undefined)).toBe('other');
  });
});
