import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { expectError, merchantClient } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// Tax rates and the tax settings through the public API: create, read, list, archive; bad
// percentages and countries refused naming the field; `tax_rate_ids` on plans, subscriptions and
// items checked against the merchant's active rates.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

async function taxRate(api: ApiClient, fields: Record<string, unknown>) {
  const res = await api.post('/tax_rates', { inclusive: false, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('tax rates', () => {
  it('are created (the percentage a normalised decimal string), read, listed by active or archived, and archived', async () => {
    const api = await merchantClient(app, 'Tax rates');
    const gst = await taxRate(api, {
      display_name: 'GST',
      percentage: '10',
      inclusive: true,
      country: 'au',
      description: 'Australian GST',
    });
    expect(gst).toEqual({
      id: expect.any(String),
      display_name: 'GST',
      description: 'Australian GST',
      percentage: '10',
      inclusive: true,
      country: 'AU',
      state: null,
      active: true,
      created_at: expect.any(String),
      archived_at: null,
    });
    const nyc = await taxRate(api, { display_name: 'NYC sales tax', percentage: '8.8750', country: 'US', state: 'ny' });
    expect(nyc).toMatchObject({ percentage: '8.875', inclusive: false, country: 'US', state: 'NY', description: null });
    const tiny = await taxRate(api, { display_name: 'Tiny', percentage: '0.0001' });
    expect(tiny).toMatchObject({ percentage: '0.0001', country: null });
    expect((await taxRate(api, { display_name: 'Zero', percentage: '0' })).percentage).toBe('0');
    expect((await taxRate(api, { display_name: 'All', percentage: '100.0' })).percentage).toBe('100');

    expect((await api.get(`/tax_rates/${gst.id}`)).body.response).toEqual(gst);
    expectError(await api.get(`/tax_rates/${UNKNOWN}`), 404, /Tax rate/);
    expectError(await api.get('/tax_rates/not-a-uuid'), 404);

    const archived = (await api.post(`/tax_rates/${tiny.id}/archive`)).body.response;
    expect(archived).toMatchObject({ id: tiny.id, active: false, archived_at: expect.any(String) });
    // Archiving twice is harmless: the first archived_at stays.
    expect((await api.post(`/tax_rates/${tiny.id}/archive`)).body.response.archived_at).toBe(archived.archived_at);
    expectError(await api.post(`/tax_rates/${UNKNOWN}/archive`), 404, /Tax rate/);

    const names = async (query: string) => (await api.get(`/tax_rates${query}`)).body.response.map((r: any) => r.display_name);
    expect(await names('')).toEqual(['All', 'Zero', 'Tiny', 'NYC sales tax', 'GST']);
    expect(await names('?active=true')).toEqual(['All', 'Zero', 'NYC sales tax', 'GST']);
    expect(await names('?active=false')).toEqual(['Tiny']);
    expectError(await api.get('/tax_rates?active=maybe'), 422, /active/);
    const page = (await api.get('/tax_rates?limit=2&offset=2')).body;
    expect(page).toMatchObject({ records: 2, total_records: 5, page: 2, total_pages: 3 });
    expect(page.response.map((r: any) => r.display_name)).toEqual(['Tiny', 'NYC sales tax']);

    // An Idempotency-Key replays the first answer and creates nothing more; the same key with another body is a 422.
    const body = { display_name: 'VAT', percentage: '20', inclusive: false, country: 'FR' };
    const first = await api.post('/tax_rates', body, { 'Idempotency-Key': 'rate-vat-fr' });
    const again = await api.post('/tax_rates', body, { 'Idempotency-Key': 'rate-vat-fr' });
    expect([first.status, first.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(again.body.response).toEqual(first.body.response);
    expectError(await api.post('/tax_rates', { ...body, percentage: '21' }, { 'Idempotency-Key': 'rate-vat-fr' }), 422, /Idempotency-Key/);
    expect((await api.get('/tax_rates?active=true')).body.response.filter((r: any) => r.display_name === 'VAT')).toHaveLength(1);
    await api.post(`/tax_rates/${first.body.response.id}/archive`);

    // Another merchant sees none of them.
    const other = await merchantClient(app, 'Other merchant');
    expect((await other.get('/tax_rates')).body.response).toEqual([]);
    expectError(await other.get(`/tax_rates/${gst.id}`), 404);
  });

  it('refuses bad percentages and fields naming them, and writes nothing', async () => {
    const api = await merchantClient(app, 'Bad tax rates');
    const base = { display_name: 'VAT', inclusive: false };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, percentage: '10.12345' }, /^percentage: /],
      [{ ...base, percentage: '-1' }, /^percentage: /],
      [{ ...base, percentage: 'abc' }, /^percentage: /],
      [{ ...base, percentage: '101' }, /^percentage: /],
      [{ ...base, percentage: '100.0001' }, /^percentage: /],
      [{ ...base, percentage: '' }, /^percentage: /],
      [{ ...base, percentage: 10 }, /^percentage: /],
      [{ display_name: 'VAT', percentage: '20' }, /^inclusive: /],
      [{ ...base, percentage: '20', country: 'XX' }, /^country: country must be an ISO 3166-1 alpha-2 code/],
      [{ ...base, percentage: '20', country: 'DEU' }, /^country: /],
      [{ ...base, percentage: '20', country: 'EU' }, /^country: /],
      [{ ...base, percentage: '20', state: 'NY' }, /^state: state goes with a country/],
      [{ ...base, percentage: '20', display_name: '' }, /^display_name: /],
      [{ ...base, percentage: '20', colour: 'red' }, /Unrecognized key: "colour"/],
    ];
    for (const [body, message] of cases) expectError(await api.post('/tax_rates', body), 422, message);
    expect((await api.get('/tax_rates')).body.response).toEqual([]);
  });
});

describe('tax settings', () => {
  it('automatic_tax is false until set, and a PUT replaces it', async () => {
    const api = await merchantClient(app, 'Tax settings');
    expect((await api.get('/settings/tax')).body.response).toEqual({ automatic_tax: false });
    const put = await api.put('/settings/tax', { automatic_tax: true });
    expect(put.status, put.text).toBe(200);
    expect(put.body.response).toEqual({ automatic_tax: true });
    expect((await api.get('/settings/tax')).body.response).toEqual({ automatic_tax: true });
    expectError(await api.put('/settings/tax', { automatic_tax: 'yes' }), 422, /^automatic_tax: /);
    expectError(await api.put('/settings/tax', {}), 422, /automatic_tax/);
    expect((await api.get('/settings/tax')).body.response).toEqual({ automatic_tax: true });
    expect((await api.put('/settings/tax', { automatic_tax: false })).body.response).toEqual({ automatic_tax: false });
    // Each merchant has its own.
    expect((await (await merchantClient(app, 'Untouched')).get('/settings/tax')).body.response).toEqual({ automatic_tax: false });
  });
});

describe('tax_rate_ids', () => {
  it('on plans, subscriptions and items: shown in their views, each an active rate of the merchant or a 422 naming it', async () => {
    const { api, card, plan: untaxed } = await scaffold(app, { merchant: 'Named rates' });
    expect(untaxed.tax_rate_ids).toEqual([]);
    const state = await taxRate(api, { display_name: 'State', percentage: '4', country: 'US', state: 'NY' });
    const county = await taxRate(api, { display_name: 'County', percentage: '4.875', country: 'US', state: 'NY' });
    const retired = await taxRate(api, { display_name: 'Retired', percentage: '5' });
    await api.post(`/tax_rates/${retired.id}/archive`);
    const foreign = await taxRate(await merchantClient(app, 'Someone else'), { display_name: 'Theirs', percentage: '5' });

    const planBody = { name: 'Taxed', amount: 1000, currency: 'USD', interval: 'month' };
    const plan = await api.post('/plans', { ...planBody, tax_rate_ids: [state.id, county.id] });
    expect(plan.status, plan.text).toBe(201);
    expect(plan.body.response.tax_rate_ids).toEqual([state.id, county.id]);
    expect((await api.get(`/plans/${plan.body.response.id}`)).body.response.tax_rate_ids).toEqual([state.id, county.id]);

    const plans = (await api.get('/plans')).body.response.length;
    expectError(
      await api.post('/plans', { ...planBody, tax_rate_ids: [state.id, retired.id] }),
      422,
      /^tax_rate_ids\[1\]: tax rate .* is archived/,
    );
    expectError(await api.post('/plans', { ...planBody, tax_rate_ids: [UNKNOWN] }), 422, /^tax_rate_ids\[0\]: no tax rate/);
    expectError(await api.post('/plans', { ...planBody, tax_rate_ids: [foreign.id] }), 422, /^tax_rate_ids\[0\]: no tax rate/);
    expectError(
      await api.post('/plans', { ...planBody, tax_rate_ids: [state.id, state.id] }),
      422,
      /^tax_rate_ids\.1: tax rate .* is named twice/,
    );
    expectError(await api.post('/plans', { ...planBody, tax_rate_ids: ['nope'] }), 422, /^tax_rate_ids\.0: /);
    expect((await api.get('/plans')).body.response).toHaveLength(plans);

    const subBody = { plan_id: untaxed.id, card_token: card.token, customer_reference: 'c-1' };
    expectError(await api.post('/subscriptions', { ...subBody, tax_rate_ids: [retired.id] }), 422, /^tax_rate_ids\[0\]: .*archived/);
    expect((await api.get('/subscriptions')).body.response).toEqual([]);
    const sub = await api.post('/subscriptions', { ...subBody, tax_rate_ids: [county.id] });
    expect(sub.status, sub.text).toBe(201);
    expect(sub.body.response.tax_rate_ids).toEqual([county.id]);
    const id = sub.body.response.id;

    expectError(await api.put(`/subscriptions/${id}`, { tax_rate_ids: [state.id, retired.id] }), 422, /^tax_rate_ids\[1\]: .*archived/);
    expect((await api.get(`/subscriptions/${id}`)).body.response.tax_rate_ids).toEqual([county.id]);
    const changed = await api.put(`/subscriptions/${id}`, { tax_rate_ids: [state.id] });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.response.tax_rate_ids).toEqual([state.id]);
    expect((await api.put(`/subscriptions/${id}`, { tax_rate_ids: [] })).body.response.tax_rate_ids).toEqual([]);

    expectError(
      await api.post(`/subscriptions/${id}/items`, { description: 'Setup', amount: 500, tax_rate_ids: [retired.id] }),
      422,
      /^tax_rate_ids\[0\]/,
    );
    expect((await api.get(`/subscriptions/${id}/items`)).body.response).toEqual([]);
    const item = await api.post(`/subscriptions/${id}/items`, { description: 'Setup', amount: 500, tax_rate_ids: [state.id] });
    expect(item.status, item.text).toBe(201);
    expect(item.body.response).toMatchObject({ tax_rate_ids: [state.id], invoice_id: null });
    expect((await api.get(`/subscriptions/${id}/items/${item.body.response.id}`)).body.response.tax_rate_ids).toEqual([state.id]);
    const plain = await api.post(`/subscriptions/${id}/items`, { description: 'Plain', amount: 100 });
    expect(plain.body.response.tax_rate_ids).toEqual([]);
  });
});
