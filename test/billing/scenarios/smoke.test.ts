import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { settle } from '../../helpers/billing.ts';

let app: TestApp;
let api: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
  api = app.client('sandbox', (await app.newMerchant('Billing Smoke')).sandbox);
});
afterAll(async () => {
  await app?.close();
});

describe('billing smoke', () => {
  it('bills a monthly plan on a test clock', async () => {
    const card = (
      await api.post('/credit_cards', { card_holder: 'A', card_number: '5123456789012346', card_expiry: '05/2030', cvv: '123' })
    ).body.response;
    const plan = await api.post('/plans', { name: 'Monthly', amount: 1500, currency: 'AUD', interval: 'month', interval_count: 1 });
    expect(plan.status).toBe(201);
    const clock = await api.post('/test_clocks', { frozen_time: '2027-01-31T10:00:00Z' });
    expect(clock.status).toBe(201);
    const sub = await api.post('/subscriptions', {
      plan_id: plan.body.response.id,
      card_token: card.token,
      customer_reference: 'c1',
      test_clock_id: clock.body.response.id,
    });
    expect(sub.status).toBe(201);
    // Due at creation: the clock is busy until the first charge has an outcome.
    await settle(api, clock.body.response.id, 20_000);
    const first = (await api.get(`/invoices?subscription_id=${sub.body.response.id}`)).body.response;
    expect(first.map((i: { status: string }) => i.status)).toEqual(['paid']);
    await api.post(`/test_clocks/${clock.body.response.id}/advance`, { frozen_time: '2027-04-15T00:00:00Z' });
    await settle(api, clock.body.response.id, 20_000);
    const invoices = (await api.get(`/invoices?subscription_id=${sub.body.response.id}`)).body.response;
    expect(invoices.map((i: { period_start: string; status: string }) => [i.period_start, i.status]).reverse()).toEqual([
      ['2027-01-31T10:00:00.000Z', 'paid'],
      ['2027-02-28T10:00:00.000Z', 'paid'],
      ['2027-03-31T10:00:00.000Z', 'paid'],
    ]);
    expect(invoices[0].attempts).toHaveLength(1);
    expect(invoices[0].attempts[0]).toMatchObject({ status: 'approved', response_code: '00' });
  });
});
