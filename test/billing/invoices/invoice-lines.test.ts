import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, createClock, createPlan, eventsOf, expectError, invoicesOf, merchantClient, subscribe } from '../../helpers/billing.ts';
import { DECLINE, DYNAMIC, expectEachPaidOnce, settle } from '../../helpers/billing.ts';
import { connect } from '../../helpers/database.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// Invoices composed from lines, through the public API on test clocks: seats, a setup fee on
// the first charged invoice only, and a fixed term that completes.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const setup = (planFields: Record<string, unknown> = {}) =>
  scaffold(app, { merchant: 'Lines', plan: { name: 'Team', amount: 1000, currency: 'AUD', ...planFields } });

async function subscription(api: ApiClient, id: string) {
  return (await api.get(`/subscriptions/${id}`)).body.response;
}

const month = (m: number): string => new Date(Date.UTC(2027, m, 1, 9)).toISOString();

describe('quantity', () => {
  it('bills plan.amount × quantity, and a change waits for the next period as pending_quantity', async () => {
    const { api, card, plan } = await setup();
    const clock = await createClock(api, month(0));
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, quantity: 3, test_clock_id: clock.id });
    expect(sub).toMatchObject({ quantity: 3, pending_quantity: null, credit_balance: 0 });
    await settle(api, clock.id);
    const [first] = await invoicesOf(api, sub.id);
    expect(first).toMatchObject({ amount: 3000, subtotal: 3000, discount: 0, credit_applied: 0, refunded_amount: 0, status: 'paid' });
    expect((first as any).lines).toEqual([
      {
        id: 'il_1',
        kind: 'subscription',
        description: '3 × Team',
        quantity: 3,
        unit_amount: 1000,
        amount: 3000,
        period_start: month(0),
        period_end: month(1),
        discount_amount: 0,
        tax_amount: 0,
        tax_rates: [],
      },
    ]);

    const changed = await api.put(`/subscriptions/${sub.id}`, { quantity: 5 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.response).toMatchObject({ quantity: 3, pending_quantity: 5 });
    const updated = (await eventsOf(api, 'subscription.updated')).find((e) => e.data.subscription?.id === sub.id);
    expect(updated?.data.changed).toEqual(['quantity']);

    await advance(api, clock.id, month(1));
    const invoices = await invoicesOf(api, sub.id);
    expect(invoices.map((i) => i.amount)).toEqual([3000, 5000]);
    expectEachPaidOnce(invoices);
    expect(await subscription(api, sub.id)).toMatchObject({ quantity: 5, pending_quantity: null });
  });

  it('refuses a quantity outside 1..100,000 or not an integer, naming the field, and writes nothing', async () => {
    const { api, card, plan } = await setup();
    for (const quantity of [0, 100_001, 1.5, '2']) {
      expectError(
        await api.post('/subscriptions', { plan_id: plan.id, card_token: card.token, customer_reference: 'c', quantity }),
        422,
        /quantity/,
      );
    }
    expect((await api.get('/subscriptions')).body.response).toEqual([]);
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token });
    expectError(await api.put(`/subscriptions/${sub.id}`, { quantity: -1 }), 422, /quantity/);
    const big = await createPlan(api, { amount: 99_999_999_999 });
    expectError(await api.put(`/subscriptions/${sub.id}`, { plan_id: big.id, quantity: 100_000 }), 422, /quantity/);
    expect(await subscription(api, sub.id)).toMatchObject({ quantity: 1, pending_quantity: null, pending_plan_id: null });
  });
});

describe('setup fee', () => {
  it('goes on the first charged invoice after the trial, once, not multiplied by quantity', async () => {
    const { api, card, plan } = await setup({ setup_fee: 500, trial_days: 14 });
    expect(plan).toMatchObject({ setup_fee: 500, billing_cycles: null });
    const clock = await createClock(api, month(0));
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, quantity: 2, test_clock_id: clock.id });
    expect(sub.status).toBe('trialing');
    await advance(api, clock.id, new Date(Date.UTC(2027, 2, 20, 9)).toISOString());
    const invoices = await invoicesOf(api, sub.id);
    expect(invoices.map((i) => i.amount)).toEqual([2500, 2000, 2000]);
    expect((invoices[0] as any).lines.map((l: any) => [l.kind, l.quantity, l.unit_amount, l.amount])).toEqual([
      ['subscription', 2, 1000, 2000],
      ['setup_fee', 1, 500, 500],
    ]);
    expect(invoices[0]!.period_start).toBe(new Date(Date.UTC(2027, 0, 15, 9)).toISOString());
    expect((invoices[1] as any).lines.map((l: any) => l.kind)).toEqual(['subscription']);
    expectEachPaidOnce(invoices);
  });

  it('refuses a negative or fractional setup fee and a billing_cycles below 1', async () => {
    const api = await merchantClient(app, 'Bad plans');
    const base = { name: 'X', amount: 100, currency: 'AUD', interval: 'month' };
    expectError(await api.post('/plans', { ...base, setup_fee: -1 }), 422, /setup_fee/);
    expectError(await api.post('/plans', { ...base, setup_fee: 1.5 }), 422, /setup_fee/);
    expectError(await api.post('/plans', { ...base, billing_cycles: 0 }), 422, /billing_cycles/);
    expect((await api.get('/plans')).body.response).toEqual([]);
  });
});

describe('billing_cycles', () => {
  it('a 12-payment plan completes when its 12th period ends, after exactly 12 paid invoices', async () => {
    const { api, card, plan } = await setup({ billing_cycles: 12, setup_fee: 100 });
    const clock = await createClock(api, month(0));
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
    // One second before the 12th period ends: twelve invoices, still active.
    await advance(api, clock.id, new Date(Date.parse(month(12)) - 1000).toISOString());
    expect(await subscription(api, sub.id)).toMatchObject({ status: 'active' });
    expect(await invoicesOf(api, sub.id)).toHaveLength(12);

    await advance(api, clock.id, month(15));
    const invoices = await invoicesOf(api, sub.id);
    expect(invoices).toHaveLength(12);
    expectEachPaidOnce(invoices);
    expect(invoices.map((i) => i.amount)).toEqual([1100, ...Array(11).fill(1000)]);
    expect(await subscription(api, sub.id)).toMatchObject({ status: 'completed', next_charge_at: null });
    const completed = (await eventsOf(api, 'subscription.completed')).filter((e) => e.data.subscription_id === sub.id);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ completed_at: month(12), periods_invoiced: 12 });
    expect((await api.get(`/subscriptions?status=completed`)).body.response.map((s: any) => s.id)).toEqual([sub.id]);
    expectError(await api.put(`/subscriptions/${sub.id}`, { quantity: 2 }), 409, /completed/);
  });

  it('a completed subscription is collected no more: what it still owes is void, and no retry runs after', async () => {
    const { api, clock, sub } = await scaffold(app, {
      merchant: 'Completes unpaid',
      card: DECLINE,
      plan: { billing_cycles: 1, dunning: { retry_days: [1, 45], final_action: 'leave_past_due' } },
      clock: month(0),
      subscribe: true,
    });
    await advance(api, clock.id, new Date(Date.UTC(2027, 0, 5, 9)).toISOString());
    expect((await invoicesOf(api, sub.id))[0]).toMatchObject({ status: 'past_due', attempts: [{}, {}] });
    await advance(api, clock.id, new Date(Date.UTC(2027, 2, 20, 9)).toISOString());
    expect(await subscription(api, sub.id)).toMatchObject({ status: 'completed' });
    const [invoice] = await invoicesOf(api, sub.id);
    expect(invoice).toMatchObject({ status: 'void', next_attempt_at: null });
    // The first attempt and the day-1 retry only: the day-45 retry fell after the completion.
    expect(invoice!.attempts).toHaveLength(2);
    // Voided as a cancel voids: with its event, at the clock's time of the completion.
    const completed = (await eventsOf(api, 'subscription.completed')).filter((e) => e.data.subscription.id === sub.id);
    const voided = (await eventsOf(api, 'invoice.voided')).filter((e) => e.data.subscription_id === sub.id);
    expect(completed).toHaveLength(1);
    expect(voided.map((e) => e.data)).toEqual([{ invoice_id: invoice!.id, subscription_id: sub.id, reason: 'subscription_completed' }]);
    expect(voided[0]!.created_at).toBe(completed[0]!.created_at);
  });

  it('a fixed term completing with an invoice held for a card update voids it with its event; it waits for no card any more', async () => {
    const db = await connect(app.config.DATABASE_URL);
    onTestFinished(() => db.end());
    const s = await scaffold(app, {
      merchant: 'Completes held',
      card: DYNAMIC,
      plan: { billing_cycles: 1, interval: 'week' },
      clock: month(0),
    });
    const { api, card, clock } = s;
    // A card-data decline (54): the invoice is held for new card data.
    expect((await api.put(`/sandbox/credit_cards/${card.token}/script`, { outcomes: [{ response_code: '54' }] })).status).toBe(200);
    const sub = await s.start();
    await settle(api, clock.id);
    const [held] = await invoicesOf(api, sub.id);
    expect(held).toMatchObject({ status: 'past_due', attempts: [{ status: 'declined', response_code: '54' }] });
    expect((await db.query('select held_for_card from billing.invoices where id = $1', [held!.id])).rows).toEqual([
      { held_for_card: true },
    ]);
    await advance(api, clock.id, new Date(Date.parse(month(0)) + 8 * 86_400_000).toISOString());
    expect(await subscription(api, sub.id)).toMatchObject({ status: 'completed' });
    expect((await invoicesOf(api, sub.id))[0]).toMatchObject({ id: held!.id, status: 'void', next_attempt_at: null });
    expect((await db.query('select held_for_card from billing.invoices where id = $1', [held!.id])).rows).toEqual([
      { held_for_card: false },
    ]);
    const voided = (await eventsOf(api, 'invoice.voided')).filter((e) => e.data.subscription_id === sub.id);
    expect(voided.map((e) => e.data)).toEqual([{ invoice_id: held!.id, subscription_id: sub.id, reason: 'subscription_completed' }]);
  });
});
