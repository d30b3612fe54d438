import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { DECLINE, advance, eventsOf, expectError, invoicesOf } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// One-off items through the public API on test clocks: on the next period invoice, or invoiced
// and charged at once.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const month = (m: number): string => new Date(Date.UTC(2027, m, 1, 9)).toISOString();

const started = (cardNumber?: string) =>
  scaffold(app, {
    merchant: 'Items',
    card: cardNumber,
    plan: { name: 'Pro', amount: 2000, currency: 'AUD' },
    clock: month(0),
    subscribe: true,
  });

async function addItem(api: ApiClient, subId: string, body: Record<string, unknown>) {
  const res = await api.post(`/subscriptions/${subId}/items`, body);
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

describe('one-off items', () => {
  it('wait for the next period invoice as amount × quantity lines; removable until invoiced, 409 after', async () => {
    const { api, clock, sub } = await started();
    const seats = await addItem(api, sub.id, { description: 'Extra seats setup', amount: 250, quantity: 2 });
    expect(seats).toMatchObject({ description: 'Extra seats setup', amount: 250, quantity: 2, invoice_id: null, invoice: null });
    const dropped = await addItem(api, sub.id, { description: 'Mistake', amount: 999 });
    expect((await api.get(`/subscriptions/${sub.id}/items`)).body.response.map((i: any) => i.id)).toEqual([seats.id, dropped.id]);
    // One item by its id; an unknown item, or one of another subscription, answers 404.
    const { invoice: _none, ...seatsItem } = seats;
    expect((await api.get(`/subscriptions/${sub.id}/items/${seats.id}`)).body).toMatchObject({ successful: true, response: seatsItem });
    expectError(await api.get(`/subscriptions/${sub.id}/items/00000000-0000-4000-8000-000000000000`), 404, /Item/);
    expectError(await api.get(`/subscriptions/${sub.id}/items/not-a-uuid`), 404);
    expectError(await api.get(`/subscriptions/00000000-0000-4000-8000-000000000000/items/${seats.id}`), 404, /Subscription/);
    expect((await api.raw('DELETE', `/subscriptions/${sub.id}/items/${dropped.id}`)).status).toBe(200);
    expectError(await api.raw('DELETE', `/subscriptions/${sub.id}/items/${dropped.id}`), 404);

    await advance(api, clock.id, month(1));
    const invoices = await invoicesOf(api, sub.id);
    expect(invoices.map((i) => i.amount)).toEqual([2000, 2500]);
    expect((invoices[1] as any).lines.map((l: any) => [l.kind, l.description, l.quantity, l.unit_amount, l.amount])).toEqual([
      ['subscription', 'Pro', 1, 2000, 2000],
      ['item', 'Extra seats setup', 2, 250, 500],
    ]);
    expect(invoices[1]).toMatchObject({ kind: 'period', status: 'paid' });
    expect((await api.get(`/subscriptions/${sub.id}/items`)).body.response).toEqual([]);
    expectError(await api.raw('DELETE', `/subscriptions/${sub.id}/items/${seats.id}`), 409, /can no longer be removed/);
    // An invoiced item is still shown, with its invoice.
    expect((await api.get(`/subscriptions/${sub.id}/items/${seats.id}`)).body.response).toMatchObject({
      id: seats.id,
      invoice_id: invoices[1]!.id,
    });
    await advance(api, clock.id, month(2));
    expect((await invoicesOf(api, sub.id)).map((i) => i.amount)).toEqual([2000, 2500, 2000]);
  });

  it('with invoice_now, an invoice of its own is charged at once, with no advance of the clock', async () => {
    const { api, sub } = await started();
    const item = await addItem(api, sub.id, { description: 'Onboarding', amount: 1500, invoice_now: true });
    expect(item.invoice_id).toEqual(expect.any(String));
    expect(item.invoice).toMatchObject({ id: item.invoice_id, kind: 'one_off', amount: 1500, status: 'paid' });
    expect(item.invoice.lines).toEqual([
      {
        id: 'il_1',
        kind: 'item',
        description: 'Onboarding',
        quantity: 1,
        unit_amount: 1500,
        amount: 1500,
        discount_amount: 0,
        tax_amount: 0,
        tax_rates: [],
      },
    ]);
    expect(item.invoice.attempts).toHaveLength(1);
    expect(item.invoice.attempts[0]).toMatchObject({ status: 'approved', purchase_id: expect.any(String) });
    const invoices = await invoicesOf(api, sub.id);
    expect(invoices.map((i: any) => [i.kind, i.amount])).toEqual([
      ['period', 2000],
      ['one_off', 1500],
    ]);
    expect((await api.get(`/subscriptions/${sub.id}/items`)).body.response).toEqual([]);
    const created = (await eventsOf(api, 'invoice.created')).find((e) => e.data.invoice_id === item.invoice_id);
    expect(created?.data).toMatchObject({ kind: 'one_off', amount: 1500 });
  });

  it('a declined invoice_now invoice enters dunning like any other', async () => {
    const { api, sub } = await started(DECLINE);
    const item = await addItem(api, sub.id, { description: 'Onboarding', amount: 1500, invoice_now: true });
    expect(item.invoice).toMatchObject({ status: 'past_due', next_attempt_at: expect.any(String) });
  });

  it('refuses bad items with the field named, and items on cancelled subscriptions', async () => {
    const { api, sub } = await started();
    expectError(await api.post(`/subscriptions/${sub.id}/items`, { description: 'x', amount: 0 }), 422, /amount/);
    expectError(await api.post(`/subscriptions/${sub.id}/items`, { description: '', amount: 10 }), 422, /description/);
    expectError(await api.post(`/subscriptions/${sub.id}/items`, { description: 'x', amount: 10, quantity: 0 }), 422, /quantity/);
    expectError(await api.post(`/subscriptions/${sub.id}/items`, { description: 'x', amount: 1.5 }), 422, /amount/);
    expect((await api.get(`/subscriptions/${sub.id}/items`)).body.response).toEqual([]);
    expectError(await api.post(`/subscriptions/00000000-0000-4000-8000-000000000000/items`, { description: 'x', amount: 10 }), 404);
    await api.post(`/subscriptions/${sub.id}/cancel`);
    expectError(await api.post(`/subscriptions/${sub.id}/items`, { description: 'x', amount: 10 }), 409, /cancelled/);
    expect((await invoicesOf(api, sub.id)).length).toBe(1);
  });
});
