import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import type { PlanRow as FullPlanRow } from '../plans/plans.service.ts';
import { prorateChange } from '../proration/proration.ts';
import { describePlan, prorationLine } from '../invoices/lines/invoice-line.ts';
import { recurringAmount } from '../pricing/recurring-amount.ts';
import { recordRecurringAmounts } from '../plans/recurring-amounts.ts';
import { writeImmediateInvoice, type ImmediateOutcome } from '../invoices/immediate-invoice.service.ts';

type PlanRow = Pick<FullPlanRow, 'id' | 'name' | 'amount' | 'prices' | 'currency' | 'interval' | 'interval_count'>;

/** The subscription as the change reads it, locked by the caller. */
export interface ChangingSubscription {
  id: string;
  plan_id: string;
  quantity: number;
  status: string;
  current_period_start: string | null;
  current_period_end: string | null;
  credit_balance: string | number;
  /** With a customer, the credit is the customer's. */
  customer_id: string | null;
}

export interface ChangeNow {
  planId?: string;
  quantity?: number;
  prorate: boolean;
  /** The subscription's billing time: its test clock's, if it has one. */
  billingNow: Date;
  now: Date;
}

/**
 * A plan or quantity change effective now, inside the caller's transaction: the unused rest of
 * the current period at the old recurring amount is credited and the rest at the new one charged,
 * pro rata by seconds (each amount by `recurringAmount`: with a seats price, the tiered amount of
 * the quantity plus the base fee, so a change of seats prorates the difference of the tiered
 * amounts). A positive net is a proration invoice (charged by the caller after commit); a
 * negative one raises `credit_balance`: the customer's where the subscription has one, else its own. Either way the change stands, and all of it commits or
 * none of it does.
 */
export async function applyChangeNow(
  tx: Sql,
  merchant: MerchantRef,
  sub: ChangingSubscription,
  change: ChangeNow,
): Promise<ImmediateOutcome | null> {
  const ids = [sub.plan_id, change.planId ?? sub.plan_id];
  const plans = await tx.query<PlanRow>(
    'select id, name, amount, prices, currency, interval, interval_count from billing.plans where id = any($1::uuid[])',
    [ids],
  );
  const oldPlan = plans.find((p) => p.id === sub.plan_id)!;
  const newPlan = plans.find((p) => p.id === (change.planId ?? sub.plan_id))!;
  if (newPlan.currency !== oldPlan.currency) {
    throw BillingErrors.validation([
      `plan_id: a change effective now must keep the currency (${oldPlan.currency}), not ${newPlan.currency}`,
    ]);
  }
  if (newPlan.interval !== oldPlan.interval || newPlan.interval_count !== oldPlan.interval_count) {
    throw BillingErrors.validation(['plan_id: a change effective now must keep the interval; change the interval from the next period']);
  }
  const quantity = change.quantity ?? sub.quantity;
  await recordRecurringAmounts(tx, [{ plan: newPlan, quantity }]);
  // The change replaces any pending one for the same field.
  await tx.query(
    `update billing.subscriptions set plan_id = $2, quantity = $3, updated_at = $4,
        next_plan_id = case when $5 then null else next_plan_id end, next_quantity = case when $6 then null else next_quantity end
      where id = $1`,
    [sub.id, newPlan.id, quantity, change.now, change.planId !== undefined, change.quantity !== undefined],
  );
  const inPeriod =
    sub.current_period_start !== null &&
    sub.current_period_end !== null &&
    ['active', 'past_due'].includes(sub.status) &&
    change.billingNow.getTime() >= new Date(sub.current_period_start).getTime() &&
    change.billingNow.getTime() < new Date(sub.current_period_end).getTime();
  if (!change.prorate || !inPeriod) return null;
  const period = { start: new Date(sub.current_period_start!), end: new Date(sub.current_period_end!) };
  const oldAmount = recurringAmount(oldPlan, sub.quantity).amount;
  const newAmount = recurringAmount(newPlan, quantity).amount;
  const p = prorateChange({ period, at: change.billingNow, oldAmount, newAmount });
  if (p.net === 0) return null;
  const lines = [
    prorationLine({
      description: `Unused time on ${describePlan(oldPlan, sub.quantity)}`,
      unitAmount: unitAmountOf(oldPlan, sub.quantity),
      quantity: sub.quantity,
      amount: p.credit,
      period: { start: change.billingNow, end: period.end },
    }),
    prorationLine({
      description: `Remaining time on ${describePlan(newPlan, quantity)}`,
      unitAmount: unitAmountOf(newPlan, quantity),
      quantity,
      amount: p.charge,
      period: { start: change.billingNow, end: period.end },
    }),
  ];
  return writeImmediateInvoice(tx, merchant, {
    subscription: { id: sub.id, plan_id: newPlan.id, credit_balance: sub.credit_balance, customer_id: sub.customer_id },
    kind: 'proration',
    lines,
    // Each line is taxed as its plan's: the credit by the old plan's rates, the charge by the new one's.
    sources: [{ planId: oldPlan.id }, { planId: newPlan.id }],
    billingNow: change.billingNow,
    now: change.now,
  });
}

/** A proration line's full-period price: the plan's amount per unit, or with a seats price the whole recurring amount. */
function unitAmountOf(plan: PlanRow, quantity: number): number {
  const recurring = recurringAmount(plan, quantity);
  return recurring.seats ? recurring.amount : Number(plan.amount);
}
