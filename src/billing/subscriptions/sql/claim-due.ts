import type { Sql } from '../../../platform/sql.ts';
import { HELD_COUPON_COLUMNS } from '../../coupons/redeem-coupon.ts';
import type { DueSubscription } from '../period-advance.ts';
import { usageFromSql } from '../../usage/sql/billed-usage.ts';
import { usagePricesOf } from '../../pricing/price-input.ts';

const DUE_COLUMNS = `s.id, s.merchant_id, s.environment, s.status, s.plan_id, s.next_plan_id, s.time_zone, s.anchor_at,
  s.next_period_index, s.next_charge_at, s.cancel_at_period_end, p.amount as plan_amount, p.prices as plan_prices, p.currency as plan_currency,
  p.interval as plan_interval, p.interval_count as plan_interval_count, p.dunning::text as plan_dunning,
  cp.interval as current_interval, cp.interval_count as current_interval_count,
  p.name as plan_name, p.setup_fee as plan_setup_fee, p.billing_cycles as plan_billing_cycles, s.quantity, s.next_quantity,
  s.periods_invoiced, s.credit_balance, s.customer_id, ${HELD_COUPON_COLUMNS},
  (s.customer_id is not null or s.tax_rate_ids <> '[]'::jsonb or p.tax_rate_ids <> '[]'::jsonb) as tax_relevant,
  -- Usage prices of the plan billed in the period that closes, and where its unbilled usage starts: null for a flat plan.
  case when cp.prices <> '[]'::jsonb then cp.prices end as usage_prices,
  case when cp.prices <> '[]'::jsonb then ${usageFromSql('s')} end as usage_from,
  -- A billed range that received late events (docs/usage.md): one probe of the marks' primary key.
  exists (select 1 from billing.usage_late_ranges l where l.subscription_id = s.id) as late_usage,
  (select json_agg(json_build_object('id', it.id, 'description', it.description, 'unit_amount', it.unit_amount, 'quantity', it.quantity,
     'tax_rate_ids', it.tax_rate_ids)
     order by it.created_at, it.id) from billing.subscription_items it where it.subscription_id = s.id and it.invoice_id is null) as pending_items`;

/**
 * Claims up to `limit` due subscriptions in `tx`, locking them and skipping rows another scheduler
 * holds: subscriptions on the real clock due by `now`, and those attached to a test clock due by
 * the clock's time. Each claim reads through the partial due index, so a tick costs what is due,
 * not the size of the table. One statement, and a second for test clocks only when the first
 * came back short. The status lists are written out as the partial due index's predicate is.
 * Where claimed subscriptions have customers, a last statement locks the customers, after every
 * subscription row and in id order (`lockCustomerCredit`'s order), and reads their credit: a
 * batch of another lane or process holding one of them is waited for, and its balance read once
 * it has committed.
 */
export async function claimDueSubscriptions(tx: Sql, now: Date, limit: number): Promise<DueSubscription[]> {
  const real = await tx.query<DueSubscription>(
    `with due as (
       select id from billing.subscriptions
        where test_clock_id is null and status in ('trialing', 'active', 'past_due') and next_charge_at <= $1
        order by next_charge_at limit $2 for update skip locked)
     select ${DUE_COLUMNS}, null as clock_time from due join billing.subscriptions s using (id)
       join billing.plans p on p.id = coalesce(s.next_plan_id, s.plan_id)
       join billing.plans cp on cp.id = s.plan_id
       left join billing.coupons k on k.id = s.coupon_id`,
    [now, limit],
  );
  if (real.length >= limit) return withCustomerCredit(tx, real);
  const clocked = await tx.query<DueSubscription>(
    `with due as (
       select s.id, c.frozen_time from billing.test_clocks c join billing.subscriptions s on s.test_clock_id = c.id
        where s.status in ('trialing', 'active', 'past_due') and s.next_charge_at <= c.frozen_time
        order by s.next_charge_at limit $1 for update of s skip locked)
     select ${DUE_COLUMNS}, due.frozen_time as clock_time from due join billing.subscriptions s using (id)
       join billing.plans p on p.id = coalesce(s.next_plan_id, s.plan_id)
       join billing.plans cp on cp.id = s.plan_id
       left join billing.coupons k on k.id = s.coupon_id`,
    [limit - real.length],
  );
  return withCustomerCredit(tx, real.concat(clocked));
}

/** The closing period's usage prices without the plan's `seats` price (billed in advance, not as usage): null when none is left. */
function withUsagePricesOnly(rows: DueSubscription[]): DueSubscription[] {
  return rows.map((r) => {
    if (!r.usage_prices) return r;
    const usage = usagePricesOf(r.usage_prices);
    return usage.length === r.usage_prices.length ? r : { ...r, usage_prices: usage.length > 0 ? usage : null };
  });
}

async function withCustomerCredit(tx: Sql, claimed: DueSubscription[]): Promise<DueSubscription[]> {
  const rows = withUsagePricesOnly(claimed);
  const ids = [...new Set(rows.flatMap((r) => (r.customer_id ? [r.customer_id] : [])))];
  if (ids.length === 0) return rows;
  const customers = await tx.query<{ id: string; credit_balance: string }>(
    'select id, credit_balance from billing.customers where id = any($1::uuid[]) order by id for update',
    [ids],
  );
  const balances = new Map(customers.map((c) => [c.id, c.credit_balance]));
  return rows.map((r) => (r.customer_id ? { ...r, customer_credit_balance: balances.get(r.customer_id) ?? '0' } : r));
}
