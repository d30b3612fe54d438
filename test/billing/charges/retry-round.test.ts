import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { DYNAMIC, createCard, createClock, createPlan, merchantClient, subscribe } from '../../helpers/billing.ts';
import { ManualClock } from '../../../src/platform/clock.ts';
import { chargeDeps, schedulerDeps } from '../../../src/composition/roles.ts';
import { claimDueRetries, runSchedulerTick } from '../../../src/scheduler/scheduler.service.ts';
import { attemptCharge } from '../../../src/billing/charges/attempt-charge.service.ts';
import { runRetry } from '../../../src/billing/charges/retry-round.ts';

// A retry that finds its card's round held by another process is left to the scheduler, which
// hands it over again once its grace has passed. The hand-off's stamp and the grace are read on one
// clock, the injected one: here it runs years away from the wall clock, as a test's does.

vi.setConfig({ testTimeout: 60_000 });
const DAY = 86_400_000;
const GRACE_MS = 60_000;

describe('a retry whose card is held by another round', () => {
  let app: TestApp;
  const clock = new ManualClock(new Date('2036-03-01T09:00:00.000Z'));
  beforeAll(async () => {
    // No worker of its own: the test charges and retries itself.
    app = await startTestApp({ clock, env: { SWEEP_GRACE_MS: String(GRACE_MS) } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('waits out the grace on the injected clock, however far the test clock moved, then is handed over again', async () => {
    const api = await merchantClient(app, 'Retry Round');
    const card = await createCard(api, DYNAMIC, { card_expiry: '12/2049' });
    expect((await api.put(`/sandbox/credit_cards/${card.token}/script`, { outcomes: [{ response_code: '51' }] })).status).toBe(200);
    const plan = await createPlan(api, { dunning: { retry_days: [1, 3], final_action: 'leave_past_due' } });
    const T0 = Date.parse('2032-05-01T10:00:00.000Z');
    const testClock = await createClock(api, new Date(T0).toISOString());
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: testClock.id });
    const moved = await api.post(`/test_clocks/${testClock.id}/advance`, { frozen_time: new Date(T0 + 1000).toISOString() });
    expect(moved.status, moved.text).toBe(200);
    await runSchedulerTick({ ...schedulerDeps(app.runtime), enqueue: async () => undefined });
    const [invoice] = await app.runtime.sql.query<{ id: string }>('select id from billing.invoices where subscription_id = $1', [sub.id]);
    const charged = await attemptCharge(chargeDeps(app.runtime), { invoiceId: invoice!.id, attempt: 1 });
    expect(charged).toMatchObject({ kind: 'recorded', status: 'declined', invoiceStatus: 'past_due' });

    // The test clock moves far past the retry's time; another process holds the card's round.
    const later = await api.post(`/test_clocks/${testClock.id}/advance`, { frozen_time: new Date(T0 + 20 * DAY).toISOString() });
    expect(later.status, later.text).toBe(200);
    await app.runtime.sql.query(
      `insert into billing.card_retry_leases (card_key, holder, lease_until)
       select card_key, gen_random_uuid(), now() + interval '1 hour' from billing.charge_attempts where invoice_id = $1`,
      [invoice!.id],
    );
    expect(await runRetry(chargeDeps(app.runtime), { invoiceId: invoice!.id, attempt: 2 })).toEqual([
      { kind: 'skipped', reason: 'another retry round holds the card' },
    ]);

    const handed: string[] = [];
    const scheduler = {
      ...schedulerDeps(app.runtime),
      enqueueRetries: async (jobs: { invoiceId: string }[]) => void handed.push(...jobs.map((j) => j.invoiceId)),
    };
    // Within the grace: the scheduler leaves it to the round that holds the card.
    clock.advanceMs(GRACE_MS - 1000);
    await claimDueRetries(scheduler);
    expect(handed).toEqual([]);
    // Past it: handed over again, once.
    clock.advanceMs(2000);
    await claimDueRetries(scheduler);
    await claimDueRetries(scheduler);
    expect(handed).toEqual([invoice!.id]);
  });
});
