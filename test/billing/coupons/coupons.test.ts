import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, createClock, eventsOf, expectError, invoicesOf, settle, subscribe } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// Coupons through the public API on test clocks: each duration, the redemption rules, and an
// invoice discounted to 0 paid with no purchase.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const month = (m: number): string => new Date(Date.UTC(2027, m, 1, 9)).toISOString();

const setup = () => scaffold(app, { merchant: 'Coupons', plan: { name: 'Pro', amount: 2999, currency: 'AUD' } });

async function coupon(api: ApiClient, fields: Record<string, unknown>) {
  const res = await api.post('/coupons', fields);
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

/** A subscription on its own clock, advanced `months` periods past its start. */
async function billed(api: ApiClient, fields: Record<string, unknown>, months: number) {
  const clock = await createClock(api, month(0));
  const sub = await subscribe(api, { ...fields, test_clock_id: clock.id });
  await settle(api, clock.id);
  if (months > 0) await advance(api, clock.id, month(months));
  return { sub, clock, invoices: await invoicesOf(api, sub.id) };
}

describe('coupons', () => {
  it('creates, reads, lists and archives; a taken code is 409; coupon.created is emitted', async () => {
    const { api } = await setup();
    const created = await coupon(api, { code: 'LAUNCH20', name: 'Launch', percent_off: 12.5, duration: 'forever' });
    expect(created).toMatchObject({
      code: 'LAUNCH20',
      percent_off: 12.5,
      amount_off: null,
      currency: null,
      duration: 'forever',
      times_redeemed: 0,
      status: 'active',
    });
    expect((await api.get('/coupons/LAUNCH20')).body.response).toEqual(created);
    expect((await api.get('/coupons')).body.response.map((c: any) => c.code)).toEqual(['LAUNCH20']);
    expectError(
      await api.post('/coupons', { code: 'LAUNCH20', amount_off: 100, currency: 'AUD', duration: 'once' }),
      409,
      /LAUNCH20 already exists/,
    );
    const events = await eventsOf(api, 'coupon.created');
    expect(events.map((e) => e.data.coupon.code)).toEqual(['LAUNCH20']);
    const archived = (await api.post('/coupons/LAUNCH20/archive')).body.response;
    expect(archived).toMatchObject({ status: 'archived', archived_at: expect.any(String) });
    expectError(await api.get('/coupons/NOPE'), 404);
  });

  it('refuses bad coupons with the field named, and writes nothing', async () => {
    const { api } = await setup();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ code: 'A', duration: 'once' }, /percent_off: give exactly one/],
      [{ code: 'A', percent_off: 10, amount_off: 5, currency: 'AUD', duration: 'once' }, /percent_off: give exactly one/],
      [{ code: 'A', amount_off: 5, duration: 'once' }, /currency: currency is required/],
      [{ code: 'A', percent_off: 101, duration: 'once' }, /percent_off/],
      [{ code: 'A', percent_off: 10.123, duration: 'once' }, /percent_off: percent_off has at most two decimals/],
      [{ code: 'A', percent_off: 10, duration: 'repeating' }, /duration_in_periods/],
      [{ code: 'A', percent_off: 10, duration: 'once', duration_in_periods: 2 }, /duration_in_periods/],
      [{ code: 'a b', percent_off: 10, duration: 'once' }, /code/],
      [{ code: 'A', percent_off: 10, duration: 'sometimes' }, /duration/],
    ];
    for (const [body, message] of cases) expectError(await api.post('/coupons', body), 422, message);
    expect((await api.get('/coupons')).body.response).toEqual([]);
  });

  it('once discounts one period invoice, repeating N, forever every one until removed', async () => {
    const { api, card, plan } = await setup();
    await coupon(api, { code: 'ONCE', amount_off: 1000, currency: 'AUD', duration: 'once' });
    await coupon(api, { code: 'THREE', percent_off: 50, duration: 'repeating', duration_in_periods: 3 });
    await coupon(api, { code: 'ALWAYS', percent_off: 10, duration: 'forever' });
    const base = { plan_id: plan.id, card_token: card.token };

    const once = await billed(api, { ...base, coupon: 'ONCE' }, 2);
    expect(once.sub.coupon).toBe('ONCE');
    expect(once.invoices.map((i: any) => [i.subtotal, i.discount, i.amount])).toEqual([
      [2999, 1000, 1999],
      [2999, 0, 2999],
      [2999, 0, 2999],
    ]);
    expect((once.invoices[0] as any).lines.at(-1)).toEqual({
      id: 'il_2',
      kind: 'discount',
      description: 'Coupon ONCE',
      quantity: 1,
      unit_amount: -1000,
      amount: -1000,
    });
    expect((await api.get(`/subscriptions/${once.sub.id}`)).body.response.coupon).toBeNull();

    // 50% of 2,999 = 1,499.5, rounded half away from zero: 1,500.
    const three = await billed(api, { ...base, coupon: 'THREE' }, 4);
    expect(three.invoices.map((i) => i.amount)).toEqual([1499, 1499, 1499, 2999, 2999]);

    const always = await billed(api, { ...base, coupon: 'ALWAYS' }, 2);
    expect(always.invoices.map((i) => i.amount)).toEqual([2699, 2699, 2699]);
    const removed = await api.put(`/subscriptions/${always.sub.id}`, { coupon: null });
    expect(removed.body.response.coupon).toBeNull();
    await advance(api, always.clock.id, month(3));
    expect((await invoicesOf(api, always.sub.id)).map((i) => i.amount)).toEqual([2699, 2699, 2699, 2999]);
    expect((await api.get('/coupons/THREE')).body.response.times_redeemed).toBe(1);
  });

  it('an invoice discounted to 0 is paid with no purchase', async () => {
    const { api, card, plan } = await setup();
    await coupon(api, { code: 'FREE', percent_off: 100, duration: 'once' });
    const { sub, invoices } = await billed(api, { plan_id: plan.id, card_token: card.token, coupon: 'FREE' }, 1);
    expect(invoices[0]).toMatchObject({ amount: 0, subtotal: 2999, discount: 2999, status: 'paid', attempts: [] });
    expect((invoices[0] as any).paid_at).toBe(month(0));
    expect(invoices[1]).toMatchObject({ amount: 2999, status: 'paid' });
    const paid = (await eventsOf(api, 'invoice.paid')).filter((e) => e.data.invoice_id === invoices[0]!.id);
    expect(paid.map((e) => e.data)).toEqual([
      { invoice_id: invoices[0]!.id, subscription_id: sub.id, amount: 0, currency: 'AUD', purchase_id: null },
    ]);
  });

  it('refuses archived, used-up, expired and other-currency coupons with 422, creating nothing', async () => {
    const { api, card, plan } = await setup();
    await coupon(api, { code: 'OLD', percent_off: 10, duration: 'once' });
    await api.post('/coupons/OLD/archive');
    await coupon(api, { code: 'ONE', percent_off: 10, duration: 'once', max_redemptions: 1 });
    await coupon(api, { code: 'LATE', percent_off: 10, duration: 'once', redeem_by: '2027-01-15T00:00:00Z' });
    await coupon(api, { code: 'USD', amount_off: 100, currency: 'USD', duration: 'once' });
    const clock = await createClock(api, month(0));
    const base = { plan_id: plan.id, card_token: card.token, customer_reference: 'c', test_clock_id: clock.id };
    await subscribe(api, { ...base, coupon: 'ONE' });
    const subs = async () => (await api.get('/subscriptions')).body.response.length;
    expect(await subs()).toBe(1);
    expectError(await api.post('/subscriptions', { ...base, coupon: 'OLD' }), 422, /coupon: coupon OLD is archived/);
    expectError(await api.post('/subscriptions', { ...base, coupon: 'ONE' }), 422, /coupon: coupon ONE has reached its 1 redemptions/);
    expectError(await api.post('/subscriptions', { ...base, coupon: 'USD' }), 422, /coupon: coupon USD is in USD/);
    expectError(await api.post('/subscriptions', { ...base, coupon: 'NONE' }), 422, /coupon: no coupon has the code NONE/);
    expect(await subs()).toBe(1);
    // redeem_by is compared with the subscription's billing time: the clock's.
    const early = await subscribe(api, { ...base, coupon: 'LATE' });
    expect(early.coupon).toBe('LATE');
    await settle(api, clock.id);
    await advance(api, clock.id, '2027-01-20T00:00:00Z');
    const later = await subscribe(api, { ...base });
    expectError(await api.put(`/subscriptions/${later.id}`, { coupon: 'LATE' }), 422, /could be redeemed until 2027-01-15T00:00:00.000Z/);
    expect((await api.get(`/subscriptions/${later.id}`)).body.response.coupon).toBeNull();
  });
});
