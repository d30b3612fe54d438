import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';
import { updateMerchantSettings } from '../../src/gateway/merchants/merchant-settings.service.ts';

/**
 * Production with a real acquirer: a DOWNSTREAM Recur whose production listener sends purchases
 * to an UPSTREAM Recur's sandbox through the gateway client, over HTTPS.
 */
const APPROVED = '5123456789012346';
const DECLINED = '5313581000123430';

let upstream: TestApp;
let downstream: TestApp;
let bare: TestApp;
let unreachable: TestApp;
let upMerchant: NewMerchant;
let downMerchant: NewMerchant;
let up: ApiClient;
let prod: ApiClient;

const ref = (label: string) => `${label}-${randomUUID()}`;

function card(number: string, expiry: string, cvv = '123') {
  return { card_holder: 'Ada Lovelace', card_number: number, card_expiry: expiry, cvv };
}

/** Every upstream purchase whose reference is the given one (the list, not the lookup, to count them). */
async function upstreamPurchasesWithReference(reference: string): Promise<any[]> {
  const res = await up.get('/purchases?limit=50');
  expect(res.status).toBe(200);
  expect(res.body.total_records).toBeLessThanOrEqual(50);
  return res.body.response.filter((p: { reference: string }) => p.reference === reference);
}

async function downstreamRow(id: string): Promise<{ state: string; upstream_id: string | null; successful: boolean } | undefined> {
  const rows = await downstream.runtime.orm.em
    .fork()
    .execute<{ state: string; upstream_id: string | null; successful: boolean }[]>(
      `select state, upstream_id, successful from gateway.purchases where id = ?`,
      [id],
    );
  return rows[0];
}

/** Tokenizes the card on the upstream sandbox and scripts it: the downstream's raw-card purchases land on new tokens of that card, which take its script. */
async function scriptUpstreamCard(number: string, expiry: string, outcomes: Record<string, unknown>[]): Promise<string> {
  const tokenized = await up.post('/credit_cards', card(number, expiry));
  expect(tokenized.status).toBe(200);
  const token = tokenized.body.response.token as string;
  const scripted = await up.put(`/sandbox/credit_cards/${token}/script`, { outcomes });
  expect(scripted.status).toBe(200);
  return token;
}

/**
 * The upstream charged the scripted card once: the raw-card purchase tokenized it anew (a new
 * token of the same card, the same fingerprint), took the scripted token's outcome, and was made once.
 */
async function expectSameUpstreamCard(charged: string, scripted: string): Promise<void> {
  const [c, s] = await Promise.all([up.get(`/credit_cards/${charged}`), up.get(`/credit_cards/${scripted}`)]);
  expect(charged).not.toBe(scripted);
  expect(c.body.response.fingerprint).toBe(s.body.response.fingerprint);
  expect(c.body.response.transaction_count).toBe(1);
}

beforeAll(async () => {
  upstream = await startTestApp();
  upMerchant = await upstream.newMerchant('Upstream Acquirer');
  up = upstream.client('sandbox', upMerchant.sandbox);
  const caFile = join(upstream.config.DATA_DIR, 'upstream-ca.pem');
  await writeFile(caFile, upstream.tls.cert);
  downstream = await startTestApp({
    env: {
      UPSTREAM_GATEWAY_URL: upstream.listeners.urls.sandbox!,
      UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
      UPSTREAM_GATEWAY_TOKEN: upMerchant.sandbox.api_token,
      UPSTREAM_GATEWAY_CA_FILE: caFile,
      UPSTREAM_TIMEOUT_MS: '500',
      ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
    },
  });
  downMerchant = await downstream.newMerchant('Downstream Shop');
  prod = downstream.client('production', downMerchant.production);
  bare = await startTestApp();
  // An upstream that refuses connections: a port that was free a moment ago.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  unreachable = await startTestApp({
    env: {
      UPSTREAM_GATEWAY_URL: `https://127.0.0.1:${port}/v1.0`,
      UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
      UPSTREAM_GATEWAY_TOKEN: upMerchant.sandbox.api_token,
      UPSTREAM_GATEWAY_CA_FILE: caFile,
      UPSTREAM_TIMEOUT_MS: '500',
      ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
    },
  });
});
afterAll(async () => {
  await downstream?.close();
  await bare?.close();
  await unreachable?.close();
  await upstream?.close();
});

describe('production purchases through an upstream gateway', () => {
  it('purchases by token: approved, test false, sent upstream once with our purchase id as reference', async () => {
    const tokenized = await prod.post('/credit_cards', card(APPROVED, '12/2030'));
    expect(tokenized.status).toBe(200);
    expect(tokenized.body.test).toBe(false);
    const token = tokenized.body.response.token;

    const reference = ref('by-token');
    const res = await prod.post('/purchases', { amount: 1000, currency: 'AUD', reference, card_token: token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, errors: [], test: false });
    const purchase = res.body.response;
    expect(purchase).toMatchObject({
      successful: true,
      response_code: '00',
      message: 'Approved',
      amount: 1000,
      reference,
      card_token: token,
    });
    expect(purchase.authorization).toMatch(/^\d{6}$/);
    expect(purchase.pending).toBeUndefined();

    const atUpstream = await upstreamPurchasesWithReference(purchase.id);
    expect(atUpstream).toHaveLength(1);
    expect(atUpstream[0]).toMatchObject({ successful: true, amount: 1000, currency: 'AUD', authorization: purchase.authorization });
    expect(await downstreamRow(purchase.id)).toEqual({ state: 'completed', upstream_id: atUpstream[0].id, successful: true });

    const seen = await prod.get(`/purchases/${reference}`);
    expect(seen.body.response).toMatchObject({ id: purchase.id, successful: true, authorization: purchase.authorization });

    // The PAN was opened to send it upstream, once, and audited; a second purchase under the same
    // reference is refused before any opening, and audits nothing.
    const openings = async () =>
      downstream.runtime.sql.query<{ detail: { token: string; purpose: string } }>(
        `select detail from gateway.audit_events where action = 'vault.pan_opened' and detail ->> 'token' = $1`,
        [token],
      );
    expect((await openings()).map((o) => o.detail)).toEqual([{ token, purpose: 'purchase' }]);
    const again = await prod.post('/purchases', { amount: 1000, currency: 'AUD', reference, card_token: token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ successful: false, errors: ['Reference is already taken'] });
    expect(await openings()).toHaveLength(1);
    expect(await upstreamPurchasesWithReference(purchase.id)).toHaveLength(1);
  });

  it('purchases by raw card', async () => {
    const res = await prod.post('/purchases', {
      amount: 2500,
      currency: 'USD',
      reference: ref('raw'),
      ...card('4005550000000001', '11/2030'),
    });
    expect(res.status).toBe(200);
    expect(res.body.test).toBe(false);
    expect(res.body.response).toMatchObject({ successful: true, response_code: '00', card_number: '400555XXXXXX0001', currency: 'USD' });
    expect(res.body.response.card_token).toMatch(/^[a-z0-9]{20}$/);
    expect(await upstreamPurchasesWithReference(res.body.response.id)).toHaveLength(1);
  });

  it('records a declining card as declined', async () => {
    const res = await prod.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('declined'), ...card(DECLINED, '12/2030') });
    expect(res.status).toBe(200);
    expect(res.body.successful).toBe(true);
    expect(res.body.response).toMatchObject({
      successful: false,
      response_code: '05',
      message: 'Declined',
      authorization: null,
      captured: false,
    });
    expect(await downstreamRow(res.body.response.id)).toMatchObject({ state: 'completed', successful: false });
    const refund = await prod.post('/refunds', { transaction_id: res.body.response.id, amount: 100, reference: ref('refund-declined') });
    expect(refund.body.successful).toBe(false);
  });

  it('refunds partially, then the rest, through the upstream; an over-refund is rejected', async () => {
    const purchase = await prod.post('/purchases', {
      amount: 1000,
      currency: 'AUD',
      reference: ref('refundable'),
      ...card(APPROVED, '12/2030'),
    });
    const id = purchase.body.response.id;

    const first = await prod.post('/refunds', { transaction_id: id, amount: 400, reference: ref('refund-1') });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ successful: true, test: false });
    expect(first.body.response).toMatchObject({ successful: true, refunded: 'Approved', amount: 400, original_transaction_id: id });
    const atUpstream = await up.get(`/refunds/${first.body.response.id}`);
    expect(atUpstream.status).toBe(200);
    expect(atUpstream.body.response).toMatchObject({ amount: 400, successful: true, authorization: first.body.response.authorization });

    const rest = await prod.post('/refunds', { transaction_id: id, amount: 600, reference: ref('refund-2') });
    expect(rest.body.response).toMatchObject({ successful: true, refunded: 'Approved', amount: 600 });

    const over = await prod.post('/refunds', { transaction_id: id, amount: 1, reference: ref('refund-3') });
    expect(over.status).toBe(200);
    expect(over.body.successful).toBe(false);
    expect(over.body.errors).toEqual(['Amount exceeds the amount available to refund (0)']);
    expect((await prod.get(`/purchases/${id}`)).body.response.refunded_amount).toBe(1000);
  });

  it('adopts the upstream record by reference after the upstream answer is delayed past the timeout', async () => {
    const upToken = await scriptUpstreamCard('4005550000000001', '07/2031', [{ fault: 'delay', delay_ms: 2_000 }]);
    const reference = ref('delayed');
    const started = Date.now();
    const res = await prod.post('/purchases', { amount: 1500, currency: 'AUD', reference, ...card('4005550000000001', '07/2031') });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ successful: true, response_code: '00', reference, amount: 1500 });
    expect(res.body.response.pending).toBeUndefined();

    const atUpstream = await upstreamPurchasesWithReference(res.body.response.id);
    expect(atUpstream).toHaveLength(1);
    expect(atUpstream[0]).toMatchObject({ successful: true, authorization: res.body.response.authorization });
    expect(await downstreamRow(res.body.response.id)).toEqual({ state: 'completed', upstream_id: atUpstream[0].id, successful: true });
    await expectSameUpstreamCard(atUpstream[0].card_token, upToken);
  });

  it('adopts the upstream record by reference after the upstream drops the connection', async () => {
    const upToken = await scriptUpstreamCard('3530111333300000', '08/2031', [{ fault: 'drop' }]);
    const res = await prod.post('/purchases', {
      amount: 1700,
      currency: 'AUD',
      reference: ref('dropped'),
      ...card('3530111333300000', '08/2031'),
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ successful: true, response_code: '00', amount: 1700 });

    const atUpstream = await upstreamPurchasesWithReference(res.body.response.id);
    expect(atUpstream).toHaveLength(1);
    expect(atUpstream[0]).toMatchObject({ successful: true });
    expect(await downstreamRow(res.body.response.id)).toEqual({ state: 'completed', upstream_id: atUpstream[0].id, successful: true });
    await expectSameUpstreamCard(atUpstream[0].card_token, upToken);
  });
});

describe('production with an unreachable upstream gateway', () => {
  it('answers 502 with the cause and pending false, and records nothing, when the connection is refused', async () => {
    const m = await unreachable.newMerchant('Unreachable Upstream');
    const reference = ref('unreachable');
    const client = unreachable.client('production', m.production);
    const res = await client.post('/purchases', { amount: 1000, currency: 'AUD', reference, ...card(APPROVED, '12/2030') });
    expect(res.status).toBe(502);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatch(/^The upstream gateway could not be reached \(connect ECONNREFUSED .*\); nothing was sent/);
    expect(res.body.response).toMatchObject({ id: null, reference, pending: false, successful: false });
    const rows = await unreachable.runtime.orm.em.fork().execute(`select state from gateway.purchases where reference = ?`, [reference]);
    expect(rows).toEqual([]);
    expect((await client.get(`/purchases/${reference}`)).status).toBe(404);
  });
});

describe('production without an upstream gateway or the test-card switch', () => {
  it('answers production purchases with 503 and writes nothing', async () => {
    const m = await bare.newMerchant('No Upstream');
    // A Luhn-valid number that is not a sandbox test card.
    const res = await bare
      .client('production', m.production)
      .post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('no-upstream'), ...card('4000056655665556', '12/2030') });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ successful: false, test: false });
    expect(res.body.errors).toEqual(['Production purchases need an upstream gateway, and none is configured (UPSTREAM_GATEWAY_URL)']);
    const rows = await bare.runtime.orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as n from gateway.purchases`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses the sandbox test cards in production', async () => {
    const m = await bare.newMerchant('No Test Cards');
    const client = bare.client('production', m.production);
    const tokenized = await client.post('/credit_cards', card(APPROVED, '12/2030'));
    expect(tokenized.status).toBe(422);
    expect(tokenized.body.errors).toContain('Card number is invalid');
    const purchase = await client.post('/purchases', {
      amount: 1000,
      currency: 'AUD',
      reference: ref('test-card'),
      ...card(APPROVED, '12/2030'),
    });
    expect(purchase.body.successful).toBe(false);
    expect(purchase.body.errors).toContain('Card number is invalid');
  });
});

describe('production authorizations, captures and voids through the upstream gateway', () => {
  it('authorizes, then captures upstream; voids a purchase and a refund upstream', async () => {
    const auth = await prod.post('/purchases', {
      ...card(APPROVED, '11/2031'),
      amount: 1000,
      currency: 'AUD',
      reference: ref('auth'),
      capture: false,
    });
    expect(auth.body.response).toMatchObject({ successful: true, captured: false, captured_amount: 0 });
    const id = auth.body.response.id;
    expect((await up.get(`/purchases/${id}`)).body.response).toMatchObject({ captured: false, captured_amount: 0 });
    const over = await prod.post(`/purchases/${id}/capture`, { amount: 1001 });
    expect(over.body.errors).toEqual(['Capture amount cannot be greater then the original authorised amount']);
    const captured = await prod.post(`/purchases/${id}/capture`, { amount: 600 });
    expect(captured.body).toMatchObject({ successful: true, response: { captured: true, captured_amount: 600 } });
    expect((await up.get(`/purchases/${id}`)).body.response).toMatchObject({ captured: true, captured_amount: 600 });

    const p = (await prod.post('/purchases', { ...card(APPROVED, '11/2031'), amount: 500, currency: 'AUD', reference: ref('to-void') }))
      .body.response;
    const voided = await prod.post('/purchases/void', { id: p.id });
    expect(voided.body).toMatchObject({ successful: true, response: { voided: true, message: 'Voided' } });
    expect((await up.get(`/purchases/${p.id}`)).body.response.voided).toBe(true);

    const r = (await prod.post('/refunds', { transaction_id: id, amount: 100, reference: ref('refund') })).body.response;
    expect(r.successful).toBe(true);
    const refundVoid = await prod.post('/refunds/void', { id: r.id });
    expect(refundVoid.body).toMatchObject({ successful: true, response: { voided: true, message: 'Voided' } });
    expect((await up.get(`/refunds/${r.id}`)).body.response.voided).toBe(true);
    expect((await prod.get(`/purchases/${id}`)).body.response.refunded_amount).toBe(0);
  });

  it('an authorization that never reached the upstream leaves nothing to capture', async () => {
    const broken = unreachable.client('production', await unreachable.newMerchant('Unreachable Capture').then((m) => m.production));
    const reference = ref('auth');
    const auth = await broken.post('/purchases', {
      ...card(APPROVED, '11/2031'),
      amount: 1000,
      currency: 'AUD',
      reference,
      capture: false,
    });
    // No connection was made: nothing was sent, so no pending record is kept and the reference stays free.
    expect(auth.status).toBe(502);
    expect(auth.body.response).toMatchObject({ id: null, pending: false });
    const capture = await broken.post(`/purchases/${encodeURIComponent(reference)}/capture`, { amount: 100 });
    expect(capture.status).toBe(404);
    expect(capture.body.errors.join(' ')).toBe('Could not find Purchase');
  });
});

describe('production unmatched refunds through the upstream gateway', () => {
  it('are refused until the merchant is allowed, then credited upstream to the card', async () => {
    const body = () => ({ ...card(APPROVED, '10/2032'), cvv: undefined, amount: 700, currency: 'AUD', reference: ref('unmatched') });
    expect((await prod.post('/refunds', body())).body.errors).toEqual(['Invalid credit card for unmatched refund']);
    await updateMerchantSettings(downstream.runtime.sql, downstream.runtime.clock, downMerchant.production.username, {
      unmatchedRefunds: true,
    });
    const res = await prod.post('/refunds', body());
    expect(res.body).toMatchObject({
      successful: true,
      response: { successful: true, standalone: true, original_transaction_id: null, card_number: '512345XXXXXX2346', amount: 700 },
    });
    const upstreamRefund = (await up.get(`/refunds/${res.body.response.id}`)).body.response;
    expect(upstreamRefund).toMatchObject({ standalone: true, amount: 700, currency: 'AUD', card_number: '512345XXXXXX2346' });
  });
});
