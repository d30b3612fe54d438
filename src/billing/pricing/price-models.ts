/**
 * The price models, as pure functions over integers: a quantity (whole units) and a price give
 * the amount in minor units and the tiers applied (what an invoice line shows). Arithmetic runs
 * on `bigint`, so no product loses a unit; an amount past `Number.MAX_SAFE_INTEGER` is refused
 * (RangeError), never rounded. The rules, with worked examples, are in docs/pricing.md.
 *
 * - Free units come off the quantity first (`billable = max(0, quantity - free_units)`).
 * - A zero billable quantity bills nothing, flat amounts included, and applies no tier.
 * - Tiers: `up_to` is inclusive (a quantity equal to `up_to` falls in that tier); the last tier's
 *   `up_to` is null (no ceiling).
 * - per_unit: `billable × unit_amount`.
 * - graduated: each tier bills the units that fall in it at its `unit_amount`, plus its
 *   `flat_amount` once when at least one unit falls in it.
 * - volume: the tier the whole billable quantity falls in bills every unit at its `unit_amount`,
 *   plus its `flat_amount`.
 * - package: `ceil(billable / package_size)` packages at `unit_amount` each.
 */

export interface Tier {
  /** The last unit of the tier (inclusive), or null for the last tier. */
  up_to: number | null;
  unit_amount: number;
  flat_amount?: number;
}

export type PriceModel =
  | { model: 'per_unit'; unit_amount: number; free_units?: number }
  | { model: 'graduated'; tiers: Tier[]; free_units?: number }
  | { model: 'volume'; tiers: Tier[]; free_units?: number }
  | { model: 'package'; unit_amount: number; package_size: number; free_units?: number };

export const PRICE_MODELS = ['per_unit', 'graduated', 'volume', 'package'] as const;

/** One tier (or, for per_unit and package, the one block) an amount was computed from. */
export interface AppliedTier {
  /** The tier's position, from 1 (per_unit and package: 1). */
  tier: number;
  /** The first and last billable unit it covers (1-based, inclusive). */
  from_unit: number;
  to_unit: number;
  /** Units billed in it (package: the units, with `packages` the packages they round up to). */
  units: number;
  packages?: number;
  unit_amount: number;
  flat_amount: number;
  amount: number;
}

export interface PricedQuantity {
  quantity: number;
  free_units: number;
  billable_quantity: number;
  amount: number;
  tiers: AppliedTier[];
}

function safe(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} exceeds ${Number.MAX_SAFE_INTEGER}`);
  return Number(value);
}

function wholeUnits(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a non-negative safe integer, got ${n}`);
}

function applied(tier: number, from: number, units: number, unitAmount: number, flat: number, packages?: number): AppliedTier {
  const billedUnits = packages ?? units;
  const amount = BigInt(billedUnits) * BigInt(unitAmount) + BigInt(flat);
  return {
    tier,
    from_unit: from,
    to_unit: from + units - 1,
    units,
    ...(packages === undefined ? {} : { packages }),
    unit_amount: unitAmount,
    flat_amount: flat,
    amount: safe(amount, 'the amount of a tier'),
  };
}

function graduated(billable: number, tiers: Tier[]): AppliedTier[] {
  const out: AppliedTier[] = [];
  let floor = 0;
  for (const [i, tier] of tiers.entries()) {
    if (billable <= floor) break;
    const ceiling = tier.up_to === null ? billable : Math.min(billable, tier.up_to);
    const units = ceiling - floor;
    if (units > 0) out.push(applied(i + 1, floor + 1, units, tier.unit_amount, tier.flat_amount ?? 0));
    if (tier.up_to === null) break;
    floor = tier.up_to;
  }
  return out;
}

/** The tier a whole quantity falls in: the first whose `up_to` is at least the quantity, else the last. */
export function volumeTier(quantity: number, tiers: Tier[]): number {
  const i = tiers.findIndex((t) => t.up_to === null || quantity <= t.up_to);
  return i === -1 ? tiers.length - 1 : i;
}

/** The amount a quantity bills under a price, and the tiers applied. */
export function priceQuantity(price: PriceModel, quantity: number): PricedQuantity {
  wholeUnits(quantity, 'quantity');
  const free = price.free_units ?? 0;
  wholeUnits(free, 'free_units');
  const billable = Math.max(0, quantity - free);
  let tiers: AppliedTier[] = [];
  if (billable > 0) {
    switch (price.model) {
      case 'per_unit':
        tiers = [applied(1, 1, billable, price.unit_amount, 0)];
        break;
      case 'graduated':
        tiers = graduated(billable, price.tiers);
        break;
      case 'volume': {
        const i = volumeTier(billable, price.tiers);
        const tier = price.tiers[i]!;
        tiers = [applied(i + 1, 1, billable, tier.unit_amount, tier.flat_amount ?? 0)];
        break;
      }
      case 'package': {
        if (!Number.isSafeInteger(price.package_size) || price.package_size < 1)
          throw new RangeError('package_size must be a positive integer');
        const size = BigInt(price.package_size);
        const packages = Number((BigInt(billable) + size - 1n) / size);
        tiers = [applied(1, 1, billable, price.unit_amount, 0, packages)];
        break;
      }
    }
  }
  const amount = tiers.reduce((sum, t) => sum + BigInt(t.amount), 0n);
  return { quantity, free_units: free, billable_quantity: billable, amount: safe(amount, 'the amount'), tiers };
}
