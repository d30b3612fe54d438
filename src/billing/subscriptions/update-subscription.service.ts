import type { Sql } from '../../platform/sql.ts';
import { recordEvents } from '../events/events.service.ts';
import { cardKey, type MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { requireActivePlan } from '../plans/plans.service.ts';
import { redeemCoupon } from '../coupons/redeem-coupon.ts';
import { assertCustomerCurrency, attachCustomer } from '../customers/customer-credit.ts';
import { requireActiveTaxRates } from '../taxes/tax-rate-ids.ts';
import { applyChangeNow } from './change-now.service.ts';
import { billUsageUntil } from '../usage/usage-so-far.ts';
import { recordRecurringAmounts } from '../plans/recurring-amounts.ts';
import type { PlanPriceInput } from '../pricing/price-input.ts';
import { assertLineFits, type SubscriptionUpdate } from './subscription-input.ts';
import { SUBSCRIPTION_COLUMNS, type SubscriptionRow, type SubscriptionView } from './subscription-view.ts';
import { loadSubscription, nowFor, requireCard, setSubscription, type SubscriptionDeps } from './subscription-context.ts';
import { getSubscription } from './read-subscriptions.service.ts';
import { getInvoice, type InvoiceView } from '../invoices/invoices.service.ts';

/** Card, metadata, coupon, and a plan or quantity that takes effect from the next period or now (prorated). */
export async function updateSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  id: string,
  input: SubscriptionUpdate,
): Promise<SubscriptionView> {
  const change = await prepareUpdate(deps, merchant, input);
  const { view: updated, owed } = await deps.sql.transaction((tx) => applyUpdate(tx, deps, merchant, id, input, change));
  // The proration invoice is charged once its transaction has committed; a decline enters dunning and the change stands.
  if (deps.chargeNow) for (const invoiceId of owed) await deps.chargeNow(invoiceId);
  return owed.length > 0 ? getSubscription(deps.sql, merchant, id) : updated;
}

/** What a change would do, done and rolled back: the subscription as it would be, and the invoices it would charge now. */
export interface SubscriptionUpdatePreview {
  preview: true;
  subscription: SubscriptionView;
  /** The invoices the change would write and charge at once (a proration, the usage so far at the old prices), as they would be. */
  invoices: InvoiceView[];
}

/** Thrown to roll the preview's transaction back once it has read what the change wrote. */
class PreviewRollback extends Error {
  readonly result: SubscriptionUpdatePreview;
  constructor(result: SubscriptionUpdatePreview) {
    super('preview rolled back');
    this.result = result;
  }
}

/**
 * `POST /subscriptions/{id}/preview`: the change `updateSubscription` would make, made by the same
 * code in a transaction that is then rolled back, so the preview can never differ from the change
 * (docs/api.md). Nothing is kept: no invoice, number, event or credit, and nothing is charged.
 */
export async function previewSubscriptionUpdate(
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  id: string,
  input: SubscriptionUpdate,
): Promise<SubscriptionUpdatePreview> {
  const change = await prepareUpdate(deps, merchant, input);
  try {
    await deps.sql.transaction(async (tx) => {
      const { view, owed } = await applyUpdate(tx, deps, merchant, id, input, change);
      const invoices: InvoiceView[] = [];
      for (const invoiceId of owed) invoices.push(await getInvoice(tx, merchant, invoiceId));
      throw new PreviewRollback({ preview: true, subscription: view, invoices });
    });
  } catch (err) {
    if (err instanceof PreviewRollback) return err.result;
    throw err;
  }
  throw new Error('the preview transaction committed');
}

interface PreparedUpdate {
  card: Awaited<ReturnType<typeof requireCard>> | null;
  newPlan: Awaited<ReturnType<typeof requireActivePlan>> | undefined;
  now: Date;
}

/** The card and the plan a change names, checked before its transaction. */
async function prepareUpdate(deps: SubscriptionDeps, merchant: MerchantRef, input: SubscriptionUpdate): Promise<PreparedUpdate> {
  const card = input.card_token ? await requireCard(deps, merchant, input.card_token) : null;
  const newPlan = input.plan_id ? await requireActivePlan(deps.sql, merchant, input.plan_id) : undefined;
  return { card, newPlan, now: deps.now() };
}

/** The change, in `tx`: the subscription as it is after it, and the invoices to charge once committed. */
async function applyUpdate(
  tx: Sql,
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  id: string,
  input: SubscriptionUpdate,
  { card, newPlan, now }: PreparedUpdate,
): Promise<{ view: SubscriptionView; owed: string[] }> {
  const changeNow = input.effective === 'now';
  const owed: string[] = [];
  const current = await loadSubscription(tx, merchant, id, true);
  if (current.status === 'cancelled' || current.status === 'completed') {
    throw BillingErrors.conflict(`Subscription is ${current.status} and cannot be changed`);
  }
  const at = await nowFor(tx, deps, merchant, current.test_clock_id);
  // Before a change effective now: its proration invoice is taxed by the new rates.
  if (input.tax_rate_ids !== undefined) {
    await requireActiveTaxRates(tx, merchant, input.tax_rate_ids);
    await tx.query('update billing.subscriptions set tax_rate_ids = $2 where id = $1', [id, JSON.stringify(input.tax_rate_ids)]);
  }
  if (input.quantity !== undefined || newPlan) {
    const plans = await tx.query<{ amount: string; prices: PlanPriceInput[] }>('select amount, prices from billing.plans where id = $1', [
      current.next_plan_id ?? current.plan_id,
    ]);
    assertLineFits(newPlan ?? plans[0]!, input.quantity ?? current.next_quantity ?? current.quantity);
  }
  if (input.coupon !== undefined) await changeCoupon(tx, deps, merchant, current, input.coupon);
  // The customer before a change made now: its proration credits the customer the subscription has from now on.
  let sub = current;
  if (input.customer_id !== undefined && input.customer_id !== current.customer_id) {
    sub = await changeCustomer(tx, merchant, current, input.customer_id, newPlan?.currency, now);
  } else if (newPlan && current.customer_id) {
    await assertCustomerCurrency(tx, current.customer_id, newPlan.currency);
  }
  if (changeNow && input.plan_id !== undefined && input.plan_id !== sub.plan_id) {
    // A plan changed now bills the usage so far at the old plan's prices, on an invoice of its own (docs/usage.md).
    const usage = await billUsageUntil(tx, merchant, sub, { kind: 'proration', end: at, now });
    if (usage?.kind === 'invoice' && usage.status === 'open') owed.push(usage.invoiceId);
    if (usage) {
      const [fresh] = await tx.query<{ credit_balance: string }>('select credit_balance from billing.subscriptions where id = $1', [id]);
      sub = { ...sub, credit_balance: fresh!.credit_balance };
    }
  }
  if (changeNow) {
    const outcome = await applyChangeNow(tx, merchant, sub, {
      planId: input.plan_id,
      quantity: input.quantity,
      prorate: input.prorate ?? true,
      billingNow: at,
      now,
    });
    if (outcome?.kind === 'invoice' && outcome.status === 'open') owed.push(outcome.invoiceId);
  }
  const view = await setSubscription(
    tx,
    id,
    `card_token = coalesce($2, card_token), card_is_token = coalesce($8, card_is_token),
        card_key = case when $2::text is null then card_key else $9::text end, metadata = coalesce($3, metadata),
        card_expiry = coalesce($6, card_expiry), awaiting_card_update = awaiting_card_update and $6::text is null,
        next_plan_id = case when $4::uuid is null then next_plan_id when $4::uuid = plan_id then null else $4::uuid end, updated_at = $5,
        next_quantity = case when $7::int is null then next_quantity when $7::int = quantity then null else $7::int end`,
    [
      input.card_token ?? null,
      input.metadata ? JSON.stringify(input.metadata) : null,
      changeNow ? null : (input.plan_id ?? null),
      now,
      card?.expiry ?? null,
      changeNow ? null : (input.quantity ?? null),
      card ? card.token === input.card_token : null,
      card && card.token === input.card_token ? cardKey(card) : null,
    ],
  );
  if (input.quantity !== undefined || newPlan) await recordPendingAmount(tx, view);
  if (card) await releaseHeldInvoices(tx, id, current.test_clock_id, now);
  const changes = Object.keys(input).filter((k) => !['test', 'effective', 'prorate'].includes(k));
  await recordEvents(tx, at, [
    {
      ...merchant,
      type: 'subscription.updated',
      data: { subscription: view, changed: changes, effective: input.effective ?? 'next_period' },
    },
  ]);
  return { view, owed };
}

/**
 * Puts the subscription under another customer, or none (`null`). Joining a customer checks it
 * (this merchant's, not deleted, billed in the plans' currency: 422 naming `customer_id`) and
 * moves the credit the subscription held to it; credit a customer holds stays with it.
 */
async function changeCustomer(
  tx: Sql,
  merchant: MerchantRef,
  current: SubscriptionRow,
  customerId: string | null,
  newPlanCurrency: string | undefined,
  now: Date,
): Promise<SubscriptionRow> {
  if (customerId !== null) {
    // The plans it bills on: the current one, and the pending one (or the new one given now).
    const planIds = [current.plan_id, ...(newPlanCurrency === undefined && current.next_plan_id ? [current.next_plan_id] : [])];
    const plans = await tx.query<{ currency: string }>('select currency from billing.plans where id = any($1::uuid[])', [planIds]);
    const currencies = [...plans.map((p) => p.currency), ...(newPlanCurrency ? [newPlanCurrency] : [])];
    await attachCustomer(tx, merchant, customerId, { currencies, credit: Number(current.credit_balance), now });
  }
  const rows = await tx.query<SubscriptionRow>(
    `update billing.subscriptions set customer_id = $2, credit_balance = case when $2::uuid is null then credit_balance else 0 end
      where id = $1 returning ${SUBSCRIPTION_COLUMNS}`,
    [current.id, customerId],
  );
  return rows[0]!;
}

/** The recurring amount of the plan and quantity a subscription bills from its next period (`recordRecurringAmounts`). */
async function recordPendingAmount(tx: Sql, view: SubscriptionView): Promise<void> {
  const [plan] = await tx.query<{ id: string; amount: string; prices: PlanPriceInput[] }>(
    'select id, amount, prices from billing.plans where id = $1',
    [view.pending_plan_id ?? view.plan_id],
  );
  await recordRecurringAmounts(tx, [{ plan: plan!, quantity: view.pending_quantity ?? view.quantity }]);
}

/** A new card releases what was held for the old one: due again at once. */
async function releaseHeldInvoices(tx: Sql, id: string, testClockId: string | null, now: Date): Promise<void> {
  const held = await tx.query(
    `update billing.invoices i set held_for_card = false, retry_enqueued_at = null, updated_at = $2,
        next_attempt_at = coalesce((select c.frozen_time from billing.test_clocks c where c.id = $3), $2)
      where i.subscription_id = $1 and i.status = 'past_due' and i.held_for_card returning i.id`,
    [id, now, testClockId],
  );
  if (held.length && testClockId) {
    await tx.query(`update billing.test_clocks set status = 'advancing', updated_at = $2 where id = $1`, [testClockId, now]);
  }
}

/** Redeems a coupon code in place of the one held (the same code again changes nothing), or removes it. */
async function changeCoupon(
  tx: Sql,
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  current: SubscriptionRow,
  code: string | null,
): Promise<void> {
  if (code !== null && code === current.coupon) return;
  let redemption = null;
  if (code !== null) {
    const plans = await tx.query<{ currency: string }>('select currency from billing.plans where id = $1', [current.plan_id]);
    const at = await nowFor(tx, deps, merchant, current.test_clock_id);
    redemption = await redeemCoupon(tx, merchant, code, { currency: plans[0]!.currency, at });
  }
  await tx.query('update billing.subscriptions set coupon_id = $2, coupon_periods_left = $3 where id = $1', [
    current.id,
    redemption?.couponId ?? null,
    redemption?.periodsLeft ?? null,
  ]);
}
