import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queue } from 'bullmq';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import {
  APPROVE,
  DECLINE,
  DYNAMIC,
  createCard,
  eventsOf,
  invoicesOf,
  listAll,
  merchantClient,
  settle,
  subscribe,
} from '../../helpers/billing.ts';
import { chargeWorkId, workJobOptions, CHARGE_JOB_OPTIONS } from '../../../src/queues/queues.ts';
import { checkCrossPath, checkInvariants, checkStateHistory } from '../../helpers/invariants.ts';
import { connect } from '../../helpers/database.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { waitFor } from '../../helpers/wait-for.ts';

// Where two paths meet: cancelling or pausing while dunning runs, a manual retry against the
// dunning schedule, and billing times on a test clock.

vi.setConfig({ testTimeout: 300_000 });
const H = 3_600_000;
const D = 24 * H;
const at = (base: string, ms: number) => new Date(Date.parse(base) + ms).toISOString();

async function advanceTo(api: ApiClient, clockId: string, iso: string): Promise<void> {
  const res = await api.post(`/test_clocks/${clockId}/advance`, { frozen_time: iso });
  expect(res.status, res.text).toBe(200);
  await settle(api, clockId, 120_000);
}
async function script(api: ApiClient, token: string, outcomes: Record<string, string>[]): Promise<void> {
  const res = await api.put(`/sandbox/credit_cards/${token}/script`, { outcomes });
  expect(res.status, res.text).toBe(200);
}

/** A merchant with a dynamic card, a plan and a test clock a minute before T. */
const setup = (app: TestApp, T: string, planFields: Record<string, unknown> = {}, card = DYNAMIC) =>
  scaffold(app, {
    merchant: 'Collection',
    card,
    plan: { amount: 2000, ...planFields },
    clock: at(T, -60_000),
    subscription: { start_date: T },
  });

/** Hands a charge job to the queue as a job left over in Redis would be, and waits until the workers have run it. */
async function runLeftOverJob(queue: Queue, invoiceId: string, attempt: number): Promise<void> {
  const job = { invoiceId, attempt };
  await queue.add('charge', job, { ...CHARGE_JOB_OPTIONS, ...workJobOptions(chargeWorkId(job)) });
  await waitFor(() => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'), {
    message: 'the charge queue to drain',
    timeout: 60_000,
    interval: 50,
    until: (counts) => Object.values(counts).every((n) => n === 0),
  });
}

describe('collection stops where the subscription does', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ billing: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('cancel now voids a past-due invoice and drops its retries (no charge after subscription.cancelled)', async () => {
    const T = '2031-01-01T10:00:00.000Z';
    const { api, card, clock, start } = await setup(app, T, { dunning: { retry_days: [1, 2], final_action: 'leave_past_due' } });
    await script(api, card.token, [{ response_code: '51' }]);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const [inv] = await invoicesOf(api, sub.id);
    expect(inv).toMatchObject({ status: 'past_due', next_attempt_at: at(T, D) });

    const res = await api.post(`/subscriptions/${sub.id}/cancel`, {});
    expect(res.status, res.text).toBe(200);
    const voided = (await invoicesOf(api, sub.id))[0]!;
    expect(voided).toMatchObject({ status: 'void', next_attempt_at: null });
    expect((await eventsOf(api, 'invoice.voided')).map((e) => e.data)).toEqual([
      { invoice_id: inv!.id, subscription_id: sub.id, reason: 'subscription_cancelled' },
    ]);

    await advanceTo(api, clock.id, at(T, 2 * D));
    const after = (await invoicesOf(api, sub.id))[0]!;
    expect(after.status).toBe('void');
    expect(after.attempts).toHaveLength(1);
    // A retry job still in Redis finds nothing to charge.
    await runLeftOverJob(app.runtime.queues.charge, inv!.id, 2);
    expect((await invoicesOf(api, sub.id))[0]!.attempts).toHaveLength(1);
    const purchases = await listAll(api, '/purchases');
    expect(purchases.filter((p) => p.successful)).toEqual([]);
    expect(await checkInvariants(app.config.DATABASE_URL)).toEqual([]);
    expect(await checkStateHistory(app.config.DATABASE_URL)).toEqual([]);
  });

  it('cancel at period end keeps collecting what is owed until the end', async () => {
    const T = '2031-02-01T10:00:00.000Z';
    const { api, card, clock, start } = await setup(app, T, { dunning: { retry_days: [1, 2], final_action: 'leave_past_due' } });
    await script(api, card.token, [{ response_code: '51' }]);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const res = await api.post(`/subscriptions/${sub.id}/cancel`, { at_period_end: true });
    expect(res.status, res.text).toBe(200);
    await advanceTo(api, clock.id, at(T, D));
    const [inv] = await invoicesOf(api, sub.id);
    expect(inv!.status).toBe('paid');
    expect(inv!.attempts.map((a) => a.status)).toEqual(['declined', 'approved']);
    expect(await eventsOf(api, 'invoice.voided')).toEqual([]);
  });

  it('a paused subscription is not charged by a job still queued for it', async () => {
    const T = '2031-03-01T10:00:00.000Z';
    const { api, card, clock, start } = await setup(app, T, { dunning: { retry_days: [1, 2], final_action: 'leave_past_due' } });
    await script(api, card.token, [{ response_code: '51' }]);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const [inv] = await invoicesOf(api, sub.id);
    expect(inv!.status).toBe('past_due');
    expect((await api.post(`/subscriptions/${sub.id}/pause`)).status).toBe(200);
    await runLeftOverJob(app.runtime.queues.charge, inv!.id, 2);
    await advanceTo(api, clock.id, at(T, 2 * D));
    expect((await invoicesOf(api, sub.id))[0]!.attempts).toHaveLength(1);
    // Resumed, the debt is collected again.
    expect((await api.post(`/subscriptions/${sub.id}/resume`)).status).toBe(200);
    await advanceTo(api, clock.id, at(T, 2 * D + H));
    const [paid] = await invoicesOf(api, sub.id);
    expect(paid!.status).toBe('paid');
    expect(paid!.attempts.map((a) => a.status)).toEqual(['declined', 'approved']);
  });

  it('an invoice left open while paused (an item invoiced now) is charged when the subscription resumes, not later', async () => {
    const T = '2031-03-15T10:00:00.000Z';
    const { api, clock, start } = await setup(app, T, {}, APPROVE);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    expect((await api.post(`/subscriptions/${sub.id}/pause`)).status).toBe(200);
    const item = await api.post(`/subscriptions/${sub.id}/items`, { description: 'Extra seat', amount: 1250, invoice_now: true });
    expect(item.status, item.text).toBe(201);
    let extra = (await invoicesOf(api, sub.id)).find((i) => i.amount === 1250)!;
    expect(extra).toMatchObject({ status: 'open', attempts: [] });
    const res = await api.post(`/subscriptions/${sub.id}/resume`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.response.status).toBe('active');
    extra = (await invoicesOf(api, sub.id)).find((i) => i.amount === 1250)!;
    expect(extra.status).toBe('paid');
    expect(extra.attempts.map((a) => a.status)).toEqual(['approved']);
  });
});

describe('a manual retry is outside the dunning schedule', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ billing: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('failed manual retries neither move the next scheduled retry nor end dunning', async () => {
    const T = '2031-04-01T10:00:00.000Z';
    const { api, clock, start } = await setup(app, T, { dunning: { retry_days: [1, 3], final_action: 'cancel' } }, DECLINE);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const [inv] = await invoicesOf(api, sub.id);
    expect(inv).toMatchObject({ status: 'past_due', next_attempt_at: at(T, D) });
    for (let i = 0; i < 3; i++) {
      const res = await api.post(`/invoices/${inv!.id}/retry`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.response).toMatchObject({ status: 'past_due', next_attempt_at: at(T, D) });
      expect(res.body.response.attempts.at(-1)).toMatchObject({ number: i + 2, status: 'declined', manual: true });
    }
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.status).toBe('past_due');
    expect(await eventsOf(api, 'invoice.uncollectible')).toEqual([]);

    // The schedule runs as it would have: retry 1 at +1 day, retry 2 at +3 days, then the final action.
    await advanceTo(api, clock.id, at(T, D));
    let now = (await invoicesOf(api, sub.id))[0]!;
    expect(now).toMatchObject({ status: 'past_due', next_attempt_at: at(T, 3 * D) });
    expect(now.attempts.map((a: any) => a.manual)).toEqual([false, true, true, true, false]);
    await advanceTo(api, clock.id, at(T, 3 * D));
    now = (await invoicesOf(api, sub.id))[0]!;
    expect(now.status).toBe('uncollectible');
    expect(now.attempts).toHaveLength(6);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.status).toBe('cancelled');
  });
});

describe('billing times on a test clock', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ billing: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('paid_at, attempt times and event times are the clock time, not the real time', async () => {
    const T = '2032-05-01T10:00:00.000Z';
    const { api, card, clock, start } = await setup(app, T, { dunning: { retry_days: [1], final_action: 'leave_past_due' } });
    await script(api, card.token, [{ response_code: '51' }]);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    await advanceTo(api, clock.id, at(T, D + 5 * 60_000));
    const [inv] = await invoicesOf(api, sub.id);
    expect(inv).toMatchObject({ status: 'paid', paid_at: at(T, D + 5 * 60_000) });
    expect(inv!.attempts.map((a) => a.created_at)).toEqual([T, at(T, D + 5 * 60_000)]);
    expect((await api.post(`/subscriptions/${sub.id}/pause`)).status).toBe(200);

    const times = Object.fromEntries((await eventsOf(api)).map((e) => [e.type, e.created_at]));
    expect(times).toEqual({
      'subscription.created': at(T, -60_000),
      'invoice.created': T,
      'invoice.finalized': T,
      'invoice.payment_failed': T,
      'invoice.retry_scheduled': T,
      'subscription.past_due': T,
      'invoice.paid': at(T, D + 5 * 60_000),
      'subscription.updated': at(T, D + 5 * 60_000),
      'subscription.paused': at(T, D + 5 * 60_000),
    });
  });
});

describe('event payloads do not depend on who wrote them', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ billing: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('every subscription.* event carries the subscription as the API shows it (API, scheduler, charge path, dunning)', async () => {
    const T = '2032-07-01T10:00:00.000Z';
    const { api, card, plan, clock } = await setup(app, T, { trial_days: 1, dunning: { retry_days: [1], final_action: 'cancel' } });
    const declining = await createCard(api, DECLINE);
    await script(api, card.token, [{ response_code: '51' }]);
    const base = { plan_id: plan.id, start_date: T, test_clock_id: clock.id };
    const recovering = await subscribe(api, { ...base, card_token: card.token });
    const failing = await subscribe(api, { ...base, card_token: declining.token, customer_reference: 'cust-2' });
    // Trial end (scheduler), first declines (dunning), a recovery (charge path), dunning's cancel.
    await advanceTo(api, clock.id, at(T, D));
    await advanceTo(api, clock.id, at(T, 2 * D));
    // Cancel at period end (API), then the period end itself (scheduler).
    expect((await api.post(`/subscriptions/${recovering.id}/cancel`, { at_period_end: true })).status).toBe(200);
    await advanceTo(api, clock.id, at(T, 40 * D));

    const viewKeys = Object.keys((await api.get(`/subscriptions/${recovering.id}`)).body.response).sort();
    const events = (await eventsOf(api)).filter((e) => e.type.startsWith('subscription.')).reverse();
    const seen = events.map((e) => {
      expect(Object.keys(e.data.subscription ?? {}).sort(), `${e.type} ${JSON.stringify(e.data)}`).toEqual(viewKeys);
      // Beside it, the top-level fields receivers read before `data.subscription` existed.
      expect(e.data).toMatchObject({ subscription_id: e.data.subscription.id, status: e.data.subscription.status });
      return [
        e.data.subscription.id === recovering.id ? 'recovering' : 'failing',
        e.type,
        e.data.subscription.status,
        e.data.reason ?? null,
      ];
    });
    // Events at one billing instant have no order between them: compared as sets.
    expect(seen.map((e) => e.join(' ')).sort()).toEqual(
      [
        ['recovering', 'subscription.created', 'trialing', null],
        ['failing', 'subscription.created', 'trialing', null],
        ['recovering', 'subscription.updated', 'active', null],
        ['recovering', 'subscription.past_due', 'past_due', null],
        ['failing', 'subscription.updated', 'active', null],
        ['failing', 'subscription.past_due', 'past_due', null],
        ['recovering', 'subscription.updated', 'active', null],
        ['failing', 'subscription.cancelled', 'cancelled', 'dunning_exhausted'],
        ['recovering', 'subscription.updated', 'active', null],
        ['recovering', 'subscription.cancelled', 'cancelled', 'period_end'],
      ]
        .map((e) => e.join(' '))
        .sort(),
    );
    // The period-end cancellation shows the subscription as it ended.
    const ended = events.find((e) => e.type === 'subscription.cancelled' && e.data.reason === 'period_end')!.data.subscription;
    expect(ended).toEqual((await api.get(`/subscriptions/${recovering.id}`)).body.response);
  });

  it('card.updated is emitted when a stored card changes, even if no subscription uses it', async () => {
    const api = await merchantClient(app, 'Cards only');
    const card = await createCard(api, DYNAMIC);
    const res = await api.put(`/credit_cards/${card.token}`, { card_expiry: '11/2040' });
    expect(res.status, res.text).toBe(200);
    expect((await eventsOf(api, 'card.updated')).map((e) => e.data)).toEqual([
      expect.objectContaining({ card_token: card.token, card_expiry: '2040-11-30', subscription_ids: [], retried_invoice_ids: [] }),
    ]);
  });
});

// Found by test/billing/scenarios/model.test.ts (seed 109614231): a weekly subscription caught up over several
// periods was cancelled by dunning's final action while later periods were still owed; their
// invoices stayed open for good (the charge path, rightly, no longer charges a cancelled subscription).
describe('regressions found by the model test', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ billing: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('dunning that cancels a subscription voids its other owed invoices (a catch-up over several periods)', async () => {
    const T = '2033-03-01T10:00:00.000Z';
    const { api, clock, start } = await setup(
      app,
      T,
      { interval: 'week', dunning: { retry_days: [1, 2], final_action: 'cancel' } },
      DECLINE,
    );
    const sub = await start();
    await advanceTo(api, clock.id, at(T, 21 * D)); // four periods invoiced in one jump, each declined once
    expect((await invoicesOf(api, sub.id)).map((i) => i.status)).toEqual(['past_due', 'past_due', 'past_due', 'past_due']);
    await advanceTo(api, clock.id, at(T, 23 * D));
    const invoices = await invoicesOf(api, sub.id);
    expect(invoices.filter((i) => i.status === 'uncollectible').length).toBeGreaterThanOrEqual(1);
    expect(invoices.every((i) => i.status === 'uncollectible' || i.status === 'void')).toBe(true);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.status).toBe('cancelled');
    const voided = (await eventsOf(api, 'invoice.voided')).map((e) => e.data.invoice_id).sort();
    expect(voided).toEqual(
      invoices
        .filter((i) => i.status === 'void')
        .map((i) => i.id)
        .sort(),
    );
    expect(await checkInvariants(app.config.DATABASE_URL)).toEqual([]);
  });

  it('dunning that ends a subscription gives back the credit its voided invoices had used', async () => {
    const T = '2033-03-15T10:00:00.000Z';
    const { api, clock, start } = await setup(
      app,
      T,
      { interval: 'week', dunning: { retry_days: [1, 10], final_action: 'cancel' } },
      DECLINE,
    );
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const [first] = await invoicesOf(api, sub.id);
    expect(first).toMatchObject({ status: 'past_due', credit_applied: 0 });
    // Credit arrives before the second period (as a downgrade's would); its invoice uses it, then declines.
    const db = await connect(app.config.DATABASE_URL);
    try {
      await db.query('update billing.subscriptions set credit_balance = 1500 where id = $1', [sub.id]);
    } finally {
      await db.end();
    }
    await advanceTo(api, clock.id, at(T, 7 * D));
    const second = (await invoicesOf(api, sub.id)).find((i) => i.id !== first!.id)!;
    expect(second).toMatchObject({ status: 'past_due', credit_applied: 1500, amount: 500 });
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(0);
    // The first invoice's last retry fails: the subscription is cancelled, the second voided, its credit back.
    await advanceTo(api, clock.id, at(T, 10 * D));
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response).toMatchObject({ status: 'cancelled', credit_balance: 1500 });
    expect((await api.get(`/invoices/${first!.id}`)).body.response.status).toBe('uncollectible');
    expect((await api.get(`/invoices/${second.id}`)).body.response).toMatchObject({ status: 'void', credit_applied: 1500 });
    expect(await checkCrossPath(app.config.DATABASE_URL)).toEqual([]);
  });

  it('a fixed term completing gives back the credit its voided invoices had used', async () => {
    const T = '2033-06-01T10:00:00.000Z';
    const { api, clock, start } = await setup(
      app,
      T,
      { billing_cycles: 2, dunning: { retry_days: [40], final_action: 'leave_past_due' } },
      DECLINE,
    );
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const db = await connect(app.config.DATABASE_URL);
    try {
      await db.query('update billing.subscriptions set credit_balance = 1500 where id = $1', [sub.id]);
    } finally {
      await db.end();
    }
    // The second and last period uses the credit and declines; both invoices stay past due.
    await advanceTo(api, clock.id, '2033-07-01T10:00:00.000Z');
    const second = (await invoicesOf(api, sub.id)).find((i) => i.period_start === '2033-07-01T10:00:00.000Z')!;
    expect(second).toMatchObject({ status: 'past_due', credit_applied: 1500, amount: 500 });
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(0);
    // The term ends: the subscription completes, what it owes is voided, the credit comes back.
    await advanceTo(api, clock.id, '2033-08-01T10:00:00.000Z');
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response).toMatchObject({ status: 'completed', credit_balance: 1500 });
    expect((await invoicesOf(api, sub.id)).map((i: any) => [i.status, i.credit_applied])).toEqual([
      ['void', 0],
      ['void', 1500],
    ]);
    expect(await checkCrossPath(app.config.DATABASE_URL)).toEqual([]);
  });

  // Seed 7, 300 runs: a manual retry on a paused subscription cleared the invoice's next retry, then
  // the claim (rightly) refused to charge; resumed, the invoice was past due with no retry time.
  it('a manual retry on a paused subscription answers 409 and keeps the next retry', async () => {
    const T = '2033-04-01T10:00:00.000Z';
    const { api, clock, start } = await setup(app, T, { dunning: { retry_days: [2], final_action: 'leave_past_due' } }, DECLINE);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const [inv] = await invoicesOf(api, sub.id);
    expect(inv).toMatchObject({ status: 'past_due', next_attempt_at: at(T, 2 * D) });
    expect((await api.post(`/subscriptions/${sub.id}/pause`)).status).toBe(200);
    const res = await api.post(`/invoices/${inv!.id}/retry`);
    expect(res.status, res.text).toBe(409);
    expect(res.body.errors).toEqual(['Subscription is paused; its invoices are not collected']);
    expect((await invoicesOf(api, sub.id))[0]).toMatchObject({ status: 'past_due', next_attempt_at: at(T, 2 * D) });
    expect((await api.post(`/subscriptions/${sub.id}/resume`)).status).toBe(200);
    await advanceTo(api, clock.id, at(T, 2 * D));
    expect((await invoicesOf(api, sub.id))[0]!.attempts).toHaveLength(2);
    expect(await checkCrossPath(app.config.DATABASE_URL)).toEqual([]);
  });

  it('a charge that comes for an owed invoice of an ended subscription voids it instead', async () => {
    const T = '2033-05-01T10:00:00.000Z';
    const { api, clock, start } = await setup(app, T, {}, APPROVE);
    const sub = await start();
    await advanceTo(api, clock.id, T);
    const [inv] = await invoicesOf(api, sub.id);
    // As a catch-up batch racing dunning's cancel leaves it: an open invoice on a cancelled subscription.
    const db = await connect(app.config.DATABASE_URL);
    try {
      await db.query(`update billing.invoices set status = 'open', paid_at = null where id = $1`, [inv!.id]);
      await db.query(`delete from billing.ledger_entries where invoice_id = $1`, [inv!.id]);
      await db.query(`delete from billing.charge_attempts where invoice_id = $1`, [inv!.id]);
      await db.query(`update billing.subscriptions set status = 'cancelled' where id = $1`, [sub.id]);
      // It had used 300 of the subscription's credit.
      await db.query(`update billing.invoices set credit_applied = 300 where id = $1`, [inv!.id]);
    } finally {
      await db.end();
    }
    const purchases = (await listAll(api, '/purchases')).length;
    await runLeftOverJob(app.runtime.queues.charge, inv!.id, 1);
    expect((await invoicesOf(api, sub.id))[0]).toMatchObject({ status: 'void', attempts: [] });
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(300);
    expect((await listAll(api, '/purchases')).length).toBe(purchases);
    expect((await eventsOf(api, 'invoice.voided')).map((e) => e.data)).toEqual([
      { invoice_id: inv!.id, subscription_id: sub.id, reason: 'subscription_cancelled' },
    ]);
  });
});
