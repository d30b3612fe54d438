import { iso } from '../../platform/time.ts';
import { z } from 'zod';
import { DateOrTimestamp, Timestamp } from '../../platform/timestamps.ts';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import {
  anchorAfterTrial,
  firstPeriodStartingAtOrAfter,
  intervalStartBefore,
  isValidTimeZone,
  localMidnight,
  periodStart,
  type Cadence,
  type Interval,
} from '../calendar/billing-calendar.ts';
import { recordEvents } from '../events/events.service.ts';
import { voidOwedInvoicesSql } from '../invoices/void-owed.ts';
import { cardKey, type BillingGateway, type CardSummary, type MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { findPlan } from '../plans/plans.service.ts';
import { SUBSCRIPTION_STATUSES } from './subscription.entity.ts';
import { redeemCoupon } from '../coupons/redeem-coupon.ts';
import { applyChangeNow } from './change-now.service.ts';

const Metadata = z
  .record(z.string().max(100), z.string().max(1000))
  .refine((m) => Object.keys(m).length <= 50, 'metadata holds at most 50 keys');
const StartDate = DateOrTimestamp;
const Quantity = z
  .number()
  .int('quantity must be an integer')
  .min(1, 'quantity must be at least 1')
  .max(100_000, 'quantity must be at most 100,000');
/** The largest subscription line (`plan.amount × quantity`): lines and their sums stay exact integers. */
export const MAX_LINE_AMOUNT = 1_000_000_000_000_000;

function assertLineFits(planAmount: number, quantity: number): void {
  if (planAmount * quantity > MAX_LINE_AMOUNT) {
    throw BillingErrors.validation([`quantity: plan amount × quantity may not exceed ${MAX_LINE_AMOUNT} minor units`]);
  }
}

export const SubscriptionCreate = z.strictObject({
  plan_id: z.string().min(1).max(64),
  card_token: z.string().min(1).max(255),
  customer_reference: z.string().trim().min(1).max(255),
  quantity: Quantity.optional(),
  coupon: z.string().min(1).max(64).optional(),
  /** Periods start on the anchor's day and time; the first, from the start to the anchor, is prorated. */
  billing_anchor: Timestamp.optional(),
  start_date: StartDate.optional(),
  time_zone: z.string().refine(isValidTimeZone, 'time_zone must be an IANA time zone, such as Europe/London').optional(),
  metadata: Metadata.optional(),
  test_clock_id: z.uuid().optional(),
  test: z.boolean().optional(),
});
export type SubscriptionCreate = z.infer<typeof SubscriptionCreate>;

export const SubscriptionUpdate = z
  .strictObject({
    card_token: z.string().min(1).max(255).optional(),
    metadata: Metadata.optional(),
    plan_id: z.string().min(1).max(64).optional(),
    quantity: Quantity.optional(),
    /** A coupon code to redeem (replacing any held), or null to remove the one held. */
    coupon: z.string().min(1).max(64).nullable().optional(),
    /** When a `plan_id` or `quantity` change takes effect: from the next period (the default), or now, prorated. */
    effective: z.enum(['next_period', 'now']).optional(),
    prorate: z.boolean().optional(),
    test: z.boolean().optional(),
  })
  .refine((u) => (u.effective === undefined && u.prorate === undefined) || u.plan_id !== undefined || u.quantity !== undefined, {
    path: ['effective'],
    message: 'effective and prorate apply to a plan_id or quantity change',
  })
  .refine((u) => u.prorate === undefined || u.effective === 'now', {
    path: ['prorate'],
    message: 'prorate applies to a change effective now',
  });
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;

export const SubscriptionCancel = z.strictObject({ at_period_end: z.boolean().optional(), test: z.boolean().optional() });
export const SubscriptionFilter = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  customer_reference: z.string().max(255).optional(),
});

export interface SubscriptionView {
  id: string;
  status: string;
  plan_id: string;
  pending_plan_id: string | null;
  quantity: number;
  pending_quantity: number | null;
  credit_balance: number;
  coupon: string | null;
  card_token: string;
  customer_reference: string;
  time_zone: string;
  current_period_start: string | null;
  current_period_end: string | null;
  next_charge_at: string | null;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  created_at: string;
  cancelled_at: string | null;
  paused_at: string | null;
  metadata: Record<string, string>;
  test_clock_id: string | null;
  /** The instant periods are counted from (the given `billing_anchor`, else the start or the trial's end). */
  billing_anchor: string;
}

interface Row {
  id: string;
  status: string;
  plan_id: string;
  next_plan_id: string | null;
  quantity: number;
  next_quantity: number | null;
  credit_balance: string;
  coupon: string | null;
  coupon_id: string | null;
  card_token: string;
  customer_reference: string;
  time_zone: string;
  current_period_start: string | null;
  current_period_end: string | null;
  next_charge_at: string | null;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  created_at: string;
  cancelled_at: string | null;
  paused_at: string | null;
  metadata: Record<string, string>;
  test_clock_id: string | null;
  anchor_at: string;
  merchant_id: string;
  environment: string;
}

const COLUMNS = `id, status, plan_id, next_plan_id, quantity, next_quantity, credit_balance, coupon_id,
  (select k.code from billing.coupons k where k.id = subscriptions.coupon_id) as coupon, card_token, customer_reference, time_zone, current_period_start, current_period_end,
  next_charge_at, trial_end, cancel_at_period_end, created_at, cancelled_at, paused_at, metadata, test_clock_id, anchor_at, merchant_id, environment`;

function toView(r: Row): SubscriptionView {
  return {
    id: r.id,
    status: r.status,
    plan_id: r.plan_id,
    pending_plan_id: r.next_plan_id,
    quantity: r.quantity,
    pending_quantity: r.next_quantity,
    credit_balance: Number(r.credit_balance),
    coupon: r.coupon,
    card_token: r.card_token,
    customer_reference: r.customer_reference,
    time_zone: r.time_zone,
    current_period_start: iso(r.current_period_start),
    current_period_end: iso(r.current_period_end),
    next_charge_at: iso(r.next_charge_at),
    trial_end: iso(r.trial_end),
    cancel_at_period_end: r.cancel_at_period_end,
    created_at: iso(r.created_at),
    cancelled_at: iso(r.cancelled_at),
    paused_at: iso(r.paused_at),
    metadata: r.metadata,
    test_clock_id: r.test_clock_id,
    billing_anchor: iso(r.anchor_at),
  };
}

/** An instant as the API prints it (`toISOString()`), in SQL. */
const isoSql = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The subscription as the API shows it (`toView`), built in SQL from a `billing.subscriptions` row
 * named `alias`: events written inside a statement (the scheduler's, the charge path's) carry the
 * same object as those the API writes.
 */
export function subscriptionJsonSql(alias: string): string {
  const a = (column: string) => `${alias}.${column}`;
  return `jsonb_build_object('id', ${a('id')}, 'status', ${a('status')}, 'plan_id', ${a('plan_id')}, 'pending_plan_id', ${a('next_plan_id')},
    'quantity', ${a('quantity')}, 'pending_quantity', ${a('next_quantity')}, 'credit_balance', ${a('credit_balance')},
    'coupon', (select k.code from billing.coupons k where k.id = ${a('coupon_id')}),
    'card_token', ${a('card_token')}, 'customer_reference', ${a('customer_reference')}, 'time_zone', ${a('time_zone')},
    'current_period_start', ${isoSql(a('current_period_start'))}, 'current_period_end', ${isoSql(a('current_period_end'))},
    'next_charge_at', ${isoSql(a('next_charge_at'))}, 'trial_end', ${isoSql(a('trial_end'))}, 'cancel_at_period_end', ${a('cancel_at_period_end')},
    'created_at', ${isoSql(a('created_at'))}, 'cancelled_at', ${isoSql(a('cancelled_at'))}, 'paused_at', ${isoSql(a('paused_at'))},
    'metadata', ${a('metadata')}, 'test_clock_id', ${a('test_clock_id')}, 'billing_anchor', ${isoSql(a('anchor_at'))})`;
}

export interface SubscriptionDeps {
  sql: SqlPool;
  gateway: BillingGateway;
  now(): Date;
  /** Charges an open invoice now (a proration), after the transaction that wrote it commits. */
  chargeNow?(invoiceId: string): Promise<void>;
}

/** "Now" for a subscription: its test clock's frozen time, or the real clock. */
async function nowFor(db: Sql, deps: SubscriptionDeps, merchant: MerchantRef, testClockId: string | null): Promise<Date> {
  if (!testClockId) return deps.now();
  const clocks = await db.query<{ frozen_time: string }>(
    'select frozen_time from billing.test_clocks where id = $1 and merchant_id = $2 and environment = $3',
    [testClockId, merchant.merchantId, merchant.environment],
  );
  if (!clocks[0]) throw BillingErrors.notFound('Test clock', testClockId);
  return new Date(clocks[0].frozen_time);
}

/** A charge due at once on a test clock makes the clock `advancing` until it has an outcome. */
async function markClockBusy(tx: Sql, clockId: string, due: Date, now: Date): Promise<void> {
  await tx.query(`update billing.test_clocks set status = 'advancing', updated_at = $3 where id = $1 and frozen_time >= $2`, [
    clockId,
    due,
    now,
  ]);
}

async function requireCard(deps: SubscriptionDeps, merchant: MerchantRef, token: string): Promise<CardSummary> {
  const card = await deps.gateway.findCard(merchant, token);
  if (!card) throw BillingErrors.cardNotFound(token);
  return card;
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

export async function createSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  input: SubscriptionCreate,
): Promise<SubscriptionView> {
  const db = deps.sql;
  const plan = await findPlan(db, merchant, input.plan_id);
  if (!plan) throw BillingErrors.notFound('Plan', input.plan_id);
  if (plan.status !== 'active') throw BillingErrors.validation([`Plan ${plan.id} is archived and takes no new subscriptions`]);
  assertLineFits(plan.amount, input.quantity ?? 1);
  if (input.test_clock_id && merchant.environment !== 'sandbox') throw BillingErrors.validation(['Test clocks exist only in the sandbox']);
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
    const rows = await tx.query<Row>(
      `insert into billing.subscriptions (id, merchant_id, environment, plan_id, card_token, customer_reference, status, time_zone,
          start_at, anchor_at, next_period_index, current_period_start, current_period_end, next_charge_at, trial_end,
          cancel_at_period_end, test_clock_id, metadata, created_at, updated_at, card_expiry, quantity, coupon_id, coupon_periods_left, card_is_token, card_key)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $20, $12, false, $13, $14, $15, $15, $16, $17, $18, $19, $21, $22)
       returning ${COLUMNS}`,
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
      ],
    );
    const view = toView(rows[0]!);
    await recordEvents(tx, now, [{ ...merchant, type: 'subscription.created', data: { subscription: view } }]);
    if (input.test_clock_id) await markClockBusy(tx, input.test_clock_id, firstCharge, created);
    return view;
  });
}

async function load(db: Sql, merchant: MerchantRef, id: string, lock = false): Promise<Row> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<Row>(
        `select ${COLUMNS} from billing.subscriptions where id = $1 and merchant_id = $2 and environment = $3${lock ? ' for update' : ''}`,
        [id, merchant.merchantId, merchant.environment],
      )
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Subscription', id);
  return rows[0];
}

export async function getSubscription(db: Sql, merchant: MerchantRef, id: string): Promise<SubscriptionView> {
  return toView(await load(db, merchant, id));
}

export async function listSubscriptions(
  db: Sql,
  merchant: MerchantRef,
  page: Page,
  filter: z.infer<typeof SubscriptionFilter>,
): Promise<Paginated<SubscriptionView>> {
  const where = ['merchant_id = $1', 'environment = $2'];
  const params: unknown[] = [merchant.merchantId, merchant.environment];
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  if (filter.customer_reference) where.push(`customer_reference = $${params.push(filter.customer_reference)}`);
  const [rows, counts] = await Promise.all([
    db.query<Row>(
      `select ${COLUMNS} from billing.subscriptions where ${where.join(' and ')} order by created_at desc, id desc limit ${page.limit} offset ${page.skip}`,
      params,
    ),
    db.query<{ n: number }>(`select count(*)::int as n from billing.subscriptions where ${where.join(' and ')}`, params),
  ]);
  return { items: rows.map(toView), total: counts[0]?.n ?? 0, page };
}

/** Card, metadata, and a plan that takes effect from the next period. */
export async function updateSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  id: string,
  input: SubscriptionUpdate,
): Promise<SubscriptionView> {
  const card = input.card_token ? await requireCard(deps, merchant, input.card_token) : null;
  const newPlan = input.plan_id ? await findPlan(deps.sql, merchant, input.plan_id) : undefined;
  if (input.plan_id) {
    if (!newPlan) throw BillingErrors.notFound('Plan', input.plan_id);
    if (newPlan.status !== 'active') throw BillingErrors.validation([`Plan ${newPlan.id} is archived and takes no new subscriptions`]);
  }
  const now = deps.now();
  const changeNow = input.effective === 'now';
  let owed: string | null = null;
  const updated = await deps.sql.transaction(async (tx) => {
    const current = await load(tx, merchant, id, true);
    if (current.status === 'cancelled' || current.status === 'completed') {
      throw BillingErrors.conflict(`Subscription is ${current.status} and cannot be changed`);
    }
    const at = await nowFor(tx, deps, merchant, current.test_clock_id);
    if (input.quantity !== undefined || newPlan) {
      const plans = await tx.query<{ amount: string }>('select amount from billing.plans where id = $1', [
        current.next_plan_id ?? current.plan_id,
      ]);
      assertLineFits(newPlan?.amount ?? Number(plans[0]!.amount), input.quantity ?? current.next_quantity ?? current.quantity);
    }
    if (input.coupon !== undefined) await changeCoupon(tx, deps, merchant, current, input.coupon);
    if (changeNow) {
      const outcome = await applyChangeNow(tx, merchant, current, {
        planId: input.plan_id,
        quantity: input.quantity,
        prorate: input.prorate ?? true,
        billingNow: at,
        now,
      });
      if (outcome?.kind === 'invoice' && outcome.status === 'open') owed = outcome.invoiceId;
    }
    const rows = await tx.query<Row>(
      `update billing.subscriptions set card_token = coalesce($2, card_token), card_is_token = coalesce($8, card_is_token),
          card_key = case when $2::text is null then card_key else $9::text end, metadata = coalesce($3, metadata),
          card_expiry = coalesce($6, card_expiry), awaiting_card_update = awaiting_card_update and $6::text is null,
          next_plan_id = case when $4::uuid is null then next_plan_id when $4::uuid = plan_id then null else $4::uuid end, updated_at = $5,
          next_quantity = case when $7::int is null then next_quantity when $7::int = quantity then null else $7::int end
        where id = $1 returning ${COLUMNS}`,
      [
        id,
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
    const view = toView(rows[0]!);
    if (card) {
      // A new card releases what was held for the old one: due again at once.
      const held = await tx.query(
        `update billing.invoices i set held_for_card = false, retry_enqueued_at = null, updated_at = $2,
            next_attempt_at = coalesce((select c.frozen_time from billing.test_clocks c where c.id = $3), $2)
          where i.subscription_id = $1 and i.status = 'past_due' and i.held_for_card returning i.id`,
        [id, now, current.test_clock_id],
      );
      if (held.length && current.test_clock_id) {
        await tx.query(`update billing.test_clocks set status = 'advancing', updated_at = $2 where id = $1`, [current.test_clock_id, now]);
      }
    }
    const changes = Object.keys(input).filter((k) => !['test', 'effective', 'prorate'].includes(k));
    await recordEvents(tx, at, [
      {
        ...merchant,
        type: 'subscription.updated',
        data: { subscription: view, changed: changes, effective: input.effective ?? 'next_period' },
      },
    ]);
    return view;
  });
  // The proration invoice is charged once its transaction has committed; a decline enters dunning and the change stands.
  if (owed && deps.chargeNow) await deps.chargeNow(owed);
  return owed ? getSubscription(deps.sql, merchant, id) : updated;
}

/** Redeems a coupon code in place of the one held (the same code again changes nothing), or removes it. */
async function changeCoupon(tx: Sql, deps: SubscriptionDeps, merchant: MerchantRef, current: Row, code: string | null): Promise<void> {
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

export async function pauseSubscription(deps: SubscriptionDeps, merchant: MerchantRef, id: string): Promise<SubscriptionView> {
  const now = deps.now();
  return deps.sql.transaction(async (tx) => {
    const current = await load(tx, merchant, id, true);
    if (!['active', 'trialing', 'past_due'].includes(current.status)) {
      throw BillingErrors.conflict(`Subscription is ${current.status} and cannot be paused`);
    }
    const at = await nowFor(tx, deps, merchant, current.test_clock_id);
    const rows = await tx.query<Row>(
      `update billing.subscriptions set status = 'paused', paused_at = $2, next_charge_at = null, updated_at = $3 where id = $1 returning ${COLUMNS}`,
      [id, at, now],
    );
    // A charge claimed from here on re-reads the subscription (the claim re-runs when its invoice changed).
    await tx.query(`update billing.invoices set updated_at = $2 where subscription_id = $1 and status in ('open', 'past_due')`, [id, now]);
    const view = toView(rows[0]!);
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
    const current = await load(tx, merchant, id, true);
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
    const rows = await tx.query<Row>(
      `update billing.subscriptions set status = $2, paused_at = null, next_period_index = $3, next_charge_at = $4, updated_at = $5
        where id = $1 returning ${COLUMNS}`,
      [id, status, index, periodStart(anchor, cadence, index), now],
    );
    const view = toView(rows[0]!);
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

export async function cancelSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  id: string,
  atPeriodEnd: boolean,
): Promise<SubscriptionView> {
  const now = deps.now();
  return deps.sql.transaction(async (tx) => {
    const current = await load(tx, merchant, id, true);
    if (current.status === 'cancelled') throw BillingErrors.conflict('Subscription is already cancelled');
    const at = await nowFor(tx, deps, merchant, current.test_clock_id);
    if (atPeriodEnd && current.status !== 'paused') {
      const rows = await tx.query<Row>(
        `update billing.subscriptions set cancel_at_period_end = true, updated_at = $2 where id = $1 returning ${COLUMNS}`,
        [id, now],
      );
      const view = toView(rows[0]!);
      await recordEvents(tx, at, [
        { ...merchant, type: 'subscription.updated', data: { subscription: view, changed: ['cancel_at_period_end'] } },
      ]);
      return view;
    }
    const rows = await tx.query<Row>(
      `update billing.subscriptions set status = 'cancelled', cancelled_at = $2, next_charge_at = null, updated_at = $3 where id = $1 returning ${COLUMNS}`,
      [id, at, now],
    );
    const view = toView(rows[0]!);
    await recordEvents(tx, at, [{ ...merchant, type: 'subscription.cancelled', data: { subscription: view, reason: 'requested' } }]);
    // Cancelling now stops collection: what is still owed is voided and its retries dropped. An
    // attempt already at the gateway keeps its outcome (an approval still marks the invoice paid).
    await tx.query(
      `with ${voidOwedInvoicesSql({ name: 'voided', where: 'i.subscription_id = $1', reason: `'subscription_cancelled'`, at: '$3', now: '$2' })}
       select count(*) from voided`,
      [id, now, at],
    );
    return view;
  });
}
