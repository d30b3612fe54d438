import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { eventsOf, advance, createPlan, expectEachPaidOnce, expectError, invoicesOf, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// A billing anchor on the 1st, through the API on a test clock: a prorated first period charged
// at the start, then full periods on the anchor's day and time.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

describe('billing_anchor', () => {
  it('prorates the first period over the full interval that ends at the anchor, then bills on the 1st', async () => {
    const { api, clock, start } = await scaffold(app, {
      merchant: 'Anchors',
      plan: { name: 'Team', amount: 3100, currency: 'AUD', setup_fee: 500 },
      clock: '2027-03-20T00:00:00Z',
    });
    const sub = await start({ quantity: 2, billing_anchor: '2027-04-01T00:00:00Z' });
    expect(sub.next_charge_at).toBe('2027-03-20T00:00:00.000Z');
    // The subscription shows its anchor, in every answer and in its events.
    expect(sub.billing_anchor).toBe('2027-04-01T00:00:00.000Z');
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.billing_anchor).toBe('2027-04-01T00:00:00.000Z');
    const listed = (await api.get('/subscriptions')).body.response.find((s: { id: string }) => s.id === sub.id);
    expect(listed.billing_anchor).toBe('2027-04-01T00:00:00.000Z');
    const [created] = (await eventsOf(api, 'subscription.created')).filter((e) => e.data.subscription.id === sub.id);
    expect(created!.data.subscription.billing_anchor).toBe('2027-04-01T00:00:00.000Z');
    // Without one, periods are counted from the start.
    const plain = await start();
    expect(plain.billing_anchor).toBe('2027-03-20T00:00:00.000Z');
    await settle(api, clock.id);
    // Mar 20 → Apr 1 is 12 of March's 31 days: round(2 × 3100 × 12/31) = 2400, plus the setup fee.
    let invoices = await invoicesOf(api, sub.id);
    expect(invoices).toHaveLength(1);
    // Events the scheduler writes carry the anchor too.
    expect(
      (await eventsOf(api)).filter((e) => e.type.startsWith('subscription.')).every((e) => 'billing_anchor' in e.data.subscription),
    ).toBe(true);
    expect(invoices[0]).toMatchObject({ period_start: '2027-03-20T00:00:00.000Z', period_end: '2027-04-01T00:00:00.000Z', amount: 2900 });
    expect((invoices[0] as any).lines.map((l: any) => [l.kind, l.quantity, l.unit_amount, l.amount])).toEqual([
      ['subscription', 2, 3100, 2400],
      ['setup_fee', 1, 500, 500],
    ]);
    await advance(api, clock.id, '2027-05-15T00:00:00Z');
    invoices = await invoicesOf(api, sub.id);
    expect(invoices.map((i) => [i.period_start.slice(0, 10), i.amount])).toEqual([
      ['2027-03-20', 2900],
      ['2027-04-01', 6200],
      ['2027-05-01', 6200],
    ]);
    expectEachPaidOnce(invoices);
  });

  it('refuses an anchor before the start, more than one interval after it, or with a trial', async () => {
    const { api, card, plan, clock } = await scaffold(app, { merchant: 'Bad anchors', clock: '2027-03-20T00:00:00Z' });
    const trial = await createPlan(api, { trial_days: 7 });
    const base = { plan_id: plan.id, card_token: card.token, customer_reference: 'c', test_clock_id: clock.id };
    expectError(await api.post('/subscriptions', { ...base, billing_anchor: '2027-03-19T00:00:00Z' }), 422, /billing_anchor/);
    expectError(await api.post('/subscriptions', { ...base, billing_anchor: '2027-05-01T00:00:00Z' }), 422, /billing_anchor/);
    expectError(
      await api.post('/subscriptions', { ...base, plan_id: trial.id, billing_anchor: '2027-04-01T00:00:00Z' }),
      422,
      /billing_anchor: .*trial/,
    );
    expectError(await api.post('/subscriptions', { ...base, billing_anchor: 'soon' }), 422, /billing_anchor/);
    expect((await api.get('/subscriptions')).body.response).toEqual([]);
  });
});
