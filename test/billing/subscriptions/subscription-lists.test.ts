import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { createCard, createPlan, listAll, merchantClient, subscribe } from '../../helpers/billing.ts';

// The lists' answers, field by field and in order: a page and its count come from one statement
// shape (readPage), newest first, and every record is the same object its GET answers.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;
let api: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
  api = await merchantClient(app, 'Lists');
});
afterAll(async () => {
  await app?.close();
});

const SUBSCRIPTION_KEYS = (
  'id status plan_id pending_plan_id quantity pending_quantity credit_balance coupon card_token customer_reference customer_id time_zone ' +
  'current_period_start current_period_end next_charge_at trial_end cancel_at_period_end created_at cancelled_at paused_at ' +
  'metadata test_clock_id billing_anchor tax_rate_ids'
).split(' ');

describe('GET /subscriptions', () => {
  it('answers the view, newest first, paged and filtered, with the filtered total', async () => {
    // Starting in 2099: nothing falls due, so no charge changes a subscription between its list and its GET.
    const card = await createCard(api);
    const plan = await createPlan(api);
    const made = [];
    for (const customer of ['a', 'b', 'a'])
      made.push(await subscribe(api, { plan_id: plan.id, card_token: card.token, customer_reference: customer, start_date: '2099-01-01' }));
    await api.post(`/subscriptions/${made[1].id}/pause`, {});

    const all = await listAll(api, '/subscriptions');
    expect(all.map((s) => s.id)).toEqual(made.map((s) => s.id).reverse());
    for (const s of all) {
      expect(Object.keys(s)).toEqual(SUBSCRIPTION_KEYS);
      expect(s).toEqual((await api.get(`/subscriptions/${s.id}`)).body.response);
    }
    const page2 = (await api.get('/subscriptions?limit=2&offset=2')).body;
    expect(page2).toMatchObject({ records: 1, total_records: 3, page: 2, total_pages: 2 });
    expect(page2.response[0].id).toBe(made[0].id);

    const ofA = (await api.get('/subscriptions?customer_reference=a')).body;
    expect(ofA).toMatchObject({ total_records: 2 });
    expect(ofA.response.map((s: any) => s.id)).toEqual([made[2].id, made[0].id]);
    const pausedOfA = (await api.get('/subscriptions?customer_reference=a&status=paused')).body;
    expect(pausedOfA).toMatchObject({ records: 0, total_records: 0 });
    const paused = (await api.get('/subscriptions?status=paused')).body;
    expect(paused.response.map((s: any) => s.id)).toEqual([made[1].id]);
  });
});

describe('GET /coupons and GET /webhooks', () => {
  it('answer their views newest first with the total, and leave out deleted endpoints', async () => {
    for (const code of ['ONE', 'TWO', 'THREE']) {
      expect((await api.post('/coupons', { code, percent_off: 10, duration: 'forever' })).status).toBe(201);
    }
    const coupons = (await api.get('/coupons?limit=2')).body;
    expect(coupons).toMatchObject({ records: 2, total_records: 3, total_pages: 2 });
    expect(coupons.response.map((c: any) => c.code)).toEqual(['THREE', 'TWO']);
    expect(Object.keys(coupons.response[0])).toEqual(Object.keys((await api.get('/coupons/THREE')).body.response));

    const hooks = [];
    for (let n = 0; n < 3; n++) {
      const made = await api.post('/webhooks', { url: `https://example.com/hook-${n}`, events: ['*'] });
      expect(made.status).toBe(201);
      hooks.push(made.body.response);
    }
    await api.raw('DELETE', `/webhooks/${hooks[1].id}`);
    const listed = (await api.get('/webhooks')).body;
    expect(listed).toMatchObject({ records: 2, total_records: 2 });
    expect(listed.response.map((w: any) => w.id)).toEqual([hooks[2].id, hooks[0].id]);
    expect(Object.keys(listed.response[0])).toEqual(['id', 'url', 'events', 'created_at']);
    const deliveries = (await api.get(`/webhooks/${hooks[0].id}/deliveries`)).body;
    expect(deliveries).toMatchObject({ successful: true, total_records: deliveries.response.length });
  });
});
