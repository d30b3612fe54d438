import { anchorAfterTrial, intervalStartBefore, localMidnight, type Cadence, type Interval } from '../calendar/billing-calendar.ts';
import { recordEvents } from '../events/events.service.ts';
import { cardKey, type MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { requireActivePlan } from '../plans/plans.service.ts';
import { redeemCoupon } from '../coupons/redeem-coupon.ts';
import { attachCustomer } from '../customers/customer-credit.ts';
import { requireActiveTaxRates } from '../taxes/tax-rate-ids.ts';
import { recordRecurringAmounts } from '../plans/recurring-amounts.ts';
import { assertLineFits, type SubscriptionCreate } from './subscription-input.ts';
import { SUBSCRIPTION_COLUMNS, toSubscriptionView, type SubscriptionRow, type SubscriptionView } from './subscription-view.ts';
import { markClockBusy, nowFor, requireCard, type SubscriptionDeps } from './subscription-context.ts';

/**
 * Subscribes a card to an active plan: trialing when the plan has a trial, its first charge due at
 * the anchor (or, with a billing anchor, at the start, for a prorated first period).
 */
export async function createSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  input: SubscriptionCreate,
): Promise<SubscriptionView> {
  const db = deps.sql;
  const plan = await requireActivePlan(db, merchant, input.plan_id);
  assertLineFits(plan, input.quantity ?? 1);
  if (input.test_clock_id && merchant.environment !== 'sandbox') throw BillingErrors.validation(['Test clocks exist only in the sandbox']);
  await requireActiveTaxRates(db, merchant, input.tax_rate_ids);
  const card = await requireCard(deps, merchant, input.card_token);
  const now = await nowFor(db, deps, merchant, input.test_clock_id ?? null);
  const timeZone = input.time_zone ?? 'UTC';
  const start = input.start_date ? startInstant(input.start_date, timeZone) : now;
  if (start.getTime() < now.getTime() - 60_000) throw BillingErrors.validation(['start_date may not be in the past']);
  const billingAnchor = input.billing_anchor ? checkBillingAnchor(plan, start, timeZone, new Date(input.billing_anchor)) : null;
  const anchor = billingAnchor ?? anchorAfterTrial(start, timeZone, plan.trial_days);
  // With a billing anchor, the prorated first period is due at the start.
  const firstCharge = billingAnchor ? start : anchor;
  const trialing = plan.trial_days > 0;
  const created = deps.now();
  return db.transaction(async (tx) => {
    const redemption = input.coupon ? await redeemCoupon(tx, merchant, input.coupon, { currency: plan.currency, at: now }) : null;
    // After the coupon (the order a change of subscription takes them in). The customer's row stays locked to the
    // commit: a delete of the customer waits, then sees this subscription.
    if (input.customer_id) await attachCustomer(tx, merchant, input.customer_id, { currencies: [plan.currency], credit: 0, now: created });
    await recordRecurringAmounts(tx, [{ plan, quantity: input.quantity ?? 1 }]);
    const rows = await tx.query<SubscriptionRow>(
      `insert into billing.subscriptions (id, merchant_id, environment, plan_id, card_token, customer_reference, status, time_zone,
          start_at, anchor_at, next_period_index, current_period_start, current_period_end, next_charge_at, trial_end,
          cancel_at_period_end, test_clock_id, metadata, created_at, updated_at, card_expiry, quantity, coupon_id, coupon_periods_left, card_is_token, card_key,
          customer_id, tax_rate_ids)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $20, $12, false, $13, $14, $15, $15, $16, $17, $18, $19, $21, $22, $23, $24)
       returning ${SUBSCRIPTION_COLUMNS}`,
      [
        merchant.merchantId,
        merchant.environment,
        plan.id,
        input.card_token,
        input.customer_reference,
        trialing ? 'trialing' : 'active',
        timeZone,
        start,
        anchor,
        trialing ? start : null,
        trialing ? anchor : null,
        trialing ? anchor : null,
        input.test_clock_id ?? null,
        JSON.stringify(input.metadata ?? {}),
        created,
        card.expiry,
        input.quantity ?? 1,
        redemption?.couponId ?? null,
        redemption?.periodsLeft ?? null,
        firstCharge,
        card.token === input.card_token,
        // A token names one card for good: its key is kept (an alias is resolved at each charge).
        card.token === input.card_token ? cardKey(card) : null,
        input.customer_id ?? null,
        JSON.stringify(input.tax_rate_ids ?? []),
      ],
    );
    const view = toSubscriptionView(rows[0]!);
    await recordEvents(tx, now, [{ ...merchant, type: 'subscription.created', data: { subscription: view } }]);
    if (input.test_clock_id) await markClockBusy(tx, input.test_clock_id, firstCharge, created);
    return view;
  });
}

/** Local midnight of a `YYYY-MM-DD` start date in the subscription's zone, or the instant given. */
function startInstant(value: string, timeZone: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  return localMidnight(value, timeZone);
}

/** A billing anchor lies within one interval after the start, and does not go with a trial. */
function checkBillingAnchor(
  plan: { trial_days: number; interval: string; interval_count: number },
  start: Date,
  timeZone: string,
  anchor: Date,
): Date {
  if (plan.trial_days > 0) throw BillingErrors.validation(['billing_anchor: a plan with a trial starts billing when the trial ends']);
  const cadence: Cadence = { interval: plan.interval as Interval, intervalCount: plan.interval_count, timeZone };
  if (anchor.getTime() <= start.getTime() || intervalStartBefore(anchor, cadence).getTime() > start.getTime()) {
    throw BillingErrors.validation(['billing_anchor: must fall after the start and within one interval of it']);
  }
  return anchor;
}
