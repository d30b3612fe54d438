import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { startTestApp, type ApiClient, type HttpResult, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { createCard, createClock, createPlan } from '../../helpers/billing.ts';
import { inTimestampRange } from '../../../src/platform/timestamps.ts';

// Every timestamp Recur accepts lies in 1970-01-01T00:00:00Z .. 2999-12-31T23:59:59.999Z
// (docs/api.md "Timestamps"): outside it a 422 naming the field, and nothing written. A test
// clock in year 0 was created, and every request about it answered 500 afterwards.

const RANGE = 'must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z';
const OUTSIDE = [
  '0000-01-01T00:00:00Z',
  '0001-06-15T12:00:00Z',
  '1969-12-31T23:59:59Z',
  '1970-01-01T00:59:59+01:00',
  '3000-01-01T00:00:00Z',
  '2999-12-31T23:00:00-01:00',
  '9999-12-31T23:59:59Z',
];

let app: TestApp;
let api: ApiClient;
let db: pg.Client;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['billing.test_clocks', 'billing.coupons', 'billing.subscriptions', 'billing.invoices']) {
    out[table] = (await db.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  }
  return out;
}

async function refused(send: () => Promise<HttpResult>, field: string): Promise<void> {
  const before = await counts();
  const res = await send();
  expect(res.status, res.text).toBe(422);
  expect(res.body.successful).toBe(false);
  expect(res.body.errors, res.text).toContain(`${field}: ${RANGE}`);
  expect(await counts()).toEqual(before);
}

beforeAll(async () => {
  app = await startTestApp();
  const merchant = await app.newMerchant('Timestamp Range Shop');
  api = app.client('sandbox', merchant.sandbox);
  db = await connect(app.config.DATABASE_URL);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

describe('the timestamp range', () => {
  it('holds its bounds exactly', () => {
    expect(inTimestampRange('1970-01-01T00:00:00Z')).toBe(true);
    expect(inTimestampRange('2999-12-31T23:59:59.999Z')).toBe(true);
    for (const value of OUTSIDE) expect(inTimestampRange(value), value).toBe(false);
    expect(inTimestampRange('not a time')).toBe(false);
  });

  it('a test clock outside it is a 422 naming frozen_time, and none is created', async () => {
    for (const value of OUTSIDE) await refused(() => api.post('/test_clocks', { frozen_time: value }), 'frozen_time');
  });

  it('a test clock is not advanced past it', async () => {
    const clock = await createClock(api, '2999-12-01T00:00:00Z');
    await refused(() => api.post(`/test_clocks/${clock.id}/advance`, { frozen_time: '3000-01-01T00:00:00Z' }), 'frozen_time');
    const read = await api.get(`/test_clocks/${clock.id}`);
    expect(read.status).toBe(200);
    expect(read.body.response.frozen_time).toBe('2999-12-01T00:00:00.000Z');
  });

  it('its bounds are accepted, and the clocks answer afterwards', async () => {
    for (const value of ['1970-01-01T00:00:00Z', '2999-12-31T23:59:59Z']) {
      const clock = await createClock(api, value);
      const read = await api.get(`/test_clocks/${clock.id}`);
      expect(read.status, read.text).toBe(200);
      expect(read.body.response.frozen_time).toBe(new Date(value).toISOString());
    }
  });

  it('a coupon, a subscription start or anchor, and a sandbox script outside it are 422s naming the field', async () => {
    await refused(
      () => api.post('/coupons', { code: 'YEARZERO', percent_off: 10, duration: 'once', redeem_by: '0000-01-01T00:00:00Z' }),
      'redeem_by',
    );
    const plan = await createPlan(api);
    const { token } = await createCard(api);
    const subscription = { customer_reference: 'cust-range', plan_id: plan.id, card_token: token };
    await refused(() => api.post('/subscriptions', { ...subscription, start_date: '0000-01-01' }), 'start_date');
    await refused(() => api.post('/subscriptions', { ...subscription, start_date: '3000-01-01T00:00:00Z' }), 'start_date');
    await refused(() => api.post('/subscriptions', { ...subscription, billing_anchor: '0000-01-01T00:00:00Z' }), 'billing_anchor');
    const script = await api.put(`/sandbox/credit_cards/${token}/script`, {
      outcomes: [{ response_code: '05', merchant_advice_retry_after: '0000-01-01T00:00:00Z' }],
    });
    expect(script.status, script.text).toBe(422);
    expect(script.text).toContain(RANGE);
  });
});
