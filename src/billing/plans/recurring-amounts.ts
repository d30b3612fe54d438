import type { Sql } from '../../platform/sql.ts';
import { recurringAmount, hasSeatsPrice, type RecurringPlan } from '../pricing/recurring-amount.ts';

/**
 * Records, for the analytics SQL (`billing.period_amount`: MRR, its movements, the upcoming
 * charges), the recurring amount of a plan with a seats price at a quantity, computed by the one
 * rule (`recurringAmount`). Plans are immutable, so a row never changes: written once (`on
 * conflict do nothing`), before the statement that puts a subscription on that plan and quantity
 * (now or pending), in the same transaction, so the MRR trigger on `billing.subscriptions` finds
 * it. A plan without a seats price needs no row: its amount is `amount × quantity`, which the SQL
 * computes. No statement when no plan given has a seats price (the usual case).
 */
export async function recordRecurringAmounts(
  tx: Sql,
  pairs: readonly { plan: RecurringPlan & { id: string }; quantity: number }[],
): Promise<void> {
  const seats = pairs.filter((p) => hasSeatsPrice(p.plan));
  if (seats.length === 0) return;
  await tx.query(
    `insert into billing.plan_quantity_amounts (plan_id, quantity, amount)
     select * from unnest($1::uuid[], $2::int[], $3::bigint[]) on conflict do nothing`,
    [seats.map((p) => p.plan.id), seats.map((p) => p.quantity), seats.map((p) => recurringAmount(p.plan, p.quantity).amount)],
  );
}
