import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';

/**
 * A sandbox purchase by token reads the card, then counts the transaction, takes the scripted
 * outcome and inserts the purchase in one statement. These tests race purchases on one card and
 * repeat references, and check that nothing is taken twice or half-written.
 */
let app: TestApp;
let api: ApiClient;
let seq = 0;
const ref = () => `race-${Date.now()}-${++seq}`;

beforeAll(async () => {
  app = await startTestApp();
  api = app.client('sandbox', (await app.newMerchant('Race Shop')).sandbox);
});
afterAll(async () => {
  await app?.close();
});

async function storeCard(number = '4242424242424242'): Promise<string> {
  const res = await api.post('/credit_cards', { card_holder: 'Ann Race', card_number: number, card_expiry: '05/2039', cvv: '123' });
  expect(res.status).toBe(200);
  return res.body.response.token as string;
}

describe('sandbox purchases on one card at once', () => {
  it('gives each scripted outcome to exactly one purchase, then answers as the card does', async () => {
    const token = await storeCard();
    const codes = ['51', '05', '61', '65', '91', '96', '14', '54'];
    const script = await api.put(`/sandbox/credit_cards/${token}/script`, { outcomes: codes.map((response_code) => ({ response_code })) });
    expect(script.status).toBe(200);
    // 12 purchases at once on amounts ending in 00 (the dynamic card approves them): 8 take the script, 4 approve.
    const results = await Promise.all(
      Array.from({ length: 12 }, () => api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: token })),
    );
    for (const res of results) expect(res.status).toBe(200);
    const answered = results.map((r) => r.body.response.response_code as string);
    expect(answered.filter((c) => c !== '00').sort()).toEqual([...codes].sort());
    expect(answered.filter((c) => c === '00')).toHaveLength(4);
    const stored = await api.get(`/credit_cards/${token}`);
    expect(stored.body.response.transaction_count).toBe(12);
  });

  it('a reference already taken is rejected and leaves the card and its script untouched', async () => {
    const token = await storeCard('4111111111111111');
    expect((await api.put(`/sandbox/credit_cards/${token}/script`, { outcomes: [{ response_code: '51' }] })).status).toBe(200);
    const reference = ref();
    const first = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference, card_token: token });
    expect(first.body.response.response_code).toBe('51');
    const again = await Promise.all(
      Array.from({ length: 4 }, () => api.post('/purchases', { amount: 1000, currency: 'AUD', reference, card_token: token })),
    );
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.body.successful).toBe(false);
      expect(res.body.errors).toEqual(['Reference is already taken']);
    }
    expect((await api.get(`/credit_cards/${token}`)).body.response.transaction_count).toBe(1);
    const listed = await api.get('/purchases?limit=50');
    expect(listed.body.response.filter((p: { reference: string }) => p.reference === reference)).toHaveLength(1);
    // The script had one outcome and the first purchase took it: the card now answers as it does.
    const next = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: token });
    expect(next.body.response.response_code).toBe('00');
  });

  it('an unknown token is a 422 and writes nothing', async () => {
    const before = (await api.get('/purchases')).body.total_records;
    expect(before).toBeGreaterThan(0);
    const res = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: 'no-such-token' });
    expect(res.status).toBe(422);
    expect((await api.get('/purchases')).body.total_records).toBe(before);
  });
});
