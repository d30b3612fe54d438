import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// The additive aggregations (count, sum) split: a period's events split in any two parts (by a
// property the metrics filter on) or at any instant aggregate to the same total as the whole,
// through the public API (events sent, GET /subscriptions/{id}/usage). Each run has its own hour of
// the period, so runs do not see each other's events.

vi.setConfig({ testTimeout: 300_000 });
let app: TestApp;
let api: ApiClient;
let subId: string;

const START = Date.UTC(2027, 0, 10);
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
  const s = await scaffold(app, { merchant: 'Usage split', clock: new Date(START).toISOString(), subscribe: true });
  api = s.api;
  subId = s.sub.id;
  for (const [part, values] of [
    ['a', ['a']],
    ['b', ['b']],
    ['all', ['a', 'b']],
  ] as const) {
    await api.post('/billable_metrics', { code: `count_${part}`, name: part, aggregation: 'count', filters: { part: values } });
    await api.post('/billable_metrics', { code: `sum_${part}`, name: part, aggregation: 'sum', field: 'n', filters: { part: values } });
  }
  await advance(api, s.clock.id, new Date(START + 20 * 24 * HOUR).toISOString());
});
afterAll(async () => {
  await app?.close();
});

async function usage(from: number, to: number): Promise<Map<string, number>> {
  const q = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  const res = await api.get(`/subscriptions/${subId}/usage?${q}`);
  expect(res.status, res.text).toBe(200);
  return new Map(res.body.response.metrics.map((m: { code: string; quantity: number }) => [m.code, m.quantity]));
}

describe('additive aggregations split', () => {
  it('count and sum of a period equal the sum over any two parts of its events, and over two ranges split at any instant', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: HOUR - 1 }),
            n: fc.integer({ min: 0, max: 1_000_000 }),
            part: fc.constantFrom('a', 'b'),
          }),
          {
            maxLength: 40,
          },
        ),
        fc.integer({ min: 0, max: HOUR }),
        async (events, split) => {
          const from = START + 24 * HOUR + run * HOUR;
          const to = from + HOUR;
          run++;
          if (events.length > 0) {
            const res = await api.post('/usage_events', {
              events: events
                .map((e, i) => ({
                  transaction_id: `r${run}-${i}`,
                  subscription_id: subId,
                  code: 'count_all',
                  timestamp: new Date(from + e.offset).toISOString(),
                  properties: { n: e.n, part: e.part },
                }))
                .flatMap((e) =>
                  ['count_a', 'count_b', 'count_all', 'sum_a', 'sum_b', 'sum_all'].map((code) => ({
                    ...e,
                    code,
                    transaction_id: `${e.transaction_id}-${code}`,
                  })),
                ),
            });
            expect(res.body.response.refused, res.text).toBe(0);
          }
          const whole = await usage(from, to);
          // The direct definition.
          expect(whole.get('count_all')).toBe(events.length);
          expect(whole.get('sum_all')).toBe(events.reduce((s, e) => s + e.n, 0));
          // Two parts of the events (the `part` property): count and sum add up.
          expect(whole.get('count_a')! + whole.get('count_b')!).toBe(whole.get('count_all'));
          expect(whole.get('sum_a')! + whole.get('sum_b')!).toBe(whole.get('sum_all'));
          // Two ranges, split at any instant of the period (an empty range answers 0).
          const mid = from + split;
          const before = mid > from ? await usage(from, mid) : new Map<string, number>();
          const after = mid < to ? await usage(mid, to) : new Map<string, number>();
          for (const code of ['count_all', 'sum_all']) expect((before.get(code) ?? 0) + (after.get(code) ?? 0)).toBe(whole.get(code));
        },
      ),
      { numRuns: 30 },
    );
  });
});
