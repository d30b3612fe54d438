import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { makeClient, startTestApp, type ApiClient, type HttpResult, type TestApp } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { findCardNumbers } from '../../src/platform/pan-scrub.ts';

// GATEWAY.md "What real clients send": each request shape a widely used client sends, through HTTPS.
let app: TestApp;
let api: ApiClient;
let prodApi: ApiClient;
let db: pg.Client;
let token: string;
let seq = 0;
const ref = (p = 'client') => `${p}-${++seq}`;
const APPROVE = '5123456789012346';
const DECLINE = '5313581000123430';
const CARD = { card_holder: 'Jane Doe', card_number: APPROVE, card_expiry: '05/2035', cvv: '123' };

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of ['cards', 'purchases', 'refunds']) {
    const { rows } = await db.query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as d from gateway.${table} t`,
    );
    parts.push(`${table}:${rows[0].n}:${rows[0].d}`);
  }
  return parts.join(' ');
}

/** Bad input: a clear error in the envelope, never a 5xx, no card number back, nothing written. */
async function unchanged(send: () => Promise<HttpResult>): Promise<HttpResult> {
  const before = await snapshot();
  const res = await send();
  expect(res.status).toBeLessThan(500);
  expect(res.body).toMatchObject({ successful: false, errors: expect.any(Array) });
  expect(res.body.errors.length).toBeGreaterThan(0);
  expect(findCardNumbers(res.text)).toEqual([]);
  expect(await snapshot()).toEqual(before);
  return res;
}

async function purchase(patch: Record<string, unknown> = {}) {
  const res = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('p'), ...CARD, ...patch });
  expect(res.status).toBe(200);
  return res;
}

beforeAll(async () => {
  app = await startTestApp({ env: { LOG_LEVEL: 'trace' } }); // every log line there is, to scan for card data
  const merchant = await app.newMerchant('Client Shapes');
  api = app.client('sandbox', merchant.sandbox);
  prodApi = app.client('production', merchant.production);
  db = await connect(app.config.DATABASE_URL);
  token = (await api.post('/credit_cards', CARD)).body.response.token;
});
afterAll(async () => {
  // Nothing this suite sent, accepted or refused put a card number in a log line.
  if (app) expect(app.logs.flatMap((line) => findCardNumbers(line))).toEqual([]);
  await db?.end();
  await app?.close();
});

describe('what real clients send', () => {
  it('tokenizes a card sent with customer_ip', async () => {
    const res = await api.post('/credit_cards', { ...CARD, card_expiry: '06/2035', customer_ip: '203.0.113.9' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, response: { card_number: '512345XXXXXX2346' } });
    const bad = await unchanged(() => api.post('/credit_cards', { ...CARD, card_expiry: '07/2035', customer_ip: 12 }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(['Customer IP must be a string of at most 64 characters']);
  });

  it('refunds with currency: the purchase currency is accepted, another is refused', async () => {
    const p = (await purchase()).body.response;
    const same = await api.post('/refunds', { transaction_id: p.id, amount: 100, reference: ref('r'), currency: 'AUD' });
    expect(same.body).toMatchObject({ successful: true, response: { currency: 'AUD', amount: 100 } });
    const other = await unchanged(() => api.post('/refunds', { transaction_id: p.id, amount: 100, reference: ref('r'), currency: 'USD' }));
    expect(other.body.errors).toEqual(["Currency USD does not match the original transaction's currency AUD"]);
    const bad = await unchanged(() => api.post('/refunds', { transaction_id: p.id, amount: 100, reference: ref('r'), currency: 36 }));
    expect(bad.body.errors).toEqual(['Currency must be a three-letter ISO 4217 code']);
  });

  it('purchases with a soft descriptor, card_on_file, auth_reason and 3-D Secure results in extra', async () => {
    const extra = {
      name: 'RECUR*SHOP',
      location: 'Sydney',
      card_on_file: true,
      auth_reason: 'RESUBMISSION',
      sli: '05',
      xid: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      par: 'Y',
      ver: 'Y',
      threeds_version: '2.2.0',
      directory_server_txn_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
    };
    const res = await purchase({ extra });
    expect(res.body.response).toMatchObject({ successful: true, extra });
    expect((await api.get(`/purchases/${res.body.response.id}`)).body.response.extra).toEqual(extra);
    for (const [field, value] of [
      ['name', 5],
      ['card_on_file', 'yes'],
      ['threeds_version', { v: 2 }],
      ['sli', 'high'],
    ] as const) {
      const bad = await unchanged(() =>
        api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: token, extra: { [field]: value } }),
      );
      expect(bad.status).toBe(200);
      expect(bad.body.errors[0]).toMatch(new RegExp(`^Extra ${field} must be`));
    }
  });

  it('purchases with extra.ecm as a number (32) as well as a string', async () => {
    const res = await purchase({ cvv: undefined, extra: { ecm: 32 } });
    expect(res.body).toMatchObject({ successful: true, response: { successful: true, extra: { ecm: 32 } } });
    expect((await purchase({ cvv: undefined, extra: { ecm: '32' } })).body.successful).toBe(true);
    const bad = await unchanged(() =>
      api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: token, extra: { ecm: 320 } }),
    );
    expect(bad.body.errors).toEqual(['Extra ecm must be a string of one or two digits']);
  });

  it('purchases by card_token with a cvv: checked, matched, never stored', async () => {
    const res = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: token, cvv: '987' });
    expect(res.body).toMatchObject({ successful: true, response: { successful: true, cvv_match: 'M' } });
    // The CVV as a value of its own, or under a key of its own (random ids and codes may hold the digits).
    const { rows } = await db.query('select to_jsonb(t) as row from gateway.purchases t where id = $1', [res.body.response.id]);
    const stored = JSON.stringify(rows[0].row);
    expect(stored).not.toMatch(/"987"|cvv"\s*:\s*"?\d/);
    const bad = await unchanged(() =>
      api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: token, cvv: '98x' }),
    );
    expect(bad.body.errors).toEqual(['CVV is invalid']);
    const both = await unchanged(() =>
      api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: token, card_number: APPROVE }),
    );
    expect(both.body.errors).toEqual(['Give either card_token or the card details, not both']);
  });

  it('pings at the host root, /v1.0/ping and /v1.0/ping.json, unenveloped and authenticated', async () => {
    const base = app.listeners.urls.sandbox!;
    const root = makeClient(app.agent, base.replace(/\/v1\.0$/, ''), (await app.newMerchant('Ping')).sandbox);
    const before = Math.floor(Date.now() / 1000);
    for (const [client, path] of [
      [root, '/ping'],
      [api, '/ping'],
      [api, '/ping.json'],
    ] as const) {
      const res = await client.get(`${path}?echo=hello`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ timestamp: expect.any(Number), echo: 'hello' });
      expect(Number.isInteger(res.body.timestamp)).toBe(true);
      expect(res.body.timestamp).toBeGreaterThanOrEqual(before - 1);
      expect((await client.get(path)).body).toEqual({ timestamp: expect.any(Number), echo: 'NONE' });
    }
    const anonymous = makeClient(app.agent, base.replace(/\/v1\.0$/, ''), null);
    expect((await anonymous.get('/ping')).status).toBe(401);
    expect((await makeClient(app.agent, base, null).get('/ping.json')).status).toBe(401);
  });
});

describe('what real clients read', () => {
  it('purchase records carry card_category, card_subcategory, addendum_data and the chain id in metadata', async () => {
    // A one-off purchase is in no stored-credential chain: "" (the real gateway's recorded answers).
    const approved = (await purchase({ metadata: { order: '42' } })).body.response;
    expect(approved).toMatchObject({
      card_category: 'Credit',
      card_subcategory: 'Standard',
      addendum_data: {},
      metadata: { order: '42', original_transaction_reference: '', authorization_tracking_id: '' },
    });
    const initial = (await purchase({ extra: { stored_credential_indicator: 'I' } })).body.response;
    expect(initial.metadata.authorization_tracking_id).toMatch(/^[A-Z0-9]{16}$/);
    const declined = (await purchase({ card_number: DECLINE })).body.response;
    expect(declined).toMatchObject({ successful: false, metadata: { authorization_tracking_id: '', original_transaction_reference: '' } });
    const echoed = (await purchase({ extra: { authorization_tracking_id: 'CHAIN-1' } })).body.response;
    expect(echoed.metadata.authorization_tracking_id).toBe('CHAIN-1');
    expect((await api.get(`/purchases/${approved.id}`)).body.response.metadata).toEqual(approved.metadata);
  });

  it('refund records carry metadata, standalone and rrn', async () => {
    const p = (await purchase()).body.response;
    const res = await api.post('/refunds', { transaction_id: p.id, amount: 100, reference: ref('r'), metadata: { why: 'damaged' } });
    expect(res.body.response).toMatchObject({ metadata: { why: 'damaged' }, standalone: false, rrn: expect.stringMatching(/^\d{12}$/) });
    const plain = await api.post('/refunds', { transaction_id: p.id, amount: 100, reference: ref('r') });
    expect(plain.body.response.metadata).toEqual({});
    expect((await api.get(`/refunds/${res.body.response.id}`)).body.response).toMatchObject({
      metadata: { why: 'damaged' },
      standalone: false,
    });
    const bad = await unchanged(() => api.post('/refunds', { transaction_id: p.id, amount: 100, reference: ref('r'), metadata: { n: 1 } }));
    expect(bad.body.errors[0]).toMatch(/^Metadata must be an object of strings/);
  });

  it('refunds with an empty or missing transaction_id and no card: "Invalid credit card for unmatched refund"', async () => {
    for (const body of [
      { amount: 100, reference: ref('r') },
      { transaction_id: '', amount: 100, reference: ref('r') },
    ]) {
      const res = await unchanged(() => api.post('/refunds', body));
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual(['Invalid credit card for unmatched refund']);
    }
  });

  it('refunds by card_token or card details without transaction_id: an unmatched (standalone) refund', async () => {
    const byToken = await api.post('/refunds', { card_token: token, amount: 250, reference: ref('u') });
    expect(byToken.body).toMatchObject({
      successful: true,
      response: { standalone: true, original_transaction_id: null, currency: 'AUD', card_token: token, amount: 250, refunded: 'Approved' },
    });
    const byCard = await api.post('/refunds', { ...CARD, cvv: undefined, amount: 300, currency: 'USD', reference: ref('u') });
    expect(byCard.body).toMatchObject({
      successful: true,
      response: { standalone: true, currency: 'USD', card_number: '512345XXXXXX2346' },
    });
    const expired = await unchanged(() => api.post('/refunds', { ...CARD, card_expiry: '01/2020', amount: 300, reference: ref('u') }));
    expect(expired.body.errors).toEqual(['Expiry date is invalid (expired)']);
    // Production: only for merchants allowed to (recur merchant update --unmatched-refunds true).
    const prod = await prodApi.post('/refunds', { card_token: 'sometoken', amount: 250, reference: ref('u') });
    expect(prod.body).toMatchObject({ successful: false, errors: ['Invalid credit card for unmatched refund'] });
  });

  it('lists card errors before amount errors', async () => {
    const res = await unchanged(() =>
      api.post('/purchases', { ...CARD, card_expiry: '01/2020', amount: -5, currency: 'AUD', reference: ref() }),
    );
    expect(res.body.errors).toEqual(['Expiry date is invalid (expired)', 'Amount must be greater than or equal to 0']);
  });

  it('tokenizes a stored card again with another card_holder: a new token of the same card, each with its own holder', async () => {
    const card = { ...CARD, card_expiry: '08/2036' };
    const first = (await api.post('/credit_cards', card)).body.response;
    const again = (await api.post('/credit_cards', { ...card, card_holder: 'Jane Smith' })).body.response;
    expect(again).toMatchObject({ card_holder: 'Jane Smith', fingerprint: first.fingerprint });
    expect(again.token).not.toBe(first.token);
    expect((await api.get(`/credit_cards/${first.token}`)).body.response.card_holder).toBe(first.card_holder);
    const bought = (await purchase({ ...card, card_holder: 'J Smith' })).body.response;
    expect(bought.card_holder).toBe('J Smith');
    expect((await api.get(`/credit_cards/${bought.card_token}`)).body.response.fingerprint).toBe(first.fingerprint);
  });

  it('fills a rejected purchase record with what it knows', async () => {
    const raw = await unchanged(() => api.post('/purchases', { ...CARD, amount: -1, currency: 'ZZZ', reference: ref() }));
    expect(raw.body.response).toMatchObject({ card_number: '512345XXXXXX2346', currency: 'ZZZ', successful: false });
    // No currency: the merchant's default one.
    const none = await unchanged(() => api.post('/purchases', { ...CARD, amount: -1, reference: ref() }));
    expect(none.body.response).toMatchObject({ card_number: '512345XXXXXX2346', currency: 'AUD' });
    const byToken = await unchanged(() => api.post('/purchases', { card_token: token, amount: -1, currency: 'AUD', reference: ref() }));
    expect(byToken.body.response).toMatchObject({ card_token: token, card_number: '512345XXXXXX2346', currency: 'AUD' });
  });
});

describe('authorizations, captures and voids', () => {
  const authorize = async (amount = 1000) => {
    const res = await purchase({ amount, capture: false });
    expect(res.body.response).toMatchObject({ successful: true, captured: false, captured_amount: 0 });
    return res.body.response;
  };

  it('authorizes with capture: false and captures up to the authorized amount', async () => {
    const auth = await authorize(1000);
    const refund = await unchanged(() => api.post('/refunds', { transaction_id: auth.id, amount: 100, reference: ref('r') }));
    expect(refund.body.errors).toEqual(['Original transaction is an uncaptured authorization and cannot be refunded']);
    const over = await unchanged(() => api.post(`/purchases/${auth.id}/capture`, { amount: 1001 }));
    expect(over.status).toBe(200);
    expect(over.body.errors).toEqual(['Capture amount cannot be greater then the original authorised amount']);
    const wrongCurrency = await unchanged(() => api.post(`/purchases/${auth.id}/capture`, { amount: 500, currency: 'USD' }));
    expect(wrongCurrency.body.errors[0]).toMatch(/^Currency USD does not match/);
    const bad = await unchanged(() => api.post(`/purchases/${auth.id}/capture`, { amount: '500' }));
    expect(bad.body.errors).toEqual(['Amount must be an integer in the smallest currency unit']);
    const captured = await api.post(`/purchases/${auth.id}/capture`, { amount: 800, currency: 'AUD' });
    expect(captured.body).toMatchObject({ successful: true, response: { id: auth.id, captured: true, captured_amount: 800 } });
    expect((await api.get(`/purchases/${auth.id}`)).body.response).toMatchObject({ captured: true, captured_amount: 800 });
    const tooMuch = await api.post('/refunds', { transaction_id: auth.id, amount: 801, reference: ref('r') });
    expect(tooMuch.body.errors).toEqual(['Amount exceeds the amount available to refund (800)']);
    expect((await api.post(`/purchases/${auth.id}/capture`, { amount: 100 })).body.successful).toBe(false);
    expect((await api.post('/purchases/NOPE-P-00000000/capture', { amount: 100 })).status).toBe(404);
  });

  it('voids an authorization (?id=) and a purchase ({id}); voided ones cannot be captured or refunded', async () => {
    const auth = await authorize();
    const voided = await api.raw('POST', `/purchases/void?id=${auth.id}`);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ successful: true, response: { id: auth.id, message: 'Voided', voided: true } });
    const capture = await unchanged(() => api.post(`/purchases/${auth.id}/capture`, { amount: 100 }));
    expect(capture.body.errors).toEqual(['The authorization was voided and cannot be captured']);
    const p = (await purchase()).body.response;
    expect((await api.post('/purchases/void', { id: p.id })).body).toMatchObject({ successful: true, response: { message: 'Voided' } });
    const refund = await unchanged(() => api.post('/refunds', { transaction_id: p.id, amount: 100, reference: ref('r') }));
    expect(refund.body.errors).toEqual(['Original transaction was voided and cannot be refunded']);
    const unknown = await unchanged(() => api.post('/purchases/void', { id: 'NOPE-P-00000000' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toContain('Not Found');
    const blank = await unchanged(() => api.post('/purchases/void', {}));
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual(["Id can't be blank"]);
  });

  it('voids a refund and releases its amount', async () => {
    const p = (await purchase()).body.response;
    const r = (await api.post('/refunds', { transaction_id: p.id, amount: 1000, reference: ref('r') })).body.response;
    const voided = await api.post('/refunds/void', { id: r.id });
    expect(voided.body).toMatchObject({ successful: true, response: { id: r.id, message: 'Voided', voided: true } });
    expect((await api.get(`/purchases/${p.id}`)).body.response.refunded_amount).toBe(0);
    expect((await api.post('/refunds/void', { id: r.id })).body.successful).toBe(false);
    const unknown = await unchanged(() => api.post('/refunds/void', { id: 'NOPE-R-00000000' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual(['Could not find Refund']);
  });
});
