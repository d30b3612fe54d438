import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import {
  APPROVE,
  DECLINE,
  createCard,
  createClock,
  createPlan,
  invoicesOf,
  merchantClient,
  settle,
  subscribe,
} from '../helpers/billing.ts';
import pg from 'pg';
import { fetchPath, histogramTotals, parseMetrics, sampleValue, startTcpProxy, type Credentials, type Metrics } from '../helpers/ops.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { sqlPool } from '../../src/platform/sql.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { QUEUE_NAMES } from '../../src/queues/queues.ts';

// `/metrics` and the queue dashboard behind the ops credentials, and the metrics issue 5 lists:
// present, parseable, and moving by exactly what the charges did.

vi.setConfig({ testTimeout: 60_000 });

/** Two sandbox cards that answer with the amount's last two digits (GATEWAY.md). */
const DYNAMIC_A = '4242424242424242';
const DYNAMIC_B = '4111111111111111';
const OPS_PATHS = ['/metrics', '/ops/queues', '/ops/queues/api/queues'];

let app: TestApp;
let credentials: Credentials;

function opsUrl(target: TestApp = app): string {
  return target.process.ops!.url;
}

async function scrape(target: TestApp = app): Promise<Metrics> {
  const res = await fetchPath(target.agent, opsUrl(target), '/metrics', {
    credentials: { username: target.config.OPS_USERNAME, password: target.runtime.secrets.opsPassword },
  });
  expect(res.status, res.text).toBe(200);
  return parseMetrics(res.text);
}

beforeAll(async () => {
  // One try per webhook delivery: a failed delivery gives up at once, and its job stays failed.
  app = await startTestApp({ billing: true, env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
  credentials = { username: app.config.OPS_USERNAME, password: app.runtime.secrets.opsPassword };
});
afterAll(async () => {
  await app?.close();
});

describe('ops and admin roles on the queue dashboard', () => {
  it('ops credentials read the queues but may not act on jobs; the admin credential may', async () => {
    const admin = { username: app.config.OPS_ADMIN_USERNAME, password: app.runtime.secrets.opsAdminPassword };
    expect(admin.username).toBe('admin');
    expect(admin.password.length).toBeGreaterThanOrEqual(16);
    const jobId = `retry-role-test-${Date.now()}`;
    await app.runtime.queues.retry.add(
      'retry',
      { invoiceId: '00000000-0000-4000-8000-000000000001', attempt: 2 },
      { jobId, delay: 3_600_000 },
    );
    const exists = async () => (await app.runtime.queues.retry.getJob(jobId)) !== undefined;
    const clean = (base: string, who: Credentials) =>
      fetchPath(app.agent, opsUrl(), `${base}/api/queues/retry/${jobId}/clean`, { method: 'PUT', credentials: who });
    const listed = (base: string, who: Credentials) => fetchPath(app.agent, opsUrl(), `${base}/api/queues`, { credentials: who });

    const readOnly = await listed('/ops/queues', credentials);
    expect(readOnly.status, readOnly.text).toBe(200);
    const queues = (readOnly.body as { queues: { name: string; readOnlyMode: boolean }[] }).queues;
    expect(queues.map((q) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
    expect(queues.every((q) => q.readOnlyMode)).toBe(true);
    expect((await clean('/ops/queues', credentials)).status).toBe(405);
    expect((await clean('/ops/queues', admin)).status).toBe(405); // the read-only board is read-only for everyone
    const refused = await clean('/ops/admin/queues', credentials);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      successful: false,
      response: null,
      errors: ['The admin credential is required to act on jobs'],
      test: false,
    });
    expect((await listed('/ops/admin/queues', credentials)).status).toBe(403);
    expect(await exists()).toBe(true);
    expect(
      (await fetchPath(app.agent, opsUrl(), '/ops/admin/queues', { credentials: { username: 'admin', password: 'wrong' } })).status,
    ).toBe(401);

    const full = await listed('/ops/admin/queues', admin);
    expect(full.status).toBe(200);
    expect((full.body as { queues: { readOnlyMode: boolean }[] }).queues.every((q) => !q.readOnlyMode)).toBe(true);
    expect((await clean('/ops/admin/queues', admin)).status).toBe(204);
    expect(await exists()).toBe(false);
    expect((await fetchPath(app.agent, opsUrl(), '/metrics', { credentials: admin })).status).toBe(200);
  });
});

describe('ops credentials', () => {
  it('refuse every ops path without credentials, with a Basic challenge for the "Recur ops" realm', async () => {
    for (const path of OPS_PATHS) {
      const res = await fetchPath(app.agent, opsUrl(), path);
      expect(res.status, path).toBe(401);
      expect(res.headers['www-authenticate'], path).toMatch(/^Basic realm="Recur ops"/);
      expect(res.text, path).not.toMatch(/recur_|charge|webhook|expiry/);
    }
  });

  it('answer /metrics without credentials with the ops envelope', async () => {
    const res = await fetchPath(app.agent, opsUrl(), '/metrics');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ successful: false, response: null, errors: ['Ops credentials are required'], test: false });
  });

  // bull-board's routes answer their own errors: Recur gives the adapter its error handler, so a
  // caller without credentials gets the ops envelope, never bull-board's body or a stack trace.
  it('refuse the dashboard without credentials in the ops envelope, and never show a stack trace', async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development'; // docker-compose.yml's setting; bull-board reads it per error
    try {
      for (const path of ['/ops/queues', '/ops/queues/api/queues']) {
        const attempts: Record<string, string>[] = [{}, { authorization: basic(credentials.username, 'wrong') }];
        for (const headers of attempts) {
          const res = await fetchPath(app.agent, opsUrl(), path, { headers });
          expect(res.status, path).toBe(401);
          expect(res.text, `${path} shows no stack trace`).not.toMatch(/node_modules|\.ts:\d+|\.js:\d+|\n\s+at /);
          expect(res.body, path).toEqual({ successful: false, response: null, errors: ['Ops credentials are required'], test: false });
        }
      }
    } finally {
      process.env.NODE_ENV = saved;
    }
  });

  it('refuse wrong credentials: a wrong password, a wrong username, a merchant API token, malformed headers', async () => {
    const merchant = await app.newMerchant('Ops Intruder');
    const wrong: [string, Record<string, string>][] = [
      ['wrong password', { authorization: basic(credentials.username, `${credentials.password}x`) }],
      ['wrong username', { authorization: basic('admin', credentials.password) }],
      ['empty password', { authorization: basic(credentials.username, '') }],
      ['merchant credentials', { authorization: basic(merchant.sandbox.username, merchant.sandbox.api_token) }],
      ['not basic', { authorization: `Bearer ${credentials.password}` }],
      ['not base64', { authorization: 'Basic !!!' }],
    ];
    for (const path of OPS_PATHS) {
      for (const [what, headers] of wrong) {
        const res = await fetchPath(app.agent, opsUrl(), path, { headers });
        expect(res.status, `${what} on ${path}`).toBe(401);
        expect(res.headers['www-authenticate'], `${what} on ${path}`).toMatch(/^Basic realm="Recur ops"/);
      }
    }
  });

  it('refuse the dashboard actions without credentials (retrying failed jobs is behind them too)', async () => {
    const retry = await fetchPath(app.agent, opsUrl(), '/ops/queues/api/queues/charge/retry/failed', { method: 'PUT' });
    expect(retry.status).toBe(401);
    const clean = await fetchPath(app.agent, opsUrl(), '/ops/queues/api/queues/charge/clean/failed', { method: 'PUT' });
    expect(clean.status).toBe(401);
  });

  it('let the right credentials in: metrics as Prometheus text, the dashboard as HTML, its API as JSON', async () => {
    const metrics = await fetchPath(app.agent, opsUrl(), '/metrics', { credentials });
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const board = await fetchPath(app.agent, opsUrl(), '/ops/queues', { credentials });
    expect(board.status).toBe(200);
    expect(board.headers['content-type']).toMatch(/^text\/html/);
    const queues = await fetchPath(app.agent, opsUrl(), '/ops/queues/api/queues', { credentials });
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it('are not served on the API listeners', async () => {
    for (const origin of [app.listeners.urls.sandbox!, app.listeners.urls.production]) {
      for (const path of OPS_PATHS) {
        const res = await fetchPath(app.agent, origin, path, { credentials });
        expect(res.status, `${origin} ${path}`).toBe(404);
      }
    }
  });
});

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

describe('metrics text', () => {
  it('parses, and has every family issue 5 lists with its type', async () => {
    const metrics = await scrape();
    const types = Object.fromEntries([...metrics.families.values()].map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      recur_queue_jobs: 'GAUGE',
      recur_jobs_processed_total: 'COUNTER',
      recur_charges_total: 'COUNTER',
      recur_charged_amount_minor_total: 'COUNTER',
      recur_charge_duration_seconds: 'HISTOGRAM',
      recur_gateway_request_duration_seconds: 'HISTOGRAM',
      recur_due_lag_seconds: 'GAUGE',
      recur_webhook_delivery_failures_total: 'COUNTER',
      recur_reconciler_repairs_total: 'COUNTER',
      recur_reconciler_swept_total: 'COUNTER',
    });
    for (const family of metrics.families.values()) {
      if (family.name.startsWith('recur_') && !family.name.startsWith('recur_nodejs') && !family.name.startsWith('recur_process')) {
        expect(family.help, `${family.name} has help`).not.toBe('');
      }
    }
    // Every queue, every state the issue names, as its own series.
    const series = metrics.families.get('recur_queue_jobs')!.metrics.map((m) => `${m.labels?.queue}/${m.labels?.state}`);
    for (const queue of QUEUE_NAMES) {
      for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed']) expect(series).toContain(`${queue}/${state}`);
    }
    // Charge latency is exposed from the start (zeroed), so a dashboard has a series before the first charge.
    expect(metrics.text).toMatch(/^recur_charge_duration_seconds_count\{queue="charge"\} \d+$/m);
    expect(sampleValue(metrics, 'recur_due_lag_seconds')).toBe(0);
  });
});

/** What the API says the charges were, by `outcome/decline_class`, to compare with the metrics' deltas. */
async function attemptsByClass(api: ApiClient, subscriptionIds: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const id of subscriptionIds) {
    for (const invoice of await invoicesOf(api, id)) {
      for (const attempt of invoice.attempts as { status: string; decline_class?: string | null }[]) {
        const key = `${attempt.status}/${attempt.decline_class ?? 'none'}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    }
  }
  return counts;
}

describe('metrics move when charges happen', () => {
  it('counts approved and declined charges by class, amounts by currency, jobs, latencies', async () => {
    const api = await merchantClient(app, 'Metrics Merchant');
    const approving = await createCard(api, APPROVE);
    const declining = await createCard(api, DECLINE);
    const hardCard = await createCard(api, DYNAMIC_A);
    const dataCard = await createCard(api, DYNAMIC_B);
    const aud = await createPlan(api, { amount: 1500, currency: 'AUD' });
    const usd = await createPlan(api, { amount: 2999, currency: 'USD' });
    const hard = await createPlan(api, { amount: 1504, currency: 'AUD' }); // 04: pick up card, a hard decline
    const cardData = await createPlan(api, { amount: 1554, currency: 'AUD' }); // 54: expired card, card data
    const clock = await createClock(api, '2030-03-01T09:00:00Z');

    const before = await scrape();
    const plans: [string, string][] = [
      [aud.id, approving.token],
      [aud.id, approving.token],
      [aud.id, approving.token],
      [usd.id, approving.token],
      [aud.id, declining.token],
      [hard.id, hardCard.token],
      [cardData.id, dataCard.token],
    ];
    const subs: string[] = [];
    for (const [planId, token] of plans) {
      subs.push((await subscribe(api, { plan_id: planId, card_token: token, test_clock_id: clock.id })).id);
    }
    // Each subscription is due at creation: the clock settles when every first charge has an outcome.
    await settle(api, clock.id);
    // The worker reports a job after the outcome is committed: wait for all seven to be counted.
    const delta = (m: Metrics, labels: Record<string, string>) =>
      sampleValue(m, 'recur_jobs_processed_total', labels) - sampleValue(before, 'recur_jobs_processed_total', labels);
    const after = await waitFor(scrape, {
      message: 'seven charge jobs counted',
      until: (m) => delta(m, { queue: 'charge', outcome: 'completed' }) >= 7,
    });

    // The API classifies an approval as class `approved`; the metric labels it `none`.
    expect(await attemptsByClass(api, subs)).toEqual({
      'approved/approved': 4,
      'declined/soft': 1,
      'declined/hard': 1,
      'declined/card_data': 1,
    });
    const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('recur_charges_total', { outcome: 'approved', decline_class: 'none' })).toBe(4);
    expect(moved('recur_charges_total', { outcome: 'declined', decline_class: 'soft' })).toBe(1);
    expect(moved('recur_charges_total', { outcome: 'declined', decline_class: 'hard' })).toBe(1);
    expect(moved('recur_charges_total', { outcome: 'declined', decline_class: 'card_data' })).toBe(1);
    expect(moved('recur_charges_total', { outcome: 'unknown' })).toBe(0);
    expect(moved('recur_charges_total', { outcome: 'skipped' })).toBe(0);
    expect(moved('recur_charges_total', { outcome: 'error' })).toBe(0);
    // Declines move no money.
    expect(moved('recur_charged_amount_minor_total', { currency: 'AUD' })).toBe(3 * 1500);
    expect(moved('recur_charged_amount_minor_total', { currency: 'USD' })).toBe(2999);

    expect(delta(after, { queue: 'charge', outcome: 'completed' })).toBe(7);
    expect(delta(after, { queue: 'charge', outcome: 'failed' })).toBe(0);
    // BullMQ's own count of completed jobs (from the workers' metrics: it counts every job, not the kept ones).
    expect(moved('recur_queue_jobs', { queue: 'charge', state: 'completed' })).toBe(7);
    for (const state of ['waiting', 'active', 'failed']) {
      expect(sampleValue(after, 'recur_queue_jobs', { queue: 'charge', state }), `charge ${state}`).toBe(0);
    }
    // The dashboard lists the seven completed charge jobs (kept a day, 1,000 per queue), each under
    // its work id and a suffix of its own, with what it returned.
    const invoices = (
      await app.runtime.sql.query<{ id: string }>('select id from billing.invoices where subscription_id = any($1::uuid[])', [subs])
    ).map((r) => r.id);
    expect(invoices).toHaveLength(7);
    type BoardJob = { id: string; data: { invoiceId: string; attempt: number }; returnValue: { kind: string; status: string } };
    const board = await fetchPath(app.agent, opsUrl(), '/ops/queues/api/queues?activeQueue=charge&status=completed&jobsPerPage=100', {
      credentials,
    });
    expect(board.status, board.text).toBe(200);
    const chargeQueue = (board.body as { queues: { name: string; jobs: BoardJob[] }[] }).queues.find((q) => q.name === 'charge')!;
    const shown = chargeQueue.jobs.filter((job) => invoices.includes(job.data.invoiceId));
    expect(shown.map((job) => job.data.invoiceId).sort()).toEqual([...invoices].sort());
    for (const job of shown) {
      expect(job.id).toMatch(new RegExp(`^charge-${job.data.invoiceId}-1\\.[0-9a-f]{12}$`));
      expect(job.returnValue).toMatchObject({ kind: 'recorded' });
    }
    expect(shown.filter((job) => job.returnValue.status === 'approved')).toHaveLength(4);

    const grew = (name: string, labels: Record<string, string>) => {
      const [a, b] = [histogramTotals(after, name, labels), histogramTotals(before, name, labels)];
      return { count: a.count - b.count, sum: a.sum - b.sum };
    };
    const chargeLatency = grew('recur_charge_duration_seconds', { queue: 'charge' });
    expect(chargeLatency.count).toBe(7);
    expect(chargeLatency.sum).toBeGreaterThan(0);
    expect(grew('recur_charge_duration_seconds', { queue: 'retry' }).count).toBe(0);
    expect(grew('recur_gateway_request_duration_seconds', { operation: 'purchase', outcome: 'approved' }).count).toBe(4);
    expect(grew('recur_gateway_request_duration_seconds', { operation: 'purchase', outcome: 'declined' }).count).toBe(3);
    expect(grew('recur_gateway_request_duration_seconds', { operation: 'purchase' }).count).toBe(7);
    expect(grew('recur_gateway_request_duration_seconds', { operation: 'purchase' }).sum).toBeGreaterThan(0);
    // The +Inf bucket of a histogram is its count.
    const inf = /^recur_charge_duration_seconds_bucket\{le="\+Inf",queue="charge"\} (\d+)$/m.exec(after.text);
    expect(Number(inf?.[1])).toBe(histogramTotals(after, 'recur_charge_duration_seconds', { queue: 'charge' }).count);

    // Everything owed on a test clock is settled, and test clocks never count as lag.
    expect(sampleValue(after, 'recur_due_lag_seconds')).toBe(0);
  });

  it('counts webhook deliveries that failed, and the failed job in its queue', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const api = await merchantClient(app, 'Webhook Metrics');
    const hook = await api.post('/webhooks', { url: `https://127.0.0.1:${closedPort}/recur`, events: ['invoice.paid'] });
    expect(hook.status, hook.text).toBe(201);
    const card = await createCard(api, APPROVE);
    const plan = await createPlan(api);
    const clock = await createClock(api, '2030-05-01T09:00:00Z');
    const before = await scrape();
    await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
    await settle(api, clock.id);
    const failures = (m: Metrics, final: string) =>
      sampleValue(m, 'recur_webhook_delivery_failures_total', { final }) -
      sampleValue(before, 'recur_webhook_delivery_failures_total', { final });
    const after = await waitFor(scrape, { message: 'the failed delivery counted', until: (m) => failures(m, 'true') >= 1 });
    // One delivery (invoice.paid), one try (WEBHOOK_MAX_ATTEMPTS=1): it gave up at once.
    expect(failures(after, 'true')).toBe(1);
    expect(failures(after, 'false')).toBe(0);
    const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('recur_jobs_processed_total', { queue: 'webhook', outcome: 'failed' })).toBe(1);
    expect(moved('recur_queue_jobs', { queue: 'webhook', state: 'failed' })).toBe(1);
    expect(moved('recur_charges_total', { outcome: 'approved', decline_class: 'none' })).toBe(1);
  });
});

describe('due lag and reconciler repairs', () => {
  it('due lag is 0 when nothing is owed, and now minus the due time of a real-clock charge no worker ran', async () => {
    // The API role only: no scheduler, no workers, so what falls due stays owed.
    const apiOnly = await startTestApp();
    try {
      expect(sampleValue(await scrape(apiOnly), 'recur_due_lag_seconds')).toBe(0);
      const api = await merchantClient(apiOnly, 'Lagging Merchant');
      const card = await createCard(api, APPROVE);
      const plan = await createPlan(api);
      // A test-clock subscription due in its clock's past owes nothing in real time.
      const clock = await createClock(api, '2029-01-01T00:00:00Z');
      await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
      expect(sampleValue(await scrape(apiOnly), 'recur_due_lag_seconds')).toBe(0);

      // Real time: due 50 s ago (start dates may lie up to a minute in the past).
      const startDate = new Date(Date.now() - 50_000).toISOString();
      const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, start_date: startDate });
      const due = new Date(sub.next_charge_at).getTime();
      expect(due).toBeLessThanOrEqual(Date.now() - 49_000);
      const lagBefore = (Date.now() - due) / 1000;
      const lag = sampleValue(await scrape(apiOnly), 'recur_due_lag_seconds');
      const lagAfter = (Date.now() - due) / 1000;
      expect(lag).toBeGreaterThanOrEqual(lagBefore - 0.5);
      expect(lag).toBeLessThanOrEqual(lagAfter + 0.5);
    } finally {
      await apiOnly.close();
    }
  });

  it('the sweep hands back a charge Redis lost, counted as a repair; once paid, the lag is 0 again', async () => {
    const repairing = await startTestApp({ billing: true, env: { SWEEP_INTERVAL_MS: '100', SWEEP_GRACE_MS: '2000' } });
    try {
      const charger = repairing.process.workers.find((w) => w.name === 'charge')!;
      await charger.pause();
      const api = await merchantClient(repairing, 'Repaired Merchant');
      const card = await createCard(api, APPROVE);
      const plan = await createPlan(api, { amount: 4200, currency: 'AUD' });
      const before = await scrape(repairing);
      const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token });
      const due = new Date(sub.next_charge_at).getTime();
      // The scheduler invoices it and queues the charge; the paused worker leaves it waiting.
      const queue = repairing.runtime.queues.charge;
      const [job] = await waitFor(() => queue.getWaiting(), { message: 'the charge queued', until: (jobs) => jobs.length === 1 });
      const owed = await scrape(repairing);
      expect(sampleValue(owed, 'recur_queue_jobs', { queue: 'charge', state: 'waiting' })).toBe(1);
      const lag = sampleValue(owed, 'recur_due_lag_seconds');
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThanOrEqual((Date.now() - due) / 1000 + 0.5);

      // Redis forgets the job; the sweep notices the invoice still open past its grace and queues it again.
      await job!.remove();
      const repaired = await waitFor(() => scrape(repairing), {
        message: 'the sweep repaired the lost charge',
        until: (m) => sampleValue(m, 'recur_reconciler_repairs_total') - sampleValue(before, 'recur_reconciler_repairs_total') >= 1,
      });
      expect(sampleValue(repaired, 'recur_reconciler_repairs_total') - sampleValue(before, 'recur_reconciler_repairs_total')).toBe(1);
      const owedCharges = { sweep: 'owed_charges' };
      expect(
        sampleValue(repaired, 'recur_reconciler_swept_total', owedCharges) -
          sampleValue(before, 'recur_reconciler_swept_total', owedCharges),
      ).toBe(1);
      charger.resume();
      const [invoice] = await waitFor(() => invoicesOf(api, sub.id), {
        message: 'the invoice paid',
        until: (invoices) => invoices[0]?.status === 'paid',
      });
      expect(invoice!.attempts).toHaveLength(1);
      const settled = await waitFor(() => scrape(repairing), {
        message: 'the charge counted',
        until: (m) => sampleValue(m, 'recur_charges_total', { outcome: 'approved', decline_class: 'none' }) >= 1,
      });
      expect(sampleValue(settled, 'recur_due_lag_seconds')).toBe(0);
      expect(sampleValue(settled, 'recur_charged_amount_minor_total', { currency: 'AUD' })).toBe(4200);
      expect(sampleValue(settled, 'recur_reconciler_repairs_total') - sampleValue(before, 'recur_reconciler_repairs_total')).toBe(1);
    } finally {
      await repairing.close();
    }
  });
});

describe('due lag while PostgreSQL is unreachable', () => {
  it('has no sample (so absent() fires), while the scrape succeeds, and comes back with PostgreSQL', async () => {
    const url = new URL(app.config.DATABASE_URL);
    // The run's PostgreSQL, wherever it listens (an embedded one has a port of its own).
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const pool = new pg.Pool({ connectionString: url.toString(), connectionTimeoutMillis: 2_000, max: 1 });
    pool.on('error', () => undefined);
    const metrics = createMetrics({ queues: [], sql: sqlPool(pool), clock: systemClock });
    const read = async () => parseMetrics(await metrics.registry.metrics());
    try {
      expect(sampleValue(await read(), 'recur_due_lag_seconds')).toBe(0);
      proxy.cut();
      const down = await read();
      expect(down.families.get('recur_due_lag_seconds')?.metrics ?? []).toEqual([]);
      expect(down.text).not.toMatch(/^recur_due_lag_seconds\s/m);
      proxy.restore();
      const back = await waitFor(read, {
        message: 'the lag sample back',
        until: (m) => (m.families.get('recur_due_lag_seconds')?.metrics.length ?? 0) === 1,
      });
      expect(sampleValue(back, 'recur_due_lag_seconds')).toBe(0);
    } finally {
      await pool.end().catch(() => undefined);
      await proxy.close();
    }
  });
});
