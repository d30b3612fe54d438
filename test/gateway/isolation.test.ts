import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type HttpResult, type TestApp } from '../helpers/test-app.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

// I7: a merchant's token, alias, purchase or reference is invisible to another merchant and to the
// other environment: the same answer as a random id of the same shape.

const CARD = { card_holder: 'Alice Owner', card_number: '5123456789012346', card_expiry: '12/2034', cvv: '123' };
const ALIAS = 'customer-42';
const REF = 'order-1001';
const REFUND_REF = 'refund-1001';
const SANDBOX_NAMES = { alias: ALIAS, ref: REF, refundRef: REFUND_REF };
// Distinct names in production, so that a lookup there can only hit the sandbox record; reuse of
// the same names across environments is tested on its own below.
const PRODUCTION_NAMES = { alias: 'live-customer-7', ref: 'live-order-7', refundRef: 'live-refund-7' };
type Names = typeof SANDBOX_NAMES;

interface Objects extends Names {
  owner: ApiClient;
  token: string;
  purchaseId: string;
  refundId: string;
}

let upstream: TestApp;
let app: TestApp;
let A: NewMerchant;
let B: NewMerchant;
let sandboxA: Objects;
let productionA: Objects;

const alnum = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');
const randomToken = () => alnum('abcdefghijklmnopqrstuvwxyz0123456789', 20);
const randomTxId = (like: string) => like.slice(0, -8) + alnum('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 8);
const randomRef = (like: string) => `${like.split('-')[0]}-${randomBytes(4).toString('hex')}`;

async function makeObjects(owner: ApiClient, names: Names): Promise<Objects> {
  const { alias, ref, refundRef } = names;
  const card = await owner.post('/credit_cards', { ...CARD, alias });
  expect(card.status, card.text).toBe(200);
  const token = card.body.response.token;
  const purchase = await owner.post('/purchases', { amount: 5000, currency: 'AUD', reference: ref, card_token: token });
  expect(purchase.body, purchase.text).toMatchObject({
    successful: true,
    response: { successful: true, reference: ref, card_token: token },
  });
  const refund = await owner.post('/refunds', { transaction_id: purchase.body.response.id, amount: 1000, reference: refundRef });
  expect(refund.body, refund.text).toMatchObject({ successful: true, response: { refunded: 'Approved', reference: refundRef } });
  return { owner, token, ...names, purchaseId: purchase.body.response.id, refundId: refund.body.response.id };
}

async function rowCounts(): Promise<{ purchases: number; refunds: number; cards: number }> {
  const rows = await app.runtime.orm.em.fork().execute<{ purchases: number; refunds: number; cards: number }[]>(
    `select (select count(*)::int from gateway.purchases) as purchases, (select count(*)::int from gateway.refunds) as refunds,
            (select count(*)::int from gateway.cards) as cards`,
  );
  return rows[0]!;
}

/** The answer for `secret` must equal the answer for `random` (status and body, the echoed key aside). */
async function expectSame(label: string, call: (key: string) => Promise<HttpResult>, secret: string, random: string): Promise<HttpResult> {
  const [actual, control] = await Promise.all([call(secret), call(random)]);
  expect(actual.status, label).toBe(control.status);
  expect(actual.text.replaceAll(secret, '<key>'), label).toBe(control.text.replaceAll(random, '<key>'));
  expect(actual.text.length, label).toBeGreaterThan(0);
  return actual;
}

async function expectInvisible(observer: ApiClient, o: Objects): Promise<void> {
  const cardBefore = await o.owner.get(`/credit_cards/${o.token}`);
  expect(cardBefore.status).toBe(200);
  const countsBefore = await rowCounts();
  let n = 0;
  const fresh = () => `probe-${++n}-${randomBytes(3).toString('hex')}`;

  for (const [what, key, random] of [
    ['token', o.token, randomToken()],
    ['alias', o.alias, randomRef(o.alias)],
  ] as const) {
    const get = await expectSame(`GET card by ${what}`, (k) => observer.get(`/credit_cards/${k}`), key, random);
    expect(get.status).toBe(404);
    expect(get.body.errors).toEqual([`Card ${key} could not be found`]);
    const put = await expectSame(`PUT card by ${what}`, (k) => observer.put(`/credit_cards/${k}`, { card_expiry: '01/2036' }), key, random);
    expect(put.status).toBe(404);
    const reference = fresh();
    const buy = await expectSame(
      `POST /purchases with ${what}`,
      (k) => observer.post('/purchases', { amount: 700, currency: 'AUD', reference, card_token: k }),
      key,
      random,
    );
    expect(buy.status).toBe(422);
    expect(buy.body).toMatchObject({ successful: false, errors: [`Card ${key} could not be found`] });
  }

  for (const [what, key, random] of [
    ['id', o.purchaseId, randomTxId(o.purchaseId)],
    ['reference', o.ref, randomRef(o.ref)],
  ] as const) {
    const res = await expectSame(`GET purchase by ${what}`, (k) => observer.get(`/purchases/${k}`), key, random);
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual(['Could not find Purchase']);
  }
  for (const [what, key, random] of [
    ['id', o.refundId, randomTxId(o.refundId)],
    ['reference', o.refundRef, randomRef(o.refundRef)],
  ] as const) {
    const res = await expectSame(`GET refund by ${what}`, (k) => observer.get(`/refunds/${k}`), key, random);
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual(['Refund could not be found']);
  }

  const reference = fresh();
  const refund = await expectSame(
    'POST /refunds of the purchase',
    (k) => observer.post('/refunds', { transaction_id: k, amount: 100, reference }),
    o.purchaseId,
    randomTxId(o.purchaseId),
  );
  expect(refund.status).toBe(200);
  expect(refund.body).toMatchObject({ successful: false, errors: ['Original transaction could not be found'], response: { id: null } });

  // Lists: none of the owner's records, by id, token or original transaction.
  const [cards, purchases, refunds] = await Promise.all([
    observer.get('/credit_cards?limit=50'),
    observer.get('/purchases?limit=50'),
    observer.get('/refunds?limit=50'),
  ]);
  for (const res of [cards, purchases, refunds]) expect(res.status).toBe(200);
  expect(cards.body.response.map((c: any) => c.token)).not.toContain(o.token);
  expect(purchases.body.response.map((p: any) => p.id)).not.toContain(o.purchaseId);
  expect(purchases.body.response.map((p: any) => p.card_token)).not.toContain(o.token);
  expect(refunds.body.response.map((r: any) => r.id)).not.toContain(o.refundId);
  expect(refunds.body.response.map((r: any) => r.original_transaction_id)).not.toContain(o.purchaseId);
  for (const res of [cards, purchases, refunds]) {
    expect(res.text).not.toContain(o.token);
    expect(res.text).not.toContain(o.purchaseId);
  }

  // Nothing written, nothing changed: not A's card (expiry, count), not a purchase or refund row.
  expect(await rowCounts()).toEqual(countsBefore);
  const cardAfter = await o.owner.get(`/credit_cards/${o.token}`);
  expect(cardAfter.body).toEqual(cardBefore.body);
  expect(cardAfter.body.response.card_expiry).toBe('2034-12-31');
  const own = await o.owner.get(`/purchases/${o.purchaseId}`);
  expect(own.body.response).toMatchObject({ id: o.purchaseId, reference: o.ref });
}

beforeAll(async () => {
  // Production purchases need an upstream gateway: a second Recur whose sandbox plays the acquirer.
  upstream = await startTestApp();
  const acquirer = await upstream.newMerchant('Upstream Acquirer');
  const caFile = join(await mkdtemp(join(tmpdir(), 'recur-ca-')), 'ca.pem');
  await writeFile(caFile, upstream.tls.cert);
  app = await startTestApp({
    env: {
      ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
      UPSTREAM_GATEWAY_URL: upstream.listeners.urls.sandbox!,
      UPSTREAM_GATEWAY_USERNAME: acquirer.sandbox.username,
      UPSTREAM_GATEWAY_TOKEN: acquirer.sandbox.api_token,
      UPSTREAM_GATEWAY_CA_FILE: caFile,
    },
  });
  A = await app.newMerchant('Alpha Shop');
  B = await app.newMerchant('Beta Shop');
  sandboxA = await makeObjects(app.client('sandbox', A.sandbox), SANDBOX_NAMES);
  productionA = await makeObjects(app.client('production', A.production), PRODUCTION_NAMES);
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
});

describe('tenant and environment isolation (I7)', () => {
  const observers: [string, () => ApiClient][] = [
    ['B in the sandbox', () => app.client('sandbox', B.sandbox)],
    ['B in production', () => app.client('production', B.production)],
  ];

  it.each([...observers, ['A in production', () => app.client('production', A.production)]] as [string, () => ApiClient][])(
    "A's sandbox token, alias, purchase, refund and references are invisible to %s",
    async (_label, observer) => {
      await expectInvisible(observer(), sandboxA);
    },
  );

  it.each([...observers, ['A in the sandbox', () => app.client('sandbox', A.sandbox)]] as [string, () => ApiClient][])(
    "A's production token, alias, purchase, refund and references are invisible to %s",
    async (_label, observer) => {
      await expectInvisible(observer(), productionA);
    },
  );

  it('gives the same card number different tokens per merchant and per environment', () => {
    expect(productionA.token).not.toBe(sandboxA.token);
    expect(productionA.purchaseId).not.toBe(sandboxA.purchaseId);
  });

  // Runs after the matrix above (tests in a file run in order): from here on B owns the same names.
  it("lets B reuse A's alias and references for its own card, purchase and refund", async () => {
    const b = app.client('sandbox', B.sandbox);
    const card = await b.post('/credit_cards', { ...CARD, alias: ALIAS });
    expect(card.status, card.text).toBe(200);
    expect(card.body.response.alias).toBe(ALIAS);
    expect(card.body.response.token).not.toBe(sandboxA.token);
    const purchase = await b.post('/purchases', { amount: 2500, currency: 'AUD', reference: REF, card_token: ALIAS });
    expect(purchase.body, purchase.text).toMatchObject({
      successful: true,
      errors: [],
      response: { successful: true, reference: REF, card_token: card.body.response.token },
    });
    const refund = await b.post('/refunds', { transaction_id: purchase.body.response.id, amount: 500, reference: REFUND_REF });
    expect(refund.body, refund.text).toMatchObject({ successful: true, response: { refunded: 'Approved', reference: REFUND_REF } });

    // Each merchant resolves the shared names to its own records.
    expect((await b.get(`/credit_cards/${ALIAS}`)).body.response.token).toBe(card.body.response.token);
    expect((await b.get(`/purchases/${REF}`)).body.response).toMatchObject({ id: purchase.body.response.id, amount: 2500 });
    expect((await b.get(`/refunds/${REFUND_REF}`)).body.response.id).toBe(refund.body.response.id);
    const a = sandboxA.owner;
    const aCard = (await a.get(`/credit_cards/${ALIAS}`)).body.response;
    expect(aCard).toMatchObject({ token: sandboxA.token, alias: ALIAS, transaction_count: 1 });
    expect((await a.get(`/purchases/${REF}`)).body.response).toMatchObject({ id: sandboxA.purchaseId, amount: 5000 });
    expect((await a.get(`/refunds/${REFUND_REF}`)).body.response.id).toBe(sandboxA.refundId);

    // B's lists hold exactly its own records.
    for (const path of ['/credit_cards', '/purchases', '/refunds']) {
      const res = await b.get(path);
      expect(res.body, path).toMatchObject({ successful: true, records: 1, total_records: 1 });
    }
  });

  it('lets A reuse its sandbox alias and references in production, each environment resolving its own', async () => {
    const live = app.client('production', A.production);
    const card = await live.post('/credit_cards', { ...CARD, card_number: '4005550000000001', alias: ALIAS });
    expect(card.status, card.text).toBe(200);
    const purchase = await live.post('/purchases', { amount: 3000, currency: 'AUD', reference: REF, card_token: ALIAS });
    expect(purchase.body, purchase.text).toMatchObject({
      successful: true,
      response: { successful: true, card_token: card.body.response.token },
    });
    const refund = await live.post('/refunds', { transaction_id: purchase.body.response.id, amount: 300, reference: REFUND_REF });
    expect(refund.body, refund.text).toMatchObject({ successful: true, response: { refunded: 'Approved' } });
    expect((await live.get(`/purchases/${REF}`)).body.response.id).toBe(purchase.body.response.id);
    expect((await live.get(`/refunds/${REFUND_REF}`)).body.response.id).toBe(refund.body.response.id);
    expect((await sandboxA.owner.get(`/credit_cards/${ALIAS}`)).body.response.token).toBe(sandboxA.token);
    expect((await sandboxA.owner.get(`/purchases/${REF}`)).body.response.id).toBe(sandboxA.purchaseId);
    expect((await sandboxA.owner.get(`/refunds/${REFUND_REF}`)).body.response.id).toBe(sandboxA.refundId);
  });

  it('answers 403 to credentials of the other environment and 401 to a wrong token, whatever the key', async () => {
    const random = randomToken();
    for (const [env, creds, message] of [
      ['production', A.sandbox, 'Sandbox credentials cannot be used in production'],
      ['sandbox', A.production, 'Production credentials cannot be used in the sandbox'],
    ] as const) {
      const res = await expectSame(
        `${env} with the other environment's credentials`,
        (k) => app.client(env, creds).get(`/credit_cards/${k}`),
        sandboxA.token,
        random,
      );
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ successful: false, response: null, errors: [message], test: env === 'sandbox' });
    }
    for (const [env, username] of [
      ['sandbox', B.sandbox.username],
      ['production', B.production.username],
    ] as const) {
      const wrong = app.client(env, { username, api_token: randomBytes(32).toString('base64url') });
      const res = await expectSame(
        `${env} with B's username and a wrong token`,
        (k) => wrong.get(`/credit_cards/${k}`),
        sandboxA.token,
        random,
      );
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="/);
      expect(res.body.errors).toEqual(['Invalid credentials']);
    }
  });
});
