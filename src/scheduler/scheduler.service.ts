import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { Sql, SqlPool } from '../platform/sql.ts';
import { period, type Cadence, type Interval } from '../billing/calendar/billing-calendar.ts';
import { recordEvents, type NewEvent } from '../billing/events/events.service.ts';
import type { DunningPolicy } from '../billing/plans/plan.entity.ts';
import type { ChargeJob, ExpiryUpdateJob, RetryJob } from '../queues/queues.ts';
import { expiringNoticeDueSql, notifyExpiringCards } from '../billing/cards/card-expiry.service.ts';
import { relayEvents } from '../billing/webhooks/webhooks.service.ts';

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
}

/** Subscription states that are billed when a period begins. */
export const BILLABLE = ['trialing', 'active', 'past_due'];

interface DueRow {
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
  plan_dunning: DunningPolicy;
  current_interval: Interval;
  current_interval_count: number;
}

const DUE_COLUMNS = `s.id, s.merchant_id, s.environment, s.status, s.plan_id, s.next_plan_id, s.time_zone, s.anchor_at,
  s.next_period_index, s.next_charge_at, s.cancel_at_period_end, p.amount as plan_amount, p.currency as plan_currency,
  p.interval as plan_interval, p.interval_count as plan_interval_count, p.dunning as plan_dunning,
  cp.interval as current_interval, cp.interval_count as current_interval_count`;

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
     select ${DUE_COLUMNS} from due join billing.subscriptions s using (id)
       join billing.plans p on p.id = coalesce(s.next_plan_id, s.plan_id)
       join billing.plans cp on cp.id = s.plan_id`,
    [now, limit],
  );
  if (real.length >= limit) return real;
  const clocked = await tx.query<DueRow>(
    `with due as (
       select s.id from billing.test_clocks c join billing.subscriptions s on s.test_clock_id = c.id
        where s.status in ('trialing', 'active', 'past_due') and s.next_charge_at <= c.frozen_time
        order by s.next_charge_at limit $1 for update of s skip locked)
     select ${DUE_COLUMNS} from due join billing.subscriptions s using (id)
       join billing.plans p on p.id = coalesce(s.next_plan_id, s.plan_id)
       join billing.plans cp on cp.id = s.plan_id`,
    [limit - real.length],
  );
  return real.concat(clocked);
}

interface Advance {
  id: string;
  planId: string;
  status: string;
  anchorAt: Date;
  nextPeriodIndex: number;
  currentStart: Date | null;
  currentEnd: Date | null;
  nextChargeAt: Date | null;
  cancelledAt: Date | null;
}

interface NewInvoice {
  subscriptionId: string;
  merchantId: string;
  environment: string;
  planId: string;
  periodIndex: number;
  start: Date;
  end: Date;
  amount: number;
  currency: string;
  dunning: DunningPolicy;
}

/** What one due subscription turns into: the period's invoice and the subscription advanced, or its cancellation. */
function planFor(row: DueRow): { advance: Advance; invoice: NewInvoice | null; events: NewEvent[] } {
  const due = new Date(row.next_charge_at);
  const base = { merchantId: row.merchant_id, environment: row.environment };
  if (row.cancel_at_period_end) {
    return {
      advance: {
        id: row.id,
        planId: row.plan_id,
        status: 'cancelled',
        anchorAt: new Date(row.anchor_at),
        nextPeriodIndex: row.next_period_index,
        currentStart: null,
        currentEnd: null,
        nextChargeAt: null,
        cancelledAt: due,
      },
      invoice: null,
      events: [
        {
          ...base,
          type: 'subscription.cancelled',
          data: { subscription_id: row.id, cancelled_at: due.toISOString(), reason: 'period_end' },
        },
      ],
    };
  }
  let anchorAt = new Date(row.anchor_at);
  let index = row.next_period_index;
  let planId = row.plan_id;
  if (row.next_plan_id) {
    // A plan change takes effect at this period boundary; a new cadence re-anchors the calendar here.
    planId = row.next_plan_id;
    if (row.plan_interval !== row.current_interval || row.plan_interval_count !== row.current_interval_count) {
      anchorAt = due;
      index = 0;
    }
  }
  const cadence: Cadence = { interval: row.plan_interval, intervalCount: row.plan_interval_count, timeZone: row.time_zone };
  const p = period(anchorAt, cadence, index);
  const invoice: NewInvoice = {
    ...base,
    subscriptionId: row.id,
    planId,
    periodIndex: index,
    start: p.start,
    end: p.end,
    amount: Number(row.plan_amount),
    currency: row.plan_currency,
    dunning: row.plan_dunning,
  };
  const events: NewEvent[] = [];
  if (row.status === 'trialing')
    events.push({
      ...base,
      type: 'subscription.updated',
      data: { subscription_id: row.id, status: 'active', previous_status: 'trialing' },
    });
  return {
    advance: {
      id: row.id,
      planId,
      status: row.status === 'trialing' ? 'active' : row.status,
      anchorAt,
      nextPeriodIndex: index + 1,
      currentStart: p.start,
      currentEnd: p.end,
      nextChargeAt: p.end,
      cancelledAt: null,
    },
    invoice,
    events,
  };
}

/**
 * One batch, in one transaction: claim, invoice the period that began, advance each
 * subscription by one period. A subscription several periods behind stays due and is claimed
 * again by the next batch, so every missed period is invoiced once, in order.
 */
async function invoiceBatch(tx: Sql, deps: SchedulerDeps): Promise<{ claimed: number; jobs: ChargeJob[] }> {
  const now = deps.clock.now();
  const rows = await claimDue(tx, now, deps.batchSize);
  if (rows.length === 0) return { claimed: 0, jobs: [] };
  const plans = rows.map(planFor);
  const invoices = plans.flatMap((p) => (p.invoice ? [p.invoice] : []));
  const created = invoices.length
    ? await tx.query<{
        id: string;
        subscription_id: string;
        merchant_id: string;
        environment: string;
        amount: string;
        currency: string;
        period_start: string;
      }>(
        `insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, period_index, period_start, period_end,
            amount, currency, status, attempt_count, dunning, created_at, updated_at)
         select gen_random_uuid(), m, e, s, pl, ix, ps, pe, a, c, 'open', 0, d, $11, $11
           from unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::int[], $6::timestamptz[], $7::timestamptz[], $8::bigint[], $9::text[], $10::jsonb[])
             as x(m, e, s, pl, ix, ps, pe, a, c, d)
         on conflict on constraint invoices_period_unique do nothing
         returning id, subscription_id, merchant_id, environment, amount, currency, period_start`,
        [
          invoices.map((i) => i.merchantId),
          invoices.map((i) => i.environment),
          invoices.map((i) => i.subscriptionId),
          invoices.map((i) => i.planId),
          invoices.map((i) => i.periodIndex),
          invoices.map((i) => i.start),
          invoices.map((i) => i.end),
          invoices.map((i) => i.amount),
          invoices.map((i) => i.currency),
          invoices.map((i) => JSON.stringify(i.dunning)),
          now,
        ],
      )
    : [];
  const advances = plans.map((p) => p.advance);
  await tx.query(
    `update billing.subscriptions s set plan_id = u.plan_id, next_plan_id = null, status = u.status, anchor_at = u.anchor_at,
        next_period_index = u.idx, current_period_start = coalesce(u.cs, s.current_period_start),
        current_period_end = coalesce(u.ce, s.current_period_end), next_charge_at = u.nca,
        cancelled_at = coalesce(u.ca, s.cancelled_at), cancel_at_period_end = s.cancel_at_period_end and u.ca is null, updated_at = $10
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::int[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[], $9::timestamptz[])
         as u(id, plan_id, status, anchor_at, idx, cs, ce, nca, ca)
      where s.id = u.id`,
    [
      advances.map((a) => a.id),
      advances.map((a) => a.planId),
      advances.map((a) => a.status),
      advances.map((a) => a.anchorAt),
      advances.map((a) => a.nextPeriodIndex),
      advances.map((a) => a.currentStart),
      advances.map((a) => a.currentEnd),
      advances.map((a) => a.nextChargeAt),
      advances.map((a) => a.cancelledAt),
      now,
    ],
  );
  const events = plans.flatMap((p) => p.events);
  for (const inv of created) {
    events.push({
      merchantId: inv.merchant_id,
      environment: inv.environment,
      type: 'invoice.created',
      data: {
        invoice_id: inv.id,
        subscription_id: inv.subscription_id,
        amount: Number(inv.amount),
        currency: inv.currency,
        period_start: new Date(inv.period_start).toISOString(),
      },
    });
  }
  await recordEvents(tx, now, events);
  return { claimed: rows.length, jobs: created.map((inv) => ({ invoiceId: inv.id, attempt: 1 })) };
}

/** Batches per tick at most: a guard, far above what a catch-up needs, against a row that never stops being due. */
const MAX_BATCHES_PER_TICK = 10_000;

/**
 * Runs batches until nothing is due, so a subscription several periods behind is caught up in
 * one tick; returns how many subscription-periods were processed. Safe in any number of
 * processes at once.
 */
export async function runSchedulerTick(deps: SchedulerDeps): Promise<number> {
  // Ahead-of-time notices first, so that a clock jumping past the lead point still sends them before the charge.
  await deps.sql.transaction((tx) => notifyExpiringCards(tx, deps.clock.now(), deps.expiringLeadDays));
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
    const { claimed, jobs } = await deps.sql.transaction((tx) => invoiceBatch(tx, deps));
    await deps.enqueue(jobs);
    total += claimed;
    if (claimed === 0) break;
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
    const ids = await deps.sql.transaction((tx) => relayEvents(tx, deps.clock.now(), deps.batchSize));
    await deps.enqueueWebhooks(ids);
    total += ids.length;
    // `relayEvents` returns deliveries, not events: stop when a pass relayed nothing new.
    const left = await deps.sql.query('select 1 from billing.events where not relayed limit 1');
    if (left.length === 0) return total;
  }
}

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
                  and (i.retry_enqueued_at is null or i.retry_enqueued_at < $2)
                order by i.next_attempt_at limit $3 for update of i skip locked)
             update billing.invoices i set retry_enqueued_at = $1 from due where i.id = due.id returning i.id, i.attempt_count`
          : `with due as (
               select i.id from billing.invoices i
                where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= $1
                  and (i.retry_enqueued_at is null or i.retry_enqueued_at < $2)
                  and exists (select 1 from billing.subscriptions s where s.id = i.subscription_id and s.test_clock_id is null)
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
                           and (i.status = 'open' or (i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= c.frozen_time)
                                or (i.held_for_card and not s.awaiting_card_update)
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
 * processor looks an unresolved attempt up by reference before any re-send. Swept invoices go to
 * the back of the line, so that a backlog larger than `limit` is worked through, not starved.
 * Returns the number of jobs handed to the queue.
 */
export async function sweepOwedCharges(deps: SchedulerDeps, graceMs: number, limit = 1000): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - graceMs);
  const rows = await deps.sql.query<{ id: string; attempt: number }>(
    `(select id, greatest(attempt_count, 1) as attempt from billing.invoices
       where status = 'open' and updated_at < $1 order by updated_at limit $2)
     union
     (select invoice_id as id, number as attempt from billing.charge_attempts
       where status in ('sending', 'unknown') and updated_at < $1 order by updated_at limit $2)`,
    [cutoff, limit],
  );
  // Held invoices whose subscription never heard it must wait for a card (the expiry-update job was lost).
  const held = await deps.sql.query<{ id: string; subscription_id: string }>(
    `select i.id, i.subscription_id from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
      where i.held_for_card and i.status = 'past_due' and not s.awaiting_card_update and i.updated_at < $1 limit $2`,
    [cutoff, limit],
  );
  await deps.enqueueExpiryUpdates(held.map((h) => ({ subscriptionId: h.subscription_id, invoiceId: h.id })));
  if (rows.length === 0) return held.length;
  await deps.requeue(rows.map((r) => ({ invoiceId: r.id, attempt: r.attempt })));
  await deps.sql.query('update billing.invoices set updated_at = $2 where id = any($1::uuid[])', [rows.map((r) => r.id), now]);
  return rows.length;
}
