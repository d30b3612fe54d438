/**
 * Graceful shutdown under load (issue 5, RELIABILITY.md "graceful shutdown under load": no job
 * lost or half-done). A REAL `recur worker` process (node bin/recur.js worker) charges a few
 * hundred due invoices while the test signals it; a second worker finishes what is left; the
 * invariant checker then finds every invoice paid exactly once.
 *
 * Slow charges without hooks: the test process serves the gateway's sandbox HTTPS API, and the
 * worker bills through it (BILLING_GATEWAY=remote, the merchant's sandbox credentials). Each card
 * carries a sandbox script of `delay` outcomes, so each purchase is recorded at once and answered
 * after `delay_ms`: jobs are genuinely in flight when the signal arrives. (The embedded gateway
 * turns a scripted `delay` into an immediate `unknown`, so it cannot be used for this.)
 *
 * Waits are on output lines, exits and database conditions polled every 25 ms; no fixed sleeps.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { billingCounts, checkInvariants, checkStateHistory, watchTransitions } from '../helpers/invariants.ts';
import { exitWithin, killAllRecur, recurEnv, spawnRecur, waitForLivez, type CliProcess } from '../helpers/cli-process.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { schedulerDeps } from '../../src/composition/roles.ts';
import { runSchedulerTick } from '../../src/scheduler/scheduler.service.ts';
import { reconcile } from '../../src/scheduler/reconciler.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const AMOUNT = 1500;
const CURRENCY = 'AUD';
/** Published sandbox cards that always approve (one script of at most 100 outcomes each). */
const APPROVED_CARDS = ['5123456789012346', '4005550000000001', '345678901234564', '3530111333300000', '6250946000000016'];

interface Rig {
  app: TestApp;
  api: ApiClient;
  db: pg.Client;
  dbUrl: string;
  /** The environment of a `recur worker` that bills through this app's sandbox API. */
  workerEnv(extra?: Record<string, string>): Record<string, string>;
}

let rigs: Rig[] = [];
let workers: CliProcess[] = [];
let dirs: string[] = [];

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `recur-shutdown-${name}-`));
  dirs.push(dir);
  return dir;
}

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') for (const w of workers) console.error(w.describe());
  await killAllRecur();
  for (const rig of rigs) {
    await rig.db.end().catch(() => undefined);
    await rig.app.close().catch(() => undefined);
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  rigs = [];
  workers = [];
  dirs = [];
});

async function rig(): Promise<Rig> {
  const app = await startTestApp({ env: { LOG_LEVEL: 'warn' } });
  const merchant = await app.newMerchant('Shutdown Shop');
  const api = app.client('sandbox', merchant.sandbox);
  // The test's certificate serves both ways: the worker trusts the app's API with it, and its
  // own ops listener uses it (no key generation per worker process).
  const dir = await tempDir('tls');
  const caFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  await writeFile(caFile, app.tls.cert);
  await writeFile(keyFile, app.tls.key, { mode: 0o600 });
  const db = await connect(app.config.DATABASE_URL);
  const r: Rig = {
    app,
    api,
    db,
    dbUrl: app.config.DATABASE_URL,
    workerEnv: (extra = {}) =>
      recurEnv(app.config, {
        LOG_LEVEL: 'info',
        // The ops listener on a free port: its /livez answering tells the test that start-up is
        // over and the signal handlers are installed (see the last test of this file).
        OPS_ENABLED: 'true',
        OPS_PORT: '0',
        BILLING_GATEWAY: 'remote',
        BILLING_GATEWAY_URL: app.listeners.urls.sandbox!,
        BILLING_GATEWAY_USERNAME: merchant.sandbox.username,
        BILLING_GATEWAY_TOKEN: merchant.sandbox.api_token,
        BILLING_GATEWAY_CA_FILE: caFile,
        TLS_CERT_FILE: caFile,
        TLS_KEY_FILE: keyFile,
        ...extra,
      }),
  };
  rigs.push(r);
  return r;
}

function worker(r: Rig, extra: Record<string, string> = {}, args: string[] = []): CliProcess {
  const w = spawnRecur(['worker', ...args], r.workerEnv(extra));
  workers.push(w);
  return w;
}

/** Started, and able to shut down gracefully: its ops listener answers /livez. */
async function running(w: CliProcess): Promise<void> {
  await waitForLivez(w, 45_000);
}

/**
 * Cards whose next purchases each take `delayMs` to be answered (one value, or one per card), and
 * `perCard` due subscriptions on each, invoiced and queued.
 */
async function seed(
  r: Rig,
  options: { cards: number; perCard: number; delayMs: number | readonly number[] },
): Promise<{ invoices: string[]; tokens: string[] }> {
  const plan = await r.api.post('/plans', { name: 'Monthly', amount: AMOUNT, currency: CURRENCY, interval: 'month', interval_count: 1 });
  expect(plan.status, plan.text).toBe(201);
  const tokens: string[] = [];
  for (const [i, number] of APPROVED_CARDS.slice(0, options.cards).entries()) {
    const delayMs = typeof options.delayMs === 'number' ? options.delayMs : options.delayMs[i]!;
    const card = await r.api.post('/credit_cards', { card_holder: 'S Down', card_number: number, card_expiry: '05/2030', cvv: '123' });
    expect(card.status, card.text).toBe(200);
    const token = card.body.response.token as string;
    const script = await r.api.put(`/sandbox/credit_cards/${token}/script`, {
      outcomes: Array.from({ length: options.perCard }, () => ({ fault: 'delay', delay_ms: delayMs })),
    });
    expect(script.status, script.text).toBe(200);
    tokens.push(token);
  }
  const total = options.cards * options.perCard;
  for (let i = 0; i < total; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, total - i) }, (_, j) =>
        r.api.post('/subscriptions', {
          plan_id: plan.body.response.id,
          card_token: tokens[(i + j) % tokens.length],
          customer_reference: `c-${i + j}`,
        }),
      ),
    );
    for (const res of batch) expect(res.status, res.text).toBe(201);
  }
  // One scheduler tick in the test process: every subscription is due now, so each gets an invoice and a charge job.
  await runSchedulerTick(schedulerDeps(r.app.runtime));
  const invoices = (await r.db.query<{ id: string }>('select id from billing.invoices order by id')).rows.map((x) => x.id);
  expect(invoices).toHaveLength(total);
  expect(await r.app.runtime.queues.charge.getJobCounts('wait', 'active', 'failed')).toEqual({ wait: total, active: 0, failed: 0 });
  return { invoices, tokens };
}

interface DbState {
  attempts: number;
  sending: number;
  unknown: number;
  approved: number;
  paid: number;
  purchases: number;
}

async function dbState(r: Rig): Promise<DbState> {
  const row = (
    await r.db.query<Record<keyof DbState, number>>(
      `select (select count(*)::int from billing.charge_attempts) as attempts,
              (select count(*)::int from billing.charge_attempts where status = 'sending') as sending,
              (select count(*)::int from billing.charge_attempts where status = 'unknown') as unknown,
              (select count(*)::int from billing.charge_attempts where status = 'approved') as approved,
              (select count(*)::int from billing.invoices where status = 'paid') as paid,
              (select count(*)::int from gateway.purchases) as purchases`,
    )
  ).rows[0]!;
  return row;
}

/** `invoice status/attempt status` of each card's (single) invoice. */
async function chargesByCard(r: Rig): Promise<Record<string, string>> {
  const rows = await r.db.query<{ card_token: string; state: string }>(
    `select s.card_token, i.status || '/' || coalesce(string_agg(a.status, ',' order by a.number), 'none') as state
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
       left join billing.charge_attempts a on a.invoice_id = i.id
      group by s.card_token, i.id, i.status`,
  );
  return Object.fromEntries(rows.rows.map((x) => [x.card_token, x.state]));
}

async function queued(r: Rig): Promise<{ wait: number; active: number; delayed: number; failed: number }> {
  const c = await r.app.runtime.queues.charge.getJobCounts('wait', 'active', 'delayed', 'failed', 'prioritized');
  return { wait: (c.wait ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
}

/** I1 to I5 hold and the counts are exact: each of `n` invoices paid by one approved purchase with one ledger entry. */
async function expectPaidExactlyOnce(r: Rig, n: number): Promise<void> {
  expect(await checkInvariants(r.dbUrl)).toEqual([]);
  expect(await checkStateHistory(r.dbUrl)).toEqual([]);
  expect(await billingCounts(r.dbUrl)).toMatchObject({
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
  expect(await queued(r)).toEqual({ wait: 0, active: 0, delayed: 0, failed: 0 });
}

/** Waits until every invoice is paid and the charge queue is empty. */
async function waitAllPaid(r: Rig, n: number, timeoutMs: number): Promise<void> {
  await waitFor(
    async () => {
      const s = await dbState(r);
      const q = await queued(r);
      return s.paid === n && q.wait + q.active + q.delayed === 0 ? true : false;
    },
    { message: `all ${n} invoices paid and the charge queue empty`, timeout: timeoutMs },
  );
}

describe('recur worker: graceful shutdown under load', () => {
  it('SIGTERM mid-run finishes the active charges, takes no new ones, exits 0; a second worker finishes the rest, each invoice paid once', async () => {
    const r = await rig();
    const CARDS = 5;
    const PER_CARD = 40;
    const N = CARDS * PER_CARD;
    const CONCURRENCY = 10;
    const SHUTDOWN_TIMEOUT_MS = 15_000;
    await seed(r, { cards: CARDS, perCard: PER_CARD, delayMs: 200 });
    const watch = await watchTransitions(r.dbUrl);

    const first = worker(r, { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }, ['--concurrency', String(CONCURRENCY)]);
    await running(first);
    // Some charges recorded and some in flight at the gateway (attempt written, answer not back
    // yet); the signal goes out as soon as that is seen.
    const atSignal = await waitFor(
      async () => {
        const s = await dbState(r);
        if (s.approved < 2 * CONCURRENCY || s.sending < 1) return null;
        const sending = await r.db.query<{ id: string }>(`select id from billing.charge_attempts where status = 'sending'`);
        return { ...s, inFlight: sending.rows.map((x) => x.id) };
      },
      { message: 'some charges recorded and some in flight', timeout: 60_000 },
    );
    first.signal('SIGTERM');
    const signalledAt = Date.now();
    const { inFlight } = atSignal;
    const activeAtSignal = (await queued(r)).active;
    const exit = await exitWithin(first, SHUTDOWN_TIMEOUT_MS + 15_000);
    const drainMs = Date.now() - signalledAt;
    expect(exit.code, first.describe()).toBe(0);
    expect(first.stdout()).toContain('"msg":"shutting down"');
    expect(first.stdout()).not.toContain('did not finish in time');
    expect(drainMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(activeAtSignal).toBeGreaterThan(0);

    // Nothing half-done: every attempt it started has its outcome, the in-flight ones included.
    const after = await dbState(r);
    expect(after).toMatchObject({ sending: 0, unknown: 0 });
    expect(after.approved).toBe(after.attempts);
    expect(after.paid).toBe(after.attempts);
    expect(after.purchases).toBe(after.attempts);
    const inFlightNow = await r.db.query<{ status: string }>('select status from billing.charge_attempts where id = any($1::uuid[])', [
      inFlight,
    ]);
    expect(inFlightNow.rows.map((x) => x.status)).toEqual(inFlight.map(() => 'approved'));
    // It stopped taking work at the signal: beyond the attempts seen then, only the jobs it held
    // (up to the concurrency) and those taken while the signal was on its way were started.
    expect(after.attempts).toBeLessThanOrEqual(atSignal.attempts + 2 * CONCURRENCY);
    // Nothing lost: every charge not made is still queued, none active (no lock left to lapse), none failed.
    expect(after.attempts).toBeLessThan(N);
    expect(await queued(r)).toEqual({ wait: N - after.attempts, active: 0, delayed: 0, failed: 0 });

    const second = worker(r, { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }, ['--concurrency', String(CONCURRENCY)]);
    await running(second);
    await waitAllPaid(r, N, 90_000);
    second.signal('SIGTERM');
    expect((await exitWithin(second, SHUTDOWN_TIMEOUT_MS + 15_000)).code, second.describe()).toBe(0);

    const moves = await watch.stop();
    expect(moves.violations).toEqual([]);
    await expectPaidExactlyOnce(r, N);
    console.log(
      `graceful shutdown: ${N} invoices; first worker charged ${after.attempts} (${inFlight.length} in flight at SIGTERM, ` +
        `${activeAtSignal} jobs active), exited 0 ${drainMs} ms after SIGTERM; second worker charged ${N - after.attempts}`,
    );
  });

  it('a second signal during a long drain exits at once with 130; the next worker completes the charge exactly once', async () => {
    const r = await rig();
    const DELAY_MS = 8_000;
    const {
      invoices: [invoiceId],
    } = await seed(r, { cards: 1, perCard: 1, delayMs: DELAY_MS });
    // A short lock so that the job of the process that exits at once comes back quickly.
    const env = { SHUTDOWN_TIMEOUT_MS: '30000', WORKER_LOCK_MS: '1000', WORKER_STALLED_INTERVAL_MS: '300' };
    const first = worker(r, env);
    await running(first);
    // The purchase is recorded and its answer is held by the sandbox for DELAY_MS: the job is in flight.
    await waitFor(async () => (await dbState(r)).purchases === 1 && (await dbState(r)).sending === 1, {
      message: 'the purchase in flight',
      timeout: 30_000,
    });
    first.signal('SIGTERM');
    await first.waitForOutput(/"msg":"shutting down"/, 10_000);
    expect(first.hasExited()).toBe(false);
    const second = Date.now();
    first.signal('SIGINT');
    const exit = await exitWithin(first, 5_000);
    const took = Date.now() - second;
    expect(exit.code, first.describe()).toBe(130);
    expect(first.stdout()).toContain('second signal: exiting now');
    expect(took).toBeLessThan(DELAY_MS / 2);
    // Half-done on our side (the gateway has the purchase, the attempt has no outcome yet).
    expect(await dbState(r)).toMatchObject({ attempts: 1, sending: 1, purchases: 1, paid: 0 });

    // The job's lock lapses; the next worker takes it, finds the purchase by reference and records it (no second purchase).
    const next = worker(r, env);
    await running(next);
    await waitAllPaid(r, 1, 30_000);
    next.signal('SIGTERM');
    expect((await exitWithin(next, 20_000)).code, next.describe()).toBe(0);
    await expectPaidExactlyOnce(r, 1);
    const attempt = await r.db.query<{ invoice_id: string; number: number }>('select invoice_id, number from billing.charge_attempts');
    expect(attempt.rows).toEqual([{ invoice_id: invoiceId, number: 1 }]);
  });

  // Past the shutdown timeout the workers are closed by force, but the runtime then closes the
  // gateway client, which waits for the requests in flight (undici Agent.close): the process
  // exits once the gateway answers or the client times out, not at SHUTDOWN_TIMEOUT_MS, and each
  // job is acknowledged with whatever its charge came to. Both endings, one charge each: card A's
  // answer arrives while the process closes (it records the charge itself); card B's does not
  // come before BILLING_GATEWAY_TIMEOUT_MS (the attempt is left `unknown`; the scheduler's sweep
  // hands the invoice back and the next worker finds the purchase by reference: no second one).
  it('past SHUTDOWN_TIMEOUT_MS the worker still exits 0, and each held charge is paid exactly once', async () => {
    const r = await rig();
    const SHUTDOWN_TIMEOUT_MS = 500;
    const GATEWAY_TIMEOUT_MS = 2_500;
    const [A_DELAY_MS, B_DELAY_MS] = [1_800, 8_000];
    const {
      tokens: [cardA, cardB],
    } = await seed(r, { cards: 2, perCard: 1, delayMs: [A_DELAY_MS, B_DELAY_MS] });
    const env = {
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      BILLING_GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
      WORKER_LOCK_MS: '1000',
      WORKER_STALLED_INTERVAL_MS: '300',
    };
    const first = worker(r, env);
    await running(first);
    await waitFor(
      async () => {
        const s = await dbState(r);
        return s.purchases === 2 && s.sending === 2;
      },
      { message: 'both purchases in flight', timeout: 30_000 },
    );
    const signalled = Date.now();
    first.signal('SIGTERM');
    const exit = await exitWithin(first, GATEWAY_TIMEOUT_MS + 15_000);
    const took = Date.now() - signalled;
    expect(exit.code, first.describe()).toBe(0);
    expect(first.stdout()).toContain('"msg":"shutting down"');
    expect(first.stdout()).toContain('active jobs did not finish in time; stopping the workers now');
    // Bounded by the gateway calls it waited for, not by SHUTDOWN_TIMEOUT_MS (see above).
    expect(took).toBeGreaterThan(SHUTDOWN_TIMEOUT_MS);
    expect(took).toBeLessThan(GATEWAY_TIMEOUT_MS + 5_000);
    // Nothing left half-done in Redis: both jobs were acknowledged, no lock is left to lapse.
    expect(await queued(r)).toEqual({ wait: 0, active: 0, delayed: 0, failed: 0 });
    expect(await chargesByCard(r)).toEqual({ [cardA!]: 'paid/approved', [cardB!]: 'open/unknown' });
    expect((await dbState(r)).purchases).toBe(2);

    // What the scheduler role's sweep does every SWEEP_INTERVAL_MS (here at once, with no grace).
    expect(await reconcile(schedulerDeps(r.app.runtime), 0)).toBe(1);
    const next = worker(r, env);
    await running(next);
    await waitAllPaid(r, 2, 30_000);
    next.signal('SIGTERM');
    expect((await exitWithin(next, 20_000)).code, next.describe()).toBe(0);
    await expectPaidExactlyOnce(r, 2);
    console.log(
      `shutdown timeout ${SHUTDOWN_TIMEOUT_MS} ms, client timeout ${GATEWAY_TIMEOUT_MS} ms, answers held ${A_DELAY_MS} and ${B_DELAY_MS} ms: ` +
        `exited 0 ${took} ms after SIGTERM; A recorded by the closing worker, B (unknown) by the next one`,
    );
  });

  // The SIGTERM/SIGINT handlers are installed before start-up begins, so a signal that arrives as
  // soon as "Recur is running" is printed still drains. To make the window wide, a preload in the
  // child makes adding a SIGTERM listener slow (1 s): with the handlers installed only at the end
  // of start-up, this signal would take Node's default action and kill the process mid-job.
  it('a SIGTERM sent as soon as "Recur is running" is printed still shuts down gracefully (exit 0)', async () => {
    const r = await rig();
    const preload = join(await tempDir('preload'), 'slow-signal-listeners.mjs');
    await writeFile(
      preload,
      `const on = process.on;
process.on = function (event, listener) {
  if (event === 'SIGTERM') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  return on.call(this, event, listener);
};
`,
    );
    const w = worker(r, { OPS_ENABLED: 'false', NODE_OPTIONS: `--import ${pathToFileURL(preload).href}` });
    await w.waitForOutput(/Recur is running/, 45_000);
    w.signal('SIGTERM');
    const exit = await exitWithin(w, 20_000);
    expect({ code: exit.code, signal: exit.signal, graceful: w.stdout().includes('shutting down') }, w.describe()).toEqual({
      code: 0,
      signal: null,
      graceful: true,
    });
  });
});
