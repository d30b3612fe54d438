import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { startTestApp, type ApiClient, type HttpResult, type TestApp } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { findCardNumbers } from '../../src/platform/pan-scrub.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

// RELIABILITY.md "Bad input": a 4xx (or a 200 gateway rejection) with a clear message in the
// envelope, never a 5xx, nothing written, nothing echoed back that holds a card number.

let app: TestApp;
let merchant: NewMerchant;
let api: ApiClient;
let db: pg.Client;
let token: string; // a stored approved-always card of `merchant`
let approvedId: string; // an approved purchase of 1000 AUD to refund
let declinedId: string;

const PERMITTED = 'AUD, NZD, USD, GBP, EUR, CAD';
const CARD = { card_holder: 'Jo Bloggs', card_number: '5123456789012346', card_expiry: '12/2039', cvv: '123' };
let seq = 0;
const ref = () => `bad-input-${++seq}`;

/** Every row of the gateway tables, counted and digested: inserts and updates both show. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['cards', 'purchases', 'refunds']) {
    const { rows } = await db.query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as d from gateway.${table} t`,
    );
    out[table] = `${rows[0].n} rows, ${rows[0].d}`;
  }
  return out;
}

/** Never a 5xx, always the envelope, never a full card number in the body. */
function checked(res: HttpResult): HttpResult {
  expect(res.status).toBeLessThan(500);
  expect(findCardNumbers(res.text)).toEqual([]);
  expect(res.body).toMatchObject({ successful: expect.any(Boolean), errors: expect.any(Array), test: true });
  expect(res.body).toHaveProperty('response');
  return res;
}

async function unchanged(send: () => Promise<HttpResult>): Promise<HttpResult> {
  const before = await snapshot();
  const res = checked(await send());
  expect(await snapshot()).toEqual(before);
  return res;
}

/** An HTTP-level failure: the status, `response: null`, exactly these messages. */
function expectError(res: HttpResult, status: number, errors: string[]): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ successful: false, response: null, errors, test: true });
}

/** A gateway rejection: HTTP 200, top-level false, the would-be record with code 99. */
function expectRejected(res: HttpResult, errors: string[], kind: 'purchase' | 'refund' = 'purchase'): void {
  expect(res.status).toBe(200);
  expect(res.body.successful).toBe(false);
  expect(res.body.errors).toEqual(errors);
  // A rejected purchase has an id, as the real gateway's (never stored); a rejected refund none.
  expect(res.body.response).toMatchObject({
    id: kind === 'purchase' ? expect.stringMatching(/-P-[A-Z0-9]{8}$/) : null,
    successful: false,
    response_code: '99',
    message: null,
    authorization: null,
  });
  expect(res.body.response.transaction_id).toBe(res.body.response.id);
}

beforeAll(async () => {
  app = await startTestApp({ env: { LOG_LEVEL: 'trace' } }); // capture every log line there is
  merchant = await app.newMerchant('Bad Input Shop');
  api = app.client('sandbox', merchant.sandbox);
  db = await connect(app.config.DATABASE_URL);
  const card = await api.post('/credit_cards', CARD);
  expect(card.status).toBe(200);
  token = card.body.response.token;
  const approved = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: 'refund-base', card_token: token });
  expect(approved.body.response).toMatchObject({ successful: true, response_code: '00' });
  approvedId = approved.body.response.id;
  const declined = await api.post('/purchases', {
    ...CARD,
    card_number: '4557012345678902',
    amount: 1000,
    currency: 'AUD',
    reference: 'declined-base',
  });
  expect(declined.body.response).toMatchObject({ successful: false, response_code: '05' });
  declinedId = declined.body.response.id;
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

const amountInt = 'Amount must be an integer in the smallest currency unit';
const badExpiry = 'Expiry date is missing or invalid.';
const notTestCard = ['Card number is invalid', 'Only the published test card numbers are accepted in the sandbox'];

describe('POST /purchases: validation failures are gateway rejections', () => {
  const withToken = (patch: Record<string, unknown>) => () => ({
    amount: 1000,
    currency: 'AUD',
    reference: ref(),
    card_token: token,
    ...patch,
  });
  const withCard = (patch: Record<string, unknown>) => () => ({ amount: 1000, currency: 'AUD', reference: ref(), ...CARD, ...patch });
  const cases: [string, () => Record<string, unknown>, string[]][] = [
    ['amount as a string', withToken({ amount: '100' }), [amountInt]],
    [
      'currency as a number',
      withToken({ currency: 36 }),
      [`Currency 36 is not valid for this merchant. Permitted currencies: ${PERMITTED}`],
    ],
    ['reference as an object', withToken({ reference: { a: 1 } }), ['Reference must be a string']],
    ['card_token as a number', withToken({ card_token: 12345 }), ['Card token must be a string']],
    ['an unknown field', withToken({ amount_cents: 1000 }), ['Unknown field: amount_cents']],
    ['an unknown field in extra', withToken({ extra: { foo: 1 } }), ['Unknown field in extra: foo']],
    ['a negative amount', withToken({ amount: -1 }), ['Amount must be greater than or equal to 0']],
    ['a fractional amount', withToken({ amount: 1.5 }), [amountInt]],
    ['a huge amount', withToken({ amount: 100_000_000_000 }), ['Amount must be less than or equal to 99999999999']],
    ['a missing amount', withToken({ amount: undefined }), ["Amount can't be blank"]],
    ['a blank currency', withToken({ currency: '' }), ["Currency can't be blank"]],
    [
      'a currency not permitted',
      withToken({ currency: 'XYZ' }),
      [`Currency XYZ is not valid for this merchant. Permitted currencies: ${PERMITTED}`],
    ],
    ['a missing reference', withToken({ reference: undefined }), ["Reference can't be blank"]],
    ['a blank reference', withToken({ reference: '   ' }), ["Reference can't be blank"]],
    ['a 256-character reference', withToken({ reference: 'r'.repeat(256) }), ['Reference is too long (maximum is 255 characters)']],
    ['expiry 13/2030', withCard({ card_expiry: '13/2030' }), [badExpiry]],
    ['expiry 2030-01', withCard({ card_expiry: '2030-01' }), [badExpiry]],
    ['expiry "abc"', withCard({ card_expiry: 'abc' }), [badExpiry]],
    ['expiry as a number', withCard({ card_expiry: 12039 }), [badExpiry]],
    ['an expired card', withCard({ card_expiry: '01/2020' }), ['Expiry date is invalid (expired)']],
    ['a Luhn failure', withCard({ card_number: '5123456789012345' }), ['Card number is invalid']],
    ['a non-digit card number', withCard({ card_number: '4111-abcd-1111-1111' }), ['Card number is invalid']],
    ['a card number as an object', withCard({ card_number: { n: '5123456789012346' } }), ['Card number is invalid']],
    ['a real (non-test) card in the sandbox', withCard({ card_number: '4539578763621486' }), notTestCard],
    ['a missing card holder', withCard({ card_holder: undefined }), ["Card holder can't be blank"]],
    ['a missing CVV on a raw card', withCard({ cvv: undefined }), ['CVV is required']],
    ['a non-digit CVV', withCard({ cvv: '12a' }), ['CVV is invalid']],
    [
      'both card_token and raw card fields',
      withToken({ card_number: CARD.card_number, card_expiry: CARD.card_expiry }),
      ['Give either card_token or the card details, not both'],
    ],
    [
      'an empty object (every message at once)',
      () => ({}),
      // Card errors first: clients read errors[0].
      [
        "Card holder can't be blank",
        "Card number can't be blank",
        badExpiry,
        'CVV is required',
        "Amount can't be blank",
        // No currency: the merchant's default one (the Python client never sends it).
        "Reference can't be blank",
      ],
    ],
  ];

  it.each(cases)('rejects %s', async (_name, body, errors) => {
    const sent = body();
    const res = await unchanged(() => api.post('/purchases', sent));
    expectRejected(res, errors);
  });

  it('echoes what was valid in the would-be record', async () => {
    const res = await unchanged(() =>
      api.post('/purchases', { amount: 250, currency: 'usd', reference: ' echo-me ', card_token: token, extra: { ecm: 'x' } }),
    );
    expectRejected(res, ['Extra ecm must be a string of one or two digits']);
    // A known token shows its card's masked number.
    expect(res.body.response).toMatchObject({
      amount: 250,
      currency: 'USD',
      reference: 'echo-me',
      card_token: token,
      card_number: '512345XXXXXX2346',
    });
  });

  it('rejects an amount that JSON reads as Infinity', async () => {
    const body = `{"amount":1e400,"currency":"AUD","reference":"${ref()}","card_token":"${token}"}`;
    const res = await unchanged(() => api.raw('POST', '/purchases', { body, headers: { 'content-type': 'application/json' } }));
    expectRejected(res, [amountInt]);
  });

  it('answers 422 to an unknown card token', async () => {
    const res = await unchanged(() =>
      api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), card_token: 'nosuchtoken000000000' }),
    );
    expectError(res, 422, ['Card nosuchtoken000000000 could not be found']);
  });

  it('accepts a raw card without CVV only on a recurring purchase (extra.ecm "32")', async () => {
    const res = checked(
      await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), ...CARD, cvv: undefined, extra: { ecm: '32' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, errors: [], response: { successful: true, response_code: '00' } });
  });

  it('rejects a duplicate reference and keeps the first purchase the only one', async () => {
    const reference = ref();
    const first = checked(await api.post('/purchases', { amount: 700, currency: 'AUD', reference, card_token: token }));
    expect(first.body.response.successful).toBe(true);
    const countBefore = (await api.get(`/credit_cards/${token}`)).body.response.transaction_count;
    for (const again of [{ card_token: token }, { ...CARD }]) {
      const res = await unchanged(() => api.post('/purchases', { amount: 900, currency: 'AUD', reference, ...again }));
      expectRejected(res, ['Reference is already taken']);
    }
    const { rows } = await db.query('select id, amount::int as amount from gateway.purchases where reference = $1', [reference]);
    expect(rows).toEqual([{ id: first.body.response.id, amount: 700 }]);
    expect((await api.get(`/purchases/${reference}`)).body.response.id).toBe(first.body.response.id);
    expect((await api.get(`/credit_cards/${token}`)).body.response.transaction_count).toBe(countBefore);
  });

  // A client that puts a card number in the wrong field must not get it back.
  it.each([
    ['card_token (unknown token, 422)', { amount: 1000, currency: 'AUD', reference: 'pan-in-token', card_token: '4111111111111111' }],
    ['card_token (rejected purchase)', { currency: 'AUD', reference: 'pan-in-token-2', card_token: '4111111111111111' }],
    ['card_holder (rejected purchase)', { currency: 'AUD', reference: 'pan-in-holder', ...CARD, card_holder: '4111 1111 1111 1111' }],
  ])('never echoes a card number sent in %s', async (_name, body) => {
    const res = await unchanged(() => api.post('/purchases', body));
    expect(res.body.successful).toBe(false);
    expect([200, 422]).toContain(res.status);
  });
});

describe('POST /credit_cards and PUT /credit_cards/{token}: 422 with messages', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['an unknown field', { ...CARD, nickname: 'x' }, ['Unknown field: nickname']],
    ['expiry 13/2030', { ...CARD, card_expiry: '13/2030' }, [badExpiry]],
    ['expiry 2030-01', { ...CARD, card_expiry: '2030-01' }, [badExpiry]],
    ['expiry "abc"', { ...CARD, card_expiry: 'abc' }, [badExpiry]],
    ['an expired card', { ...CARD, card_expiry: '01/2020' }, ['Expiry date is invalid (expired)']],
    ['a Luhn failure', { ...CARD, card_number: '5123456789012345' }, ['Card number is invalid']],
    ['a non-digit card number', { ...CARD, card_number: '4111-abcd-1111-1111' }, ['Card number is invalid']],
    ['a real (non-test) card in the sandbox', { ...CARD, card_number: '4539578763621486' }, notTestCard],
    ['a missing card holder', { ...CARD, card_holder: undefined }, ["Card holder can't be blank"]],
    ['a missing card number', { ...CARD, card_number: undefined }, ["Card number can't be blank"]],
    ['a missing CVV', { ...CARD, cvv: undefined }, ['CVV is required']],
    ['is_billing as a string', { ...CARD, is_billing: 'yes' }, ['is_billing must be true or false']],
    ['an alias of the wrong type', { ...CARD, alias: 42 }, ['Alias must be a string']],
  ])('tokenize rejects %s', async (_name, body, errors) => {
    expectError(await unchanged(() => api.post('/credit_cards', body)), 422, errors);
  });

  it('tokenizes without CVV when is_billing is true', async () => {
    const res = checked(await api.post('/credit_cards', { ...CARD, card_number: '4005550000000001', cvv: undefined, is_billing: true }));
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ card_number: '400555XXXXXX0001', card_type: 'VISA' });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['an unknown field', { card_expiry: '12/2040', card_number: CARD.card_number }, ['Unknown field: card_number']],
    ['expiry 13/2030', { card_expiry: '13/2030' }, [badExpiry]],
    ['expiry 2030-01', { card_expiry: '2030-01' }, [badExpiry]],
    ['expiry as a number', { card_expiry: 122040 }, [badExpiry]],
    ['an expired date', { card_expiry: '01/2020' }, ['Expiry date is invalid (expired)']],
    ['an alias with a slash', { alias: 'a/b' }, ['Alias may not contain control characters or "/"']],
    ['an overlong alias', { alias: 'a'.repeat(256) }, ['Alias is too long (maximum is 255 characters)']],
    ['nothing to update', {}, ['Nothing to update: give card_expiry and/or alias']],
  ])('update rejects %s', async (_name, body, errors) => {
    expectError(await unchanged(() => api.put(`/credit_cards/${token}`, body)), 422, errors);
  });
});

describe('POST /refunds: validation failures are gateway rejections', () => {
  const notFound = ['Original transaction could not be found'];
  it.each<[string, () => Record<string, unknown>, string[]]>([
    ['a missing transaction_id (and no card)', () => ({ amount: 100, reference: ref() }), ['Invalid credit card for unmatched refund']],
    ['an unknown transaction_id', () => ({ transaction_id: 'NOPE-P-00000000', amount: 100, reference: ref() }), notFound],
    ['a numeric transaction_id', () => ({ transaction_id: 12345, amount: 100, reference: ref() }), notFound],
    ['an unknown field', () => ({ transaction_id: approvedId, amount: 100, reference: ref(), reason: 'x' }), ['Unknown field: reason']],
    ['an amount of 0', () => ({ transaction_id: approvedId, amount: 0, reference: ref() }), ['Amount must be greater than 0']],
    [
      'a negative amount',
      () => ({ transaction_id: approvedId, amount: -5, reference: ref() }),
      ['Amount must be greater than or equal to 0'],
    ],
    ['an amount as a string', () => ({ transaction_id: approvedId, amount: '100', reference: ref() }), [amountInt]],
    ['a missing reference', () => ({ transaction_id: approvedId, amount: 100 }), ["Reference can't be blank"]],
    [
      'more than the purchase took',
      () => ({ transaction_id: approvedId, amount: 1001, reference: ref() }),
      ['Amount exceeds the amount available to refund (1000)'],
    ],
    [
      'a declined purchase',
      () => ({ transaction_id: declinedId, amount: 100, reference: ref() }),
      ['Original transaction was not approved and cannot be refunded'],
    ],
  ])('rejects %s', async (_name, body, errors) => {
    const sent = body();
    const res = await unchanged(() => api.post('/refunds', sent));
    expectRejected(res, errors, 'refund');
    expect(res.body.response.refunded).toBeNull();
  });

  it('rejects a duplicate refund reference without reserving its amount', async () => {
    const reference = ref();
    const first = checked(await api.post('/refunds', { transaction_id: approvedId, amount: 100, reference }));
    expect(first.body).toMatchObject({ successful: true, response: { refunded: 'Approved', amount: 100 } });
    const dup = await unchanged(() => api.post('/refunds', { transaction_id: approvedId, amount: 100, reference }));
    expectRejected(dup, ['Reference is already taken'], 'refund');
    const over = await unchanged(() => api.post('/refunds', { transaction_id: approvedId, amount: 901, reference: ref() }));
    expectRejected(over, ['Amount exceeds the amount available to refund (900)'], 'refund');
    const rest = checked(await api.post('/refunds', { transaction_id: approvedId, amount: 900, reference: ref() }));
    expect(rest.body.response).toMatchObject({ refunded: 'Approved', amount: 900 });
  });
});

describe('malformed bodies on every write endpoint', () => {
  const endpoints = () =>
    [
      ['POST', '/purchases'],
      ['POST', '/credit_cards'],
      ['PUT', `/credit_cards/${token}`],
      ['POST', '/refunds'],
    ] as const;
  const send = (method: string, path: string, body: string, type = 'application/json') =>
    api.raw(method, path, { body, headers: { 'content-type': type } });

  it.each<[string, string, number, string]>([
    ['truncated JSON', '{"amount": 100,', 400, 'Request body is not valid JSON'],
    ['a trailing comma', '{"amount": 100,}', 400, 'Request body is not valid JSON'],
    ['a __proto__ key', '{"amount": 100, "__proto__": {"admin": true}}', 400, 'Request body is not valid JSON'],
    [
      'a constructor.prototype key',
      '{"amount": 100, "constructor": {"prototype": {"admin": true}}}',
      400,
      'Request body is not valid JSON',
    ],
    ['a JSON array', '[{"amount": 100}]', 422, 'Request body must be a JSON object'],
    ['a JSON string', '"amount"', 422, 'Request body must be a JSON object'],
    ['a JSON number', '100', 422, 'Request body must be a JSON object'],
    ['JSON null', 'null', 422, 'Request body must be a JSON object'],
    ['an empty body', '', 422, 'Request body must be a JSON object'],
  ])('%s', async (_name, body, status, message) => {
    for (const [method, path] of endpoints()) expectError(await unchanged(() => send(method, path, body)), status, [message]);
  });

  it('answers 413 to a body over BODY_LIMIT_BYTES', async () => {
    const limit = app.config.BODY_LIMIT_BYTES;
    const body = JSON.stringify({ ...CARD, amount: 1000, currency: 'AUD', reference: ref(), metadata: { note: 'x'.repeat(limit + 10) } });
    for (const [method, path] of endpoints()) {
      expectError(await unchanged(() => send(method, path, body)), 413, [`Request body is larger than the limit of ${limit} bytes`]);
    }
  });

  it('parses JSON labelled as form data or text as JSON', async () => {
    const form = 'application/x-www-form-urlencoded';
    const card = { ...CARD, card_number: '4242424242424242' };
    const accepted = checked(await send('POST', '/credit_cards', JSON.stringify(card), form));
    expect(accepted.status).toBe(200);
    expect(accepted.body.response.card_number).toBe('424242XXXXXX4242');
    expectError(await unchanged(() => send('POST', '/credit_cards', JSON.stringify({ ...card, foo: 1 }), 'text/plain')), 422, [
      'Unknown field: foo',
    ]);
    expectError(await unchanged(() => send('POST', '/purchases', 'amount=100&currency=AUD', form)), 400, [
      'Request body is not valid JSON',
    ]);
  });
});

describe('pagination bad input', () => {
  let pages: ApiClient;
  const TOTAL = 55;
  beforeAll(async () => {
    pages = app.client('sandbox', (await app.newMerchant('Pages Shop')).sandbox);
    for (let i = 0; i < TOTAL; i += 5) {
      const batch = Array.from({ length: Math.min(5, TOTAL - i) }, (_, j) =>
        pages.post('/purchases', { ...CARD, amount: 100, currency: 'AUD', reference: `page-${i + j}` }),
      );
      for (const res of await Promise.all(batch)) expect(res.body.response.successful).toBe(true);
    }
  });

  it.each([
    ['/purchases?limit=abc', 'limit: limit must be a whole number'],
    ['/purchases?limit=1.5', 'limit: limit must be a whole number'],
    ['/purchases?limit=-1', 'limit: limit must be a whole number'],
    ['/purchases?offset=-1', 'offset: offset must be a page number'],
    ['/refunds?offset=x', 'offset: offset must be a page number'],
    ['/credit_cards?limit=abc', 'limit: limit must be a whole number'],
  ])('GET %s answers 422', async (path, message) => {
    expectError(checked(await pages.get(path)), 422, [message]);
  });

  it('treats offset=0 as page 1', async () => {
    const zero = checked(await pages.get('/purchases?limit=20&offset=0'));
    const one = checked(await pages.get('/purchases?limit=20&offset=1'));
    expect(zero.status).toBe(200);
    expect(zero.body).toMatchObject({ successful: true, page: 1, records: 20, total_records: TOTAL, total_pages: 3 });
    expect(zero.body.response.map((p: { id: string }) => p.id)).toEqual(one.body.response.map((p: { id: string }) => p.id));
  });

  it('caps limit=500 at 50', async () => {
    const first = checked(await pages.get('/purchases?limit=500'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ successful: true, page: 1, records: 50, total_records: TOTAL, total_pages: 2 });
    expect(first.body.response).toHaveLength(50);
    const second = checked(await pages.get('/purchases?limit=500&offset=2'));
    expect(second.body).toMatchObject({ page: 2, records: TOTAL - 50, total_pages: 2 });
  });
});

describe('logs', () => {
  it('hold no card number and no server error after all of the above', () => {
    expect(app.logs.length).toBeGreaterThan(0);
    const text = app.logs.join('\n');
    expect(findCardNumbers(text)).toEqual([]);
    const levels = app.logs.map((line) => JSON.parse(line).level as number);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });
});
