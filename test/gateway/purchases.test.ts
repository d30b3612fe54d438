import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { ManualClock } from '../../src/platform/clock.ts';

let app: TestApp;
let api: ApiClient;
let credentials: { username: string; api_token: string };
const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
let seq = 0;
const ref = () => `ref-${Date.now()}-${++seq}`;

const card = (number: string) => ({ card_holder: 'Jane Doe', card_number: number, card_expiry: '05/2030', cvv: '123' });

beforeAll(async () => {
  app = await startTestApp({ clock });
  credentials = (await app.newMerchant('Purchase Shop')).sandbox;
  api = app.client('sandbox', credentials);
});
afterAll(async () => {
  await app?.close();
});

describe('POST /purchases', () => {
  it('charges a stored card by token and by alias, returning the seed record', async () => {
    const stored = (await api.post('/credit_cards', { ...card('5123456789012346'), alias: 'buyer-1' })).body.response;
    const byToken = await api.post('/purchases', { amount: 1099, currency: 'AUD', reference: 'order-100', card_token: stored.token });
    expect(byToken.status).toBe(200);
    expect(byToken.body).toMatchObject({ successful: true, errors: [], test: true });
    const p = byToken.body.response;
    expect(p).toMatchObject({
      id: expect.stringMatching(/^[A-Z]{3,4}-P-[A-Z0-9]{8}$/),
      authorization: expect.stringMatching(/^\d{6}$/),
      card_number: '512345XXXXXX2346',
      card_holder: 'Jane Doe',
      card_expiry: '2030-05-31',
      card_token: stored.token,
      card_type: 'MasterCard',
      amount: 1099,
      decimal_amount: 10.99,
      successful: true,
      message: 'Approved',
      reference: 'order-100',
      currency: 'AUD',
      response_code: '00',
      transaction_date: '2026-03-10T12:00:00.000Z',
      settlement_date: '2026-03-10',
      captured: true,
      captured_amount: 1099,
    });
    expect(p.transaction_id).toBe(p.id);

    const byAlias = await api.post('/purchases', { amount: 500, currency: 'aud', reference: 'order-101', card_token: 'buyer-1' });
    expect(byAlias.body.response).toMatchObject({ successful: true, card_token: stored.token, currency: 'AUD' });
    expect((await api.get(`/credit_cards/${stored.token}`)).body.response.transaction_count).toBe(2);
  });

  it('tokenizes a raw card and returns its token: a new one each time, of one card (one fingerprint)', async () => {
    const first = await api.post('/purchases', { amount: 100, currency: 'USD', reference: ref(), ...card('4005550000000001') });
    const second = await api.post('/purchases', { amount: 200, currency: 'USD', reference: ref(), ...card('4005550000000001') });
    expect(first.body.response.card_token).toMatch(/^[a-z0-9]{20}$/);
    expect(second.body.response.card_token).toMatch(/^[a-z0-9]{20}$/);
    expect(second.body.response.card_token).not.toBe(first.body.response.card_token);
    const [a, b] = await Promise.all([first, second].map((p) => api.get(`/credit_cards/${p.body.response.card_token}`)));
    expect(a!.body.response.fingerprint).toBe(b!.body.response.fingerprint);
    expect(first.body.response.cvv_match).toBe('M');
  });

  it('answers the predetermined sandbox cards the same whatever the amount', async () => {
    const approved = ['5123456789012346', '4005550000000001', '345678901234564', '3530111333300000', '6250946000000016'];
    const declined = ['5313581000123430', '4557012345678902', '371449635398431', '3566002020360505', '6250947000000014'];
    for (const number of approved) {
      for (const amount of [1000, 1051]) {
        const res = await api.post('/purchases', { amount, currency: 'AUD', reference: ref(), ...card(number) });
        expect(res.body.response, number).toMatchObject({ successful: true, response_code: '00', message: 'Approved' });
      }
    }
    for (const number of declined) {
      for (const amount of [1000, 1051]) {
        const res = await api.post('/purchases', { amount, currency: 'AUD', reference: ref(), ...card(number) });
        expect(res.status).toBe(200);
        expect(res.body.successful).toBe(true);
        expect(res.body.response, number).toMatchObject({
          successful: false,
          response_code: '05',
          message: 'Declined',
          authorization: null,
        });
      }
    }
  });

  it('answers dynamic cards with the amount’s last two digits as the response code', async () => {
    const table: [number, string, string, boolean][] = [
      [5000, '00', 'Approved', true],
      [5008, '08', 'Approved', true],
      [5016, '16', 'Approved', true],
      [5001, '01', 'Refer to Card Issuer', false],
      [5005, '05', 'Refer to Card Issuer', false],
      [5003, '03', 'No Merchant', false],
      [5006, '06', 'Merchant/Acquirer Error', false],
      [5009, '09', 'Acquirer Busy', false],
      [5012, '12', 'Invalid Transaction', false],
      [5013, '13', 'Invalid Amount', false],
      [5014, '14', 'Invalid Card Number', false],
      [5015, '15', 'No Issuer', false],
      [5031, '31', 'Bank Not Supported', false],
      [5033, '33', 'Expired Card', false],
      [5054, '54', 'Expired Card', false],
      [5051, '51', 'Insufficient Funds', false],
      [5090, '90', 'Declined - Please Retry', false],
      [5099, '99', 'System Error - Contact Gateway if error persists', false],
      [5043, '43', 'Declined', false],
      [5096, '96', 'Declined', false],
    ];
    const dynamic = [
      '5555555555554444',
      '4242424242424242',
      '370000000000002',
      '6222821234560017',
      '36700102000000',
      '4000001234562345678',
    ];
    for (const [i, [amount, code, message, successful]] of table.entries()) {
      const number = dynamic[i % dynamic.length]!;
      const res = await api.post('/purchases', { amount, currency: 'AUD', reference: ref(), ...card(number) });
      expect(res.body.response, `${number} ${amount}`).toMatchObject({ response_code: code, message, successful });
      expect(res.body.response.authorization === null).toBe(!successful);
    }
  });

  it('treats amount 0 as a card-on-file verification', async () => {
    const res = await api.post('/purchases', { amount: 0, currency: 'AUD', reference: ref(), ...card('4111111111111111') });
    expect(res.body.response).toMatchObject({ successful: true, amount: 0, decimal_amount: 0 });
  });

  it('declines a stored card once it has expired, with 54', async () => {
    const stored = (await api.post('/credit_cards', { ...card('5123456789012346'), card_expiry: '04/2026' })).body.response;
    clock.set(new Date('2026-05-01T00:00:01Z'));
    try {
      const res = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: stored.token });
      expect(res.body.response).toMatchObject({ successful: false, response_code: '54', message: 'Expired Card' });
    } finally {
      clock.set(new Date('2026-03-10T12:00:00Z'));
    }
  });
});

describe('sandbox scripts', () => {
  it('plays scripted outcomes in order, with merchant advice, then answers as the card does', async () => {
    const stored = (await api.post('/credit_cards', { ...card('4242424242424242'), alias: 'scripted' })).body.response;
    const script = await api.put('/sandbox/credit_cards/scripted/script', {
      outcomes: [
        { response_code: '51', merchant_advice_code: 'retry_later', merchant_advice_retry_after: '2026-03-13T00:00:00Z' },
        { response_code: '05', merchant_advice_code: 'do_not_retry' },
      ],
    });
    expect(script.status).toBe(200);
    expect(script.body.response).toMatchObject({ token: stored.token });
    const buy = () => api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: 'scripted' });
    expect((await buy()).body.response).toMatchObject({
      response_code: '51',
      merchant_advice_code: 'retry_later',
      merchant_advice_retry_after: '2026-03-13T00:00:00.000Z',
    });
    expect((await buy()).body.response).toMatchObject({ response_code: '05', merchant_advice_code: 'do_not_retry' });
    const after = (await buy()).body.response;
    expect(after).toMatchObject({ response_code: '00', successful: true });
    expect(after.merchant_advice_code).toBeUndefined();
  });

  it("takes a scripted token's outcomes on purchases with the raw number (each tokenizes the card anew)", async () => {
    const scripted = (await api.post('/credit_cards', card('5123456789012346'))).body.response;
    const script = { outcomes: [{ response_code: '51', merchant_advice_code: 'retry_later' }, { response_code: '05' }] };
    expect((await api.put(`/sandbox/credit_cards/${scripted.token}/script`, script)).status).toBe(200);
    const first = (await api.post('/purchases', { amount: 100, currency: 'AUD', reference: ref(), ...card('5123456789012346') })).body
      .response;
    const second = (await api.post('/purchases', { amount: 100, currency: 'AUD', reference: ref(), ...card('5123456789012346') })).body
      .response;
    const third = (await api.post('/purchases', { amount: 100, currency: 'AUD', reference: ref(), ...card('5123456789012346') })).body
      .response;
    expect([first, second, third].map((p) => p.response_code)).toEqual(['51', '05', '00']);
    expect(first.merchant_advice_code).toBe('retry_later');
    expect(first.card_token).not.toBe(scripted.token);
  });

  it('rejects a bad script and is absent from production', async () => {
    const stored = (await api.post('/credit_cards', card('2221001234567896'))).body.response;
    const bad = await api.put(`/sandbox/credit_cards/${stored.token}/script`, { outcomes: [{ response_code: 'x' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toContain('response_code');
    const anonymous = app.client('production', null);
    expect((await anonymous.put(`/sandbox/credit_cards/${stored.token}/script`, { outcomes: [] })).status).toBe(401);
    const merchant = await app.newMerchant('Production Script');
    const production = app.client('production', merchant.production);
    const absent = await production.put(`/sandbox/credit_cards/${stored.token}/script`, { outcomes: [] });
    expect(absent.status).toBe(404);
    expect(absent.body).toEqual({ successful: false, response: null, errors: ['Record not found'], test: false });
  });

  it('records a purchase whose answer is delayed past the client timeout, or whose connection is dropped', async () => {
    const stored = (await api.post('/credit_cards', card('6011111111111117'))).body.response;
    await api.put(`/sandbox/credit_cards/${stored.token}/script`, {
      outcomes: [{ response_code: '00', fault: 'delay', delay_ms: 3000 }, { fault: 'drop' }],
    });
    const agent = new Agent({ connect: { ca: app.tls.cert }, headersTimeout: 300 });
    const auth = `Basic ${Buffer.from(`${credentials.username}:${credentials.api_token}`).toString('base64')}`;
    const send = (reference: string) =>
      request(`${app.listeners.urls.sandbox}/purchases`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1000, currency: 'AUD', reference, card_token: stored.token }),
      });
    await expect(send('delayed-1')).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    await expect(send('dropped-1')).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    await agent.close();
    const delayed = await api.get('/purchases/delayed-1');
    expect(delayed.body.response).toMatchObject({ reference: 'delayed-1', successful: true });
    const dropped = await api.get('/purchases/dropped-1');
    expect(dropped.body.response).toMatchObject({ reference: 'dropped-1', successful: true });
  });
});

describe('GET /purchases', () => {
  it('finds a purchase by id or by reference, and 404s an unknown one', async () => {
    const made = (await api.post('/purchases', { amount: 777, currency: 'NZD', reference: 'lookup-me', ...card('5123456789012346') })).body
      .response;
    expect((await api.get(`/purchases/${made.id}`)).body.response).toEqual(made);
    expect((await api.get('/purchases/lookup-me')).body.response).toEqual(made);
    const missing = await api.get('/purchases/nope-nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ successful: false, response: null, errors: ['Could not find Purchase'], test: true });
  });

  it('lists newest first, with the list envelope and a silent cap of 50', async () => {
    const res = await api.get('/purchases?limit=500');
    expect(res.status).toBe(200);
    expect(res.body.records).toBe(Math.min(50, res.body.total_records));
    expect(res.body.total_pages).toBe(Math.ceil(res.body.total_records / 50));
    const dates = res.body.response.map((p: { transaction_date: string }) => p.transaction_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await api.get('/purchases?limit=3&offset=2');
    expect(page2.body).toMatchObject({ page: 2, records: 3 });
  });
});
