import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { DYNAMIC, createCard, createClock, createPlan, merchantClient, subscribe } from '../../helpers/billing.ts';
import { chargeDeps, schedulerDeps } from '../../../src/composition/roles.ts';
import { runSchedulerTick } from '../../../src/scheduler/scheduler.service.ts';
import { attemptCharge } from '../../../src/billing/charges/attempt-charge.service.ts';

// Failures recorded at the same time on one card: every subscription on a shared card owes
// several periods (a catch-up), all of them are charged at once, and each is declined hard, so
// that each failure's statement writes its invoice, the card's other past-due invoices, its
// subscription (cancelled) and that subscription's other owed invoices (void). Taken in whatever
// order a statement's parts ran, those locks deadlocked (PostgreSQL 40P01); taken in one order,
// every failure is recorded at the first try.

vi.setConfig({ testTimeout: 180_000 });
const SUBSCRIPTIONS = 12;
const PERIODS = 5;
const DAY = 86_400_000;

describe('failures recorded at once on a shared card', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No worker of its own: the test charges every invoice itself, all at once. Caps wide enough to let every attempt through.
    app = await startTestApp({ env: { NETWORK_CAP_24_HOURS: '1000', NETWORK_CAP_30_DAYS: '1000', DATABASE_POOL_MAX: '30' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`${SUBSCRIPTIONS} subscriptions x ${PERIODS} owed periods on one card, charged at once and declined hard: no deadlock, all recorded`, async () => {
    const api = await merchantClient(app, 'Failure Locks');
    const card = await createCard(api, DYNAMIC);
    const outcomes = Array.from({ length: SUBSCRIPTIONS * PERIODS + 5 }, () => ({ response_code: '43' }));
    expect((await api.put(`/sandbox/credit_cards/${card.token}/script`, { outcomes })).status).toBe(200);
    const plan = await createPlan(api, { interval: 'day', dunning: { retry_days: [1], final_action: 'cancel' } });
    const T0 = Date.parse('2032-05-01T10:00:00.000Z');
    const clock = await createClock(api, new Date(T0).toISOString());
    for (let i = 0; i < SUBSCRIPTIONS; i++) await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
    const moved = await api.post(`/test_clocks/${clock.id}/advance`, {
      frozen_time: new Date(T0 + (PERIODS - 1) * DAY + 1000).toISOString(),
    });
    expect(moved.status, moved.text).toBe(200);
    // Invoice every owed period, without charging: the charges are made below, all at once.
    const deps = { ...schedulerDeps(app.runtime), enqueue: async () => undefined };
    while ((await runSchedulerTick(deps)) > 0);
    const invoices = (await app.runtime.sql.query<{ id: string }>(`select id from billing.invoices where status = 'open' order by id`)).map(
      (r) => r.id,
    );
    expect(invoices).toHaveLength(SUBSCRIPTIONS * PERIODS);

    // Every charge is claimed and answered before any records its outcome: all the failures are
    // then recorded at the same time (as when the gateway answers a burst of charges together).
    let waiting = 0;
    let release: () => void = () => undefined;
    const all = new Promise<void>((resolve) => {
      release = resolve;
    });
    const charge = {
      ...chargeDeps(app.runtime),
      hooks: {
        async at(step: string) {
          if (step !== 'after-gateway') return;
          if (++waiting === invoices.length) release();
          await Promise.race([all, new Promise((r) => setTimeout(r, 10_000))]);
        },
      },
    };
    const settled = await Promise.allSettled(invoices.map((invoiceId) => attemptCharge(charge, { invoiceId, attempt: 1 })));
    const failed = settled.flatMap((s) =>
      s.status === 'rejected' ? [`${(s.reason as { code?: string }).code}: ${(s.reason as Error).message}`] : [],
    );
    expect(
      failed.filter((f) => f.startsWith('40P01')),
      'deadlocks',
    ).toEqual([]);
    expect(failed).toEqual([]);
    expect(waiting, 'every invoice was charged, then all recorded at once').toBe(invoices.length);

    // Every subscription was cancelled by its first hard decline recorded; each invoice either had
    // its attempt's outcome written off (uncollectible) or was voided by a sibling's cancel first.
    const subs = await app.runtime.sql.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from billing.subscriptions where card_token = $1 group by status`,
      [card.token],
    );
    expect(subs).toEqual([{ status: 'cancelled', n: SUBSCRIPTIONS }]);
    const byStatus = await app.runtime.sql.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from billing.invoices where id = any($1::uuid[]) group by status order by status`,
      [invoices],
    );
    expect(byStatus.reduce((n, r) => n + r.n, 0)).toBe(SUBSCRIPTIONS * PERIODS);
    expect(byStatus.every((r) => r.status === 'uncollectible' || r.status === 'void')).toBe(true);
    const attempts = await app.runtime.sql.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from billing.charge_attempts where invoice_id = any($1::uuid[]) group by status`,
      [invoices],
    );
    expect(attempts).toEqual([{ status: 'declined', n: SUBSCRIPTIONS * PERIODS }]);
    console.log(`failure locks: ${JSON.stringify(byStatus)} invoices, ${JSON.stringify(attempts)} attempts, ${failed.length} errors`);
  });
});
