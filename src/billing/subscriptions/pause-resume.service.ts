import { firstPeriodStartingAtOrAfter, periodStart, type Cadence, type Interval } from '../calendar/billing-calendar.ts';
import { recordEvents } from '../events/events.service.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import type { SubscriptionView } from './subscription-view.ts';
import { loadSubscription, markClockBusy, nowFor, setSubscription, type SubscriptionDeps } from './subscription-context.ts';
import { getSubscription } from './read-subscriptions.service.ts';

/** Stops billing: no charge falls due while paused. Active, trialing and past-due subscriptions can pause. */
export async function pauseSubscription(deps: SubscriptionDeps, merchant: MerchantRef, id: string): Promise<SubscriptionView> {
  const now = deps.now();
  return deps.sql.transaction(async (tx) => {
    const current = await loadSubscription(tx, merchant, id, true);
    if (!['active', 'trialing', 'past_due'].includes(current.status)) {
      throw BillingErrors.conflict(`Subscription is ${current.status} and cannot be paused`);
    }
    const at = await nowFor(tx, deps, merchant, current.test_clock_id);
    const view = await setSubscription(tx, id, `status = 'paused', paused_at = $2, next_charge_at = null, updated_at = $3`, [at, now]);
    // A charge claimed from here on re-reads the subscription (the claim re-runs when its invoice changed).
    await tx.query(`update billing.invoices set updated_at = $2 where subscription_id = $1 and status in ('open', 'past_due')`, [id, now]);
    await recordEvents(tx, at, [{ ...merchant, type: 'subscription.paused', data: { subscription: view } }]);
    return view;
  });
}

/**
 * Resumes billing with the first period that begins at or after the resume: no invoice for the
 * time spent paused, and the calendar keeps its anchor.
 */
export async function resumeSubscription(deps: SubscriptionDeps, merchant: MerchantRef, id: string): Promise<SubscriptionView> {
  const now = deps.now();
  let owed: string[] = [];
  const resumed = await deps.sql.transaction(async (tx) => {
    const current = await loadSubscription(tx, merchant, id, true);
    if (current.status !== 'paused') throw BillingErrors.conflict(`Subscription is ${current.status}, not paused`);
    const at = await nowFor(tx, deps, merchant, current.test_clock_id);
    const plans = await tx.query<{ interval: Interval; interval_count: number }>(
      'select interval, interval_count from billing.plans where id = $1',
      [current.plan_id],
    );
    const cadence: Cadence = { interval: plans[0]!.interval, intervalCount: plans[0]!.interval_count, timeZone: current.time_zone };
    const anchor = new Date(current.anchor_at);
    const index = firstPeriodStartingAtOrAfter(anchor, cadence, at);
    const trialing = current.trial_end !== null && at.getTime() < new Date(current.trial_end).getTime();
    // Still past due while any invoice is unpaid: pausing does not forgive a debt.
    const unpaid = await tx.query(`select 1 from billing.invoices where subscription_id = $1 and status = 'past_due' limit 1`, [id]);
    const status = unpaid.length > 0 ? 'past_due' : trialing ? 'trialing' : 'active';
    const view = await setSubscription(
      tx,
      id,
      `status = $2, paused_at = null, next_period_index = $3, next_charge_at = $4, updated_at = $5`,
      [status, index, periodStart(anchor, cadence, index), now],
    );
    await recordEvents(tx, at, [{ ...merchant, type: 'subscription.resumed', data: { subscription: view } }]);
    if (current.test_clock_id) await markClockBusy(tx, current.test_clock_id, periodStart(anchor, cadence, index), now);
    // Invoices left open while paused (a charge that found the subscription paused, a one-off item
    // invoiced meanwhile) are owed now: charged once this commits, not when the sweep finds them.
    const open = await tx.query<{ id: string }>(
      `select id from billing.invoices where subscription_id = $1 and status = 'open' order by period_start, created_at`,
      [id],
    );
    owed = open.map((o) => o.id);
    return view;
  });
  if (!owed.length || !deps.chargeNow) return resumed;
  for (const invoiceId of owed) await deps.chargeNow(invoiceId);
  return getSubscription(deps.sql, merchant, id);
}
