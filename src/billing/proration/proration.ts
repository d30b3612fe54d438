/**
 * Pro rata amounts (BILLING.md, "Proration"): pure functions over integer minor units and
 * instants. Every pro-rata amount is `round(line_amount × seconds / full_seconds)`, rounded half
 * away from zero to the minor unit, once per line. The product is computed in BigInt: a line of
 * 10^16 minor units times a year of seconds is far past 2^53.
 */

const MS_PER_SECOND = 1000;

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer: ${value}`);
}

/** `numerator / denominator` rounded half away from zero (denominator > 0). */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  // Half away from zero on the magnitude: floor((2m + d) / 2d).
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** `round(amount × seconds / fullSeconds)`, half away from zero. */
export function proRata(amount: number, seconds: number, fullSeconds: number): number {
  assertSafeInteger(amount, 'amount');
  assertSafeInteger(seconds, 'seconds');
  assertSafeInteger(fullSeconds, 'fullSeconds');
  if (fullSeconds <= 0) throw new RangeError(`fullSeconds must be positive: ${fullSeconds}`);
  if (seconds < 0 || seconds > fullSeconds) throw new RangeError(`seconds must lie in 0..${fullSeconds}: ${seconds}`);
  return Number(divideRoundHalfAwayFromZero(BigInt(amount) * BigInt(seconds), BigInt(fullSeconds)));
}

/** Whole seconds from `from` to `to` (a partial second left over does not count). */
export function secondsBetween(from: Date, to: Date): number {
  return Math.floor((to.getTime() - from.getTime()) / MS_PER_SECOND);
}

export interface Span {
  start: Date;
  end: Date;
}

/**
 * A change at instant `at` inside `period`: the unused rest of the period at the old line amount
 * is credited (negative), the rest at the new amount is charged (positive). `seconds` runs from
 * the change to the period's end; `full_seconds` is the period's length.
 */
export function prorateChange(input: { period: Span; at: Date; oldAmount: number; newAmount: number }): {
  seconds: number;
  fullSeconds: number;
  credit: number;
  charge: number;
  net: number;
} {
  const fullSeconds = secondsBetween(input.period.start, input.period.end);
  const at = input.at.getTime();
  if (at < input.period.start.getTime() || at > input.period.end.getTime()) {
    throw new RangeError('the change must fall inside the period');
  }
  const seconds = secondsBetween(input.at, input.period.end);
  const credit = -proRata(input.oldAmount, seconds, fullSeconds);
  const charge = proRata(input.newAmount, seconds, fullSeconds);
  return { seconds, fullSeconds, credit, charge, net: credit + charge };
}

/**
 * The first period of a subscription with a billing anchor runs from its start to the anchor; it
 * is charged pro rata over the full interval that ends at the anchor (`intervalStart` is that
 * interval's start, one interval before the anchor).
 */
export function prorateFirstPeriod(input: { amount: number; start: Date; anchor: Date; intervalStart: Date }): {
  seconds: number;
  fullSeconds: number;
  amount: number;
} {
  const fullSeconds = secondsBetween(input.intervalStart, input.anchor);
  if (input.start.getTime() < input.intervalStart.getTime() || input.start.getTime() > input.anchor.getTime()) {
    throw new RangeError('the start must fall within one interval before the anchor');
  }
  const seconds = secondsBetween(input.start, input.anchor);
  return { seconds, fullSeconds, amount: proRata(input.amount, seconds, fullSeconds) };
}
