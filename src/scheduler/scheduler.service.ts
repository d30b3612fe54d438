import type { Clock } from '../platform/clock.ts';
import type { CustomerLinks } from '../billing/billing-jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { Sql, SqlPool } from '../platform/sql.ts';
import type { ChargeJob, ExpiryUpdateJob, RetryJob } from '../queues/queues.ts';
import {
  advancePeriods,
  claimDueRetryBatch,
  claimDueSubscriptions,
  billEndedPeriods,
  loadPeriodUsage,
  loadUsageCorrections,
  loadTaxContexts,
  finalizeDueDrafts,
  notifyExpiringCards,
  relayEvents,
  stillDue,
  taxSubjectOf,
  writePeriodInvoices,
  type FinalizeHooks,
  type InvoiceBatch,
} from '../billing/billing-jobs.ts';
import { sweepTestClocks, type SweepName } from './reconciler.ts';

export interface SchedulerDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  /** Hands owed charges to the queue; called after the transaction that owes them commits. */
  enqueue(jobs: ChargeJob[]): Promise<void>;
  /** Hands owed charges back to the queue (the sweep): a live job keeps its charge, a finished one leaves room for a new job. */
  requeue(jobs: ChargeJob[]): Promise<void>;
  /** Hands due dunning retries to the retry queue. */
  enqueueRetries(jobs: RetryJob[]): Promise<void>;
  /** Hands subscriptions that must wait for a card update to the expiry-update queue. */
  enqueueExpiryUpdates(jobs: ExpiryUpdateJob[]): Promise<void>;
  /** `card.expiring` goes out this many days before the first charge after the card's expiry. */
  expiringLeadDays: number;
  /** Signs the card-update links of `card.expiring`. */
  links?: CustomerLinks;
  /** A retry handed to the queue and still owed this long after is handed over again. */
  retryGraceMs: number;
  /** Hands webhook deliveries to the webhook queue. */
  enqueueWebhooks(deliveryIds: string[]): Promise<void>;
  batchSize: number;
  /** True once the scheduler is stopping: a tick or sweep stops between batches (what is left stays owed). */
  stopping?(): boolean;
  /** Told what each of the reconciler's sweeps found (its metric); the tick settles test clocks. */
  onSwept?(count: number, sweep: SweepName): void;
  /** Settles invoice refunds left without an outcome (the reconciler's `unsettled_refunds` sweep). */
  settleRefunds?(): Promise<number>;
  /** Test hooks inside finalizations (the gap-free kill test); production passes none. */
  finalizeHooks?: FinalizeHooks;
}

/**
 * One batch, in one transaction: claim, invoice the period that began, advance each
 * subscription by one period (the period rule, `advancePeriods`). A subscription several periods
 * behind stays due and is claimed again by the next batch, so every missed period is invoiced
 * once, in order. Five statements at most whatever the batch size: the claim (and its customers'
 * lock), the batch's tax context (`loadTaxContexts`, skipped when nothing in the batch can be
 * taxed), then `writePeriodInvoices`: the subscriptions advanced with the customers' credit and
 * the events of creation, the numbers of the invoices finalized as they are written (skipped when
 * every one is kept a draft), and the invoices with their events. An invoice not kept as a draft
 * is written once, final.
 */
async function invoiceBatch(
  tx: Sql,
  deps: SchedulerDeps,
  onClaim: (full: boolean) => void = () => undefined,
): Promise<{ claimed: number; jobs: ChargeJob[]; full: boolean; behind: boolean }> {
  const now = deps.clock.now();
  const rows = await claimDueSubscriptions(tx, now, deps.batchSize);
  const full = rows.length >= deps.batchSize;
  onClaim(full);
  if (rows.length === 0) return { claimed: 0, jobs: [], full, behind: false };
  // The usage of the periods that close, billed in arrears: no statement unless a plan of the batch has usage prices.
  const usage = await loadPeriodUsage(tx, rows);
  // Ranges billed before that received late events: no statement unless a subscription of the batch has one.
  const corrections = await loadUsageCorrections(
    tx,
    rows.filter((r) => r.late_usage && !r.cancel_at_period_end).map((r) => r.id),
  );
  // One statement for the batch's tax, and none when no subscription of it can be taxed; a
  // correction is taxed by the rates of the plan that priced its range, read with the rest.
  const taxes = await loadTaxContexts(
    tx,
    rows.flatMap((row) => {
      const subject = taxSubjectOf(row);
      if (!subject) return [];
      const priced = (corrections.get(row.id) ?? []).map((c) => c.planId);
      return [priced.length === 0 ? subject : { ...subject, planIds: [...new Set([...subject.planIds, ...priced])] }];
    }),
  );
  // In claim order: the subscriptions of one customer share its credit, used once across them.
  const plans = advancePeriods(rows, taxes, usage, corrections);
  // Events carry billing time: a test clock's for a subscription on one.
  const eventAt = (i: number) => rows[i]!.clock_time ?? now.toISOString();
  // A subscription still behind after this period is claimed again by a next batch.
  const behind = plans.some((plan, i) => stillDue(plan, rows[i]!, now));
  const batch: InvoiceBatch = {
    invoices: plans.flatMap((p, i) => (p.invoice ? [{ ...p.invoice, at: eventAt(i) }] : [])),
    // With its billing time: the events of what the advance voids carry it.
    advances: plans.map((p, i) => ({ ...p.advance, at: eventAt(i) })),
    events: plans.flatMap((p, i) =>
      p.events.map((e) => ({
        merchant_id: e.merchantId,
        environment: e.environment,
        type: e.type,
        data: e.data,
        at: eventAt(i),
        subscription_id: rows[i]!.id,
      })),
    ),
    now,
  };
  // Invoices of merchants that keep no drafts are written final: numbered, snapshotted and owed in
  // this transaction (the one finalization's numbers and columns); drafts wait for the draft sweep.
  const written = await writePeriodInvoices(tx, batch, deps.finalizeHooks);
  // A subscription ended at its period's end bills that period's usage on a final invoice (usage-priced plans only).
  const finals = await billEndedPeriods(
    tx,
    plans.flatMap((p, i) => (p.invoice === null && rows[i]!.usage_prices ? [{ row: rows[i]!, billingAt: eventAt(i) }] : [])),
    now,
  );
  const owed = written.filter((inv) => inv.status === 'open').map((inv) => inv.id);
  return { claimed: rows.length, jobs: [...owed, ...finals].map((invoiceId) => ({ invoiceId, attempt: 1 })), full, behind };
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
  await deps.sql.transaction((tx) => notifyExpiringCards(tx, deps.clock.now(), deps.expiringLeadDays, deps.links));
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
  await finalizeDrafts(deps);
  await claimDueRetries(deps);
  await relayWebhookEvents(deps);
  await sweepTestClocks(deps);
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

/**
 * The draft sweep: drafts due by their subscription's time (a test clock's where one applies) are
 * finalized, batch by batch, each batch in its own transaction (claimed `SKIP LOCKED`, so several
 * schedulers share the work), and their charges handed to the queue after its commit.
 */
export async function finalizeDrafts(deps: SchedulerDeps): Promise<number> {
  const now = deps.clock.now();
  let total = 0;
  for (const clocked of [false, true]) {
    for (;;) {
      const { finalized, owed } = await finalizeDueDrafts(deps.sql, { now, limit: deps.batchSize, clocked, hooks: deps.finalizeHooks });
      await deps.enqueue(owed.map((invoiceId) => ({ invoiceId, attempt: 1 })));
      total += finalized;
      if (finalized < deps.batchSize || deps.stopping?.()) break;
    }
  }
  return total;
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
      const rows = await claimDueRetryBatch(deps.sql, { now, resendBefore, limit: deps.batchSize, clocked });
      await deps.enqueueRetries(rows.map((r) => ({ invoiceId: r.id, attempt: r.attempt_count + 1 })));
      total += rows.length;
      if (rows.length < deps.batchSize) break;
    }
  }
  return total;
}
