import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { Sql, SqlPool } from '../platform/sql.ts';
import { intervalStartBefore, isoInstant, periodMs, type Cadence, type Interval } from '../billing/calendar/billing-calendar.ts';
import { prorateFirstPeriod } from '../billing/proration/proration.ts';
import { bornRelayedSql, eventDataSql } from '../billing/events/insert-events-sql.ts';
import type { NewEvent } from '../billing/events/event-types.ts';
import { subscriptionJsonSql } from '../billing/subscriptions/subscriptions.service.ts';
import { voidOwedInvoicesSql } from '../billing/invoices/void-owed.ts';
import type { ChargeJob, ExpiryUpdateJob, RetryJob } from '../queues/queues.ts';
import { expiringNoticeDueSql, notifyExpiringCards } from '../billing/cards/card-expiry.service.ts';
import { relayEvents } from '../billing/webhooks/webhooks.service.ts';
import { periodInvoice, type PendingItem } from '../billing/invoices/lines/period-invoice.ts';
import { HELD_COUPON_COLUMNS, heldDiscount, type HeldCoupon } from '../billing/coupons/redeem-coupon.ts';

export interface SchedulerDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  /** Hands owed charges to the queue; called after the transaction that owes them commits. */
  enqueue(jobs: ChargeJob[]): Promise<void>;
  /** Hands owed charges back to the queue (the sweep), clearing jobs that spent their retries. */
  requeue(jobs: ChargeJob[]): Promise<void>;
  /** Hands due dunning retries to the retry queue. */
  enqueueRetries(jobs: RetryJob[]): Promise<void>;
  /** Hands subscriptions that must wait for a card update to the expiry-update queue. */
  enqueueExpiryUpdates(jobs: ExpiryUpdateJob[]): Promise<void>;
  /** `card.expiring` goes out this many days before the first charge after the card's expiry. */
  expiringLeadDays: number;
  /** A retry handed to the queue and still owed this long after is handed over again. */
  retryGraceMs: number;
  /** Hands webhook deliveries to the webhook queue. */
  enqueueWebhooks(deliveryIds: string[]): Promise<void>;
  batchSize: number;
  /** True once the scheduler is stopping: a tick or sweep stops between batches (what is left stays owed). */
  stopping?(): boolean;
}

/** Subscription states that are billed when a period begins. */
export const BILLABLE = ['trialing', 'active', 'past_due'];

interface DueRow extends HeldCoupon {
  id: string;
  merchant_id: string;
  environment: string;
  status: string;
  plan_id: string;
  next_plan_id: string | null;
  time_zone: string;
  anchor_at: string;
  next_period_index: number;
  next_charge_at: string;
  cancel_at_period_end: boolean;
  plan_amount: string;
  plan_currency: string;
  plan_interval: Interval;
  plan_interval_count: number;
  /** JSON text: handed on to the invoice as it is. */
  plan_dunning: string;
  current_interval: Interval;
  current_interval_count: number;
  /** The test clock's time, for a subscription on one. */
  clock_time: string | null;
  // What the period's invoice is composed of (src/billing/invoices/lines).
  plan_name: string;
  plan_setup_fee: string;
  plan_billing_cycles: number | null;
  quantity: number;
  next_quantity: number | null;
  periods_invoiced: number;
  credit_balance: string;
  pending_items: PendingItem[] | null;
}

const DUE_COLUMNS = `s.id, s.merchant_id, s.environment, s.status, s.plan_id, s.next_plan_id, s.time_zone, s.anchor_at,
  s.next_period_index, s.next_charge_at, s.cancel_at_period_end, p.amount as plan_amount, p.currency as plan_currency,
  p.interval as plan_interval, p.interval_count as plan_interval_count, p.dunning::text as plan_dunning,
  cp.interval as current_interval, cp.interval_count as current_interval_count,
  p.name as plan_name, p.setup_fee as plan_setup_fee, p.billing_cycles as plan_billing_cycles, s.quantity, s.next_quantity,
  s.periods_invoiced, s.credit_balance, ${HELD_COUPON_COLUMNS},
  (select json_agg(json_build_object('id', it.id, 'description', it.description, 'unit_amount', it.unit_amount, 'quantity', it.quantity)
     order by it.created_at, it.id) from billing.subscription_items it where it.subscription_id = s.id and it.invoice_id is null) as pending_items`;

/**
 * Claims up to `limit` due subscriptions, locking them and skipping rows another scheduler holds:
 * subscriptions on the real clock due by `now`, and those attached to a test clock due by the
 * clock's time. Each claim reads through the partial due index, so a tick costs what is
 * due, not the size of the table.
 */
async function claimDue(tx: Sql, now: Date, limit: number): Promise<DueRow[]> {
  const real = await tx.query<DueRow>(
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
  if (real.length >= limit) return real;
  const clocked = await tx.query<DueRow>(
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
  return real.concat(clocked);
}

/** A subscription advanced (or cancelled), as the batch statement reads it: instants as ISO strings, or as PostgreSQL wrote them. */
interface Advance {
  id: string;
  plan_id: string;
  status: string;
  anchor_at: string;
  next_period_index: number;
  current_period_start: string | null;
  current_period_end: string | null;
  next_charge_at: string | null;
  cancelled_at: string | null;
  /** Quantity, period invoices and credit after this period (null: unchanged). */
  quantity: number | null;
  periods_invoiced: number | null;
  credit_balance: number | null;
  /** A held coupon counted one more period invoice (`once` and `repeating` run down, then drop). */
  coupon_used: boolean;
}

/** The invoice of the period that began, as the batch statement reads it. */
interface NewInvoice {
  merchant_id: string;
  environment: string;
  subscription_id: string;
  plan_id: string;
  period_index: number;
  period_start: string;
  period_end: string;
  /** The plan's amount as PostgreSQL wrote it (a bigint). */
  amount: string;
  currency: string;
  /** The plan's dunning policy as JSON text. */
  dunning: string;
  /** The composed invoice: lines as JSON text; an amount of 0 is paid at once, with no purchase. */
  lines: string;
  subtotal: number;
  discount: number;
  credit_applied: number;
  status: 'open' | 'paid';
  paid_at: string | null;
  /** The one-off items it took, as a JSON array of ids. */
  item_ids: string;
}

interface Planned {
  advance: Advance;
  invoice: NewInvoice | null;
  events: NewEvent[];
  /** When the subscription is due next (epoch ms), or null when it is not. */
  nextChargeMs: number | null;
}

/** What one due subscription turns into: the period's invoice and the subscription advanced, or its cancellation. */
function planFor(row: DueRow): Planned {
  const base = { merchantId: row.merchant_id, environment: row.environment };
  if (row.cancel_at_period_end) {
    return {
      advance: {
        id: row.id,
        plan_id: row.plan_id,
        status: 'cancelled',
        anchor_at: row.anchor_at,
        next_period_index: row.next_period_index,
        current_period_start: null,
        current_period_end: null,
        next_charge_at: null,
        cancelled_at: row.next_charge_at,
        quantity: null,
        periods_invoiced: null,
        credit_balance: null,
        coupon_used: false,
      },
      invoice: null,
      events: [
        {
          ...base,
          type: 'subscription.cancelled',
          data: { reason: 'period_end' },
        },
      ],
      nextChargeMs: null,
    };
  }
  let anchorAt = row.anchor_at;
  let index = row.next_period_index;
  let planId = row.plan_id;
  if (row.next_plan_id) {
    // A plan change takes effect at this period boundary; a new cadence re-anchors the calendar here.
    planId = row.next_plan_id;
    if (row.plan_interval !== row.current_interval || row.plan_interval_count !== row.current_interval_count) {
      anchorAt = row.next_charge_at;
      index = 0;
    }
  }
  const cadence: Cadence = { interval: row.plan_interval, intervalCount: row.plan_interval_count, timeZone: row.time_zone };
  // Before a billing anchor: a first period from the start to the anchor, charged pro rata at the start.
  const stub = index === 0 && Date.parse(row.next_charge_at) < Date.parse(anchorAt);
  const p = stub ? { start: Date.parse(row.next_charge_at), end: Date.parse(anchorAt) } : periodMs(new Date(anchorAt), cadence, index);
  const [start, end] = [isoInstant(p.start), isoInstant(p.end)];
  const quantityNow = row.next_quantity ?? row.quantity;
  const proratedAmount = stub
    ? prorateFirstPeriod({
        amount: Number(row.plan_amount) * quantityNow,
        start: new Date(p.start),
        anchor: new Date(p.end),
        intervalStart: intervalStartBefore(new Date(p.end), cadence),
      }).amount
    : undefined;
  const composed = periodInvoice({
    planName: row.plan_name,
    planAmount: Number(row.plan_amount),
    setupFee: Number(row.plan_setup_fee),
    billingCycles: row.plan_billing_cycles,
    quantity: row.quantity,
    nextQuantity: row.next_quantity,
    periodsInvoiced: row.periods_invoiced,
    creditBalance: Number(row.credit_balance),
    discount: heldDiscount(row, row.plan_currency),
    proratedAmount,
    items: row.pending_items ?? [],
    period: { start: new Date(p.start), end: new Date(p.end) },
  });
  if (composed.kind === 'completed') return completedPlan(row);
  const { invoice: bill } = composed;
  const events: NewEvent[] = [];
  if (row.status === 'trialing')
    events.push({
      ...base,
      type: 'subscription.updated',
      data: { previous_status: 'trialing' },
    });
  return {
    advance: {
      id: row.id,
      plan_id: planId,
      status: row.status === 'trialing' ? 'active' : row.status,
      anchor_at: anchorAt,
      next_period_index: stub ? index : index + 1,
      current_period_start: start,
      current_period_end: end,
      next_charge_at: end,
      cancelled_at: null,
      quantity: composed.quantity,
      periods_invoiced: composed.periodsInvoiced,
      credit_balance: composed.creditBalance,
      coupon_used: row.coupon_code !== null,
    },
    invoice: {
      merchant_id: row.merchant_id,
      environment: row.environment,
      subscription_id: row.id,
      plan_id: planId,
      period_index: stub ? -1 : index,
      period_start: start,
      period_end: end,
      amount: String(bill.amount),
      currency: row.plan_currency,
      dunning: row.plan_dunning,
      lines: JSON.stringify(bill.lines),
      subtotal: bill.subtotal,
      discount: bill.discount,
      credit_applied: bill.creditApplied,
      status: bill.amount === 0 ? 'paid' : 'open',
      paid_at: bill.amount === 0 ? (row.clock_time ?? row.next_charge_at) : null,
      item_ids: JSON.stringify(composed.itemIds),
    },
    events,
    nextChargeMs: p.end,
  };
}

/** A fixed-term plan's last invoiced period has ended: the subscription completes, with no invoice. */
function completedPlan(row: DueRow): Planned {
  const at = new Date(row.next_charge_at).toISOString();
  return {
    advance: {
      id: row.id,
      plan_id: row.plan_id,
      status: 'completed',
      anchor_at: row.anchor_at,
      next_period_index: row.next_period_index,
      current_period_start: null,
      current_period_end: null,
      next_charge_at: null,
      cancelled_at: null,
      quantity: null,
      periods_invoiced: null,
      credit_balance: null,
      coupon_used: false,
    },
    invoice: null,
    events: [
      {
        merchantId: row.merchant_id,
        environment: row.environment,
        type: 'subscription.completed',
        data: { subscription_id: row.id, completed_at: at, periods_invoiced: row.periods_invoiced },
      },
    ],
    nextChargeMs: null,
  };
}

/**
 * One batch, in one transaction: claim, invoice the period that began, advance each
 * subscription by one period. A subscription several periods behind stays due and is claimed
 * again by the next batch, so every missed period is invoiced once, in order. Two statements
 * whatever the batch size: the claim, then the invoices, the subscriptions and the events together.
 * The rows travel as one JSON document each (`json_to_recordset`): serialised natively, where the
 * driver's array parameters cost several microseconds per element in JavaScript.
 */
async function invoiceBatch(
  tx: Sql,
  deps: SchedulerDeps,
  onClaim: (full: boolean) => void = () => undefined,
): Promise<{ claimed: number; jobs: ChargeJob[]; full: boolean; behind: boolean }> {
  const now = deps.clock.now();
  const rows = await claimDue(tx, now, deps.batchSize);
  const full = rows.length >= deps.batchSize;
  onClaim(full);
  if (rows.length === 0) return { claimed: 0, jobs: [], full, behind: false };
  const plans = rows.map(planFor);
  // Events carry billing time: a test clock's for a subscription on one.
  const eventAt = (i: number) => rows[i]!.clock_time ?? now.toISOString();
  // A subscription still behind after this period is claimed again by a next batch.
  const behind = plans.some(({ nextChargeMs }, i) => {
    const at = rows[i]!.clock_time;
    return nextChargeMs !== null && nextChargeMs <= (at === null ? now.getTime() : Date.parse(at));
  });
  const invoices = plans.flatMap((p, i) => (p.invoice ? [{ ...p.invoice, at: eventAt(i) }] : []));
  // With its billing time: the events of what the advance voids carry it.
  const advances = plans.map((p, i) => ({ ...p.advance, at: eventAt(i) }));
  const events = plans.flatMap((p, i) =>
    p.events.map((e) => ({
      merchant_id: e.merchantId,
      environment: e.environment,
      type: e.type,
      data: e.data,
      at: eventAt(i),
      subscription_id: rows[i]!.id,
    })),
  );
  const created = await tx.query<{ id: string; status: string }>(
    `with input as (
       select * from json_to_recordset($1::json) as x(merchant_id uuid, environment text, subscription_id uuid, plan_id uuid,
         period_index int, period_start text, period_end timestamptz, amount bigint, currency text, dunning text, at timestamptz,
         lines text, subtotal bigint, discount bigint, credit_applied bigint, status text, paid_at timestamptz, item_ids text)),
     invoiced as (
       insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, period_index, period_start, period_end,
           amount, currency, status, attempt_count, dunning, created_at, updated_at, lines, subtotal, discount, credit_applied, paid_at)
       select gen_random_uuid(), merchant_id, environment, subscription_id, plan_id, period_index, period_start::timestamptz, period_end,
              amount, currency, status, 0, dunning::jsonb, $4, $4, lines::jsonb, subtotal, discount, credit_applied, paid_at
         from input
       on conflict (subscription_id, period_start) where kind = 'period' do nothing
       returning id, subscription_id, merchant_id, environment, amount, currency, status),
     items_taken as (
       update billing.subscription_items it set invoice_id = invoiced.id
         from invoiced join input on input.subscription_id = invoiced.subscription_id
        where it.id in (select value::uuid from json_array_elements_text(input.item_ids::json))),
     -- A completed subscription is collected no more, as a cancelled one: what it still owes is void.
     ${voidOwedInvoicesSql({
       name: 'completed_void',
       from: 'json_to_recordset($2::json) as c(id uuid, status text, at timestamptz)',
       where: `c.status = 'completed' and i.subscription_id = c.id`,
       reason: `'subscription_completed'`,
       at: 'c.at',
       now: '$4',
     })},
     advanced as (
       update billing.subscriptions s set plan_id = u.plan_id, next_plan_id = null, status = u.status, anchor_at = u.anchor_at,
           next_period_index = u.next_period_index, current_period_start = coalesce(u.current_period_start, s.current_period_start),
           current_period_end = coalesce(u.current_period_end, s.current_period_end), next_charge_at = u.next_charge_at,
           cancelled_at = coalesce(u.cancelled_at, s.cancelled_at), cancel_at_period_end = s.cancel_at_period_end and u.cancelled_at is null,
           quantity = coalesce(u.quantity, s.quantity), next_quantity = case when u.quantity is null then s.next_quantity end,
           periods_invoiced = coalesce(u.periods_invoiced, s.periods_invoiced), credit_balance = coalesce(u.credit_balance, s.credit_balance),
           coupon_id = case when u.coupon_used and s.coupon_periods_left <= 1 then null else s.coupon_id end,
           coupon_periods_left = case when u.coupon_used and s.coupon_periods_left <= 1 then null
                                      when u.coupon_used then s.coupon_periods_left - 1 else s.coupon_periods_left end,
           updated_at = $4
         from json_to_recordset($2::json) as u(id uuid, plan_id uuid, status text, anchor_at timestamptz, next_period_index int,
           current_period_start timestamptz, current_period_end timestamptz, next_charge_at timestamptz, cancelled_at timestamptz,
           quantity int, periods_invoiced int, credit_balance bigint, coupon_used boolean)
        where s.id = u.id
        returning s.*),
     created_events as (
       select invoiced.merchant_id, invoiced.environment, 'invoice.created' as type,
              jsonb_build_object('invoice_id', invoiced.id, 'subscription_id', invoiced.subscription_id, 'amount', invoiced.amount,
                                 'currency', invoiced.currency, 'period_start', input.period_start) as data, input.at
         from invoiced join input on input.subscription_id = invoiced.subscription_id
       union all
       -- An invoice of 0 (a full discount, credit) is paid as it is written: no purchase, no charge job.
       select invoiced.merchant_id, invoiced.environment, 'invoice.paid',
              jsonb_build_object('invoice_id', invoiced.id, 'subscription_id', invoiced.subscription_id, 'amount', 0,
                                 'currency', invoiced.currency, 'purchase_id', null), input.at
         from invoiced join input on input.subscription_id = invoiced.subscription_id where invoiced.status = 'paid'),
     -- Subscription events carry the subscription as the API shows it, as advanced here.
     other_events as (
       select x.merchant_id, x.environment, x.type, x.data || jsonb_build_object('subscription', ${subscriptionJsonSql('a')}), x.at
         from json_to_recordset($3::json) as x(merchant_id uuid, environment text, type text, data jsonb, at timestamptz, subscription_id uuid)
         join advanced a on a.id = x.subscription_id),
     recorded as (
       insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
       select gen_random_uuid(), m, e, t, ${eventDataSql('t', 'd')}, at, ${bornRelayedSql('m', 'e', 't')}
         from (select * from created_events union all select * from other_events) as y(m, e, t, d, at))
     select id, status from invoiced`,
    [JSON.stringify(invoices), JSON.stringify(advances), JSON.stringify(events), now.toISOString()],
  );
  const owed = created.filter((inv) => inv.status === 'open');
  return { claimed: rows.length, jobs: owed.map((inv) => ({ invoiceId: inv.id, attempt: 1 })), full, behind };
}

/** Batches per tick at most: a guard, far above what a catch-up needs, against a row that never stops being due. */
const MAX_BATCHES_PER_TICK = 10_000;

/**
 * Batches in flight at once in a catch-up (a second joins once a batch comes back full). Two
 * claimed 100,000 due subscriptions about 1.3 times as fast as one on 2 cores (PostgreSQL,
 * Redis and Node side by side); a third added little.
 */
const LANES = 2;

/**
 * Runs batches until nothing is due, so a subscription several periods behind is caught up in
 * one tick; returns how many subscription-periods were processed. Safe in any number of
 * processes at once.
 */
export async function runSchedulerTick(deps: SchedulerDeps): Promise<number> {
  // Ahead-of-time notices first, so that a clock jumping past the lead point still sends them before the charge.
  await deps.sql.transaction((tx) => notifyExpiringCards(tx, deps.clock.now(), deps.expiringLeadDays));
  let total = 0;
  let batches = 0;
  const lanes: Promise<void>[] = [];
  // A lane claims and writes batches one after the other; a batch's jobs go to the queue after its
  // commit, while the lane's next batch is claimed and written (PostgreSQL and Redis work side by
  // side). A backlog gets a second lane: batches skip each other's locked rows, as two schedulers'
  // do. A failed hand-off fails the tick once the lane's batch in progress is done (its charges
  // are owed in PostgreSQL: the sweep hands them over again).
  // Once a claim comes back short, every due row not locked by a batch in progress was taken:
  // only a subscription still behind after its batch's period makes another batch worth claiming.
  let drained = false;
  const lane = async (): Promise<void> => {
    let handing: Promise<void> = Promise.resolve();
    try {
      while (batches < MAX_BATCHES_PER_TICK && !deps.stopping?.()) {
        batches++;
        // A full claim means more may be due: the next lane starts at once, claiming past this
        // batch's locked rows while this one writes (not after its commit).
        const { claimed, jobs, full, behind } = await deps.sql.transaction((tx) =>
          invoiceBatch(tx, deps, (isFull) => {
            if (!isFull) drained = true;
            else if (lanes.length < LANES) lanes.push(lane());
          }),
        );
        await handing;
        handing = deps.enqueue(jobs);
        handing.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
        total += claimed;
        if (!behind && !(full && !drained)) break;
      }
    } finally {
      await handing;
    }
  };
  lanes.push(lane());
  // Lanes may be added while the first ones run: wait for all of them, then report the first failure.
  for (let settled = 0; settled < lanes.length;) {
    const results = await Promise.allSettled(lanes.slice(settled));
    settled += results.length;
    if (settled === lanes.length) {
      const failed = (await Promise.allSettled(lanes)).find((r) => r.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    }
  }
  await claimDueRetries(deps);
  await relayWebhookEvents(deps);
  await settleTestClocks(deps.sql, deps.clock.now(), deps.expiringLeadDays);
  return total;
}

/** The outbox relay, batch by batch: new events become webhook deliveries, handed to the queue after commit. */
export async function relayWebhookEvents(deps: SchedulerDeps): Promise<number> {
  let total = 0;
  for (;;) {
    // One statement: it is its own transaction.
    const { events, deliveries } = await relayEvents(deps.sql, deps.clock.now(), deps.batchSize);
    await deps.enqueueWebhooks(deliveries);
    total += deliveries.length;
    // A short batch took every event that was waiting (skipped ones are another relay's to take).
    if (events < deps.batchSize || deps.stopping?.()) return total;
  }
}

/** A paused, cancelled or unpaid subscription's retries wait (paused) or are never made. */
const BILLABLE_SQL = `(${BILLABLE.map((s) => `'${s}'`).join(', ')})`;

/**
 * Dunning retries due by their subscription's time (a test clock's where one applies) go to the
 * retry queue: PostgreSQL holds `next_attempt_at`, the delayed job is only a convenience.
 */
export async function claimDueRetries(deps: SchedulerDeps): Promise<number> {
  const now = deps.clock.now();
  const resendBefore = new Date(now.getTime() - deps.retryGraceMs);
  let total = 0;
  for (const clocked of [false, true]) {
    for (;;) {
      const rows = await deps.sql.query<{ id: string; attempt_count: number }>(
        clocked
          ? `with due as (
               select i.id from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
                 join billing.test_clocks c on c.id = s.test_clock_id
                where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= c.frozen_time
                  and s.status in ${BILLABLE_SQL} and (i.retry_enqueued_at is null or i.retry_enqueued_at < $2)
                order by i.next_attempt_at limit $3 for update of i skip locked)
             update billing.invoices i set retry_enqueued_at = $1 from due where i.id = due.id returning i.id, i.attempt_count`
          : `with due as (
               select i.id from billing.invoices i
                where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= $1
                  and (i.retry_enqueued_at is null or i.retry_enqueued_at < $2)
                  and exists (select 1 from billing.subscriptions s where s.id = i.subscription_id and s.test_clock_id is null
                                 and s.status in ${BILLABLE_SQL})
                order by i.next_attempt_at limit $3 for update of i skip locked)
             update billing.invoices i set retry_enqueued_at = $1 from due where i.id = due.id returning i.id, i.attempt_count`,
        [now, resendBefore, deps.batchSize],
      );
      await deps.enqueueRetries(rows.map((r) => ({ invoiceId: r.id, attempt: r.attempt_count + 1 })));
      total += rows.length;
      if (rows.length < deps.batchSize) break;
    }
  }
  return total;
}

/**
 * A test clock is `ready` again once nothing on it is due and no charge of its subscriptions is
 * still owed: every invoice up to its time has an outcome.
 */
export async function settleTestClocks(sql: Sql, now: Date, expiringLeadDays = 14): Promise<number> {
  const rows = await sql.query(
    `update billing.test_clocks c set status = 'ready', updated_at = $1
      where c.status = 'advancing'
        and not exists (select 1 from billing.subscriptions s
                         where s.test_clock_id = c.id and s.status in ('trialing', 'active', 'past_due') and s.next_charge_at <= c.frozen_time)
        and not exists (select 1 from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
                         where s.test_clock_id = c.id
                           -- An open invoice has a charge coming (it charges or, the subscription ended, voids it);
                           -- a paused subscription's waits for the resume.
                           and ((i.status = 'open' and s.status <> 'paused')
                                or (s.status in ${BILLABLE_SQL}
                                    and ((i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= c.frozen_time)
                                         or (i.held_for_card and not s.awaiting_card_update)))
                                or exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown'))))
        and not exists (select 1 from billing.subscriptions s where s.test_clock_id = c.id and ${expiringNoticeDueSql('c.frozen_time', '$2')})
      returning c.id`,
    [now, expiringLeadDays * 86_400_000],
  );
  return rows.length;
}

/**
 * Redis can lose a job it accepted; PostgreSQL records what is owed. Invoices still open after
 * `graceMs`, and attempts left `sending` or `unknown` that long (on open or past-due invoices),
 * get their charge job again: a job still in Redis keeps it (ids collapse), and the charge
 * processor looks an unresolved attempt up by reference before any re-send. One sweep works
 * through the whole backlog, `limit` rows at a time, so that a Redis that lost every job is
 * repaired at the pace PostgreSQL and Redis allow, not `limit` per interval; it stops between
 * batches when the scheduler stops (what is left stays owed for the next sweep). Webhook
 * deliveries Redis lost are handed back the same way.
 * Returns the number of jobs handed to the queue.
 */
export async function sweepOwedCharges(deps: SchedulerDeps, graceMs: number, limit = 1000): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - graceMs);
  const stopping = () => deps.stopping?.() ?? false;
  let total = 0;
  /** Charges already handed back by this sweep: an open invoice's unresolved attempt is one job, not two. */
  const sent = new Set<string>();
  // Open invoices: each batch moves its rows' updated_at to now, past the cutoff, so the next batch reads the rows after them.
  for (;;) {
    const rows = await deps.sql.query<{ id: string; attempt: number }>(
      `select id, greatest(attempt_count, 1) as attempt from billing.invoices
        where status = 'open' and updated_at < $1 order by updated_at limit $2`,
      [cutoff, limit],
    );
    await requeueOwed(deps, rows, now);
    for (const r of rows) sent.add(`${r.id}:${r.attempt}`);
    total += rows.length;
    if (rows.length < limit || stopping()) break;
  }
  // Attempts left unresolved: read in key order, as the sweep does not change them.
  let after: [string, string, number] = ['-infinity', '00000000-0000-0000-0000-000000000000', 0];
  while (!stopping()) {
    const rows = await deps.sql.query<{ id: string; attempt: number; updated_at: string }>(
      `select invoice_id as id, number as attempt, updated_at from billing.charge_attempts
        where status in ('sending', 'unknown') and updated_at < $1 and (updated_at, invoice_id, number) > ($3::timestamptz, $4::uuid, $5::int)
        order by updated_at, invoice_id, number limit $2`,
      [cutoff, limit, ...after],
    );
    const fresh = rows.filter((r) => !sent.has(`${r.id}:${r.attempt}`));
    await requeueOwed(deps, fresh, now);
    total += fresh.length;
    if (rows.length < limit) break;
    const last = rows.at(-1)!;
    after = [last.updated_at, last.id, last.attempt];
  }
  // Held invoices whose subscription never heard it must wait for a card (the expiry-update job was lost).
  let afterHeld: [string, string] = ['-infinity', '00000000-0000-0000-0000-000000000000'];
  while (!stopping()) {
    const held = await deps.sql.query<{ id: string; subscription_id: string; updated_at: string }>(
      `select i.id, i.subscription_id, i.updated_at from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
        where i.held_for_card and i.status = 'past_due' and not s.awaiting_card_update and i.updated_at < $1
          and (i.updated_at, i.id) > ($3::timestamptz, $4::uuid)
        order by i.updated_at, i.id limit $2`,
      [cutoff, limit, ...afterHeld],
    );
    await deps.enqueueExpiryUpdates(held.map((h) => ({ subscriptionId: h.subscription_id, invoiceId: h.id })));
    total += held.length;
    if (held.length < limit) break;
    const last = held.at(-1)!;
    afterHeld = [last.updated_at, last.id];
  }
  total += await sweepLostDeliveries(deps, cutoff, limit);
  return total;
}

/**
 * Webhook deliveries still pending with no try since `cutoff` get their job again: a job Redis
 * still holds (waiting, or delayed for its backoff) keeps it, as ids collapse; one Redis lost is
 * re-sent. Read in key order, as the sweep does not change them.
 */
async function sweepLostDeliveries(deps: SchedulerDeps, cutoff: Date, limit: number): Promise<number> {
  let total = 0;
  let after: [string, string] = ['-infinity', '00000000-0000-0000-0000-000000000000'];
  while (!(deps.stopping?.() ?? false)) {
    const rows = await deps.sql.query<{ id: string; created_at: string }>(
      `select d.id, d.created_at from billing.webhook_deliveries d
        where d.status = 'pending' and d.created_at < $1 and (d.created_at, d.id) > ($3::timestamptz, $4::uuid)
          and not exists (select 1 from billing.webhook_delivery_attempts a where a.delivery_id = d.id and a.created_at >= $1)
        order by d.created_at, d.id limit $2`,
      [cutoff, limit, ...after],
    );
    if (rows.length) await deps.enqueueWebhooks(rows.map((r) => r.id));
    total += rows.length;
    if (rows.length < limit) break;
    const last = rows.at(-1)!;
    after = [last.created_at, last.id];
  }
  return total;
}

/** Hands owed charges back to the queue, then sends their invoices to the back of the sweep's line. */
async function requeueOwed(deps: SchedulerDeps, rows: { id: string; attempt: number }[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await deps.requeue(rows.map((r) => ({ invoiceId: r.id, attempt: r.attempt })));
  await deps.sql.query('update billing.invoices set updated_at = $2 where id = any($1::uuid[])', [rows.map((r) => r.id), now]);
}
