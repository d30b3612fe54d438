import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillPanDigests } from '../../src/gateway/cards/cards.service.ts';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let api: ApiClient;

const visa = { card_holder: 'Jane Doe', card_number: '4005550000000001', card_expiry: '02/2032', cvv: '123' };

beforeAll(async () => {
  app = await startTestApp();
  api = app.client('sandbox', (await app.newMerchant('Cards Shop')).sandbox);
});
afterAll(async () => {
  await app?.close();
});

describe('POST /credit_cards', () => {
  it('tokenizes a card into the seed record, masked, with the expiry as the last day of the month', async () => {
    const res = await api.post('/credit_cards', visa);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, errors: [], test: true });
    const card = res.body.response;
    expect(card).toEqual({
      token: expect.stringMatching(/^[a-z0-9]{20}$/),
      card_holder: 'Jane Doe',
      card_number: '400555XXXXXX0001',
      card_expiry: '2032-02-29',
      card_type: 'VISA',
      card_category: 'Debit',
      card_subcategory: 'Classic',
      card_issuer: 'Recur Test Bank',
      card_country: 'AU',
      authorized: true,
      transaction_count: 0,
      alias: null,
      fingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('issues a new token per tokenization, as the real gateway does; the tokens of one card share its fingerprint', async () => {
    const first = (await api.post('/credit_cards', { ...visa, card_expiry: '03/2031' })).body.response;
    const again = (await api.post('/credit_cards', { ...visa, card_expiry: '3/2031', cvv: '999', card_holder: 'J Doe' })).body.response;
    const other = (await api.post('/credit_cards', { ...visa, card_expiry: '04/2031' })).body.response;
    expect(new Set([first.token, again.token, other.token]).size).toBe(3);
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(other.fingerprint).toBe(first.fingerprint);
    // Each keeps its own holder and expiry.
    expect(again.card_holder).toBe('J Doe');
    expect((await api.get(`/credit_cards/${first.token}`)).body.response).toMatchObject({
      card_holder: 'Jane Doe',
      card_expiry: '2031-03-31',
    });
    // Another number is another card; the fingerprint never shows the number.
    const mc = (await api.post('/credit_cards', { ...visa, card_number: '5123456789012346' })).body.response;
    expect(mc.fingerprint).not.toBe(first.fingerprint);
    expect(first.fingerprint).not.toContain('4005550000000001');
  });

  it('detects each scheme and masks numbers of every length', async () => {
    const cases: [string, string, string][] = [
      ['345678901234564', 'AMEX', '345678XXXXX4564'],
      ['3530111333300000', 'JCB', '353011XXXXXX0000'],
      ['6250946000000016', 'China UnionPay', '625094XXXXXX0016'],
      ['6011111111111117', 'Discover', '601111XXXXXX1117'],
      ['36700102000000', 'Diners', '367001XXXX0000'],
      ['4000001234562345678', 'VISA', '400000XXXXXXXXX5678'],
      ['2221001234567896', 'MasterCard', '222100XXXXXX7896'],
    ];
    for (const [number, type, masked] of cases) {
      const res = await api.post('/credit_cards', { ...visa, card_number: number });
      expect(res.status, number).toBe(200);
      expect(res.body.response.card_type).toBe(type);
      expect(res.body.response.card_number).toBe(masked);
    }
  });

  it('accepts a numeric CVV and a missing one for billing cards', async () => {
    expect((await api.post('/credit_cards', { ...visa, card_number: '5123456789012346', cvv: 123 })).status).toBe(200);
    const billing = await api.post('/credit_cards', { ...visa, card_number: '5555555555554444', cvv: undefined, is_billing: true });
    expect(billing.status).toBe(200);
  });

  it('parses JSON whatever the Content-Type says, and accepts the test flag', async () => {
    const res = await api.raw('POST', '/credit_cards?test=true', {
      body: JSON.stringify({ ...visa, card_number: '4111111111111111', test: true }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.card_type).toBe('VISA');
  });
});

describe('aliases and expiry updates', () => {
  it('finds a card by token and by alias, and moves an alias to the card it is assigned to', async () => {
    const a = (await api.post('/credit_cards', { ...visa, card_number: '4242424242424242', alias: 'cust-7' })).body.response;
    const b = (await api.post('/credit_cards', { ...visa, card_number: '5313581000123430' })).body.response;
    expect((await api.get('/credit_cards/cust-7')).body.response.token).toBe(a.token);
    expect((await api.get(`/credit_cards/${a.token}`)).body.response.alias).toBe('cust-7');

    const moved = await api.put(`/credit_cards/${b.token}`, { alias: 'cust-7' });
    expect(moved.status).toBe(200);
    expect(moved.body.response.alias).toBe('cust-7');
    expect((await api.get('/credit_cards/cust-7')).body.response.token).toBe(b.token);
    expect((await api.get(`/credit_cards/${a.token}`)).body.response.alias).toBeNull();

    const cleared = await api.put('/credit_cards/cust-7', { alias: null });
    expect(cleared.body.response.alias).toBeNull();
    const gone = await api.get('/credit_cards/cust-7');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ successful: false, response: null, errors: ['Card cust-7 could not be found'], test: true });
  });

  it('updates the expiry of a card on file, keeping its token', async () => {
    const card = (await api.post('/credit_cards', { ...visa, card_number: '6011332560618887', card_expiry: '12/2027', alias: 'renew-me' }))
      .body.response;
    const res = await api.put('/credit_cards/renew-me', { card_expiry: '11/2033' });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ token: card.token, card_expiry: '2033-11-30', alias: 'renew-me' });
    // The same number tokenized again is a new token of the same card…
    const again = (await api.post('/credit_cards', { ...visa, card_number: '6011332560618887', card_expiry: '11/2033' })).body.response;
    expect(again.token).not.toBe(card.token);
    expect(again.fingerprint).toBe(card.fingerprint);
    // …and every token takes any expiry, that of another token of the card included (the Ruby
    // gem's Card.update spec: once 422 "Another stored card already has this card number and expiry date").
    const moved = await api.put(`/credit_cards/${card.token}`, { card_expiry: '10/2031' });
    expect(moved.status).toBe(200);
    const same = await api.put(`/credit_cards/${again.token}`, { card_expiry: '10/2031' });
    expect(same.status).toBe(200);
    expect(same.body.response).toMatchObject({ token: again.token, card_expiry: '2031-10-31', fingerprint: card.fingerprint });
    expect((await api.get(`/credit_cards/${card.token}`)).body.response.card_expiry).toBe('2031-10-31');
  });

  it('rejects an update with nothing in it, an expired date, or an unknown field', async () => {
    const card = (await api.post('/credit_cards', { ...visa, card_number: '376070166331008' })).body.response;
    expect((await api.put(`/credit_cards/${card.token}`, {})).body.errors).toEqual(['Nothing to update: give card_expiry and/or alias']);
    const expired = await api.put(`/credit_cards/${card.token}`, { card_expiry: '01/2020' });
    expect(expired.status).toBe(422);
    expect(expired.body.errors).toEqual(['Expiry date is invalid (expired)']);
    expect((await api.put(`/credit_cards/${card.token}`, { card_number: '4111111111111111' })).body.errors).toEqual([
      'Unknown field: card_number',
    ]);
  });
});

describe('GET /credit_cards', () => {
  it('pages newest first with the list envelope', async () => {
    const res = await api.get('/credit_cards?limit=2&offset=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, errors: [], test: true, records: 2, page: 1 });
    expect(res.body.total_pages).toBe(Math.ceil(res.body.total_records / 2));
    const second = await api.get('/credit_cards?limit=2&offset=2');
    expect(second.body.page).toBe(2);
    expect(second.body.response[0].token).not.toBe(res.body.response[0].token);
    const defaults = await api.get('/credit_cards?offset=0');
    expect(defaults.body.page).toBe(1);
    expect(defaults.body.records).toBe(Math.min(10, defaults.body.total_records));
  });
});

describe('cards stored before tokens were linked by fingerprint (the migration)', () => {
  it('keep their fingerprint; once their number digest is computed at start, a new token of one joins it', async () => {
    const card = { ...visa, card_number: '3566002020360505', card_expiry: '09/2034' };
    const old = (await api.post('/credit_cards', card)).body.response;
    // As a card stored before: a fingerprint of the old kind (one per card) and no digest.
    const sql = app.runtime.sql;
    await sql.query("update gateway.cards set fingerprint = 'legacy-fingerprint-of-one-card', pan_digest = null where token = $1", [
      old.token,
    ]);
    expect((await api.get(`/credit_cards/${old.token}`)).body.response.fingerprint).toBe('legacy-fingerprint-of-one-card');
    // Before the digest is computed, a new tokenization cannot find it: it starts a fingerprint of its own
    // (the window between the migration and the start that computes the digests).
    const before = (await api.post('/credit_cards', card)).body.response;
    expect(before.fingerprint).not.toBe('legacy-fingerprint-of-one-card');
    expect(await backfillPanDigests(sql, { vault: app.runtime.vault, clock: app.runtime.clock })).toBeGreaterThanOrEqual(1);
    expect(await backfillPanDigests(sql, { vault: app.runtime.vault, clock: app.runtime.clock })).toBe(0);
    const again = (await api.post('/credit_cards', card)).body.response;
    expect(again.token).not.toBe(old.token);
    expect(again.fingerprint).toBe('legacy-fingerprint-of-one-card');
    expect((await api.get(`/credit_cards/${old.token}`)).body.response.fingerprint).toBe('legacy-fingerprint-of-one-card');
  });
});
