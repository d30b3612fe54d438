import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { DYNAMIC, advance, createPlan, eventsOf, expectError, invoicesOf } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// Plan and quantity changes effective now, through the public API on a test clock: the unused
// rest of the period credited at the old amount and charged at the new one, pro rata by seconds.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const lineSum = (inv: any): number => inv.lines.reduce((s: number, l: any) => s + l.amount, 0);

/** A Basic (3,100 a month) subscription charged on Mar 1 2027 for Mar 1 – Apr 1 (31 days). */
async function onBasic(cardNumber?: string) {
  const basic = { name: 'Basic', amount: 3100, currency: 'AUD' };
  const s = await scaffold(app, { merchant: 'Changes', card: cardNumber, plan: basic, clock: '2027-03-01T00:00:00Z', subscribe: true });
  const pro = await createPlan(s.api, { name: 'Pro', amount: 6200, currency: 'AUD' });
  return { ...s, basic: s.plan, pro };
}

async function put(api: ApiClient, id: string, body: Record<string, unknown>) {
  const res = await api.put(`/subscriptions/${id}`, body);
  expect(res.status, res.text).toBe(200);
  return res.body.response;
}

describe('changes effective now', () => {
  it('an upgrade mid-period is invoiced and charged at once; a downgrade becomes credit the next invoice uses', async () => {
    const { api, basic, pro, clock, sub } = await onBasic();
    // Mar 17 00:00: 15 of 31 days left. Credit round(3100 × 15/31) = 1500, charge round(6200 × 15/31) = 3000.
    await advance(api, clock.id, '2027-03-17T00:00:00Z');
    const upgraded = await put(api, sub.id, { plan_id: pro.id, effective: 'now' });
    expect(upgraded).toMatchObject({ plan_id: pro.id, pending_plan_id: null, credit_balance: 0 });
    let invoices = await invoicesOf(api, sub.id);
    const proration = invoices.find((i: any) => i.kind === 'proration') as any;
    expect(proration).toMatchObject({ amount: 1500, subtotal: 1500, discount: 0, credit_applied: 0, status: 'paid' });
    expect(proration.lines).toEqual([
      {
        id: 'il_1',
        kind: 'proration',
        description: 'Unused time on Basic',
        quantity: 1,
        unit_amount: 3100,
        amount: -1500,
        period_start: '2027-03-17T00:00:00.000Z',
        period_end: '2027-04-01T00:00:00.000Z',
        discount_amount: 0,
        tax_amount: 0,
        tax_rates: [],
      },
      {
        id: 'il_2',
        kind: 'proration',
        description: 'Remaining time on Pro',
        quantity: 1,
        unit_amount: 6200,
        amount: 3000,
        period_start: '2027-03-17T00:00:00.000Z',
        period_end: '2027-04-01T00:00:00.000Z',
        discount_amount: 0,
        tax_amount: 0,
        tax_rates: [],
      },
    ]);
    expect(proration.attempts).toHaveLength(1);
    const updated = (await eventsOf(api, 'subscription.updated')).find((e) => e.data.subscription?.id === sub.id);
    expect(updated?.data).toMatchObject({ changed: ['plan_id'], effective: 'now' });

    // Mar 24 00:00: 8 days left. Credit round(6200 × 8/31) = 1600, charge round(3100 × 8/31) = 800: net −800, no invoice.
    await advance(api, clock.id, '2027-03-24T00:00:00Z');
    const downgraded = await put(api, sub.id, { plan_id: basic.id, effective: 'now' });
    expect(downgraded).toMatchObject({ plan_id: basic.id, credit_balance: 800 });
    expect(await invoicesOf(api, sub.id)).toHaveLength(2);

    await advance(api, clock.id, '2027-04-01T00:00:00Z');
    invoices = await invoicesOf(api, sub.id);
    const april = invoices.at(-1) as any;
    expect(april).toMatchObject({ kind: 'period', subtotal: 3100, credit_applied: 800, amount: 2300, status: 'paid' });
    expect(lineSum(april) - april.credit_applied).toBe(april.amount);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(0);
  });

  it('a quantity change now prorates seats; prorate: false switches without an invoice', async () => {
    const { api, pro, clock, sub } = await onBasic();
    await advance(api, clock.id, '2027-03-17T00:00:00Z');
    // 1 → 3 seats of Basic: credit 1500, charge round(9300 × 15/31) = 4500, net 3000.
    const seats = await put(api, sub.id, { quantity: 3, effective: 'now' });
    expect(seats).toMatchObject({ quantity: 3, pending_quantity: null });
    const proration = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'proration') as any;
    expect(proration.lines.map((l: any) => [l.description, l.quantity, l.amount])).toEqual([
      ['Unused time on Basic', 1, -1500],
      ['Remaining time on 3 × Basic', 3, 4500],
    ]);
    expect(proration.amount).toBe(3000);
    const switched = await put(api, sub.id, { plan_id: pro.id, effective: 'now', prorate: false });
    expect(switched).toMatchObject({ plan_id: pro.id, quantity: 3, credit_balance: 0 });
    expect(await invoicesOf(api, sub.id)).toHaveLength(2);
  });

  it('a declined proration invoice enters dunning; the change stands and no credit is created', async () => {
    // The dynamic card answers the amount's last two digits: 6305 × 15/31 = 3050.8 → 3051, net 3051 − 1500 = 1551 → 51.
    const { api, clock, sub } = await onBasic(DYNAMIC);
    const odd = await createPlan(api, { name: 'Odd', amount: 6305, currency: 'AUD' });
    await advance(api, clock.id, '2027-03-17T00:00:00Z');
    const changed = await put(api, sub.id, { plan_id: odd.id, effective: 'now' });
    expect(changed).toMatchObject({ plan_id: odd.id, credit_balance: 0 });
    const proration = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'proration') as any;
    expect(proration).toMatchObject({ amount: 1551, status: 'past_due', next_attempt_at: expect.any(String) });
    expect(proration.attempts[0]).toMatchObject({ status: 'declined', response_code: '51' });
  });

  it('refuses another currency or interval, and leaves neither credit nor invoice nor change behind', async () => {
    const { api, basic, clock, sub } = await onBasic();
    const usd = await createPlan(api, { name: 'USD', amount: 100, currency: 'USD' });
    const yearly = await createPlan(api, { name: 'Yearly', amount: 100, currency: 'AUD', interval: 'year' });
    await advance(api, clock.id, '2027-03-17T00:00:00Z');
    expectError(await api.put(`/subscriptions/${sub.id}`, { plan_id: usd.id, effective: 'now' }), 422, /plan_id: .*currency/);
    expectError(await api.put(`/subscriptions/${sub.id}`, { plan_id: yearly.id, effective: 'now' }), 422, /plan_id: .*interval/);
    expectError(await api.put(`/subscriptions/${sub.id}`, { effective: 'now' }), 422, /effective/);
    expectError(await api.put(`/subscriptions/${sub.id}`, { quantity: 2, prorate: false }), 422, /prorate/);
    expectError(await api.put(`/subscriptions/${sub.id}`, { quantity: 2, effective: 'later' }), 422, /effective/);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response).toMatchObject({ plan_id: basic.id, quantity: 1, credit_balance: 0 });
    expect(await invoicesOf(api, sub.id)).toHaveLength(1);
  });
});
