import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { ManualClock } from '../../src/platform/clock.ts';

// Answers the real clients read, as the real gateway gives them (its recorded answers in the
// clients' own test fixtures): issue "Hardening", items 3 and 4.

let app: TestApp;
let api: ApiClient;
let prefix: string;
const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
let seq = 0;
const ref = (p = 'real') => `${p}-${++seq}`;
const card = { card_holder: 'Matthew Savage', card_number: '5123456789012346', card_expiry: '02/2030', cvv: '123' };

beforeAll(async () => {
  app = await startTestApp({ clock });
  api = app.client('sandbox', (await app.newMerchant('Real Answers')).sandbox);
  const first = await api.post('/purchases', { amount: 100, currency: 'AUD', reference: ref(), ...card });
  prefix = first.body.response.id.split('-P-')[0];
});
afterAll(async () => {
  await app?.close();
});

describe('a purchase without currency (the Python client never sends one)', () => {
  it("is made in the merchant's default currency, its first permitted one", async () => {
    const res = await api.post('/purchases', { amount: 1000, reference: ref(), ...card });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, errors: [] });
    expect(res.body.response).toMatchObject({ successful: true, currency: 'AUD', amount: 1000, decimal_amount: 10 });
    const byToken = await api.post('/purchases', {
      amount: 250,
      currency: null,
      reference: ref(),
      card_token: res.body.response.card_token,
    });
    expect(byToken.body.response).toMatchObject({ successful: true, currency: 'AUD' });
  });

  it('is still refused when sent blank, and the OpenAPI document shows it optional', async () => {
    const blank = await api.post('/purchases', { amount: 1000, currency: '', reference: ref(), ...card });
    expect(blank.body.successful).toBe(false);
    expect(blank.body.errors).toEqual(["Currency can't be blank"]);
    const doc = await api.get('/openapi.json');
    const body = doc.body.paths['/v1.0/purchases'].post.requestBody.content['application/json'].schema;
    expect(body.required).not.toContain('currency');
    expect(body.required).toContain('reference');
    expect(body.properties.currency.description).toMatch(/default currency/);
  });
});

describe('answers as the real gateway gives them', () => {
  it('a one-off purchase has an empty authorization_tracking_id; a stored-credential one has a chain id', async () => {
    const oneOff = (await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), ...card })).body.response;
    expect(oneOff.metadata).toEqual({ authorization_tracking_id: '', original_transaction_reference: '' });
    for (const extra of [{ stored_credential_indicator: 'I' }, { ecm: '32' }, { ecm: 32, stored_credential_indicator: 'S' }]) {
      const chained = (await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), ...card, extra })).body.response;
      expect(chained.metadata.authorization_tracking_id, JSON.stringify(extra)).toMatch(/^[A-Z0-9]{16}$/);
    }
    const sent = (
      await api.post('/purchases', {
        amount: 1000,
        currency: 'AUD',
        reference: ref(),
        ...card,
        extra: { authorization_tracking_id: 'CHAIN1' },
      })
    ).body.response;
    expect(sent.metadata.authorization_tracking_id).toBe('CHAIN1');
  });

  it('an authorization has no settlement date until captured', async () => {
    const auth = (await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref(), ...card, capture: false })).body.response;
    expect(auth).toMatchObject({ successful: true, captured: false, captured_amount: 0, settlement_date: null });
    expect((await api.get(`/purchases/${auth.id}`)).body.response.settlement_date).toBeNull();
    clock.advanceMs(86_400_000);
    const captured = await api.post(`/purchases/${auth.id}/capture`, { amount: 1000 });
    expect(captured.body.response).toMatchObject({ captured: true, captured_amount: 1000, settlement_date: '2026-03-11' });
  });

  it('a void of a captured purchase leaves nothing captured', async () => {
    const p = (await api.post('/purchases', { amount: 10000, currency: 'AUD', reference: ref(), ...card })).body.response;
    expect(p).toMatchObject({ captured: true, captured_amount: 10000 });
    const voided = await api.post('/purchases/void', { id: p.id });
    expect(voided.body.response).toMatchObject({ successful: true, message: 'Voided', captured: true, captured_amount: 0, voided: true });
    expect((await api.get(`/purchases/${p.id}`)).body.response).toMatchObject({ captured_amount: 0, voided: true });
  });

  it('a voided refund reads refunded "Voided"', async () => {
    const p = (await api.post('/purchases', { amount: 10000, currency: 'AUD', reference: ref(), ...card })).body.response;
    const refund = (await api.post('/refunds', { transaction_id: p.id, amount: 10000, reference: ref('refund') })).body.response;
    expect(refund.refunded).toBe('Approved');
    const voided = await api.post('/refunds/void', { id: refund.id });
    expect(voided.body.response).toMatchObject({ successful: true, refunded: 'Voided', message: 'Voided' });
    expect((await api.get(`/refunds/${refund.id}`)).body.response.refunded).toBe('Voided');
  });

  it('a void that names no kind of transaction (Active Merchant with a bare id) matches /Not Found/, or voids the id', async () => {
    for (const path of ['//void?id=123', '/void?id=123']) {
      const res = await api.post(path, {});
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ successful: false, response: null, errors: ['Transaction Not Found'], test: true });
    }
    const p = (await api.post('/purchases', { amount: 500, currency: 'AUD', reference: ref(), ...card })).body.response;
    const voided = await api.post(`//void?id=${p.id}`, {});
    expect(voided.body.response).toMatchObject({ id: p.id, message: 'Voided' });
  });

  it('a rejected purchase fills in an id and the card fields, as the real one', async () => {
    const raw = await api.post('/purchases', { amount: 10000, currency: 'XXX', reference: ref(), ...card });
    expect(raw.body.successful).toBe(false);
    expect(raw.body.errors[0]).toMatch(/^Currency XXX is not valid for this merchant/);
    expect(raw.body.response).toMatchObject({
      id: expect.stringMatching(new RegExp(`^${prefix}-P-[A-Z0-9]{8}$`)),
      card_number: '512345XXXXXX2346',
      card_holder: 'Matthew Savage',
      card_expiry: '2030-02-28',
      card_type: 'MasterCard',
      card_category: 'Credit',
      card_subcategory: 'Standard',
      amount: 10000,
      successful: false,
      message: null,
      authorization: null,
      response_code: '99',
    });
    expect(raw.body.response.transaction_id).toBe(raw.body.response.id);
    // Nothing was stored: the id finds nothing.
    expect((await api.get(`/purchases/${raw.body.response.id}`)).status).toBe(404);

    const stored = (await api.post('/credit_cards', { ...card, alias: 'rejected-alias' })).body.response;
    const byAlias = await api.post('/purchases', { amount: 10000, currency: 'XXX', reference: ref(), card_token: 'rejected-alias' });
    expect(byAlias.body.response).toMatchObject({
      id: expect.stringMatching(/-P-[A-Z0-9]{8}$/),
      card_token: stored.token,
      card_number: '512345XXXXXX2346',
      card_expiry: '2030-02-28',
      card_type: 'MasterCard',
    });
  });
});
