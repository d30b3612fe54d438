import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { attemptCharge, type ChargeDeps } from '../../src/billing/charges/attempt-charge.service.ts';
import { schedulerDeps } from '../../src/composition/roles.ts';
import { queueSettings } from '../../src/composition/runtime.ts';
import { createQueueConnection } from '../../src/queues/queue-backend.ts';
import { chargeWorkId, liveJobOf, webhookWorkId, type ChargeJob } from '../../src/queues/queues.ts';
import { runSchedulerTick, type SchedulerDeps } from '../../src/scheduler/scheduler.service.ts';
import { sweepLostDeliveries, sweepOwedCharges } from '../../src/scheduler/reconciler.ts';
import { settleTestClocks } from '../../src/billing/billing-jobs.ts';
import { startSchedulerLoop } from '../../src/scheduler/scheduler-loop.ts';

/**
 * The scheduler in-process: an app without billing roles (nothing ticks by itself), the tick and
 * the sweep called directly, the queue read through the app's charge queue. Tests run in order
 * and each leaves nothing due behind, so a tick's count is exact. The queues are on the run's
 * backend (test/queue-backend-tests.json: where the run has Redis, the file runs again with its
 * queues on PostgreSQL); a job "lost" is one removed or drained from whichever backend holds it.
 */
const queueBackend = inject('queueBackend');
let app: TestApp;
let api: ApiClient;
let merchantId: string;
let deps: SchedulerDeps;
let charge: ChargeDeps;
let token: string;
let declineToken: string;

beforeAll(async () => {
  app = await startTestApp();
  const merchant = await app.newMerchant('Scheduler Suite');
  merchantId = merchant.merchant_id;
  api = app.client('sandbox', merchant.sandbox);
  deps = schedulerDeps(app.runtime);
  const rt = app.runtime;
  charge = { sql: rt.sql, clock: rt.clock, logger: rt.logger, gateway: rt.billingGateway };
  const card = (n: string) => api.post('/credit_cards', { card_holder: 'A', card_number: n, card_expiry: '05/2030', cvv: '123' });
  token = (await card('5123456789012346')).body.response.token;
  declineToken = (await card('5313581000123430')).body.response.token;
}, 120_000);
afterAll(() => app?.close(), 120_000);

const sql = () => app.runtime.sql;
/** The charge queue's live job for an invoice's attempt. */
const liveCharge = (invoiceId: string, attempt = 1) => liveJobOf(app.runtime.queues.charge, chargeWorkId({ invoiceId, attempt }));
const waiting = async () => (await app.runtime.queues.charge.getJobCounts('waiting')).waiting!;

/** POSTs to the API and returns the id of what it answered, checking the status. */
async function post(path: string, body: unknown, status = 201): Promise<string> {
  const res = await api.post(path, body);
  expect(res.status, res.text).toBe(status);
  return res.body.response.id;
}
const plan = (amount: number, interval = 'month') =>
  post('/plans', { name: `P${amount}`, amount, currency: 'AUD', interval, interval_count: 1 });
const subscribe = (planId: string, extra: Record<string, unknown> = {}, card = token) =>
  post('/subscriptions', { plan_id: planId, card_token: card, customer_reference: 'c', ...extra });
const clock = (frozen: string) => post('/test_clocks', { frozen_time: frozen });
const advance = (clockId: string, to: string) => post(`/test_clocks/${clockId}/advance`, { frozen_time: to }, 200);
type Inv = Record<'id' | 'plan_id' | 'period_start' | 'period_end' | 'amount' | 'status', string>;
const iso = (v: string) => new Date(v).toISOString();
async function invoicesOf(subId: string): Promise<Inv[]> {
  const rows = await sql().query<Inv>(
    'select id, plan_id, period_start, period_end, amount, status from billing.invoices where subscription_id = $1 order by period_start',
    [subId],
  );
  return rows.map((r) => ({ ...r, period_start: iso(r.period_start), period_end: iso(r.period_end) }));
}
const subscription = async (id: string) => (await api.get(`/subscriptions/${id}`)).body.response;
/** Ticks until a tick claims nothing. */
async function tickUntilQuiet(): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await runSchedulerTick(deps)) === 0) return;
  throw new Error('the scheduler never went quiet');
}
/** `n` active monthly subscriptions inserted in one statement, all due at `due`; returns their ids. */
async function insertSubscriptions(n: number, planId: string, due: Date): Promise<string[]> {
  const rows = await sql().query<{ id: string }>(
    `insert into billing.subscriptions (id, merchant_id, environment, plan_id, card_token, customer_reference, status, time_zone,
        start_at, anchor_at, next_period_index, next_charge_at, cancel_at_period_end, metadata, created_at, updated_at)
     select gen_random_uuid(), $1, 'sandbox', $2, $3, 'bulk-' || g, 'active', 'UTC', $4, $4, 0, $4, false, '{}', now(), now()
       from generate_series(1, $5::int) g returning id`,
    [merchantId, planId, token, due, n],
  );
  return rows.map((r) => r.id);
}
/** Invoices of these subscriptions, and how many subscriptions they cover: equal counts mean one each. */
async function invoiceCounts(ids: string[]): Promise<{ invoices: number; subs: number }> {
  const [row] = await sql().query<{ invoices: number; subs: number }>(
    'select count(*)::int as invoices, count(distinct subscription_id)::int as subs from billing.invoices where subscription_id = any($1::uuid[])',
    [ids],
  );
  return row!;
}
/** Leaves nothing owed behind a bulk test: its invoices voided, the queue emptied. */
async function clearOwed(ids: string[]): Promise<void> {
  await sql().query(`update billing.invoices set status = 'void' where subscription_id = any($1::uuid[])`, [ids]);
  await app.runtime.queues.charge.drain(true);
}

describe(`scheduler tick, queues on ${queueBackend}`, () => {
  it('invoices a due subscription once and queues the work charge-<invoiceId>-1; a second tick does nothing', async () => {
    const sub = await subscribe(await plan(1500));
    expect(await runSchedulerTick(deps)).toBe(1);
    const [inv, ...more] = await invoicesOf(sub);
    expect(more).toEqual([]);
    expect(inv).toMatchObject({ amount: '1500', status: 'open' });
    const job = await liveCharge(inv!.id);
    expect(job?.id).toMatch(new RegExp(`^charge-${inv!.id}-1\\.[0-9a-f]{12}$`));
    expect(job?.data).toEqual({ invoiceId: inv!.id, attempt: 1 });
    expect((await subscription(sub)).next_charge_at).toBe(inv!.period_end);
    const before = await waiting();
    expect(await runSchedulerTick(deps)).toBe(0);
    expect(await invoicesOf(sub)).toHaveLength(1);
    expect(await waiting()).toBe(before);
  });

  it('claims 1,200 due subscriptions in batches of 500 and invoices each once', async () => {
    expect(deps.batchSize).toBe(500);
    const ids = await insertSubscriptions(1200, await plan(700), new Date(Date.now() - 60_000));
    const before = await waiting();
    // The tick's transactions in order of start and end: `start`, then `claimed N` (a tick also
    // runs the card notices in a transaction of its own, which claims nothing).
    const seen: string[] = [];
    const counted: SchedulerDeps = {
      ...deps,
      sql: {
        query: deps.sql.query,
        steps: deps.sql.steps,
        transaction: (fn) => {
          seen.push('start');
          return deps.sql.transaction(fn).then((r) => {
            seen.push(r && typeof r === 'object' && 'claimed' in r ? `claimed ${(r as { claimed: number }).claimed}` : 'other');
            return r;
          });
        },
      },
    };
    expect(await runSchedulerTick(counted)).toBe(1200);
    const batches = seen.filter((e) => e.startsWith('claimed ')).map((e) => Number(e.slice(8)));
    expect(batches.filter((n) => n > 0).sort((a, b) => b - a)).toEqual([500, 500, 200]);
    // A full claim starts the second lane at once: it claims while the first batch still writes.
    expect(seen.slice(0, 4)).toEqual(['start', 'other', 'start', 'start']);
    // Once a claim came back short (200), no lane claims again: at most one empty claim, from a
    // lane that had started its claim before.
    expect(batches.filter((n) => n === 0).length).toBeLessThanOrEqual(1);
    expect(await invoiceCounts(ids)).toEqual({ invoices: 1200, subs: 1200 });
    expect(await waiting()).toBe(before + 1200);
    expect(await runSchedulerTick(deps)).toBe(0);
    await clearOwed(ids);
  }, 120_000);

  it('four concurrent ticks in one process invoice each period once', async () => {
    const ids = await insertSubscriptions(1000, await plan(800), new Date(Date.now() - 60_000));
    const before = await waiting();
    const claimed = await Promise.all([1, 2, 3, 4].map(() => runSchedulerTick(deps)));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(await invoiceCounts(ids)).toEqual({ invoices: 1000, subs: 1000 });
    expect(await waiting()).toBe(before + 1000);
    // The unique constraint is the backstop: a subscription wound back over an invoiced period gets no second invoice nor job.
    await sql().query('update billing.subscriptions set next_period_index = 0, next_charge_at = anchor_at where id = $1', [ids[0]]);
    const sent: ChargeJob[] = [];
    expect(await runSchedulerTick({ ...deps, enqueue: async (jobs) => void sent.push(...jobs) })).toBe(1);
    expect(sent).toEqual([]);
    expect(await invoiceCounts([ids[0]!])).toEqual({ invoices: 1, subs: 1 });
    await clearOwed(ids);
  }, 120_000);

  it('catches up missed periods: each invoiced once, in order', async () => {
    const c = await clock('2027-01-15T00:00:00Z');
    const sub = await subscribe(await plan(900), { test_clock_id: c });
    await advance(c, '2027-04-20T00:00:00Z');
    await tickUntilQuiet();
    const starts = ['01', '02', '03', '04'].map((m) => `2027-${m}-15T00:00:00.000Z`);
    expect((await invoicesOf(sub)).map((i) => i.period_start)).toEqual(starts);
  });

  // runSchedulerTick's contract: "Runs batches until nothing is due". A batch smaller than the batch
  // size ends the tick, so a subscription N periods behind needs N ticks.
  it('one tick runs batches until nothing is due (a subscription three periods behind)', async () => {
    const c = await clock('2027-01-10T00:00:00Z');
    const sub = await subscribe(await plan(950), { test_clock_id: c });
    await advance(c, '2027-03-20T00:00:00Z');
    await runSchedulerTick(deps);
    const after = (await invoicesOf(sub)).length;
    await tickUntilQuiet(); // leave nothing due for the next tests
    expect(after).toBe(3);
  });
});

describe(`test clocks, cancellation and plan changes, queues on ${queueBackend}`, () => {
  it('a subscription starting later on a test clock is billed only once the clock reaches it; the clock settles to ready', async () => {
    const c = await clock('2027-05-30T10:00:00Z');
    const sub = await subscribe(await plan(1200), { test_clock_id: c, start_date: '2027-05-31T10:00:00Z' });
    expect(await runSchedulerTick(deps)).toBe(0);
    expect(await invoicesOf(sub)).toEqual([]);
    expect((await api.get(`/test_clocks/${c}`)).body.response.status).toBe('ready');
    await advance(c, '2027-05-31T10:00:01Z');
    expect((await api.get(`/test_clocks/${c}`)).body.response.status).toBe('advancing');
    expect(await runSchedulerTick(deps)).toBe(1);
    const [inv] = await invoicesOf(sub);
    expect(inv).toMatchObject({ period_start: '2027-05-31T10:00:00.000Z', period_end: '2027-06-30T10:00:00.000Z', status: 'open' });
    // Still owed: the clock stays advancing until the charge has an outcome.
    expect(await settleTestClocks(sql(), new Date())).toBe(0);
    expect((await api.get(`/test_clocks/${c}`)).body.response.status).toBe('advancing');
    expect(await attemptCharge(charge, { invoiceId: inv!.id, attempt: 1 })).toMatchObject({ kind: 'recorded', status: 'approved' });
    expect(await settleTestClocks(sql(), new Date())).toBe(1);
    expect((await api.get(`/test_clocks/${c}`)).body.response.status).toBe('ready');
    expect(await runSchedulerTick(deps)).toBe(0);
  });

  it('cancel_at_period_end cancels at the boundary without an invoice', async () => {
    const c = await clock('2027-06-01T00:00:00Z');
    const sub = await subscribe(await plan(1300), { test_clock_id: c });
    await advance(c, '2027-06-01T00:00:01Z');
    expect(await runSchedulerTick(deps)).toBe(1);
    const cancel = await api.post(`/subscriptions/${sub}/cancel`, { at_period_end: true });
    expect(cancel.body.response).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await advance(c, '2027-07-15T00:00:00Z');
    expect(await runSchedulerTick(deps)).toBe(1);
    expect(await invoicesOf(sub)).toHaveLength(1);
    const cancelled = { status: 'cancelled', cancelled_at: '2027-07-01T00:00:00.000Z', next_charge_at: null, cancel_at_period_end: false };
    expect(await subscription(sub)).toMatchObject(cancelled);
    const events = (await api.get('/events?type=subscription.cancelled')).body.response;
    const mine = events.filter((e: { data: { subscription: { id: string } } }) => e.data.subscription.id === sub);
    expect(mine.map((e: { data: Record<string, unknown> }) => e.data)).toEqual([
      {
        reason: 'period_end',
        subscription_id: sub,
        status: 'cancelled',
        cancelled_at: cancelled.cancelled_at,
        subscription: expect.objectContaining({ id: sub, ...cancelled }),
      },
    ]);
    expect(await runSchedulerTick(deps)).toBe(0);
  });

  it('a plan change applies from the next period with the new amount (and a new cadence re-anchors)', async () => {
    const [monthlyA, monthlyB, yearly] = [await plan(1000), await plan(2500), await plan(9000, 'year')];
    const c = await clock('2027-08-10T00:00:00Z');
    const sub = await subscribe(monthlyA, { test_clock_id: c });
    await advance(c, '2027-08-10T00:00:01Z');
    await tickUntilQuiet();
    const changed = await api.put(`/subscriptions/${sub}`, { plan_id: monthlyB });
    expect(changed.body.response).toMatchObject({ plan_id: monthlyA, pending_plan_id: monthlyB });
    await advance(c, '2027-09-12T00:00:00Z');
    await tickUntilQuiet();
    await api.put(`/subscriptions/${sub}`, { plan_id: yearly });
    await advance(c, '2027-10-12T00:00:00Z');
    await tickUntilQuiet();
    expect((await invoicesOf(sub)).map((i) => [i.plan_id, i.amount, i.period_start, i.period_end])).toEqual([
      [monthlyA, '1000', '2027-08-10T00:00:00.000Z', '2027-09-10T00:00:00.000Z'],
      [monthlyB, '2500', '2027-09-10T00:00:00.000Z', '2027-10-10T00:00:00.000Z'],
      [yearly, '9000', '2027-10-10T00:00:00.000Z', '2028-10-10T00:00:00.000Z'],
    ]);
    expect(await subscription(sub)).toMatchObject({ plan_id: yearly, pending_plan_id: null, next_charge_at: '2028-10-10T00:00:00.000Z' });
  });
});

describe(`sweep of owed charges, queues on ${queueBackend}`, () => {
  async function invoicedNow(card = token): Promise<string> {
    const sub = await subscribe(await plan(1400), {}, card);
    expect(await runSchedulerTick(deps)).toBe(1);
    return (await invoicesOf(sub))[0]!.id;
  }
  const queued = async (id: string, attempt = 1) => (await liveCharge(id, attempt))?.data;

  it('re-enqueues an open invoice whose queued job was lost, after the grace, and leaves paid ones alone', async () => {
    const open = await invoicedNow();
    const paid = await invoicedNow();
    expect(await attemptCharge(charge, { invoiceId: paid, attempt: 1 })).toMatchObject({ kind: 'recorded', status: 'approved' });
    for (const id of [open, paid]) await (await liveCharge(id))!.remove();
    expect(await queued(open)).toBeUndefined();
    await sweepOwedCharges(deps, 3_600_000);
    expect(await queued(open)).toBeUndefined(); // within the grace: not yet
    expect(await sweepOwedCharges(deps, 0)).toBeGreaterThanOrEqual(1);
    expect(await queued(open)).toEqual({ invoiceId: open, attempt: 1 });
    expect(await queued(paid)).toBeUndefined();
  });

  // sweepOwedCharges promises that "attempts left `sending` or `unknown`" get their job again
  // (RELIABILITY.md I4), but it only selects invoices in status 'open'.
  it('re-enqueues an attempt left unknown on a past_due invoice (a retry whose answer was lost)', async () => {
    const id = await invoicedNow(declineToken);
    await (await liveCharge(id))!.remove();
    expect(await attemptCharge(charge, { invoiceId: id, attempt: 1 })).toMatchObject({ status: 'declined', invoiceStatus: 'past_due' });
    expect((await api.put(`/sandbox/credit_cards/${declineToken}/script`, { outcomes: [{ fault: 'drop' }] })).status).toBe(200);
    expect((await attemptCharge(charge, { invoiceId: id, attempt: 2 })).kind).toBe('unknown');
    const attempts = await sql().query('select number, status from billing.charge_attempts where invoice_id = $1 order by 1', [id]);
    expect(attempts).toEqual([
      { number: 1, status: 'declined' },
      { number: 2, status: 'unknown' },
    ]);
    // The sweep takes what was last written strictly before now minus its grace: with no grace,
    // a write in this same millisecond is not yet its to take.
    await sleep(2);
    await sweepOwedCharges(deps, 0);
    expect(await queued(id, 2)).toEqual({ invoiceId: id, attempt: 2 });
  });

  // Failed jobs are kept (KEEP_FAILED) for the dashboard, each under its own job id: the sweep's
  // re-add gets a new job. Under the work id alone it would collapse into the failed job, and an
  // invoice whose job spent its retries (an outage of minutes) would never be charged.
  it('re-runs an owed charge whose job spent its retries', async () => {
    const id = await invoicedNow();
    const queue = app.runtime.queues.charge;
    await queue.drain(true);
    await deps.enqueue([{ invoiceId: id, attempt: 1 }]); // the only waiting job
    // A worker of the test's own, on a worker's connection to the run's backend (Redis: blocking commands).
    const connection = createQueueConnection(queueSettings(app.config, 'worker'));
    const worker = connection.worker<ChargeJob, unknown>('charge', null as never, { autorun: false });
    let failedId: string;
    try {
      const job = await worker.getNextJob('t1');
      expect(job?.id).toBe((await liveCharge(id))!.id);
      failedId = job!.id!;
      // As if its last transport retry had failed (8 attempts over ~4 minutes of a database outage).
      await job!.moveToFailed(new UnrecoverableError('database unavailable'), 't1');
    } finally {
      await worker.close();
      await connection.close();
    }
    expect(await queue.getJobState(failedId)).toBe('failed');
    expect(await liveCharge(id)).toBeUndefined();
    expect((await sql().query('select status from billing.invoices where id = $1', [id]))[0]).toEqual({ status: 'open' });
    expect(await sweepOwedCharges(deps, 0)).toBeGreaterThanOrEqual(1);
    const again = await liveCharge(id);
    expect(await again?.getState()).toBe('waiting');
    expect(again!.id).not.toBe(failedId);
    // The failed job is still kept for the dashboard.
    expect(await queue.getJobState(failedId)).toBe('failed');
  });
});

describe(`sweep pace and stopping, queues on ${queueBackend}`, () => {
  it('one sweep re-queues a lost backlog larger than its batch, batch after batch', async () => {
    const ids = await insertSubscriptions(2_500, await plan(1500), new Date(Date.now() - 3_600_000));
    await tickUntilQuiet();
    expect(await invoiceCounts(ids)).toEqual({ invoices: 2_500, subs: 2_500 });
    await app.runtime.queues.charge.drain(true); // the queue lost every job
    expect(await waiting()).toBe(0);
    const started = performance.now();
    const swept = await sweepOwedCharges(deps, 0, 1_000);
    const seconds = (performance.now() - started) / 1000;
    // Earlier tests may leave an owed invoice or two: at least the 2,500, all in one sweep.
    expect(swept).toBeGreaterThanOrEqual(2_500);
    expect(await waiting()).toBe(swept);
    console.info(`sweep re-queued ${swept} lost charges in ${seconds.toFixed(2)} s (${Math.round(swept / seconds)}/s)`);
    await clearOwed(ids);
  }, 120_000);

  it('stop() waits for a tick in progress at most its timeout (a queue that never answers)', async () => {
    const ids = await insertSubscriptions(3, await plan(1600), new Date(Date.now() - 60_000));
    const hanging: SchedulerDeps = { ...deps, enqueue: () => new Promise<void>(() => undefined) };
    const loop = startSchedulerLoop(hanging, { tickMs: 60_000, sweepMs: 3_600_000, sweepGraceMs: 3_600_000 }, app.runtime.logger);
    try {
      // The tick committed its invoices and now waits on the queue.
      for (let i = 0; (await invoiceCounts(ids)).invoices < 3; i++) {
        if (i > 200) throw new Error('the tick never invoiced');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      const started = performance.now();
      await loop.stop(300);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    await clearOwed(ids);
  });
});

describe(`sweep of lost webhook deliveries, queues on ${queueBackend}`, () => {
  it('re-sends a pending delivery whose queued job was lost, after the grace', async () => {
    // No worker runs in this app: the receiver is never called.
    const hook = await post('/webhooks', { url: 'https://example.com/recur-hooks', events: ['*'] });
    expect(hook).toBeTruthy();
    await subscribe(await plan(1700), { start_date: new Date(Date.now() + 86_400_000).toISOString() });
    await tickUntilQuiet();
    const [delivery] = await sql().query<{ id: string }>(
      `select d.id from billing.webhook_deliveries d where d.endpoint_id = $1 and d.status = 'pending' order by d.created_at limit 1`,
      [hook],
    );
    expect(delivery).toBeDefined();
    const webhook = app.runtime.queues.webhook;
    const job = () => liveJobOf(webhook, webhookWorkId({ deliveryId: delivery!.id }));
    expect(await job()).toBeDefined();
    await webhook.drain(true); // the queue lost it
    expect(await job()).toBeUndefined();
    await sweepLostDeliveries(deps, 3_600_000);
    expect(await job()).toBeUndefined(); // within the grace: not yet
    expect(await sweepLostDeliveries(deps, 0)).toBeGreaterThanOrEqual(1);
    expect((await job())?.data).toEqual({ deliveryId: delivery!.id });
    await sql().query(`update billing.webhook_deliveries set status = 'failed' where endpoint_id = $1`, [hook]);
    await webhook.drain(true);
  });
});

describe(`tick cost, queues on ${queueBackend}`, () => {
  const CLAIM = `with due as (
       select id from billing.subscriptions
        where test_clock_id is null and status in ('trialing', 'active', 'past_due') and next_charge_at <= $1
        order by next_charge_at limit $2 for update skip locked)
     select s.id from due join billing.subscriptions s using (id)
       join billing.plans p on p.id = coalesce(s.next_plan_id, s.plan_id)
       join billing.plans cp on cp.id = s.plan_id`;
  type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows'?: number; Plans?: Node[] };
  const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

  const CLOCKED = `select s.id from billing.test_clocks c join billing.subscriptions s on s.test_clock_id = c.id
     where s.status in ('trialing', 'active', 'past_due') and s.next_charge_at <= c.frozen_time
     order by s.next_charge_at limit $1 for update of s skip locked`;
  const planNodes = async (text: string, params: unknown[]) =>
    nodes((await sql().query<{ 'QUERY PLAN': [{ Plan: Node }] }>(`explain (format json) ${text}`, params))[0]!['QUERY PLAN'][0].Plan);

  it('the claims read indexes, not the table: 10,000 rows not due, 10 due', async () => {
    const planId = await plan(600);
    await insertSubscriptions(10_000, planId, new Date(Date.now() + 30 * 86_400_000));
    await insertSubscriptions(10, planId, new Date(Date.now() - 60_000));
    // Statistics as autovacuum keeps them in a running system (a fresh test database has none for test_clocks).
    await sql().query('analyze billing.subscriptions');
    await sql().query('analyze billing.test_clocks');
    const now = new Date();
    const onSubs = (await planNodes(CLAIM, [now, 500])).filter((n) => n['Relation Name'] === 'subscriptions');
    expect(onSubs.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(onSubs.some((n) => n['Index Name'] === 'subscriptions_due_index')).toBe(true);
    const clocked = (await planNodes(CLOCKED, [500])).filter((n) => n['Relation Name'] === 'subscriptions');
    expect(clocked.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    // Executed (and rolled back): the index scan reads only the 10 due rows.
    const analysed = await sql()
      .transaction(async (tx) => {
        const [r] = await tx.query<{ 'QUERY PLAN': [{ Plan: Node }] }>(`explain (analyze, format json) ${CLAIM}`, [now, 500]);
        throw Object.assign(new Error('rollback'), { plan: r!['QUERY PLAN'][0].Plan });
      })
      .catch((err: { plan: Node }) => err.plan);
    const scan = nodes(analysed).find((n) => n['Index Name'] === 'subscriptions_due_index');
    expect(scan?.['Actual Rows']).toBe(10);
    expect(await runSchedulerTick(deps)).toBe(10);
  }, 120_000);
});
