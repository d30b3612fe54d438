import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { DECLINE, advance, createCard, createPlan, eventsOf, expectError, invoicesOf, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// A price rise for existing customers: POST /plans/{id}/move_subscriptions, through the API on a test clock.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

describe('move_subscriptions', () => {
  it('moves active, trialing, past-due and paused subscriptions from their next period, idempotently', async () => {
    const {
      api,
      plan: v1,
      clock,
      start: on,
    } = await scaffold(app, {
      merchant: 'Moves',
      plan: { name: 'Pro v1', amount: 2900, currency: 'AUD' },
      clock: '2027-01-01T00:00:00Z',
    });
    const declining = await createCard(api, DECLINE);
    const v2 = await createPlan(api, { name: 'Pro v2', amount: 3400, currency: 'AUD' });
    const active = await on({});
    const pastDue = await on({ card_token: declining.token });
    const paused = await on({});
    const cancelled = await on({});
    await settle(api, clock.id);
    await api.post(`/subscriptions/${paused.id}/pause`);
    await api.post(`/subscriptions/${cancelled.id}/cancel`);

    const res = await api.post(`/plans/${v1.id}/move_subscriptions`, { plan_id: v2.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.response).toEqual({ moved: 3 });
    expect((await api.post(`/plans/${v1.id}/move_subscriptions`, { plan_id: v2.id })).body.response).toEqual({ moved: 0 });
    for (const s of [active, pastDue, paused]) {
      expect((await api.get(`/subscriptions/${s.id}`)).body.response).toMatchObject({ plan_id: v1.id, pending_plan_id: v2.id });
    }
    expect((await api.get(`/subscriptions/${cancelled.id}`)).body.response.pending_plan_id).toBeNull();
    const events = (await eventsOf(api, 'subscription.updated')).filter((e) => e.data.reason === 'move_subscriptions');
    expect(events.map((e) => e.data.subscription_id).sort()).toEqual([active.id, pastDue.id, paused.id].sort());

    await advance(api, clock.id, '2027-02-01T00:00:00Z');
    expect((await invoicesOf(api, active.id)).map((i) => i.amount)).toEqual([2900, 3400]);
    expect((await api.get(`/subscriptions/${active.id}`)).body.response).toMatchObject({ plan_id: v2.id, pending_plan_id: null });
  });

  it('refuses an archived target, another currency, the plan itself and an unknown one, moving nothing', async () => {
    const { api, plan: v1, start } = await scaffold(app, { merchant: 'Bad moves', plan: { amount: 2900, currency: 'AUD' } });
    const usd = await createPlan(api, { amount: 2900, currency: 'USD' });
    const old = await createPlan(api, { amount: 2900, currency: 'AUD' });
    await api.post(`/plans/${old.id}/archive`);
    const sub = await start({ start_date: '2030-01-01' });
    expectError(await api.post(`/plans/${v1.id}/move_subscriptions`, { plan_id: old.id }), 422, /plan_id: .*archived/);
    expectError(await api.post(`/plans/${v1.id}/move_subscriptions`, { plan_id: usd.id }), 422, /plan_id: .*USD/);
    expectError(await api.post(`/plans/${v1.id}/move_subscriptions`, { plan_id: v1.id }), 422, /plan_id: the target is the plan itself/);
    expectError(await api.post(`/plans/${v1.id}/move_subscriptions`, { plan_id: '00000000-0000-4000-8000-000000000000' }), 422, /plan_id/);
    expectError(await api.post(`/plans/${v1.id}/move_subscriptions`, {}), 422, /plan_id/);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.pending_plan_id).toBeNull();
  });
  it('refuses a move that would bill a subscription past the largest recurring amount, moving none', async () => {
    const { api, plan: v1, start } = await scaffold(app, { merchant: 'Huge moves', plan: { amount: 2900, currency: 'AUD' } });
    // 99,999,999,999 (the largest amount a request may give) × 20,000 seats = about 2 × 10^15: past 10^15.
    const huge = await createPlan(api, { amount: 99_999_999_999, currency: 'AUD' });
    const few = await start({});
    const many = await start({ quantity: 20_000 });
    const res = await api.post(`/plans/${v1.id}/move_subscriptions`, { plan_id: huge.id });
    expectError(res, 422, `plan_id: plan ${huge.id} at the quantity 20000 of subscription ${many.id} would bill more than`);
    for (const s of [few, many]) expect((await api.get(`/subscriptions/${s.id}`)).body.response.pending_plan_id).toBeNull();
    expect((await eventsOf(api, 'subscription.updated')).filter((e) => e.data.reason === 'move_subscriptions')).toEqual([]);
  });
});
