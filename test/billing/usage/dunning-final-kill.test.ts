/**
 * The final invoice of a subscription that dunning ended, across SIGKILLs of the worker running the
 * final retry. A usage-priced plan whose dunning ends in `cancel` (and one ending in `mark_unpaid`):
 * the failure that ends dunning also bills the usage of the partial period on a `final` invoice, in
 * the outcome's transaction (`billFinalUsage` in apply-failure.service.ts), and hands that invoice
 * to the charge queue only after the commit (`dispatchFollowUps`). Attempt 1 of each period invoice
 * declines (amount …51, soft) in the test process, which holds only the API; the retry (attempt 2,
 * the last the policy allows) is made due as if its day had passed, and a Recur child on the
 * 'retry' queue is SIGKILLed at each charge step of it. `after-commit` is the kill that loses the
 * hand-off: the subscription is ended and its final invoice owed in PostgreSQL, no job holds it, and
 * only the scheduler's sweep of owed charges can hand it over again. A healthy child (worker and
 * scheduler, the sweep every 500 ms) then takes over. At the end, for each subscription: ended once,
 * one final invoice whose usage line bills every accepted event once, that invoice charged once
 * (approved, …00), the decline that ended dunning recorded once; no invoice charged twice (I1).
 */
import pg from 'pg';
import type { Job } from 'bullmq';
import { describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { createCard, createMetric, createPlan, subscribe } from '../../helpers/billing.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { killScope } from '../../helpers/kill-scope.ts';
import { startRecurChild, type ChildMessage, type RecurChild } from '../../helpers/recur-child.ts';
import { billingCounts, checkInvariants, checkStateHistory, checkUsageBilling } from '../../helpers/invariants.ts';
import { chargeDeps, schedulerDeps } from '../../../src/composition/roles.ts';
import { runSchedulerTick } from '../../../src/scheduler/scheduler.service.ts';
import { attemptCharge } from '../../../src/billing/charges/attempt-charge.service.ts';
import { dispatchFollowUps } from '../../../src/queues/follow-ups.ts';
import { CHARGE_STEPS, type ChargeStep } from '../../../src/billing/charges/charge-hooks.ts';

const SLOW = 3; // the two cores are shared with other test files: deadlines are scaled
const slow = (ms: number) => ms * SLOW;
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

// The period invoices decline on dynamic cards by their amount's last two digits: 51 (soft), at
// attempt 1 and at the retry that ends dunning. The final invoices approve: the usage is priced 100
// a call, so their amounts end in 00. An approval makes the assertions sharper than a decline: a
// final invoice charged twice is two approved purchases (I1, one ledger entry each), where two
// declines would only be two failed attempts; and `paid` proves the charge was attempted and
// recorded, whoever handed it over.
const [AMOUNT, CURRENCY, UNIT] = [1051, 'AUD', 100];
const ENV = { LOG_LEVEL: 'warn', WORKER_LOCK_MS: '2000', WORKER_CONCURRENCY: '10', DATABASE_POOL_MAX: '8', RETRY_CARD_LEASE_MS: '5000' };
const RECOVERY_ENV = { SWEEP_INTERVAL_MS: '500', SWEEP_GRACE_MS: '1000' };
/** Sandbox cards that answer by the amount's last two digits (GATEWAY.md): one card each, so each retry job tries its own invoice. */
const DYNAMIC_NUMBERS = ['4242424242424242', '5555555555554444', '2221001234567896', '4111111111111111', '370000000000002'];
/** The final action of each subscription's plan: four cancelled, one marked unpaid. */
const ACTIONS = ['cancel', 'cancel', 'cancel', 'cancel', 'mark_unpaid'] as const;
const N = ACTIONS.length;

interface Sub {
  id: string;
  action: (typeof ACTIONS)[number];
  /** The period invoice that dunning writes off. */
  invoiceId: string;
  /** The calls accepted in the period (each billed once on the final invoice). */
  calls: number;
}
type Scenario = { app: TestApp; api: ApiClient; merchantId: string; dbUrl: string; db: pg.Client; subs: Sub[] };

const { apps, dbs, children, report } = killScope('dunning final-usage kill runs');

function child(s: Scenario, options: Parameters<typeof startRecurChild>[1]): RecurChild {
  const c = startRecurChild(s.app.config, options);
  children.push(c);
  return c;
}

/**
 * `N` subscriptions on usage-priced plans whose dunning retries once (a day after the first
 * failure) and then ends them, each on its own dynamic card, with calls accepted in the period;
 * their first invoices written and attempt 1 of each declined (51), its retry handed to the retry
 * queue as production hands it (a job delayed by a day).
 */
async function declinedOnceWithUsage(name: string): Promise<Scenario> {
  const app = await startTestApp({ env: ENV });
  apps.push(app);
  const merchant = await app.newMerchant(`Final usage ${name}`);
  const api = app.client('sandbox', merchant.sandbox);
  await createMetric(api, { code: 'calls', aggregation: 'count' });
  const plans = Object.fromEntries(
    await Promise.all(
      (['cancel', 'mark_unpaid'] as const).map(async (action) => [
        action,
        await createPlan(api, {
          name: `Metered ${action}`,
          amount: AMOUNT,
          prices: [{ metric_code: 'calls', model: 'per_unit', unit_amount: UNIT }],
          dunning: { retry_days: [1], final_action: action },
        }),
      ]),
    ),
  );
  const subs: Sub[] = [];
  for (const [i, action] of ACTIONS.entries()) {
    const card = await createCard(api, DYNAMIC_NUMBERS[i]!);
    const sub = await subscribe(api, { plan_id: plans[action].id, card_token: card.token, customer_reference: `f${i}` });
    subs.push({ id: sub.id, action, invoiceId: '', calls: 0 });
  }
  // Calls in the period (real clock: at the present, after each subscription began), a few each,
  // one transaction_id sent twice per subscription (a duplicate, not billed).
  const events = subs.flatMap((sub, i) =>
    Array.from({ length: 2 + i }, (_, k) => ({
      transaction_id: `${sub.id}-${k === 1 ? 0 : k}`,
      subscription_id: sub.id,
      code: 'calls',
      timestamp: new Date().toISOString(),
    })),
  );
  const sent = await api.post('/usage_events', { events });
  expect(sent.status, sent.text).toBe(200);
  const statuses: string[] = sent.body.response.events.map((e: { status: string }) => e.status);
  for (const [i, e] of events.entries()) {
    const sub = subs.find((s) => s.id === e.subscription_id)!;
    expect(statuses[i], e.transaction_id).toBe(e.transaction_id.endsWith('-0') && sub.calls > 0 ? 'duplicate' : 'accepted');
    if (statuses[i] === 'accepted') sub.calls++;
  }
  expect(subs.map((s) => s.calls)).toEqual(subs.map((_, i) => 1 + i));

  const deps = schedulerDeps(app.runtime);
  await runSchedulerTick({ ...deps, enqueue: async () => undefined }); // invoiced, charge left to us
  const db = await connect(app.config.DATABASE_URL);
  dbs.push(db);
  const invoices = await db.query<{ id: string; subscription_id: string; amount: number }>(
    'select id, subscription_id, amount::int as amount from billing.invoices',
  );
  expect(invoices.rows.map((r) => r.amount)).toEqual(subs.map(() => AMOUNT));
  for (const sub of subs) sub.invoiceId = invoices.rows.find((r) => r.subscription_id === sub.id)!.id;
  const charge = chargeDeps(app.runtime);
  for (const sub of subs) {
    const result = await attemptCharge(charge, { invoiceId: sub.invoiceId, attempt: 1 });
    expect(result).toMatchObject({ kind: 'recorded', status: 'declined', invoiceStatus: 'past_due' });
    await dispatchFollowUps(app.runtime.queues, [result], app.runtime.clock.now());
  }
  return { app, api, merchantId: merchant.merchant_id, dbUrl: app.config.DATABASE_URL, db, subs };
}

/** The day passes: each retry is due, and its delayed job comes due. */
async function makeDue(s: Scenario): Promise<void> {
  const delayed = (await s.app.runtime.queues.retry.getDelayed()) as Job[];
  expect(delayed.map((j) => j.id!.replace(/\.[0-9a-f]{12}$/, '')).sort()).toEqual(s.subs.map((x) => `retry-${x.invoiceId}-2`).sort());
  await s.db.query(
    `update billing.invoices set next_attempt_at = now() - interval '1 second', retry_enqueued_at = now() where id = any($1::uuid[])`,
    [s.subs.map((x) => x.invoiceId)],
  );
  for (const job of delayed) await job.promote();
}

const QUEUE_STATES = ['active', 'wait', 'delayed', 'prioritized', 'failed'] as const;
async function queued(s: Scenario, queue: 'charge' | 'retry') {
  const x = await s.app.runtime.queues[queue].getJobCounts(...QUEUE_STATES);
  return { pending: (x.active ?? 0) + (x.wait ?? 0) + (x.delayed ?? 0) + (x.prioritized ?? 0), failed: x.failed ?? 0 };
}

/** Per subscription: its status, its invoices (kind, status, attempts) and its final invoice's usage lines. */
async function state(s: Scenario) {
  const { rows } = await s.db.query<{
    id: string;
    status: string;
    invoices: {
      id: string;
      kind: string;
      status: string;
      amount: number;
      attempts: string | null;
      usage: { quantity: number; amount: number }[];
    }[];
  }>(
    `select s.id, s.status,
            coalesce((select json_agg(json_build_object(
                 'id', i.id, 'kind', i.kind, 'status', i.status, 'amount', i.amount,
                 'attempts', (select string_agg(a.number || ':' || a.status, ',' order by a.number) from billing.charge_attempts a where a.invoice_id = i.id),
                 'usage', (select coalesce(json_agg(json_build_object('quantity', (l->>'quantity')::int, 'amount', (l->>'amount')::int)), '[]')
                             from jsonb_array_elements(i.lines) l where l->>'kind' = 'usage'))
               order by i.kind desc) from billing.invoices i where i.subscription_id = s.id), '[]') as invoices
       from billing.subscriptions s where s.merchant_id = $1`,
    [s.merchantId],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Gateway purchases per billing reference (`<invoice>-<attempt>`), as `<outcome>` lists. */
async function purchasesByReference(s: Scenario): Promise<Map<string, string[]>> {
  const { rows } = await s.db.query<{ reference: string; outcomes: string[] }>(
    `select reference, array_agg(case when state = 'completed' and successful then 'approved' else state || ':declined' end) as outcomes
       from gateway.purchases group by reference`,
  );
  return new Map(rows.map((r) => [r.reference, r.outcomes]));
}

/** Events per type and subscription (or invoice) of this merchant. */
async function eventCounts(s: Scenario): Promise<Record<string, number>> {
  const { rows } = await s.db.query<{ k: string; n: number }>(
    `select type || ' ' || coalesce(data->>'invoice_id', data->'subscription'->>'id', data->>'subscription_id', '?')
              || coalesce(' #' || (data->>'attempt'), '') as k, count(*)::int as n
       from billing.events where merchant_id = $1 and type in ('subscription.cancelled', 'subscription.updated', 'invoice.uncollectible', 'invoice.payment_failed', 'invoice.paid')
      group by 1`,
    [s.merchantId],
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

/** Each job outcome as `<queue>:<kind>[:status][:reason]` (a retry job reports one per invoice of its round). */
const label = (jobId: string, r: Record<string, string>) =>
  [jobId.startsWith('charge-') ? 'charge' : 'retry', r.kind, r.status, r.reason].filter(Boolean).join(':');
const outcomes = (c: RecurChild) =>
  c.messages.flatMap((m) => (m.type === 'completed' ? [JSON.parse(m.result)].flat().map((r) => label(m.jobId, r)) : []));
const tally = (xs: string[]) => xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {});

const ended = (action: Sub['action']) => (action === 'cancel' ? 'cancelled' : 'unpaid');

/** What the kill left: [attempt 2's status, purchases made, final invoices written]. */
const AT_KILL: Record<ChargeStep, [string, number, number]> = {
  'before-call': ['sending', N, 0],
  'after-gateway': ['sending', 2 * N, 0],
  'before-commit': ['sending', 2 * N, 0],
  'after-commit': ['declined', 2 * N, N],
};

describe('the worker running the retry that ends dunning SIGKILLed: the final usage invoice', () => {
  for (const step of CHARGE_STEPS) {
    it(`killed at ${step}: each subscription ended once, its usage billed once on a final invoice, charged once`, async () => {
      const s = await declinedOnceWithUsage(step);
      const killer = child(s, { roles: 'worker', killAt: step, trace: true });
      await killer.ready();
      await makeDue(s);
      const reached = (ms: ChildMessage[], type: 'at' | 'step', at: string) =>
        new Set(ms.flatMap((m) => (m.type === type && m.step === at ? [m.invoiceId] : [])));
      // Each retry stops at the step, except at `before-commit`: the first failure to get there holds, in its
      // open transaction, the merchant's lock the others' finalizations of their final invoices wait for
      // (invoice numbers). Those are killed between the gateway's answer and their commit: the same state.
      const stopped = (ms: ChildMessage[]) =>
        step === 'before-commit'
          ? reached(ms, 'at', step).size >= 1 && reached(ms, 'step', 'after-gateway').size === N
          : reached(ms, 'at', step).size === N;
      await killer.waitFor(`${N} retries at ${step}`, stopped, slow(20_000));
      const held = reached(killer.messages, 'at', step).size;
      // At `before-commit`, the kill falls once the others wait on that lock (sessions waiting on a lock, not at a step).
      const waiting = async () =>
        (
          await s.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n;
      let blocked = await waiting();
      if (step === 'before-commit')
        await waitFor(async () => (blocked = await waiting()), {
          message: `${N - held} failures waiting on the lock`,
          timeout: slow(5_000),
          interval: 50,
          until: (n) => n === N - held,
        });
      await killer.kill();
      if (step !== 'before-commit') expect(held).toBe(N);

      // Proof that the process died where we meant.
      const [attempt2, purchases, finals] = AT_KILL[step];
      const atKill = await billingCounts(s.dbUrl);
      expect(atKill.attemptsByStatus).toEqual(attempt2 === 'declined' ? { declined: 2 * N } : { declined: N, [attempt2]: N });
      expect(atKill.purchases).toBe(purchases);
      expect(atKill.invoicesByStatus).toEqual(finals ? { uncollectible: N, open: N } : { past_due: N });
      const killed = await state(s);
      for (const sub of s.subs) expect(killed.get(sub.id)!.status).toBe(finals ? ended(sub.action) : 'past_due');
      // The hand-off is lost: no charge job holds the final invoices (the dead worker died before handing them over).
      expect((await queued(s, 'charge')).pending, 'no charge job for the final invoices').toBe(0);

      // A healthy process with the worker and the scheduler (ticks, retry claims, the sweep every 500 ms).
      const recovery = child(s, { roles: 'both', name: 'recovery', env: RECOVERY_ENV });
      await recovery.ready();
      const read = async () => {
        const c = await billingCounts(s.dbUrl);
        const [charge, retry] = [await queued(s, 'charge'), await queued(s, 'retry')];
        return {
          byStatus: c.invoicesByStatus,
          unresolved: (c.attemptsByStatus.sending ?? 0) + (c.attemptsByStatus.unknown ?? 0),
          pending: charge.pending + retry.pending,
        };
      };
      let last = await read();
      await waitFor(async () => (last = await read()), {
        message: 'every final invoice paid',
        timeout: slow(20_000),
        interval: 100,
        until: (st) => st.byStatus.paid === N && st.unresolved === 0 && st.pending === 0,
      }).catch(() => undefined);
      expect(last, JSON.stringify(last)).toEqual({ byStatus: { uncollectible: N, paid: N }, unresolved: 0, pending: 0 });

      // No invoice charged twice, no state moved backwards, each usage period billed once (C20).
      expect(await checkInvariants(s.dbUrl)).toEqual([]);
      expect(await checkStateHistory(s.dbUrl)).toEqual([]);
      expect(await checkUsageBilling(s.dbUrl, { merchantId: s.merchantId })).toEqual([]);
      const totalCalls = s.subs.reduce((sum, x) => sum + x.calls, 0);
      const counts = await billingCounts(s.dbUrl);
      expect(counts).toMatchObject({ invoices: 2 * N, attempts: 3 * N, attemptsByStatus: { declined: 2 * N, approved: N } });
      expect(counts).toMatchObject({ purchases: 3 * N, approvedPurchases: N, invoicesChargedOnce: N, maxChargesPerInvoice: 1 });
      expect(counts).toMatchObject({ ledgerEntries: N, ledgerTotals: { [CURRENCY]: totalCalls * UNIT } });

      const end = await state(s);
      const refs = await purchasesByReference(s);
      const events = await eventCounts(s);
      const charged = new Set(
        recovery.messages.flatMap((m) =>
          m.type === 'completed' &&
          m.jobId.startsWith('charge-') &&
          [JSON.parse(m.result)].flat().some((r) => r.kind === 'recorded' && r.status === 'approved')
            ? [m.invoiceId]
            : [],
        ),
      );
      for (const sub of s.subs) {
        const got = end.get(sub.id)!;
        const final = got.invoices.find((i) => i.kind === 'final');
        // Ended once; the period invoice written off after exactly two declines (the retry's recorded once).
        expect({ status: got.status, invoices: got.invoices.map((i) => [i.kind, i.status, i.attempts]) }, sub.id).toEqual({
          status: ended(sub.action),
          invoices: [
            ['period', 'uncollectible', '1:declined,2:declined'],
            ['final', 'paid', '1:approved'],
          ],
        });
        // One usage line, at the quantity of the calls accepted (duplicates not counted), and nothing else billed.
        expect(final!.usage, sub.id).toEqual([{ quantity: sub.calls, amount: sub.calls * UNIT }]);
        expect(final!.amount).toBe(sub.calls * UNIT);
        // At the gateway: the retry sent once (declined), the final invoice charged once.
        expect(refs.get(`${sub.invoiceId}-1`), sub.id).toEqual(['completed:declined']);
        expect(refs.get(`${sub.invoiceId}-2`), sub.id).toEqual(['completed:declined']);
        expect(refs.get(`${final!.id}-1`), sub.id).toEqual(['approved']);
        expect([...refs.keys()].filter((r) => r.startsWith(final!.id))).toEqual([`${final!.id}-1`]);
        // Each outcome's events once: the decline that ended dunning, the write-off, the end, the payment.
        const endEvent = sub.action === 'cancel' ? 'subscription.cancelled' : 'subscription.updated';
        expect(
          [
            events[`invoice.payment_failed ${sub.invoiceId} #1`],
            events[`invoice.payment_failed ${sub.invoiceId} #2`],
            events[`invoice.uncollectible ${sub.invoiceId}`],
            events[`${endEvent} ${sub.id}`],
            events[`invoice.paid ${final!.id} #1`],
          ],
          sub.id,
        ).toEqual([1, 1, 1, 1, 1]);
        // The healthy process charged it: the killer never reached the hand-off.
        expect(charged.has(final!.id), `final invoice of ${sub.id} charged by the recovery`).toBe(true);
      }
      expect((await queued(s, 'charge')).failed + (await queued(s, 'retry')).failed, 'no charge or retry job failed').toBe(0);
      report.push(
        `SIGKILL at ${step}: ${N} final retries in flight (${held} at the step, ${blocked} sessions waiting on a lock), recovery: ${JSON.stringify(tally(outcomes(recovery)))};` +
          ` ${totalCalls} calls billed on ${N} final invoices, each charged once`,
      );
    });
  }
});
