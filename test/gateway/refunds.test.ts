import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let api: ApiClient;
let seq = 0;
const ref = (p: string) => `${p}-${++seq}`;

async function purchase(amount: number, number = '5123456789012346') {
  const res = await api.post('/purchases', {
    amount,
    currency: 'AUD',
    reference: ref('order'),
    card_holder: 'Jane Doe',
    card_number: number,
    card_expiry: '05/2030',
    cvv: '123',
  });
  return res.body.response;
}

beforeAll(async () => {
  app = await startTestApp();
  api = app.client('sandbox', (await app.newMerchant('Refund Shop')).sandbox);
});
afterAll(async () => {
  await app?.close();
});

describe('refunds', () => {
  it('refunds in part, several times, up to the purchase amount and no further', async () => {
    const p = await purchase(1000);
    const first = await api.post('/refunds', { transaction_id: p.id, amount: 300, reference: 'refund-a' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ successful: true, errors: [], test: true });
    expect(first.body.response).toMatchObject({
      id: expect.stringMatching(/^[A-Z]{3,4}-R-[A-Z0-9]{8}$/),
      authorization: expect.stringMatching(/^\d{6}$/),
      amount: 300,
      decimal_amount: 3,
      refunded: 'Approved',
      message: 'Approved',
      successful: true,
      reference: 'refund-a',
      currency: 'AUD',
      card_number: '512345XXXXXX2346',
      response_code: '00',
      original_transaction_id: p.id,
    });
    expect((await api.post('/refunds', { transaction_id: p.id, amount: 700, reference: 'refund-b' })).body.successful).toBe(true);
    const over = await api.post('/refunds', { transaction_id: p.id, amount: 1, reference: 'refund-c' });
    expect(over.status).toBe(200);
    expect(over.body.successful).toBe(false);
    expect(over.body.errors).toEqual(['Amount exceeds the amount available to refund (0)']);
    expect((await api.get(`/purchases/${p.id}`)).body.response.refunded_amount).toBe(1000);
  });

  it('never over-refunds under concurrent requests', async () => {
    const p = await purchase(1000);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post('/refunds', { transaction_id: p.id, amount: 400, reference: `race-${p.id}-${i}` })),
    );
    const approved = results.filter((r) => r.body.successful);
    expect(approved).toHaveLength(2);
    expect((await api.get(`/purchases/${p.id}`)).body.response.refunded_amount).toBe(800);
  });

  it('refuses to refund a declined purchase, an unknown one, or a reused reference', async () => {
    const declined = await purchase(1000, '5313581000123430');
    expect((await api.post('/refunds', { transaction_id: declined.id, amount: 100, reference: ref('r') })).body.errors).toEqual([
      'Original transaction was not approved and cannot be refunded',
    ]);
    const unknown = await api.post('/refunds', { transaction_id: 'XXX-P-00000000', amount: 100, reference: ref('r') });
    expect(unknown.body).toMatchObject({ successful: false, errors: ['Original transaction could not be found'] });
    expect(unknown.body.response).toMatchObject({ successful: false, response_code: '99', authorization: null, message: null });
    const p = await purchase(1000);
    expect((await api.post('/refunds', { transaction_id: p.id, amount: 100, reference: 'dup-refund' })).body.successful).toBe(true);
    expect((await api.post('/refunds', { transaction_id: p.id, amount: 100, reference: 'dup-refund' })).body.errors).toEqual([
      'Reference is already taken',
    ]);
  });

  it('keeps purchase and refund references in separate namespaces', async () => {
    const p = await purchase(500);
    const res = await api.post('/refunds', { transaction_id: p.id, amount: 500, reference: p.reference });
    expect(res.body.successful).toBe(true);
  });

  it('finds refunds by id or reference and lists them', async () => {
    const p = await purchase(900);
    const made = (await api.post('/refunds', { transaction_id: p.id, amount: 900, reference: 'find-this-refund' })).body.response;
    expect((await api.get(`/refunds/${made.id}`)).body.response).toEqual(made);
    expect((await api.get('/refunds/find-this-refund')).body.response).toEqual(made);
    const missing = await api.get('/refunds/none-such');
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['Refund could not be found']);
    const list = await api.get('/refunds?limit=2');
    expect(list.body).toMatchObject({ successful: true, page: 1, records: 2 });
    expect(list.body.response[0].id).toBe(made.id);
  });
});
