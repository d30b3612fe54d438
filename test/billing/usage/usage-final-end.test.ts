import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { advance, invoicesOf, meteredPlan, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { checkUsageBillingOf } from '../../helpers/invariants.ts';

// The final invoice bills every event accepted while its subscription was live, also one whose
// timestamp is at or after the end: sent at the very instant of the cancellation, or ahead of the
// clock (ingestion allows 5 minutes). No later invoice exists to bill it (docs/usage.md, "The end").

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const START = '2029-04-01T00:00:00.000Z';
const CANCEL = '2029-04-11T10:00:00.000Z';

describe('the final invoice of a subscription cancelled now', () => {
  it('bills the events at the instant of the cancellation and ahead of it, once', async () => {
    const s = await scaffold(app, { merchant: 'Final usage end', clock: START });
    const metric = await s.api.post('/billable_metrics', { code: 'calls', name: 'Calls', aggregation: 'count' });
    expect(metric.status, metric.text).toBe(201);
    const plan = await meteredPlan(s.api, [{ metric_code: 'calls', model: 'per_unit', unit_amount: 7 }]);
    const sub = await s.start({ plan_id: plan.id });
    await settle(s.api, s.clock.id);
    await advance(s.api, s.clock.id, CANCEL);
    const ahead = new Date(Date.parse(CANCEL) + 3 * 60_000).toISOString();
    const events = [
      { transaction_id: 'before', timestamp: '2029-04-05T00:00:00.000Z' },
      { transaction_id: 'at-the-cancel', timestamp: CANCEL },
      { transaction_id: 'ahead', timestamp: ahead },
    ].map((e) => ({ ...e, subscription_id: sub.id, code: 'calls' }));
    const sent = await s.api.post('/usage_events', { events });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.response.accepted, sent.text).toBe(3);

    const cancelled = await s.api.post(`/subscriptions/${sub.id}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    await settle(s.api, s.clock.id);
    const final: any = (await invoicesOf(s.api, sub.id)).find((i: any) => i.kind === 'final');
    expect(final, 'a final invoice').toBeDefined();
    const line = final.lines.find((l: any) => l.kind === 'usage');
    // From the period's start to one millisecond past the last event (the one ahead of the clock).
    expect(line).toMatchObject({
      metric_code: 'calls',
      quantity: 3,
      amount: 21,
      period_start: START,
      period_end: new Date(Date.parse(ahead) + 1).toISOString(),
    });
    // After the end nothing more is accepted, and each event lies in one billed period.
    const late = await s.api.post('/usage_events', { transaction_id: 'after', subscription_id: sub.id, code: 'calls', timestamp: ahead });
    expect(late.body.response.events[0].status, late.text).toBe('refused');
    expect(await checkUsageBillingOf(app.config.DATABASE_URL, sub.id)).toEqual([]);
  });
});
