import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { runSchedulerTick } from '../../../src/scheduler/scheduler.service.ts';
import { schedulerDeps } from '../../../src/composition/roles.ts';

// One lock order for a subscription and its owed invoices: the invoices (in id order), then the
// subscription. A decline's record takes them in that order (`applyFailure`); a cancel or a pause
// that took the subscription first and its invoices second deadlocked against it (PostgreSQL
// 40P01: the API answered 500, or the decline's record was rolled back). Here a transaction takes
// the record's first lock, the API call starts and waits, and the transaction then takes the
// record's second lock: in one order both finish; in the other, PostgreSQL kills one of them.

vi.setConfig({ testTimeout: 60_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}); // no scheduler or worker: the owed invoice stays owed
});
afterAll(async () => {
  await app?.close();
});

describe.each(['cancel', 'pause'])('%s against a decline being recorded', (action) => {
  it('takes the owed invoices before the subscription, so neither deadlocks', async () => {
    const s = await scaffold(app, { merchant: `Lock order ${action}`, clock: '2033-03-01T09:00:00.000Z' });
    const sub = await s.start();
    await runSchedulerTick({ ...schedulerDeps(app.runtime), enqueue: async () => undefined });
    const owed = await app.runtime.sql.query<{ id: string }>(
      `select id from billing.invoices where subscription_id = $1 and status in ('open', 'past_due')`,
      [sub.id],
    );
    expect(owed.length, 'the subscription owes an invoice').toBeGreaterThan(0);

    let answer: Promise<{ status: number; text: string }> | undefined;
    await app.runtime.sql.transaction(async (tx) => {
      await tx.query(
        `select id from billing.invoices where subscription_id = $1 and status in ('open', 'past_due') order by id for update`,
        [sub.id],
      );
      answer = s.api.post(`/subscriptions/${sub.id}/${action}`, {});
      await waitFor(
        async () =>
          (
            await app.runtime.sql.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          )[0]!.n,
        { message: `the ${action} to wait on a lock the record holds` },
      );
      await tx.query('select 1 from billing.subscriptions where id = $1 for update', [sub.id]);
    });
    const res = await answer!;
    expect(res.status, res.text).toBe(200);
  });
});
