import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlan, expectError, merchantClient } from '../../helpers/billing.ts';

// Prices on plans through the public API: stored and answered as given, and every rule of the
// price input refused with a 422 that names the field.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const GRADUATED = {
  metric_code: 'api_calls',
  model: 'graduated',
  tiers: [
    { up_to: 1000, unit_amount: 0, flat_amount: 500 },
    { up_to: null, unit_amount: 2 },
  ],
};

describe('plans with prices', () => {
  it('stores the prices and answers them from POST, GET /plans/{id} and GET /plans; amount may be 0 with prices', async () => {
    const api = await merchantClient(app, 'Priced plans');
    await api.post('/billable_metrics', { code: 'api_calls', name: 'API calls', aggregation: 'count' });
    await api.post('/billable_metrics', { code: 'storage', name: 'Storage', aggregation: 'max', field: 'gb' });
    const prices = [GRADUATED, { metric_code: 'storage', model: 'package', unit_amount: 300, package_size: 10, free_units: 5 }];
    const plan = await createPlan(api, { amount: 0, prices });
    expect(plan).toMatchObject({ amount: 0, prices });
    expect((await api.get(`/plans/${plan.id}`)).body.response.prices).toEqual(prices);
    const listed = (await api.get('/plans')).body.response.find((p: any) => p.id === plan.id);
    expect(listed.prices).toEqual(prices);
    // A flat plan answers an empty list.
    expect((await createPlan(api)).prices).toEqual([]);
  });

  it('refuses each bad price with a 422 naming the field, and writes no plan', async () => {
    const api = await merchantClient(app, 'Bad prices');
    await api.post('/billable_metrics', { code: 'api_calls', name: 'API calls', aggregation: 'count' });
    await api.post('/billable_metrics', { code: 'old', name: 'Old', aggregation: 'count' });
    await api.post('/billable_metrics/old/archive');
    const plan = (fields: Record<string, unknown>) =>
      api.post('/plans', { name: 'P', amount: 1000, currency: 'AUD', interval: 'month', ...fields });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amount: 0 }, /amount must be greater than 0/],
      [{ prices: [{ ...GRADUATED, metric_code: 'nope' }] }, /prices\.0\.metric_code: no billable metric has code nope/],
      [{ prices: [GRADUATED, { ...GRADUATED, metric_code: 'old' }] }, /prices\.1\.metric_code: billable metric old is archived/],
      [{ prices: [GRADUATED, GRADUATED] }, /prices\.1\.metric_code: metric_code api_calls is priced twice/],
      [
        {
          prices: [
            {
              ...GRADUATED,
              tiers: [
                { up_to: 10, unit_amount: 1 },
                { up_to: 5, unit_amount: 1 },
                { up_to: null, unit_amount: 1 },
              ],
            },
          ],
        },
        /prices\.0\.tiers\.1\.up_to: up_to must be greater than the previous tier's \(10\)/,
      ],
      [{ prices: [{ ...GRADUATED, tiers: [{ up_to: 10, unit_amount: 1 }] }] }, /prices\.0\.tiers\.0\.up_to: the last tier has up_to null/],
      [
        { prices: [{ metric_code: 'api_calls', model: 'per_unit' }] },
        /prices\.0\.unit_amount: unit_amount is required with model per_unit/,
      ],
      [{ prices: [{ metric_code: 'api_calls', model: 'package', unit_amount: 5 }] }, /prices\.0\.package_size/],
      [{ prices: [{ metric_code: 'api_calls', model: 'volume', unit_amount: 5 }] }, /prices\.0\.tiers: tiers is required/],
      [{ prices: [{ metric_code: 'api_calls', model: 'per_unit', unit_amount: 1.5 }] }, /prices\.0\.unit_amount/],
      [{ prices: [{ metric_code: 'api_calls', model: 'per_unit', unit_amount: 1, colour: 'red' }] }, /colour/],
      [
        {
          prices: [
            { metric_code: 'seats', model: 'per_unit', unit_amount: 1 },
            { metric_code: 'seats', model: 'per_unit', unit_amount: 2 },
          ],
        },
        /prices\.1\.metric_code: metric_code seats is priced twice/,
      ],
    ];
    for (const [fields, message] of cases) expectError(await plan(fields), 422, message);
    expect((await api.get('/plans')).body.response).toEqual([]);
  });
});
