import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { createClock, expectError } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { ManualClock } from '../../../src/platform/clock.ts';
import { ensureUsagePartitions } from '../../../src/billing/billing-jobs.ts';
import { detachUsagePartition } from '../../../src/billing/usage/usage-partitions.ts';
import { aggregatePeriods, aggregateUsage, aggregationStatement } from '../../../src/billing/usage/sql/aggregate-usage.ts';

// The monthly partitions of usage events: made ahead by the reconciler's sweep, made on demand
// for a month a test clock reaches, detached for archiving (its events leave every aggregation;
// its month refuses events); and the aggregation reads one subscription's index range only.

vi.setConfig({ testTimeout: 180_000 });
const clock = new ManualClock(new Date('2033-06-15T12:00:00Z'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true, clock });
});
afterAll(async () => {
  await app?.close();
});

async function partitions(): Promise<string[]> {
  const rows = await app.runtime.sql.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'billing.usage_events'::regclass order by 1`,
  );
  return rows.map((r) => r.name);
}

async function send(api: ApiClient, events: unknown[]) {
  const res = await api.post('/usage_events', { events });
  expect(res.status, res.text).toBe(200);
  return res.body.response;
}

describe('usage partitions', () => {
  it('the sweep makes the current month and the next two ahead of the clock; making them again makes none', async () => {
    await waitFor(partitions, {
      message: 'the 2033 partitions',
      timeout: 30_000,
      interval: 100,
      until: (p) => p.includes('usage_events_2033_08'),
    });
    expect(await partitions()).toEqual(expect.arrayContaining(['usage_events_2033_06', 'usage_events_2033_07', 'usage_events_2033_08']));
    expect(await partitions()).not.toContain('usage_events_2033_09');
    expect(await ensureUsagePartitions(app.runtime.sql, clock.now())).toBe(0);
    expect(await ensureUsagePartitions(app.runtime.sql, new Date('2033-07-31T23:59:59Z'))).toBe(1); // September
    expect(await partitions()).toContain('usage_events_2033_09');
  });

  it('makes the month a test clock reaches on demand, and detaches a month: its events leave the usage, its month refuses events', async () => {
    const s = await scaffold(app, { merchant: 'Partitions', subscribe: true });
    await s.api.post('/billable_metrics', { code: 'calls', name: 'Calls', aggregation: 'count' });
    const june = (day: number, minute = 0) => new Date(Date.UTC(2033, 5, day, day === 15 ? 12 : 0, minute)).toISOString();
    expect(
      await send(
        s.api,
        [1, 2, 3].map((i) => ({ transaction_id: `j-${i}`, subscription_id: s.sub.id, code: 'calls', timestamp: june(15) })),
      ),
    ).toMatchObject({
      accepted: 3,
    });

    // A test clock years ahead: its month's partition is made when its first event arrives.
    const far = await createClock(s.api, '2036-03-20T00:00:00Z');
    const clocked = await s.start({ test_clock_id: far.id });
    expect(await partitions()).not.toContain('usage_events_2036_03');
    const farAnswer = await send(s.api, [
      { transaction_id: 'far-1', subscription_id: clocked.id, code: 'calls', timestamp: '2036-03-20T00:01:00Z' },
    ]);
    expect(farAnswer.events[0].status).toBe('accepted');
    expect(await partitions()).toContain('usage_events_2036_03');

    const usage = async () =>
      (await s.api.get(`/subscriptions/${s.sub.id}/usage?from=${june(1)}&to=${june(30)}`)).body.response.metrics[0].quantity;
    expect(await usage()).toBe(3);
    expect(await detachUsagePartition(app.runtime.sql, new Date(june(15)))).toBe('usage_events_2033_06');
    expect(await detachUsagePartition(app.runtime.sql, new Date(june(15)))).toBeNull();
    expect(await partitions()).not.toContain('usage_events_2033_06');
    expect(await usage()).toBe(0);
    const kept = await app.runtime.sql.query<{ n: string }>(`select count(*) as n from billing.usage_events_2033_06`);
    expect(Number(kept[0]!.n)).toBe(3);
    // The ingest path still remembers June as attached: its insert fails, it looks again and refuses.
    const after = await send(s.api, [
      { transaction_id: 'j-4', subscription_id: s.sub.id, code: 'calls', timestamp: june(15, 2) },
      { transaction_id: 'j-1', subscription_id: s.sub.id, code: 'calls', timestamp: june(15) },
      { transaction_id: 'k-1', subscription_id: s.sub.id, code: 'calls', timestamp: june(15, 1) },
    ]);
    expect(after.events.map((e: any) => [e.status, e.reason?.code ?? null])).toEqual([
      ['refused', 'archived_month'],
      ['refused', 'archived_month'],
      ['refused', 'archived_month'],
    ]);
    // A detached month is not made again by the sweep.
    expect(await ensureUsagePartitions(app.runtime.sql, new Date(june(1)))).toBe(0);
    expect(await partitions()).not.toContain('usage_events_2033_06');
    expectError(await s.api.post('/usage_events', { events: 'all of them' }), 422, /events/);
  });

  it('aggregates one subscription by an index range scan in the partition of its range', async () => {
    // 60,000 events over 600 subscriptions in July 2033, written straight into the table.
    await app.runtime.sql.query(
      `insert into billing.usage_events (merchant_id, environment, transaction_id, subscription_id, code, "timestamp", properties, received_at)
       select gen_random_uuid(), 'sandbox', 'x-' || g, ('00000000-0000-4000-8000-' || lpad((g % 600)::text, 12, '0'))::uuid, 'calls',
              timestamptz '2033-07-01' + (g % 2592000) * interval '1 second', jsonb_build_object('n', g % 7), now()
         from generate_series(1, 60000) g`,
    );
    await app.runtime.sql.query(`analyze billing.usage_events`);
    for (const aggregation of ['count', 'sum', 'unique_count', 'latest'] as const) {
      const { text, extra } = aggregationStatement({
        code: 'calls',
        aggregation,
        field: aggregation === 'count' ? null : 'n',
        filters: {},
      });
      const plan = await app.runtime.sql.query<{ 'QUERY PLAN': string }>(`explain ${text}`, [
        '00000000-0000-4000-8000-000000000042',
        'calls',
        new Date('2033-07-01T00:00:00Z'),
        new Date('2033-08-01T00:00:00Z'),
        ...extra,
      ]);
      const lines = plan.map((r) => r['QUERY PLAN']).join('\n');
      expect(lines, lines).toMatch(
        /Index (Only )?Scan using usage_events_2033_07_subscription_id_code_timestamp_idx|Bitmap Index Scan on usage_events_2033_07_subscription_id_code_timestamp_idx/,
      );
      expect(lines, lines).not.toMatch(/Seq Scan/);
      expect(lines, lines).not.toMatch(/usage_events_2033_0[89]/);
    }
    // Many periods in one statement answer what one statement per period does.
    const metric = { code: 'calls', aggregation: 'sum' as const, field: 'n', filters: {} };
    const periods = [42, 7, 42, 599].map((n, i) => ({
      subscriptionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      from: new Date(Date.UTC(2033, 6, 1, i)),
      to: new Date(Date.UTC(2033, 6, 1, 12 + i)),
    }));
    const batched = await aggregatePeriods(app.runtime.sql, metric, periods);
    const single = await Promise.all(periods.map((p) => aggregateUsage(app.runtime.sql, p.subscriptionId, metric, p.from, p.to)));
    expect(batched).toEqual(single);
    expect(batched.every((u) => u.events > 20 && u.quantity > 0)).toBe(true);
  });
});
