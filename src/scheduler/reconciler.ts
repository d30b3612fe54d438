import type { Clock } from '../platform/clock.ts';
import type { SqlPool } from '../platform/sql.ts';
import type { ChargeJob, ExpiryUpdateJob } from '../queues/queues.ts';
import { ensureUsagePartitions, rollUpRevenueMonths, settleTestClocks } from '../billing/billing-jobs.ts';

/**
 * The reconciler: one small sweep per stuck state, as Kill Bill's janitor has one task per state.
 * PostgreSQL records what is owed; Redis can lose a job it accepted, and an upstream can leave an
 * answer pending. Each sweep finds one kind of owed work past its grace and hands it over again
 * (a job the queue still holds live keeps it: work ids are derived, so re-adds collapse), and reports its
 * count under its own `sweep` label. Each works through its whole backlog `limit` rows at a time
 * and stops between batches when the scheduler stops (what is left stays owed for the next sweep).
 */

/** The sweeps, as their metric labels name them. */
export const SWEEPS = [
  'owed_charges',
  'lost_holds',
  'lost_deliveries',
  'test_clocks',
  'pending_upstream',
  'unsettled_refunds',
  'usage_partitions',
  'revenue_months',
] as const;
export type SweepName = (typeof SWEEPS)[number];

export interface ReconcilerDeps {
  sql: SqlPool;
  clock: Clock;
  /** Hands owed charges back to the charge queue (a charge whose job finished, its retries spent, gets a new job). */
  requeue(jobs: ChargeJob[]): Promise<void>;
  /** Hands subscriptions that must wait for a card update to the expiry-update queue. */
  enqueueExpiryUpdates(jobs: ExpiryUpdateJob[]): Promise<void>;
  /** Hands webhook deliveries to the webhook queue. */
  enqueueWebhooks(deliveryIds: string[]): Promise<void>;
  /** `card.expiring` goes out this many days before the first charge after the card's expiry (a clock waits for it). */
  expiringLeadDays: number;
  /** True once the scheduler is stopping: a sweep stops between batches. */
  stopping?(): boolean;
  /**
   * Settles invoice refunds left without an outcome past their grace (a crash between the gateway
   * and the record), answering how many invoices it settled; a scheduler without a gateway has none.
   */
  settleRefunds?(): Promise<number>;
  /** Told what each sweep found (its metric). */
  onSwept?(count: number, sweep: SweepName): void;
}

const NO_KEY = ['-infinity', '00000000-0000-0000-0000-000000000000'] as const;

/**
 * The sweeps of owed work that Redis lost, one after the other, each reported as it ends:
 * owed charges, holds, webhook deliveries. Returns how many jobs they handed to the queues.
 */
export async function reconcile(deps: ReconcilerDeps, graceMs: number, limit = 1000): Promise<number> {
  let total = 0;
  for (const [sweep, run] of [
    ['owed_charges', sweepOwedCharges],
    ['lost_holds', sweepLostHolds],
    ['lost_deliveries', sweepLostDeliveries],
  ] as const) {
    const count = await run(deps, graceMs, limit);
    deps.onSwept?.(count, sweep);
    total += count;
  }
  // Money that may have moved at the gateway: recorded, not handed to a queue (not counted in the total).
  if (deps.settleRefunds && !stopping(deps)) deps.onSwept?.(await deps.settleRefunds(), 'unsettled_refunds');
  // Usage events' monthly partitions, made ahead of the clock (counted as partitions made, not in the total).
  if (!stopping(deps)) deps.onSwept?.(await ensureUsagePartitions(deps.sql, deps.clock.now()), 'usage_partitions');
  // The revenue rollup's closed months not written yet (counted as months written, not in the total).
  if (!stopping(deps)) deps.onSwept?.(await rollUpRevenueMonths(deps.sql), 'revenue_months');
  return total;
}

/**
 * Owed charges without a job: invoices still open after `graceMs`, and attempts left `sending` or
 * `unknown` that long (on open or past-due invoices), get their charge job again. The charge
 * processor looks an unresolved attempt up by reference before any re-send. Returns the number of
 * jobs handed to the queue.
 */
export async function sweepOwedCharges(deps: ReconcilerDeps, graceMs: number, limit = 1000): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - graceMs);
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
    if (rows.length < limit || stopping(deps)) break;
  }
  // Attempts left unresolved.
  total += await inKeyOrder(deps, limit, {
    first: [...NO_KEY, 0],
    read: (after) =>
      deps.sql.query<{ id: string; attempt: number; updated_at: string }>(
        `select invoice_id as id, number as attempt, updated_at from billing.charge_attempts
          where status in ('sending', 'unknown') and updated_at < $1 and (updated_at, invoice_id, number) > ($3::timestamptz, $4::uuid, $5::int)
          order by updated_at, invoice_id, number limit $2`,
        [cutoff, limit, ...after],
      ),
    keyOf: (last) => [last.updated_at, last.id, last.attempt],
    async handOver(rows) {
      const fresh = rows.filter((r) => !sent.has(`${r.id}:${r.attempt}`));
      await requeueOwed(deps, fresh, now);
      return fresh.length;
    },
  });
  return total;
}

/**
 * Held invoices whose subscription never heard it must wait for a card (the expiry-update job
 * was lost) get that job again. Read in key order, as the sweep does not change them.
 */
export async function sweepLostHolds(deps: ReconcilerDeps, graceMs: number, limit = 1000): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - graceMs);
  return inKeyOrder(deps, limit, {
    first: [...NO_KEY],
    read: (after) =>
      deps.sql.query<{ id: string; subscription_id: string; updated_at: string }>(
        `select i.id, i.subscription_id, i.updated_at from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
          where i.held_for_card and i.status = 'past_due' and not s.awaiting_card_update and i.updated_at < $1
            and (i.updated_at, i.id) > ($3::timestamptz, $4::uuid)
          order by i.updated_at, i.id limit $2`,
        [cutoff, limit, ...after],
      ),
    keyOf: (last) => [last.updated_at, last.id],
    async handOver(held) {
      await deps.enqueueExpiryUpdates(held.map((h) => ({ subscriptionId: h.subscription_id, invoiceId: h.id })));
      return held.length;
    },
  });
}

/**
 * Webhook deliveries still pending with no try in `graceMs` get their job again: a job the
 * queue still holds (waiting, or delayed for its backoff) keeps it, as work ids collapse; one the
 * queue lost is re-sent. Read in key order, as the sweep does not change them.
 */
export async function sweepLostDeliveries(deps: ReconcilerDeps, graceMs: number, limit = 1000): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - graceMs);
  return inKeyOrder(deps, limit, {
    first: [...NO_KEY],
    read: (after) =>
      deps.sql.query<{ id: string; created_at: string }>(
        `select d.id, d.created_at from billing.webhook_deliveries d
          where d.status = 'pending' and d.created_at < $1 and (d.created_at, d.id) > ($3::timestamptz, $4::uuid)
            and not exists (select 1 from billing.webhook_delivery_attempts a where a.delivery_id = d.id and a.created_at >= $1)
          order by d.created_at, d.id limit $2`,
        [cutoff, limit, ...after],
      ),
    keyOf: (last) => [last.created_at, last.id],
    async handOver(rows) {
      if (rows.length) await deps.enqueueWebhooks(rows.map((r) => r.id));
      return rows.length;
    },
  });
}

/**
 * Test clocks to settle: a clock advancing becomes `ready` once everything up to its time has an
 * outcome. Run after every tick (an advance waits on it), not on the sweep's interval.
 */
export async function sweepTestClocks(deps: Pick<ReconcilerDeps, 'sql' | 'clock' | 'expiringLeadDays' | 'onSwept'>): Promise<number> {
  const settled = await settleTestClocks(deps.sql, deps.clock.now(), deps.expiringLeadDays);
  deps.onSwept?.(settled, 'test_clocks');
  return settled;
}

/** The counts of one pass of the gateway's resolver of pending upstream purchases and refunds. */
export type PendingResolutions = Record<'approved' | 'declined' | 'failed' | 'pending', number>;

/**
 * Pending upstream outcomes: production purchases and refunds the upstream left pending are looked
 * up by reference and settled, by the gateway's own resolver (`resolvePending`, gateway code).
 * Counts what the pass settled (those still pending are not). Run on its own interval, by the API
 * and scheduler processes of a deployment with an upstream gateway.
 */
export async function sweepPendingUpstream(deps: {
  resolvePending(): Promise<PendingResolutions>;
  onSwept?(count: number, sweep: SweepName): void;
}): Promise<PendingResolutions> {
  const counts = await deps.resolvePending();
  deps.onSwept?.(counts.approved + counts.declined + counts.failed, 'pending_upstream');
  return counts;
}

/**
 * Reads rows in key order, `limit` at a time after the last batch's key (a sweep that does not
 * change the rows it reads cannot page by them), and hands each batch over, until a short batch
 * or the scheduler stops. Returns what the hand-overs counted.
 */
async function inKeyOrder<R>(
  deps: ReconcilerDeps,
  limit: number,
  walk: {
    first: unknown[];
    read(after: unknown[]): Promise<R[]>;
    keyOf(last: R): unknown[];
    handOver(rows: R[]): Promise<number>;
  },
): Promise<number> {
  let total = 0;
  let after = walk.first;
  while (!stopping(deps)) {
    const rows = await walk.read(after);
    total += await walk.handOver(rows);
    if (rows.length < limit) break;
    after = walk.keyOf(rows.at(-1)!);
  }
  return total;
}

function stopping(deps: ReconcilerDeps): boolean {
  return deps.stopping?.() ?? false;
}

/** Hands owed charges back to the queue, then sends their invoices to the back of the sweep's line. */
async function requeueOwed(deps: ReconcilerDeps, rows: { id: string; attempt: number }[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await deps.requeue(rows.map((r) => ({ invoiceId: r.id, attempt: r.attempt })));
  await deps.sql.query('update billing.invoices set updated_at = $2 where id = any($1::uuid[])', [rows.map((r) => r.id), now]);
}
