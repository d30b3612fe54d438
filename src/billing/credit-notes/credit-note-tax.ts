import { divideRoundHalfAwayFromZero } from '../proration/proration.ts';

/** A taxed whole a credit note takes from: an invoice (`total`, `tax`) or one of its lines (its gross, its tax). */
export interface Taxed {
  /** What it comes to with its tax (an invoice's `total`; a line's amount plus its exclusive tax). */
  gross: number;
  tax: number;
}

/** What has been credited of it so far: the amounts and the tax of the notes before this one. */
export interface Credited {
  amount: number;
  tax: number;
}

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative safe integer: ${value}`);
}

/**
 * The tax part of a credit of `amount` (tax included) from `whole`, credited in proportion:
 *
 *   tax credited once this credit is made = round(credited so far × tax ÷ gross), half away from zero,
 *   this credit's tax = that − the tax credited before it (never below 0 nor above the credit).
 *
 * A first credit note's tax is therefore `round(amount × tax ÷ gross)`, and the credit notes of a
 * whole credited in full carry exactly its tax: each rounding is made once, on the running total,
 * so the notes' roundings never add up to a unit more (or less) than the invoice's tax.
 *
 * Worked examples:
 * - AUD 29.00 with 10 % GST inclusive: gross 2900, tax 2900 − round(2900 ÷ 1.1) = 264. A credit
 *   note of 1000: round(1000 × 264 ÷ 2900) = round(91.03) = 91 tax, 909 net.
 * - EUR 9.99 with 20 % VAT exclusive: tax round(999 × 0.2) = 200, gross 1199. Three credit notes of
 *   400, 400 and 399: round(400 × 200 ÷ 1199) = round(66.72) = 67; round(800 × 200 ÷ 1199) =
 *   round(133.44) = 133, so 133 − 67 = 66; round(1199 × 200 ÷ 1199) = 200, so 200 − 133 = 67.
 *   The three carry 67 + 66 + 67 = 200, the invoice's tax (each rounded alone: 67 × 3 = 201).
 */
export function proportionalTax(whole: Taxed, credited: Credited, amount: number): number {
  assertAmount(whole.gross, 'gross');
  assertAmount(whole.tax, 'tax');
  assertAmount(credited.amount, 'credited amount');
  assertAmount(credited.tax, 'credited tax');
  assertAmount(amount, 'amount');
  if (whole.tax > whole.gross) throw new RangeError(`tax ${whole.tax} exceeds its gross ${whole.gross}`);
  if (credited.amount + amount > whole.gross)
    throw new RangeError(`credits ${credited.amount} + ${amount} exceed the gross ${whole.gross}`);
  if (whole.tax === 0 || amount === 0) return 0;
  const after = Number(divideRoundHalfAwayFromZero(BigInt(credited.amount + amount) * BigInt(whole.tax), BigInt(whole.gross)));
  return Math.max(0, Math.min(after - credited.tax, amount, whole.tax - credited.tax));
}

/** The tax fields a line may carry (the tax rules write them; a line without them has no tax). */
interface TaxedLine {
  amount: number;
  tax_amount?: unknown;
  tax_inclusive?: unknown;
  tax_rates?: unknown;
}

const inclusiveRate = (rate: unknown) => typeof rate === 'object' && rate !== null && (rate as { inclusive?: unknown }).inclusive === true;

/**
 * A line's tax and its gross (what a credit of the line may reach): an exclusive tax comes on top
 * of the line's amount, an inclusive one is inside it. A line is inclusive when it says so
 * (`tax_inclusive`), or when every rate it lists is.
 */
export function lineTaxOf(line: TaxedLine): Taxed {
  const tax = typeof line.tax_amount === 'number' && Number.isSafeInteger(line.tax_amount) ? Math.max(0, line.tax_amount) : 0;
  const rates = Array.isArray(line.tax_rates) ? line.tax_rates : [];
  const inclusive = line.tax_inclusive === true || (rates.length > 0 && rates.every(inclusiveRate));
  const gross = Math.max(0, inclusive ? line.amount : line.amount + tax);
  return { gross, tax: Math.min(tax, gross) };
}
