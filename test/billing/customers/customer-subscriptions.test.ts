import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, createPlan, eventsOf, expectError, invoicesOf, listAll } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// Subscriptions of customers through the public API on test clocks: `customer_id` checked on
// create and on change, shown on the subscription and on every invoice written for it, the
// customer's lists, its currency, the 409 on delete, and the customer's credit: raised by a
// downgrade made now, used by the next invoices of any of its subscriptions.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const MAR_1 = '2027-03-01T00:00:00Z';

async function customer(api: ApiClient, body: Record<string, unknown> = {}) {
  const res = await api.post('/customers', { name: 'Acme', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

async function put(api: ApiClient, path: string, body: Record<string, unknown>) {
  const res = await api.put(path, body);
  expect(res.status, res.text).toBe(200);
  return res.body.response;
}

const subscriptionRows = async (merchantName: string) =>
  (
    await app.runtime.sql.query<{ n: number }>(
      `select count(*)::int as n from billing.subscriptions s join gateway.merchants m on m.id = s.merchant_id where m.name = $1`,
      [merchantName],
    )
  )[0]!.n;

describe('subscriptions of a customer', () => {
  it('name it on the subscription, its events and every invoice; the customer lists them; its currency comes from the first', async () => {
    const s = await scaffold(app, { merchant: 'Customer subs', plan: { name: 'Pro', amount: 3100 }, clock: MAR_1 });
    const acme = await customer(s.api);
    expect(acme.currency).toBeNull();
    const sub = await s.start({ customer_id: acme.id });
    const plain = await s.start({ customer_reference: 'no-customer' });
    expect(sub).toMatchObject({ customer_id: acme.id, customer_reference: 'cust-1' });
    expect(plain.customer_id).toBeNull();
    await advance(s.api, s.clock.id, '2027-03-01T00:00:01Z');
    // The customer takes the currency of its first subscription, with customer.updated.
    expect((await s.api.get(`/customers/${acme.id}`)).body.response.currency).toBe('AUD');
    const [currencySet] = await eventsOf(s.api, 'customer.updated');
    expect(currencySet!.data).toMatchObject({ changed: ['currency'], customer: { id: acme.id, currency: 'AUD' } });
    // The subscription's events carry it.
    const [created] = (await eventsOf(s.api, 'subscription.created')).filter((e) => e.data.subscription.id === sub.id);
    expect(created!.data.subscription.customer_id).toBe(acme.id);

    // A one-off item invoiced now, and the next period's invoice: both name the customer.
    const item = await s.api.post(`/subscriptions/${sub.id}/items`, { description: 'Setup', amount: 500, invoice_now: true });
    expect(item.status, item.text).toBe(201);
    await advance(s.api, s.clock.id, '2027-04-01T00:00:00Z');
    const invoices = await invoicesOf(s.api, sub.id);
    expect(invoices.map((i: any) => [i.kind, i.customer_id, i.status])).toEqual([
      ['period', acme.id, 'paid'],
      ['one_off', acme.id, 'paid'],
      ['period', acme.id, 'paid'],
    ]);
    expect((await invoicesOf(s.api, plain.id)).map((i: any) => i.customer_id)).toEqual([null, null]);

    // The lists: the customer's subscriptions and invoices, GET /subscriptions?customer_id=, GET /invoices?customer_id=.
    expect((await listAll(s.api, `/customers/${acme.id}/subscriptions`)).map((x) => x.id)).toEqual([sub.id]);
    expect((await listAll(s.api, `/subscriptions?customer_id=${acme.id}`)).map((x) => x.id)).toEqual([sub.id]);
    const listed = await listAll(s.api, `/customers/${acme.id}/invoices`);
    expect(listed.map((i) => i.id).sort()).toEqual(invoices.map((i) => i.id).sort());
    expect((await listAll(s.api, `/invoices?customer_id=${acme.id}`)).length).toBe(3);
    const page = (await s.api.get(`/customers/${acme.id}/invoices?limit=2`)).body;
    expect(page).toMatchObject({ records: 2, total_records: 3, total_pages: 2 });
    expectError(await s.api.get('/customers/00000000-0000-4000-8000-000000000000/subscriptions'), 404, /Customer/);
    expectError(await s.api.get('/customers/00000000-0000-4000-8000-000000000000/invoices'), 404, /Customer/);
    expectError(await s.api.get('/subscriptions?customer_id=nope'), 422, /customer_id/);
  });

  it('check customer_id: of this merchant and environment, not deleted, in the plan’s currency; a 422 naming it, nothing written', async () => {
    const s = await scaffold(app, { merchant: 'Customer checks', plan: { amount: 1500, currency: 'AUD' }, clock: MAR_1 });
    const euro = await customer(s.api, { currency: 'EUR' });
    const gone = await customer(s.api);
    expect((await s.api.raw('DELETE', `/customers/${gone.id}`)).status).toBe(200);
    const foreign = await customer(await (await scaffold(app, { merchant: 'Customer checks other' })).api);
    const refused = async (customerId: string, message: RegExp) => {
      const res = await s.api.post('/subscriptions', {
        plan_id: s.plan.id,
        card_token: s.card.token,
        customer_reference: 'x',
        test_clock_id: s.clock.id,
        customer_id: customerId,
      });
      expectError(res, 422, message);
      expect(res.body.errors.every((e: string) => e.startsWith('customer_id: '))).toBe(true);
    };
    await refused('00000000-0000-4000-8000-000000000000', /customer_id: customer 00000000-0000-4000-8000-000000000000 could not be found/);
    await refused(gone.id, new RegExp(`customer_id: customer ${gone.id} could not be found`));
    await refused(foreign.id, /customer_id: customer .* could not be found/);
    await refused(euro.id, /customer_id: customer .* is billed in EUR, and the subscription's plan in AUD/);
    await refused('not-a-uuid', /customer_id: /);
    expect(await subscriptionRows('Customer checks')).toBe(0);

    // On a change: the same checks, and the subscription stays as it was.
    const sub = await s.start();
    for (const [id, message] of [
      [gone.id, /customer_id: customer .* could not be found/],
      [euro.id, /customer_id: customer .* is billed in EUR/],
      ['x', /customer_id: /],
    ] as const) {
      expectError(await s.api.put(`/subscriptions/${sub.id}`, { customer_id: id, metadata: { a: 'b' } }), 422, message);
    }
    expect((await s.api.get(`/subscriptions/${sub.id}`)).body.response).toMatchObject({ customer_id: null, metadata: {} });
    // A plan in another currency than the customer's: refused, for the next period as for now.
    const aud = await customer(s.api);
    await put(s.api, `/subscriptions/${sub.id}`, { customer_id: aud.id });
    const nzd = await createPlan(s.api, { currency: 'NZD' });
    expectError(
      await s.api.put(`/subscriptions/${sub.id}`, { plan_id: nzd.id }),
      422,
      /plan_id: the subscription's customer is billed in AUD, and the plan is in NZD/,
    );
    // The customer's currency holds while it has subscriptions.
    expectError(
      await s.api.put(`/customers/${aud.id}`, { currency: 'NZD' }),
      422,
      /currency: the customer has subscriptions billed in AUD/,
    );
    expect((await s.api.get(`/customers/${aud.id}`)).body.response.currency).toBe('AUD');
  });

  it('keep a customer from being deleted until they are cancelled or completed (409), and a deleted one takes none', async () => {
    const s = await scaffold(app, { merchant: 'Customer delete', clock: MAR_1 });
    const acme = await customer(s.api);
    const one = await s.start({ customer_id: acme.id });
    const two = await s.start({ customer_id: acme.id });
    expect((await s.api.post(`/subscriptions/${two.id}/pause`, {})).status).toBe(200);
    const busy = await s.api.raw('DELETE', `/customers/${acme.id}`);
    expectError(busy, 409, new RegExp(`Customer ${acme.id} has 2 subscriptions not cancelled or completed; cancel them first`));
    expect((await s.api.post(`/subscriptions/${one.id}/cancel`, {})).status).toBe(200);
    expectError(await s.api.raw('DELETE', `/customers/${acme.id}`), 409, /has 1 subscription not cancelled or completed; cancel it first/);
    expect((await s.api.get(`/customers/${acme.id}`)).body.response.id).toBe(acme.id);
    expect(await eventsOf(s.api, 'customer.deleted')).toEqual([]);
    expect((await s.api.post(`/subscriptions/${two.id}/cancel`, {})).status).toBe(200);
    expect((await s.api.raw('DELETE', `/customers/${acme.id}`)).status).toBe(200);
    expectError(await s.api.get(`/customers/${acme.id}/subscriptions`), 404);
    // Its subscriptions still name it; a new one cannot take it.
    expect((await s.api.get(`/subscriptions/${one.id}`)).body.response.customer_id).toBe(acme.id);
    expectError(
      await s.api.post('/subscriptions', { plan_id: s.plan.id, card_token: s.card.token, customer_reference: 'x', customer_id: acme.id }),
      422,
      /customer_id: customer .* could not be found/,
    );
  });
});

describe('a customer’s credit', () => {
  it('is raised by a downgrade made now and used by the next invoices of any of its subscriptions; a subscription without one keeps its own', async () => {
    const basic = { name: 'Basic', amount: 3100, currency: 'AUD' };
    const s = await scaffold(app, { merchant: 'Customer credit', plan: basic, clock: MAR_1 });
    const pro = await createPlan(s.api, { name: 'Pro', amount: 6200, currency: 'AUD' });
    const acme = await customer(s.api);
    const a = await s.start({ customer_id: acme.id, plan_id: pro.id });
    const b = await s.start({ customer_id: acme.id });
    const alone = await s.start({ plan_id: pro.id });
    // Mar 24 00:00, 8 of 31 days left: Pro to Basic credits round(6200 × 8/31) = 1600 and charges round(3100 × 8/31) = 800.
    await advance(s.api, s.clock.id, '2027-03-24T00:00:00Z');
    const downgraded = await put(s.api, `/subscriptions/${a.id}`, { plan_id: s.plan.id, effective: 'now' });
    expect(downgraded).toMatchObject({ plan_id: s.plan.id, credit_balance: 0, customer_id: acme.id });
    expect((await s.api.get(`/customers/${acme.id}`)).body.response.credit_balance).toBe(800);
    // The same downgrade without a customer: the subscription's own credit, as before.
    expect(await put(s.api, `/subscriptions/${alone.id}`, { plan_id: s.plan.id, effective: 'now' })).toMatchObject({ credit_balance: 800 });
    // A one-off item invoiced now uses the customer's credit: 500 of it.
    const item = await s.api.post(`/subscriptions/${b.id}/items`, { description: 'Setup', amount: 500, invoice_now: true });
    expect(item.status, item.text).toBe(201);
    expect(item.body.response.invoice).toMatchObject({
      subtotal: 500,
      credit_applied: 500,
      amount: 0,
      status: 'paid',
      customer_id: acme.id,
    });
    expect((await s.api.get(`/customers/${acme.id}`)).body.response.credit_balance).toBe(300);

    // Apr 1: both subscriptions of the customer are due at once (3,100 each); 300 of credit is used once, by one of them.
    await advance(s.api, s.clock.id, '2027-04-01T00:00:00Z');
    const april = [...(await invoicesOf(s.api, a.id)), ...(await invoicesOf(s.api, b.id))].filter(
      (i: any) => i.kind === 'period' && i.period_start === '2027-04-01T00:00:00.000Z',
    ) as any[];
    expect(april).toHaveLength(2);
    expect(april.map((i) => i.credit_applied).reduce((x, y) => x + y, 0)).toBe(300);
    expect(april.map((i) => i.amount).sort((x, y) => x - y)).toEqual([2800, 3100]);
    for (const inv of april)
      expect(inv).toMatchObject({ subtotal: 3100, amount: 3100 - inv.credit_applied, status: 'paid', customer_id: acme.id });
    expect((await s.api.get(`/customers/${acme.id}`)).body.response.credit_balance).toBe(0);
    // The subscription without a customer used its own 800.
    const aloneApril = (await invoicesOf(s.api, alone.id)).at(-1) as any;
    expect(aloneApril).toMatchObject({ subtotal: 3100, credit_applied: 800, amount: 2300 });
    expect((await s.api.get(`/subscriptions/${alone.id}`)).body.response.credit_balance).toBe(0);
  });

  it('a subscription joining a customer brings its credit; the customer keeps it when the subscription leaves', async () => {
    const s = await scaffold(app, { merchant: 'Customer credit moves', plan: { name: 'Basic', amount: 3100 }, clock: MAR_1 });
    const pro = await createPlan(s.api, { name: 'Pro', amount: 6200 });
    const sub = await s.start({ plan_id: pro.id });
    await advance(s.api, s.clock.id, '2027-03-24T00:00:00Z');
    expect(await put(s.api, `/subscriptions/${sub.id}`, { plan_id: s.plan.id, effective: 'now' })).toMatchObject({ credit_balance: 800 });
    const acme = await customer(s.api);
    const joined = await put(s.api, `/subscriptions/${sub.id}`, { customer_id: acme.id });
    expect(joined).toMatchObject({ customer_id: acme.id, credit_balance: 0 });
    expect((await s.api.get(`/customers/${acme.id}`)).body.response).toMatchObject({ credit_balance: 800, currency: 'AUD' });
    const [updated] = (await eventsOf(s.api, 'subscription.updated')).filter((e) => e.data.changed?.includes('customer_id'));
    expect(updated!.data.subscription).toMatchObject({ customer_id: acme.id });
    // The customer holds credit: its currency stays.
    expectError(await s.api.put(`/customers/${acme.id}`, { currency: 'NZD' }), 422, /currency: the customer holds credit in AUD/);
    const left = await put(s.api, `/subscriptions/${sub.id}`, { customer_id: null });
    expect(left).toMatchObject({ customer_id: null, credit_balance: 0 });
    expect((await s.api.get(`/customers/${acme.id}`)).body.response.credit_balance).toBe(800);
    // Its next invoice has no customer and no credit.
    await advance(s.api, s.clock.id, '2027-04-01T00:00:00Z');
    expect((await invoicesOf(s.api, sub.id)).at(-1)).toMatchObject({ customer_id: null, credit_applied: 0, amount: 3100 });
  });
});
