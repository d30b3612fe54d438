/**
 * Exactly-once with real processes (RELIABILITY.md "Faults to survive", issue 3): Recur workers
 * and schedulers run as child processes (test/helpers/recur-child.ts) that are SIGKILLed at each
 * step of a charge, frozen past their lock, handed the same job twice, run four at a time, and
 * (queues on Redis) robbed of their Redis keys. After each fault the invariant checker (test/helpers/invariants.ts)
 * must find nothing, and the counts must be exact: every invoice paid, one approved purchase and
 * one ledger entry each.
 *
 * The test process holds only the API (no scheduler, no worker): it creates merchants, cards,
 * plans and subscriptions, invoices what is due with `runSchedulerTick` (or lets scheduler
 * children do it), sweeps with `reconcile`, and reads the database. Sections 1 to 4 run on
 * the run's queue backend, so where the run has Redis they run twice (the `postgres-queues`
 * project, test/queue-backend-tests.json), and on a machine without Redis they run on PostgreSQL.
 * Section 5 empties Redis: it runs where the run's queues are on Redis, and says why it skips
 * elsewhere.
 */
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { deleteKeys, startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { killAllChildren, startRecurChild, type ChildMessage, type ChildOptions, type RecurChild } from '../../helpers/recur-child.ts';
import {
  billingCounts,
  checkCrossPath,
  checkInvariants,
  checkStateHistory,
  watchTransitions,
  type BillingCounts,
} from '../../helpers/invariants.ts';
import { chargeDeps, schedulerDeps } from '../../../src/composition/roles.ts';
import { runSchedulerTick, type SchedulerDeps } from '../../../src/scheduler/scheduler.service.ts';
import { reconcile } from '../../../src/scheduler/reconciler.ts';
import { attemptCharge } from '../../../src/billing/charges/attempt-charge.service.ts';
import { CHARGE_STEPS } from '../../../src/billing/charges/charge-hooks.ts';
import { testRedis } from '../../helpers/redis.ts';
import { DYNAMIC } from '../../helpers/billing.ts';

// These tests run real processes and wait for real recoveries (stalled-job checks, sweeps). Under
// the whole suite the two cores are shared with every other test file: deadlines are scaled, and
// each wait still fails with a message saying what did not happen.
const SLOW = 3;
const slow = (ms: number) => ms * SLOW;
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const AMOUNT = 1500;
const CURRENCY = 'AUD';
/** Published sandbox cards that always approve. */
const APPROVED_CARDS = ['5123456789012346', '4005550000000001', '345678901234564', '3530111333300000', '6250946000000016'];

// ---------------------------------------------------------------------------------------------
// Scenario plumbing
// ---------------------------------------------------------------------------------------------

interface Scenario {
  name: string;
  app: TestApp;
  api: ApiClient;
  dbUrl: string;
  db: pg.Client;
  planId: string;
  cards: string[];
  deps: SchedulerDeps;
}

let apps: TestApp[] = [];
let dbs: pg.Client[] = [];
let children: RecurChild[] = [];
const report: string[] = [];
const redisTest = testRedis();
const queueBackend = inject('queueBackend');

function child(s: Scenario, options: ChildOptions): RecurChild {
  const c = startRecurChild(s.app.config, options);
  children.push(c);
  return c;
}

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') for (const c of children) console.error(c.output());
  await killAllChildren();
  for (const db of dbs) await db.end().catch(() => undefined);
  for (const app of apps) await app.close().catch(() => undefined);
  apps = [];
  dbs = [];
  children = [];
});

afterAll(async () => {
  await killAllChildren();
  console.log(`\nexactly-once runs, queues on ${queueBackend}\n  ${report.join('\n  ')}\n`);
});

async function scenario(
  name: string,
  options: { env?: Record<string, string>; interval?: 'day' | 'month'; cards?: number; redis?: boolean } = {},
): Promise<Scenario> {
  const app = await startTestApp({
    env: {
      LOG_LEVEL: 'warn',
      WORKER_LOCK_MS: '2000',
      WORKER_CONCURRENCY: '10',
      DATABASE_POOL_MAX: '8',
      ...(options.redis ? redisTest.env() : {}),
      ...options.env,
    },
  });
  apps.push(app);
  const merchant = await app.newMerchant(`Exactly Once ${name}`);
  const api = app.client('sandbox', merchant.sandbox);
  const cards: string[] = [];
  for (const number of APPROVED_CARDS.slice(0, options.cards ?? 1)) {
    const card = await api.post('/credit_cards', { card_holder: 'E Once', card_number: number, card_expiry: '05/2030', cvv: '123' });
    expect(card.status, card.text).toBe(200);
    cards.push(card.body.response.token);
  }
  const plan = await api.post('/plans', {
    name: `Plan ${name}`,
    amount: AMOUNT,
    currency: CURRENCY,
    interval: options.interval ?? 'month',
    interval_count: 1,
  });
  expect(plan.status, plan.text).toBe(201);
  const dbUrl = app.config.DATABASE_URL;
  const db = await connect(dbUrl);
  dbs.push(db);
  return { name, app, api, dbUrl, db, planId: plan.body.response.id, cards, deps: schedulerDeps(app.runtime) };
}

/** Subscriptions without a start date: due at creation (or at the clock's time when on a test clock). */
async function subscribe(s: Scenario, n: number, testClockId?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, (_, j) =>
        s.api.post('/subscriptions', {
          plan_id: s.planId,
          card_token: s.cards[(i + j) % s.cards.length],
          customer_reference: `cust-${i + j}`,
          ...(testClockId ? { test_clock_id: testClockId } : {}),
        }),
      ),
    );
    for (const r of batch) {
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.response.id);
    }
  }
  return ids;
}

/** One scheduler tick in the test process: invoices what is due; `enqueue: false` leaves the charges owed but not queued. */
async function invoiceDue(s: Scenario, enqueue = true): Promise<string[]> {
  await runSchedulerTick(enqueue ? s.deps : { ...s.deps, enqueue: async () => undefined });
  return (await s.db.query<{ id: string }>('select id from billing.invoices order by created_at, id')).rows.map((r) => r.id);
}

async function queueCounts(s: Scenario): Promise<Record<string, number>> {
  return s.app.runtime.queues.charge.getJobCounts('active', 'wait', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed');
}

interface Progress {
  invoices: number;
  final: number;
  unresolvedAttempts: number;
  queued: number;
}

async function progress(s: Scenario): Promise<Progress> {
  const r = (
    await s.db.query<{ invoices: string; final: string; unresolved: string }>(
      `select (select count(*) from billing.invoices) as invoices,
              (select count(*) from billing.invoices where status in ('paid', 'past_due', 'void', 'uncollectible')) as final,
              (select count(*) from billing.charge_attempts where status in ('sending', 'unknown')) as unresolved`,
    )
  ).rows[0]!;
  const q = await queueCounts(s);
  return {
    invoices: Number(r.invoices),
    final: Number(r.final),
    unresolvedAttempts: Number(r.unresolved),
    queued: (q.active ?? 0) + (q.wait ?? 0) + (q.delayed ?? 0) + (q.prioritized ?? 0),
  };
}

/** On a failure with the queues on PostgreSQL: the charge jobs' rows and the sessions waiting on a lock. */
async function queueDiagnostics(s: Scenario): Promise<string> {
  if (queueBackend !== 'postgres') return '';
  const jobs = await s.db.query(
    `select id, state, lock_token, locked_until_ms, stalled_marked, stalled_count from recur_queues.job where queue = 'charge'`,
  );
  const sessions = await s.db.query(
    `select pid, state, wait_event_type, wait_event, xact_start, left(query, 80) as query from pg_stat_activity
      where datname = current_database() and (state = 'idle in transaction' or wait_event_type = 'Lock')`,
  );
  return `charge jobs: ${JSON.stringify(jobs.rows)}\nsessions in a transaction or waiting on a lock: ${JSON.stringify(sessions.rows)}`;
}

/**
 * Waits (bounded) until `expected` invoices exist, all have a final outcome, no attempt is
 * unresolved and nothing is left in the queue; returns whether that happened in time, and the
 * last progress seen (the caller's assertions then say what is wrong).
 */
async function settle(s: Scenario, expected: number, timeoutMs: number): Promise<{ settled: boolean; last: Progress }> {
  let last = await progress(s);
  const settled = await waitFor(async () => (last = await progress(s)), {
    message: `${expected} invoices settled`,
    timeout: timeoutMs,
    interval: 100,
    until: (p) => p.invoices === expected && p.final === expected && p.unresolvedAttempts === 0 && p.queued === 0,
  }).then(
    () => true,
    () => false,
  );
  return { settled, last };
}

/** The sweep as the scheduler loop runs it, with no grace: re-enqueues every owed charge every `intervalMs`. */
function sweeping(s: Scenario, intervalMs = 300): { stop(): Promise<number> } {
  let stopped = false;
  let swept = 0;
  const loop = (async () => {
    while (!stopped) {
      swept += await reconcile(s.deps, 0).catch(() => 0);
      await sleep(intervalMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return swept;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const capsOf = (s: Scenario) => ({ per24Hours: s.app.config.NETWORK_CAP_24_HOURS, per30Days: s.app.config.NETWORK_CAP_30_DAYS });

const atInvoices = (ms: ChildMessage[]) => new Set(ms.flatMap((m) => (m.type === 'at' ? [m.invoiceId] : [])));
const completedInvoices = (ms: ChildMessage[]) => new Set(ms.flatMap((m) => (m.type === 'completed' ? [m.invoiceId] : [])));
const results = (...cs: RecurChild[]) =>
  cs.flatMap((c) =>
    c.messages.flatMap((m) => (m.type === 'completed' ? [JSON.parse(m.result) as { kind: string; reason?: string; status?: string }] : [])),
  );
const tally = (xs: string[]) => xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {});

/**
 * Every invoice paid exactly once: the invariants and the rules across paths hold, and the counts
 * are exact. `failedJobs`: the charge jobs BullMQ failed on the way, kept for the dashboard (the
 * sweep's re-add ran under a job of its own).
 */
async function expectChargedExactlyOnce(s: Scenario, n: number, failedJobs = 0): Promise<BillingCounts> {
  const violations = await checkInvariants(s.dbUrl);
  expect(violations).toEqual([]);
  expect(await checkStateHistory(s.dbUrl)).toEqual([]);
  expect(await checkCrossPath(s.dbUrl, { caps: capsOf(s) }), 'the rules across paths (C1-C8)').toEqual([]);
  const counts = await billingCounts(s.dbUrl);
  expect(counts).toMatchObject({
    invoices: n,
    invoicesByStatus: { paid: n },
    attempts: n,
    attemptsByStatus: { approved: n },
    purchases: n,
    approvedPurchases: n,
    invoicesChargedOnce: n,
    maxChargesPerInvoice: 1,
    ledgerEntries: n,
    ledgerTotals: { [CURRENCY]: n * AMOUNT },
  });
  const q = await queueCounts(s);
  expect(q.failed ?? 0, 'charge jobs failed').toBe(failedJobs);
  return counts;
}

// ---------------------------------------------------------------------------------------------
// 1. A worker SIGKILLed at each step of a charge
// ---------------------------------------------------------------------------------------------

const KILL_INVOICES = 5;

/** What the database must show right after the kill: proof that the process died where we meant. */
const AT_KILL: Record<(typeof CHARGE_STEPS)[number], { attempts: string; purchases: number; paid: number }> = {
  'before-call': { attempts: 'sending', purchases: 0, paid: 0 },
  'after-gateway': { attempts: 'sending', purchases: KILL_INVOICES, paid: 0 },
  'before-commit': { attempts: 'sending', purchases: KILL_INVOICES, paid: 0 },
  'after-commit': { attempts: 'approved', purchases: KILL_INVOICES, paid: KILL_INVOICES },
};

describe(`a charge worker SIGKILLed mid-charge, queues on ${queueBackend}`, () => {
  for (const step of CHARGE_STEPS) {
    it(`killed at ${step}: a new worker finishes, each invoice is charged exactly once`, async () => {
      const s = await scenario(`kill ${step}`);
      const killer = child(s, { roles: 'worker', killAt: step });
      const [, subs] = await Promise.all([killer.ready(), subscribe(s, KILL_INVOICES)]);
      expect(subs).toHaveLength(KILL_INVOICES);
      const invoices = await invoiceDue(s);
      expect(invoices).toHaveLength(KILL_INVOICES);

      await killer.waitFor(`${KILL_INVOICES} charges at ${step}`, (ms) => atInvoices(ms).size === KILL_INVOICES, slow(20_000));
      await killer.kill();

      const atKill = await billingCounts(s.dbUrl);
      const expected = AT_KILL[step];
      expect(atKill.attemptsByStatus).toEqual({ [expected.attempts]: KILL_INVOICES });
      expect(atKill.approvedPurchases).toBe(expected.purchases);
      expect(atKill.invoicesByStatus.paid ?? 0).toBe(expected.paid);
      expect((await queueCounts(s)).active, 'the dead worker still holds its jobs in the queue').toBe(KILL_INVOICES);

      const recovery = child(s, { roles: 'worker', name: 'recovery worker' });
      await recovery.ready();
      const sweep = sweeping(s);
      const { settled, last } = await settle(s, KILL_INVOICES, slow(30_000));
      const swept = await sweep.stop();
      expect(settled, JSON.stringify(last)).toBe(true);
      await recovery.waitFor('every killed job re-run', (ms) => completedInvoices(ms).size === KILL_INVOICES, slow(10_000));

      await expectChargedExactlyOnce(s, KILL_INVOICES);
      const outcomes = tally(results(recovery).map((r) => `${r.kind}${r.status ? `:${r.status}` : ''}${r.reason ? `:${r.reason}` : ''}`));
      // The killed jobs are re-run: each records its outcome once (after-commit: finds the invoice paid). A
      // sweep that read an invoice as open just before that may add one more job, which finds it paid.
      expect(outcomes['recorded:approved'] ?? 0).toBe(step === 'after-commit' ? 0 : KILL_INVOICES);
      if (step === 'after-commit') expect(outcomes['skipped:invoice is paid']).toBeGreaterThanOrEqual(KILL_INVOICES);
      for (const outcome of Object.keys(outcomes)) expect(outcome).toMatch(/^(recorded:approved|skipped:invoice is paid)$/);
      report.push(
        `SIGKILL at ${step}: ${KILL_INVOICES} charges killed in 1 process, re-run by a new worker (${JSON.stringify(outcomes)}), ` +
          `sweep found ${swept} owed (ids collapse while the stalled job exists): ${KILL_INVOICES} paid, ${KILL_INVOICES} purchases, ${KILL_INVOICES} ledger entries`,
      );
    });
  }

  it('killed twice on the same job (a second crash during the recovery), then a healthy worker and the sweep: charged exactly once', async () => {
    const n = 3;
    const s = await scenario('kill twice');
    const first = child(s, { roles: 'worker', killAt: 'before-call', name: 'first worker' });
    await Promise.all([first.ready(), subscribe(s, n)]);
    expect(await invoiceDue(s)).toHaveLength(n);
    await first.waitFor(`${n} charges at before-call`, (ms) => atInvoices(ms).size === n, slow(20_000));
    await first.kill();

    const second = child(s, { roles: 'worker', killAt: 'before-call', name: 'second worker' });
    await second.waitFor(`${n} stalled charges re-run to before-call`, (ms) => atInvoices(ms).size === n, slow(20_000));
    await second.kill();

    const healthy = child(s, { roles: 'worker', name: 'healthy worker' });
    await healthy.ready();
    // BullMQ fails a job that stalled more than once (maxStalledCount 1) without running it:
    // the job is gone for BullMQ, and only PostgreSQL still knows the charge is owed.
    await healthy.waitFor(
      `${n} twice-stalled jobs failed`,
      (ms) => ms.filter((m) => m.type === 'failed' && m.reason === 'job stalled more than allowable limit').length === n,
      20_000,
    );
    const sweep = sweeping(s);
    const started = Date.now();
    const { settled, last } = await settle(s, n, slow(20_000));
    const swept = await sweep.stop();
    const failed = healthy.messages.flatMap((m) => (m.type === 'failed' ? [m.reason] : []));
    report.push(
      `SIGKILL twice at before-call: ${n} jobs stalled twice and were failed by BullMQ (${JSON.stringify(tally(failed))}); ` +
        `the sweep (${swept} owed found) had them charged in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(last)}`,
    );
    expect(settled, JSON.stringify(last)).toBe(true);
    // PostgreSQL says these charges are owed: the sweep must get them charged, once.
    expect(await checkInvariants(s.dbUrl)).toEqual([]);
    // The twice-stalled jobs stay failed for the dashboard (KEEP_FAILED); the sweep's re-adds were jobs of their own.
    await expectChargedExactlyOnce(s, n, n);
  });
});

// ---------------------------------------------------------------------------------------------
// 1b. A worker killed after its claim while the test clock moves past the 24-hour window
// ---------------------------------------------------------------------------------------------

/** Published sandbox card that always declines (05). */
const DECLINE_CARD = '5313581000123430';
const H = 3_600_000;

describe(`a charge worker SIGKILLed after its claim, the test clock moving on before the job resumes, queues on ${queueBackend}`, () => {
  it('the attempt keeps the time of its claim: no network-cap window over its limit, nothing after a cancel (C1, C2)', async () => {
    // One decline per card in 24 hours: the attempt that died, and a later one on the same card a
    // day after it, each in a window of its own.
    const s = await scenario('claim time', { env: { NETWORK_CAP_24_HOURS: '1', NETWORK_CAP_30_DAYS: '5' } });
    const card = await s.api.post('/credit_cards', {
      card_holder: 'E Once',
      card_number: DECLINE_CARD,
      card_expiry: '12/2039',
      cvv: '123',
    });
    expect(card.status, card.text).toBe(200);
    const T0 = Date.parse('2031-03-01T09:00:00.000Z');
    const clock = await s.api.post('/test_clocks', { frozen_time: new Date(T0).toISOString() });
    expect(clock.status, clock.text).toBe(201);
    const clockId: string = clock.body.response.id;
    const sub = (name: string, startMs: number) =>
      s.api.post('/subscriptions', {
        plan_id: s.planId,
        card_token: card.body.response.token,
        customer_reference: `cust-${name}`,
        start_date: new Date(startMs).toISOString(),
        test_clock_id: clockId,
      });
    const first = await sub('first', T0);
    const second = await sub('second', T0 + 25 * H);
    expect([first.status, second.status], first.text + second.text).toEqual([201, 201]);

    // The first subscription's charge is claimed at T0, reaches the gateway (declined) and the worker dies.
    const killer = child(s, { roles: 'worker', killAt: 'after-gateway' });
    await killer.ready();
    const [dead] = await invoiceDue(s);
    await killer.waitFor('the charge at after-gateway', (ms) => atInvoices(ms).has(dead!), slow(20_000));
    await killer.kill();
    const claimed = (await s.db.query(`select status, attempted_at from billing.charge_attempts where invoice_id = $1`, [dead])).rows;
    expect(claimed).toEqual([{ status: 'sending', attempted_at: new Date(T0) }]);

    // Past the 24-hour window: the second subscription's period is invoiced and charged (declined)
    // at T0 + 25 h, while the first attempt still waits for its record.
    const advance = async (to: number) => {
      const res = await s.api.post(`/test_clocks/${clockId}/advance`, { frozen_time: new Date(to).toISOString() });
      expect(res.status, res.text).toBe(200);
    };
    await advance(T0 + 25 * H);
    const later = (await invoiceDue(s, false)).filter((id) => id !== dead);
    expect(later).toHaveLength(1);
    const charged = await attemptCharge(chargeDeps(s.app.runtime), { invoiceId: later[0]!, attempt: 1 });
    expect(charged).toMatchObject({ kind: 'recorded', status: 'declined' });
    // The first subscription is cancelled meanwhile, and the clock moves on a minute more.
    const cancelled = await s.api.post(`/subscriptions/${first.body.response.id}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    await advance(T0 + 25 * H + 60_000);

    // The job is taken up again: it looks the purchase up by reference and records its outcome.
    const recovery = child(s, { roles: 'worker', name: 'recovery worker' });
    await recovery.ready();
    const sweep = sweeping(s);
    const row = await waitFor(
      async () =>
        (
          await s.db.query<{ status: string; attempted_at: Date; resolved_at: Date | null }>(
            `select status, attempted_at, resolved_at from billing.charge_attempts where invoice_id = $1`,
            [dead],
          )
        ).rows[0],
      { message: 'the dead attempt recorded', timeout: slow(30_000), interval: 100, until: (r) => r?.status !== 'sending' },
    ).catch(() => undefined);
    await sweep.stop();
    expect(row?.status).toBe('declined');
    expect(await checkInvariants(s.dbUrl)).toEqual([]);
    // No cap window over its limit (one decline in each 24 hours), no attempt after the cancel.
    expect(await checkCrossPath(s.dbUrl, { caps: capsOf(s) })).toEqual([]);
    // The attempt is at its claim's time; its outcome's time is the record's.
    expect(row).toEqual({ status: 'declined', attempted_at: new Date(T0), resolved_at: new Date(T0 + 25 * H + 60_000) });
    const invoice = await s.api.get(`/invoices/${dead}`);
    expect(invoice.body.response.attempts).toMatchObject([
      { status: 'declined', created_at: new Date(T0).toISOString(), resolved_at: new Date(T0 + 25 * H + 60_000).toISOString() },
    ]);
    expect(capsOf(s)).toEqual({ per24Hours: 1, per30Days: 5 });
    const declines = (
      await s.db.query<{ attempted_at: Date }>(
        `select attempted_at from billing.charge_attempts where status = 'declined' order by attempted_at`,
      )
    ).rows.map((r) => r.attempted_at.toISOString());
    expect(declines).toEqual([new Date(T0).toISOString(), new Date(T0 + 25 * H).toISOString()]);
    report.push(
      `SIGKILL after the claim, clock moved 25 h and a cancel meanwhile: the attempt stays at its claim's time, resolved 25 h later; C1-C8 clean`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 2. A worker frozen past its lock while another takes the job
// ---------------------------------------------------------------------------------------------

describe(`a charge worker frozen (SIGSTOP) past its lock, queues on ${queueBackend}`, () => {
  for (const step of ['before-call', 'after-gateway'] as const) {
    it(`frozen at ${step}, another worker takes the jobs, then SIGCONT: no double charge, no state backwards`, async () => {
      const n = 3;
      const s = await scenario(`freeze ${step}`);
      const frozen = child(s, { roles: 'worker', holdAt: step, trace: true, name: 'frozen worker' });
      await Promise.all([frozen.ready(), subscribe(s, n)]);
      const watch = await watchTransitions(s.dbUrl);
      expect(await invoiceDue(s)).toHaveLength(n);
      await frozen.waitFor(`${n} charges at ${step}`, (ms) => atInvoices(ms).size === n, slow(20_000));
      frozen.signal('SIGSTOP');
      const frozenAt = Date.now();

      const taker = child(s, { roles: 'worker', name: 'taking worker' });
      await taker.ready();
      const { settled, last } = await settle(s, n, slow(30_000));
      if (!settled) console.error(await queueDiagnostics(s));
      expect(settled, JSON.stringify(last)).toBe(true);
      await taker.waitFor('the frozen jobs re-run', (ms) => completedInvoices(ms).size === n, slow(10_000));
      const takenAfterMs = Date.now() - frozenAt;
      expect(takenAfterMs, 'the jobs were taken only after the lock lapsed').toBeGreaterThanOrEqual(2_000);

      // The frozen worker wakes up and carries on with the charges it started.
      frozen.signal('SIGCONT');
      frozen.send({ type: 'release' });
      await frozen.waitFor(
        'the woken worker to finish its stale charges',
        (ms) => new Set(ms.flatMap((m) => (m.type === 'step' && m.step === 'after-commit' ? [m.invoiceId] : []))).size === n,
        15_000,
      );
      await sleep(500);
      const transitions = await watch.stop();
      expect(transitions.violations).toEqual([]);
      expect(transitions.transitions).toBeGreaterThanOrEqual(2 * n); // open→paid and sending→approved, each seen
      await expectChargedExactlyOnce(s, n);
      const stale = frozen.messages.flatMap((m) =>
        m.type === 'completed' ? [m.result] : m.type === 'failed' ? [`failed: ${m.reason}`] : [],
      );
      report.push(
        `SIGSTOP at ${step} for ${(takenAfterMs / 1000).toFixed(1)} s: ${n} jobs taken by another worker (${JSON.stringify(tally(results(taker).map((r) => r.kind)))}), ` +
          `woken worker finished its ${n} stale charges (queue said: ${JSON.stringify(tally(stale))}); ${transitions.samples} state samples, ` +
          `${transitions.transitions} transitions, none backwards; ${n} paid, ${n} purchases, ${n} ledger entries`,
      );
    });
  }
});

describe(`a charge worker frozen (SIGSTOP) inside a transaction, queues on ${queueBackend}`, () => {
  it('frozen while recording a decline: PostgreSQL ends its session, another worker records the decline once', async () => {
    // A declined attempt's record is a transaction of several statements, and `before-commit` is
    // inside it, with the invoice's row locked: the taking worker waits on that lock until
    // PostgreSQL ends the frozen session (DATABASE_IDLE_IN_TRANSACTION_MS), never longer. With the
    // setting at 0 it waits for as long as the frozen process lives.
    const n = 2;
    const idleMs = 3_000;
    const s = await scenario('freeze in a transaction', { env: { DATABASE_IDLE_IN_TRANSACTION_MS: String(idleMs) } });
    // The sandbox's dynamic card answers by the amount's last two digits: 51, a soft decline.
    const card = await s.api.post('/credit_cards', { card_holder: 'E Once', card_number: DYNAMIC, card_expiry: '05/2030', cvv: '123' });
    expect(card.status, card.text).toBe(200);
    const plan = await s.api.post('/plans', { name: 'Declines', amount: 1551, currency: CURRENCY, interval: 'month', interval_count: 1 });
    expect(plan.status, plan.text).toBe(201);
    const frozen = child(s, { roles: 'worker', holdAt: 'before-commit', trace: true, name: 'frozen worker' });
    await frozen.ready();
    for (let i = 0; i < n; i++) {
      const sub = await s.api.post('/subscriptions', {
        plan_id: plan.body.response.id,
        card_token: card.body.response.token,
        customer_reference: `d-${i}`,
      });
      expect(sub.status, sub.text).toBe(201);
    }
    const invoices = await invoiceDue(s);
    expect(invoices).toHaveLength(n);
    await frozen.waitFor(`${n} declines at before-commit`, (ms) => atInvoices(ms).size === n, slow(20_000));
    frozen.signal('SIGSTOP');
    const frozenAt = Date.now();
    // The invoices' rows are locked by the frozen transaction.
    await s.db.query('begin');
    const nowait = await s.db.query('select id from billing.invoices where id = any($1::uuid[]) for update nowait', [invoices]).then(
      () => 'locked by us',
      (err: { code?: string }) => err.code,
    );
    await s.db.query('rollback');
    expect(nowait, 'held by the frozen transaction').toBe('55P03');

    const taker = child(s, { roles: 'worker', name: 'taking worker' });
    await taker.ready();
    await taker.waitFor('the frozen jobs taken and recorded', (ms) => completedInvoices(ms).size === n, slow(20_000));
    const recordedAfterMs = Date.now() - frozenAt;
    expect(recordedAfterMs, 'recorded only once PostgreSQL had ended the frozen session').toBeGreaterThanOrEqual(idleMs - 500);

    const recorded = async () =>
      (
        await s.db.query<{ status: string; attempts: string; events: number; purchases: number }>(
          `select i.status,
                  (select string_agg(a.number || ':' || a.status, ',' order by a.number) from billing.charge_attempts a where a.invoice_id = i.id) as attempts,
                  (select count(*)::int from billing.events e where e.type = 'invoice.payment_failed' and e.data->>'invoice_id' = i.id::text) as events,
                  (select count(*)::int from gateway.purchases p where p.reference like i.id || '-%') as purchases
             from billing.invoices i order by i.id`,
        )
      ).rows;
    const once = Array.from({ length: n }, () => ({ status: 'past_due', attempts: '1:declined', events: 1, purchases: 1 }));
    expect(await recorded()).toEqual(once);

    // The frozen worker wakes up: its transaction is gone, so its record fails and nothing changes.
    frozen.signal('SIGCONT');
    frozen.send({ type: 'release' });
    await sleep(1_500);
    expect(await recorded()).toEqual(once);
    expect(await checkInvariants(s.dbUrl)).toEqual([]);
    expect(await checkStateHistory(s.dbUrl)).toEqual([]);
    report.push(
      `SIGSTOP inside a decline's transaction: ${n} invoices recorded by another worker ${(recordedAfterMs / 1000).toFixed(1)} s later ` +
        `(DATABASE_IDLE_IN_TRANSACTION_MS ${idleMs}); after SIGCONT still one declined attempt, one event and one purchase each`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 3. The same job delivered twice
// ---------------------------------------------------------------------------------------------

describe(`the same charge job delivered more than once, queues on ${queueBackend}`, () => {
  it('three copies of each job under different ids, two workers: one purchase per invoice', async () => {
    const n = 10;
    const s = await scenario('duplicate job', { cards: 5, env: { WORKER_LOCK_MS: '15000' } });
    const w1 = child(s, { roles: 'worker', trace: true, name: 'worker 1' });
    const w2 = child(s, { roles: 'worker', trace: true, name: 'worker 2' });
    await Promise.all([w1.ready(), w2.ready(), subscribe(s, n)]);
    const invoices = await invoiceDue(s, false);
    expect(invoices).toHaveLength(n);
    expect((await queueCounts(s)).wait).toBe(0);

    // Bypass the derived ids: the queue cannot collapse these.
    await s.app.runtime.queues.charge.addBulk(
      invoices.flatMap((invoiceId) =>
        ['dup-1', 'dup-2', 'dup-3'].map((tag) => ({
          name: 'charge',
          data: { invoiceId, attempt: 1 },
          opts: { jobId: `${tag}-${invoiceId}` },
        })),
      ),
    );
    const { settled, last } = await settle(s, n, slow(30_000));
    expect(settled, JSON.stringify(last)).toBe(true);
    const done = () => w1.messages.concat(w2.messages).filter((m) => m.type === 'completed').length;
    await waitFor(done, { message: `${3 * n} deliveries completed`, timeout: 10_000, interval: 50, until: (d) => d >= 3 * n }).catch(
      () => undefined,
    );
    expect(done()).toBe(3 * n);

    await expectChargedExactlyOnce(s, n);
    const gatewayCalls = w1.messages.concat(w2.messages).filter((m) => m.type === 'step' && m.step === 'before-call').length;
    const byWorker = [w1, w2].map((w) => w.messages.filter((m) => m.type === 'completed').length);
    report.push(
      `duplicate delivery: ${n} invoices x 3 jobs = ${3 * n} deliveries over 2 workers (${byWorker.join(' + ')}), ${gatewayCalls} reached the gateway call, ` +
        `outcomes ${JSON.stringify(tally(results(w1, w2).map((r) => `${r.kind}${r.reason ? `:${r.reason}` : ''}`)))}; ${n} paid, ${n} purchases, ${n} ledger entries`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Several scheduler processes at once
// ---------------------------------------------------------------------------------------------

describe(`several schedulers at once, queues on ${queueBackend}`, () => {
  const SUBS = 200;
  const DAYS_BEHIND = 3;
  const T0 = '2028-02-27T09:00:00.000Z'; // crosses 29 February 2028
  for (const processes of [2, 4]) {
    it(`${processes} processes (scheduler + worker) over ${SUBS} subscriptions ${DAYS_BEHIND} days behind on a daily plan: every period invoiced and charged once`, async () => {
      const s = await scenario(`${processes} schedulers`, {
        interval: 'day',
        cards: 5,
        // Not a lock test: a lock long enough that a busy 2-core machine never lets a live job stall.
        env: {
          WORKER_LOCK_MS: '15000',
          SCHEDULER_BATCH_SIZE: '20',
          SCHEDULER_TICK_MS: '20',
          WORKER_CONCURRENCY: '20',
          SWEEP_INTERVAL_MS: '1000',
          SWEEP_GRACE_MS: '5000',
        },
      });
      const clock = await s.api.post('/test_clocks', { frozen_time: T0 });
      expect(clock.status, clock.text).toBe(201);
      const clockId: string = clock.body.response.id;
      const recurs = Array.from({ length: processes }, (_, i) => child(s, { roles: 'both', name: `recur ${i + 1}` }));
      const [subs] = await Promise.all([subscribe(s, SUBS, clockId), ...recurs.map((r) => r.ready())]);
      expect(subs).toHaveLength(SUBS);

      const periods = DAYS_BEHIND + 1;
      const to = new Date(Date.parse(T0) + DAYS_BEHIND * 86_400_000 + 1_000).toISOString();
      const started = Date.now();
      const advanced = await s.api.post(`/test_clocks/${clockId}/advance`, { frozen_time: to });
      expect(advanced.status, advanced.text).toBe(200);

      const expected = SUBS * periods;
      const { settled, last } = await settle(s, expected, slow(60_000));
      expect(settled, JSON.stringify(last)).toBe(true);
      await waitFor(async () => (await s.api.get(`/test_clocks/${clockId}`)).body.response.status === 'ready', {
        message: 'the clock ready',
        timeout: 10_000,
        interval: 50,
      }).catch(() => undefined);
      expect((await s.api.get(`/test_clocks/${clockId}`)).body.response.status).toBe('ready');
      const elapsed = Date.now() - started;

      // Every period of every subscription invoiced once, in order, at the right time.
      const perSub = (
        await s.db.query<{ subscription_id: string; idx: number[]; starts: Date[]; next_period_index: number; next_charge_at: Date }>(
          `select i.subscription_id, array_agg(i.period_index order by i.period_index) as idx,
                  array_agg(i.period_start order by i.period_index) as starts, s.next_period_index, s.next_charge_at
             from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
            group by i.subscription_id, s.next_period_index, s.next_charge_at`,
        )
      ).rows;
      expect(perSub).toHaveLength(SUBS);
      const wantStarts = Array.from({ length: periods }, (_, k) => new Date(Date.parse(T0) + k * 86_400_000).toISOString());
      for (const row of perSub) {
        expect(row.idx).toEqual(Array.from({ length: periods }, (_, k) => k));
        expect(row.starts.map((d) => d.toISOString())).toEqual(wantStarts);
        expect(row.next_period_index).toBe(periods);
        expect(row.next_charge_at.toISOString()).toBe(new Date(Date.parse(T0) + periods * 86_400_000).toISOString());
      }
      const created = Number((await s.db.query(`select count(*) as n from billing.events where type = 'invoice.created'`)).rows[0].n);
      expect(created).toBe(expected);

      const counts = await billingCounts(s.dbUrl);
      expect(counts.subscriptions).toBe(SUBS);
      await expectChargedExactlyOnce(s, expected);
      const charged = recurs.map((r) => r.messages.filter((m) => m.type === 'completed').length);
      report.push(
        `${processes} scheduler+worker processes: ${SUBS} subscriptions x ${periods} daily periods = ${expected} invoices, each once ` +
          `(${(elapsed / 1000).toFixed(1)} s; charges per process ${charged.join(' + ')}); ${expected} paid, ${expected} purchases, ${expected} ledger entries`,
      );
    }, 360_000);
  }
});

// ---------------------------------------------------------------------------------------------
// 5. Redis emptied mid-run
// ---------------------------------------------------------------------------------------------

// Where the run's queues are on PostgreSQL, Redis holds no job to lose.
const redisEmptiedSkip = !redisTest.url ? redisTest.reason : queueBackend !== 'redis' ? 'queues on PostgreSQL in this run' : null;
const redisEmptiedTitle = 'Redis emptied mid-run (this test prefix only)';
describe.skipIf(redisEmptiedSkip !== null)(
  redisEmptiedSkip ? `${redisEmptiedTitle} (skipped: ${redisEmptiedSkip})` : redisEmptiedTitle,
  () => {
    for (const variant of ['the worker keeps running', 'the worker crashes too'] as const) {
      it(`charges in flight and queued are forgotten, ${variant}: the sweep re-enqueues, each invoice charged exactly once`, async () => {
        const n = 20;
        const inFlight = 3;
        const s = await scenario(`redis ${variant}`, { cards: 5, redis: true });
        const worker = child(s, {
          roles: 'worker',
          holdAt: 'after-gateway',
          env: { WORKER_CONCURRENCY: String(inFlight) },
          name: 'worker',
        });
        await Promise.all([worker.ready(), subscribe(s, n)]);
        expect(await invoiceDue(s)).toHaveLength(n);
        // Three charges reached the gateway and wait to be recorded; the rest wait in Redis.
        await worker.waitFor(`${inFlight} charges after the gateway`, (ms) => atInvoices(ms).size === inFlight, slow(20_000));
        expect(await queueCounts(s)).toMatchObject({ active: inFlight, wait: n - inFlight });

        const redis = s.app.runtime.redis!.duplicate();
        try {
          await deleteKeys(redis, `${s.app.config.REDIS_PREFIX}:*`);
          // Live workers write their own bookkeeping again at once (stalled checks, markers, meta);
          // what must be gone is every job and its lock.
          const left = await redis.keys(`${s.app.config.REDIS_PREFIX}:*`);
          expect(left.filter((key) => /:(charge|retry|expiry|webhook)-[0-9a-f]{8}-/.test(key))).toEqual([]);
        } finally {
          redis.disconnect();
        }
        expect(await queueCounts(s)).toMatchObject({ active: 0, wait: 0 });

        let finisher = worker;
        if (variant === 'the worker crashes too') {
          await worker.kill();
          finisher = child(s, { roles: 'worker', name: 'new worker' });
          await finisher.ready();
        } else worker.send({ type: 'release' });
        await sleep(1_000);
        const before = await progress(s);
        // Without the sweep nothing more happens: Redis forgot the jobs.
        expect(before.final).toBe(variant === 'the worker crashes too' ? 0 : inFlight);

        const sweep = sweeping(s);
        const { settled, last } = await settle(s, n, slow(30_000));
        const swept = await sweep.stop();
        expect(settled, JSON.stringify(last)).toBe(true);
        await expectChargedExactlyOnce(s, n);
        report.push(
          `Redis emptied with ${inFlight} charges past the gateway and ${n - inFlight} queued, ${variant}: ${before.final} recorded before the sweep, ` +
            `the sweep found ${swept} owed; ${n} paid, ${n} purchases (${inFlight} adopted by reference), ${n} ledger entries`,
        );
      });
    }
  },
);
