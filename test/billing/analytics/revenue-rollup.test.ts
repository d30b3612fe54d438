import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { DECLINE, advance, createCard } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { rollUpRevenueMonths } from '../../../src/billing/billing-jobs.ts';

// The revenue rollup (docs/analytics.md, "Cost"): closed months are read from billing.revenue_months,
// written on first read (or by the scheduler's sweep), and forgotten when a row of their month
// arrives late; the answer is always the one a live reading of the ledger gives. The scenario runs
// on a test clock in 2025, so that its months are closed whenever the test runs.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;
let db: pg.Client;
beforeAll(async () => {
  // The scheduler's own sweep of the rollup would write months between the steps below: it runs once, by hand, at the end.
  app = await startTestApp({ billing: true, env: { SWEEP_INTERVAL_MS: '3600000' } });
  db = await connect(app.config.DATABASE_URL);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

const MONTHS = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'];

describe('the revenue rollup', () => {
  it('answers as the live reading does, forgets a month a late row lands in, and waits for a late row still uncommitted', async () => {
    const s = await scaffold(app, {
      merchant: 'Rollup',
      plan: { name: 'Pro', amount: 3000 },
      clock: '2024-12-31T23:59:00.000Z',
      subscription: { start_date: '2025-01-01T00:00:00.000Z' },
    });
    const { api, clock } = s;
    await s.start();
    await s.start();
    const declining = await createCard(api, DECLINE);
    await s.start({ card_token: declining.token }); // declines in January, then on its retries
    // Each month's charge is booked when the clock lands on it (a period jumped over is paid at the landing).
    await advance(api, clock.id, '2025-01-01T12:00:00.000Z');
    await advance(api, clock.id, '2025-02-15T00:00:00.000Z');
    const [{ merchant_id: merchantId }] = (await db.query('select merchant_id from billing.plans where id = $1', [s.plan.id])).rows;
    const rolled = async () =>
      (
        await db.query(`select to_char(month, 'YYYY-MM') as month from billing.revenue_months where merchant_id = $1 order by month`, [
          merchantId,
        ])
      ).rows.map((r) => r.month);
    const revenue = async () => {
      const res = await api.get(`/analytics/revenue?from=${MONTHS[0]}&to=${MONTHS[MONTHS.length - 1]}`);
      expect(res.status, res.text).toBe(200);
      return res.body.response;
    };
    /** The answer read live: the rollup emptied first (the read then fills it again). */
    const live = async () => {
      await db.query('delete from billing.revenue_months where merchant_id = $1', [merchantId]);
      return revenue();
    };
    const collected = (answer: any) => answer.series[0].months.map((m: any) => [m.month, m.collected]);

    // The scheduler's sweep runs once as it starts (then hourly here): when that was after the plan
    // above was made, it wrote this merchant's closed months. Wait for it (at most a few seconds;
    // none comes when it ran before the plan), then start from an empty rollup: from here on only
    // the reads below, and the triggers, touch it.
    await waitFor(async () => (await rolled()).length > 0, { message: 'the starting sweep', timeout: 5_000 }).catch(() => undefined);
    await db.query('delete from billing.revenue_months where merchant_id = $1', [merchantId]);
    // January and February: two good cards, 3,000 each a month; nothing in the rollup before the first read.
    expect(await rolled()).toEqual([]);
    const first = await revenue();
    expect(collected(first)).toEqual(MONTHS.map((mo, i) => [mo, i < 2 ? 6000 : 0]));
    expect(first.series[0].months[0].failed.hard?.attempts ?? first.series[0].months[0].failed.soft?.attempts).toBeGreaterThan(0);
    expect(await rolled()).toEqual(MONTHS);
    expect(await revenue()).toEqual(first);

    // The clock moves on to 10 April: March's and April's charges are booked late (in closed months), so their months are forgotten.
    await advance(api, clock.id, '2025-03-05T00:00:00.000Z');
    expect(await rolled()).toEqual(['2025-01', '2025-02', '2025-04', '2025-05', '2025-06']);
    await advance(api, clock.id, '2025-04-10T00:00:00.000Z');
    expect(await rolled()).toEqual(['2025-01', '2025-02', '2025-05', '2025-06']);
    const second = await revenue();
    expect(collected(second)).toEqual(MONTHS.map((mo, i) => [mo, i < 4 ? 6000 : 0]));
    expect(await rolled()).toEqual(MONTHS);
    expect(second).toEqual(await live());

    // A late row not committed yet holds the merchant's lock shared: a read answers live and writes nothing.
    await db.query('delete from billing.revenue_months where merchant_id = $1', [merchantId]);
    const late = await connect(app.config.DATABASE_URL);
    try {
      await late.query('begin');
      await late.query(`select pg_advisory_xact_lock_shared(billing.revenue_months_lock($1, 'sandbox'))`, [merchantId]);
      expect(await revenue()).toEqual(second);
      expect(await rolled()).toEqual([]);
      await late.query('commit');
    } finally {
      await late.end();
    }
    expect(await revenue()).toEqual(second);
    expect(await rolled()).toEqual(MONTHS);

    // The scheduler's sweep writes the closed months a merchant has not read yet, and the read then uses them.
    await db.query('delete from billing.revenue_months where merchant_id = $1', [merchantId]);
    expect(await rollUpRevenueMonths(app.runtime.sql)).toBeGreaterThanOrEqual(24);
    expect(await rolled()).toEqual(expect.arrayContaining(MONTHS));
    await db.query(`update billing.revenue_months set figures = '{}' where merchant_id = $1 and month = '2025-03-01'`, [merchantId]);
    expect(collected(await revenue())[2]).toEqual(['2025-03', 0]); // read from the rollup, not the ledger
    expect(await live()).toEqual(second);
  });
});
