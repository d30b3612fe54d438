import { divideRoundHalfAwayFromZero } from '../proration/proration.ts';

/**
 * The tax arithmetic (docs/tax.md, with worked examples): pure functions over integer minor units
 * and integer rates. A rate is held as millionths of the whole (`percentage × 10,000`: "10" is
 * 100,000, "8.875" is 88,750, "100" is 1,000,000), so every product is an exact BigInt and the one
 * rounding is `divideRoundHalfAwayFromZero`. No float is used anywhere.
 *
 * The rules, per line, in this order:
 * 1. The invoice's discount is shared over its positive lines in proportion to their amounts
 *    (`allocate`, largest remainder: the shares sum exactly to the discount). A line's taxable
 *    amount is `amount − its share`. Negative lines (proration credits) take no share.
 * 2. Inclusive rates: the taxable amount already contains them. With R the sum of the line's
 *    inclusive rates, `net = round(taxable / (1 + R))` and the inclusive tax is `taxable − net`;
 *    with several inclusive rates it is split between them in proportion to their rates
 *    (`allocate` again), so their amounts sum exactly to it.
 * 3. Exclusive rates: each is `round(net × rate)`, on the same net (the taxable amount less any
 *    inclusive tax), and is added on top.
 * Every rounding is half away from zero, once per line and rate. A negative line gets negative
 * tax by the same formula: `tax(−x) = −tax(x)`, so a credit and an equal charge cancel exactly.
 */

/** Millionths of the whole in 100 %: a rate is `0 ≤ rate_millionths ≤ 1,000,000`. */
export const WHOLE = 1_000_000;
const WHOLE_N = BigInt(WHOLE);

/** A rate as the arithmetic needs it (and as lines and breakdowns show it). */
export interface TaxRateSpec {
  id: string;
  display_name: string;
  /** The percentage × 10,000 (0 to 1,000,000). */
  rate_millionths: number;
  inclusive: boolean;
}

/** A rate's part of one line's tax. */
export interface LineTaxRate {
  tax_rate_id: string;
  display_name: string;
  /** The percentage as a decimal string ("8.875"), never a float. */
  percentage: string;
  inclusive: boolean;
  amount: number;
}

/** A rate's part of an invoice's tax: the nets it was applied to, and what it came to. */
export interface TaxBreakdownEntry {
  tax_rate_id: string;
  display_name: string;
  percentage: string;
  inclusive: boolean;
  /** The sum of the nets (taxable amount less inclusive tax) of the lines it taxed. */
  taxable_amount: number;
  amount: number;
}

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer: ${value}`);
}

function assertRate(rate: number): void {
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > WHOLE) throw new RangeError(`a rate must be 0..${WHOLE} millionths: ${rate}`);
}

const PERCENTAGE = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/**
 * A percentage as a request gives it, a decimal string with up to 4 decimal places from "0" to
 * "100" ("10", "8.875", "0.0001"), in millionths of the whole; null when it is not one.
 */
export function parsePercentage(value: string): number | null {
  const match = PERCENTAGE.exec(value);
  if (!match) return null;
  const millionths = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return millionths <= WHOLE ? millionths : null;
}

/** Millionths of the whole as the shortest decimal string: 88750 → "8.875", 100000 → "10", 0 → "0". */
export function formatPercentage(millionths: number): string {
  assertRate(millionths);
  const whole = Math.floor(millionths / 10_000);
  const fraction = String(millionths % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Exclusive tax on a net: `round(net × rate)`, half away from zero. */
export function exclusiveTax(net: number, rateMillionths: number): number {
  assertAmount(net, 'net');
  assertRate(rateMillionths);
  return Number(divideRoundHalfAwayFromZero(BigInt(net) * BigInt(rateMillionths), WHOLE_N));
}

/** The net inside an amount that contains tax at `rateMillionths`: `round(gross / (1 + rate))`. */
export function netOfInclusive(gross: number, rateMillionths: number): number {
  assertAmount(gross, 'gross');
  if (!Number.isSafeInteger(rateMillionths) || rateMillionths < 0) throw new RangeError(`a rate must be ≥ 0: ${rateMillionths}`);
  return Number(divideRoundHalfAwayFromZero(BigInt(gross) * WHOLE_N, WHOLE_N + BigInt(rateMillionths)));
}

/** Inclusive tax inside an amount: `gross − round(gross / (1 + rate))`. */
export function inclusiveTax(gross: number, rateMillionths: number): number {
  return gross - netOfInclusive(gross, rateMillionths);
}

/**
 * `total` shared over `weights` (each ≥ 0) in proportion, by largest remainder: each share is
 * first `floor(|total| × weight / Σweights)`; the units left over (fewer than the number of
 * weights) go one each to the largest remainders, the earlier one first on a tie. The shares sum
 * exactly to `total`, carry its sign, and none exceeds its weight's exact part rounded up. All
 * weights 0 (or none) with a total of 0 gives zeros; a non-zero total needs a positive weight.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  assertAmount(total, 'total');
  for (const w of weights) if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`a weight must be a safe integer ≥ 0: ${w}`);
  const sum = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (total === 0) return weights.map(() => 0);
  if (sum === 0n) throw new RangeError('a non-zero total needs a positive weight');
  const magnitude = BigInt(Math.abs(total));
  const shares = weights.map((w) => (magnitude * BigInt(w)) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (magnitude * BigInt(w)) % sum }));
  let left = magnitude - shares.reduce((s, x) => s + x, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(total < 0 ? -s : s));
}

/** One line's tax: what each of its rates came to. */
export interface LineTax {
  /** `taxable − inclusive tax`: what every rate of the line was applied to. */
  net: number;
  inclusiveTax: number;
  exclusiveTax: number;
  /** Per rate, in the order given. */
  amounts: number[];
}

/**
 * The tax of one line's taxable amount (its amount less its share of the discount) under its
 * rates: inclusive ones first (their sum taken out of the amount, then split in proportion to
 * the rates), then each exclusive one on the net.
 */
export function taxLine(taxable: number, rates: readonly TaxRateSpec[]): LineTax {
  assertAmount(taxable, 'taxable');
  for (const rate of rates) assertRate(rate.rate_millionths);
  const inclusive = rates.filter((r) => r.inclusive);
  const inclusiveSum = inclusive.reduce((s, r) => s + r.rate_millionths, 0);
  const net = inclusive.length ? netOfInclusive(taxable, inclusiveSum) : taxable;
  const inclusiveTotal = taxable - net;
  const split = allocate(
    inclusiveTotal,
    inclusive.map((r) => r.rate_millionths),
  );
  let k = 0;
  const amounts = rates.map((r) => (r.inclusive ? split[k++]! : exclusiveTax(net, r.rate_millionths)));
  const exclusive = amounts.reduce((s, a, i) => (rates[i]!.inclusive ? s : s + a), 0);
  return { net, inclusiveTax: inclusiveTotal, exclusiveTax: exclusive, amounts };
}

/** What an invoice's tax is computed from. */
export interface TaxInput {
  /** The invoice's lines (no discount line), by amount. */
  amounts: readonly number[];
  /** Each line's rates, in the same order (an empty list: untaxed). */
  rates: readonly (readonly TaxRateSpec[])[];
  /** The invoice's discount (≥ 0, at most the sum of the positive lines). */
  discount: number;
  /** EU reverse charge: the buyer accounts for the VAT, so no line is taxed. */
  reverseCharge: boolean;
}

export interface TaxedLine {
  /** The line's share of the invoice's discount (0 for a line that is not positive). */
  discount_amount: number;
  /** Every rate's tax on the line, inclusive and exclusive. */
  tax_amount: number;
  tax_rates: LineTaxRate[];
}

export interface InvoiceTax {
  lines: TaxedLine[];
  /** The sum of every line's tax (inclusive and exclusive). */
  tax: number;
  /** The part of `tax` added on top of the lines: `total = subtotal − discount + exclusiveTax`. */
  exclusiveTax: number;
  /** Per rate, in the order the rates first appear on the lines; sums exactly to `tax`. */
  breakdown: TaxBreakdownEntry[];
}

/** The tax of an invoice: the discount shared over its positive lines, then each line taxed, then summed per rate. */
export function taxInvoice(input: TaxInput): InvoiceTax {
  if (input.rates.length !== input.amounts.length) throw new RangeError('one list of rates per line');
  for (const a of input.amounts) assertAmount(a, 'line amount');
  assertAmount(input.discount, 'discount');
  const positive = input.amounts.map((a) => Math.max(0, a));
  if (input.discount < 0 || input.discount > positive.reduce((s, a) => s + a, 0)) {
    throw new RangeError(`the discount must lie in 0..the sum of the positive lines: ${input.discount}`);
  }
  const shares = allocate(input.discount, positive);
  const byRate = new Map<string, TaxBreakdownEntry>();
  let tax = 0;
  let exclusive = 0;
  const lines = input.amounts.map((amount, i): TaxedLine => {
    const rates = input.reverseCharge ? [] : input.rates[i]!;
    const line = taxLine(amount - shares[i]!, rates);
    const taxRates = rates.map((r, k) => ({
      tax_rate_id: r.id,
      display_name: r.display_name,
      percentage: formatPercentage(r.rate_millionths),
      inclusive: r.inclusive,
      amount: line.amounts[k]!,
    }));
    for (const entry of taxRates) {
      const { amount: _amount, ...rate } = entry;
      const sum = byRate.get(entry.tax_rate_id) ?? { ...rate, taxable_amount: 0, amount: 0 };
      sum.taxable_amount += line.net;
      sum.amount += entry.amount;
      byRate.set(entry.tax_rate_id, sum);
    }
    const lineTax = line.inclusiveTax + line.exclusiveTax;
    tax += lineTax;
    exclusive += line.exclusiveTax;
    return { discount_amount: shares[i]!, tax_amount: lineTax, tax_rates: taxRates };
  });
  return { lines, tax, exclusiveTax: exclusive, breakdown: [...byRate.values()] };
}
