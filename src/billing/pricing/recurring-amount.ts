import { priceQuantity, type PricedQuantity } from './price-models.ts';
import { seatsPriceOf, toPriceModel, type PlanPriceInput } from './price-input.ts';

/** What a subscription's recurring amount is read from: its plan's flat `amount` and `prices`. */
export interface RecurringPlan {
  amount: number | string;
  prices?: readonly PlanPriceInput[] | null;
}

/** A period's recurring amount at a quantity, and what it is made of. */
export interface RecurringAmount {
  /** The whole amount for one full period, before coupon and tax. */
  amount: number;
  /** The plan's flat amount as billed: × quantity without a seats price, once (a base fee) with one. */
  base: number;
  /** With a seats price: the price and the quantity priced through it (amount, tiers applied). */
  seats: { price: PlanPriceInput; priced: PricedQuantity } | null;
}

/**
 * The one rule for what a subscription pays each period in advance (docs/pricing.md, "Seats"):
 * without a `seats` price, `plan.amount × quantity`; with one, `plan.amount` once (a base fee, not
 * multiplied by quantity) plus the quantity priced by the seats price's model. Every reader of a
 * recurring amount goes through it: the period invoice, proration, the largest line allowed, and
 * the amounts stored for analytics (`billing.plan_quantity_amounts`).
 */
export function recurringAmount(plan: RecurringPlan, quantity: number): RecurringAmount {
  const flat = Number(plan.amount);
  const price = seatsPriceOf(plan.prices);
  if (price === null) return { amount: flat * quantity, base: flat * quantity, seats: null };
  const priced = priceQuantity(toPriceModel(price), quantity);
  return { amount: flat + priced.amount, base: flat, seats: { price, priced } };
}

/** The largest recurring amount (`recurringAmount`: `plan.amount × quantity`, or the base fee and the seats price): lines and their sums stay exact integers. */
export const MAX_LINE_AMOUNT = 1_000_000_000_000_000;

/** Whether `plan` at `quantity` bills a recurring amount within `MAX_LINE_AMOUNT`: the one rule for creating, changing and moving a subscription. */
export function lineFits(plan: RecurringPlan, quantity: number): boolean {
  try {
    return recurringAmount(plan, quantity).amount <= MAX_LINE_AMOUNT;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return false;
  }
}

/** Whether a plan's recurring amount depends on more than `amount × quantity` (it has a seats price). */
export function hasSeatsPrice(plan: RecurringPlan): boolean {
  return seatsPriceOf(plan.prices) !== null;
}
