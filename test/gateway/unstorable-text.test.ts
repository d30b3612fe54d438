import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { startTestApp, type ApiClient, type HttpResult, type TestApp } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { createCard, createPlan } from '../helpers/billing.ts';
import { isUnstorableText } from '../../src/platform/http/text-guard.ts';

// A NUL character or a lone UTF-16 surrogate cannot be stored by PostgreSQL (text and jsonb):
// refused at the edge with a 422 naming the field, on every route, nothing written.

const WHAT = 'may not contain a NUL character or an unpaired UTF-16 surrogate';

let app: TestApp;
let api: ApiClient;
let db: pg.Client;
let token: string;

/** Rows of the tables a request could write, counted and digested. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['gateway.cards', 'gateway.purchases', 'billing.plans', 'billing.events', 'billing.subscriptions']) {
    const { rows } = await db.query(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|'), '')) as d from ${table} t`);
    out[table] = `${rows[0].n}:${rows[0].d}`;
  }
  return out;
}

async function refused(send: () => Promise<HttpResult>, fields: string[]): Promise<void> {
  const before = await snapshot();
  const res = await send();
  expect(res.status, res.text).toBe(422);
  expect(res.headers['x-request-id']).toBeTruthy();
  expect(res.body).toEqual({ successful: false, response: null, errors: fields.map((f) => `${f} ${WHAT}`), test: true });
  expect(res.text).not.toMatch(/\\u0000|\\ud800|\\udfff/i);
  expect(await snapshot()).toEqual(before);
}

beforeAll(async () => {
  app = await startTestApp();
  const merchant = await app.newMerchant('Unstorable Text Shop');
  api = app.client('sandbox', merchant.sandbox);
  db = await connect(app.config.DATABASE_URL);
  token = (await createCard(api)).token;
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

describe('the text check', () => {
  it('finds NUL and lone surrogates, and lets paired surrogates (emoji) and other controls through', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '\ude00x', '\ud800\ud800'])
      expect(isUnstorableText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'plain', 'Jo 😀', '\u0001\t\n', 'ü 中文 𝔘', '\ud83d\ude00']) expect(isUnstorableText(good), good).toBe(false);
  });
});

describe('a NUL character or a lone surrogate', () => {
  for (const [name, bad] of [
    ['NUL', 'a\u0000b'],
    ['lone surrogate', 'a\ud800b'],
  ] as const) {
    it(`(${name}) in a body field, a metadata key or value, a query or a path parameter is a 422 naming it`, async () => {
      await refused(
        () => api.post('/credit_cards', { card_holder: bad, card_number: '4111111111111111', card_expiry: '12/2039', cvv: '123' }),
        ['card_holder'],
      );
      await refused(() => api.post('/purchases', { amount: 100, currency: 'AUD', reference: bad, card_token: token }), ['reference']);
      await refused(() => purchase({ metadata: { note: bad } }), ['metadata.note']);
      await refused(() => purchase({ metadata: { [`k${bad}`]: 'v' } }), ['metadata.<key>']);
      await refused(() => purchase({ reference: bad, metadata: { list: ['ok', bad] } }), ['reference', 'metadata.list[1]']);
      await refused(() => createPlanRaw({ name: bad }), ['name']);
      await refused(() => api.post('/subscriptions', { customer_reference: bad, plan_id: 'x' }), ['customer_reference']);
      await refused(() => api.put(`/credit_cards/${token}`, { alias: `cust-${bad}` }), ['alias']);
    });
  }

  it('(NUL) in a path parameter or a query is a 422 naming it', async () => {
    await refused(() => api.get('/credit_cards/a%00b'), ['path parameter key']);
    await refused(() => api.get('/plans/%00'), ['path parameter id']);
    await refused(() => api.post('/invoices/%00/refund', { amount: 1 }), ['path parameter id']);
    await refused(() => api.get('/health?echo=a%00'), ['query.echo']);
  });

  it('(lone surrogate) in a URL cannot be written as UTF-8: a 4xx in the envelope, never a 5xx', async () => {
    // `\ud800` as WTF-8 bytes: not UTF-8, so the router or the query parser refuses or replaces it.
    for (const path of ['/credit_cards/%ED%A0%80', '/health?echo=%ED%A0%80', '/plans/a%ED%B0%80']) {
      const res = await api.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).toMatchObject({ successful: expect.any(Boolean), errors: expect.any(Array), test: true });
    }
  });

  it('GET /credit_cards/%00 is a 422, not a 500', async () => {
    const res = await api.get('/credit_cards/%00');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([`path parameter key ${WHAT}`]);
  });

  it('an alias with a lone surrogate is refused, and a well-formed one (with an emoji) is stored', async () => {
    await refused(() => api.put(`/credit_cards/${token}`, { alias: 'cust-\udc00' }), ['alias']);
    const ok = await api.put(`/credit_cards/${token}`, { alias: 'cust-😀' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.response.alias).toBe('cust-😀');
  });

  it('a paired surrogate in metadata and names is stored and read back', async () => {
    const res = await purchase({ metadata: { 'note 🎉': 'ok 😀' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.response.metadata).toMatchObject({ 'note 🎉': 'ok 😀' });
    const plan = await createPlan(api, { name: 'Emoji 🎉' });
    expect((await api.get(`/plans/${plan.id}`)).body.response.name).toBe('Emoji 🎉');
  });
});

let seq = 0;
function purchase(fields: Record<string, unknown>): Promise<HttpResult> {
  return api.post('/purchases', { amount: 100, currency: 'AUD', reference: `unstorable-${++seq}`, card_token: token, ...fields });
}

function createPlanRaw(fields: Record<string, unknown>): Promise<HttpResult> {
  return api.post('/plans', { name: 'Plan', amount: 1500, currency: 'AUD', interval: 'month', interval_count: 1, ...fields });
}
