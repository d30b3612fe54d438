import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';
import { GatewayClient, type GatewayClientOptions } from '../../src/gateway-client/gateway-client.ts';
import { AuthenticationError, InvalidRequestError, PermissionError, TransportError } from '../../src/gateway-client/errors.ts';

const APPROVED = '5123456789012346';
const DECLINED = '5313581000123430';

let app: TestApp;
let merchant: NewMerchant;
let client: GatewayClient;
const clients: GatewayClient[] = [];

function newClient(overrides: Partial<GatewayClientOptions> = {}): GatewayClient {
  const c = new GatewayClient({
    baseUrl: app.listeners.urls.sandbox!,
    username: merchant.sandbox.username,
    token: merchant.sandbox.api_token,
    ca: app.tls.cert,
    ...overrides,
  });
  clients.push(c);
  return c;
}

const ref = (label: string) => `${label}-${randomUUID()}`;

/** Queues outcomes on a sandbox card through the sandbox-only script endpoint. */
async function script(token: string, outcomes: Record<string, unknown>[]): Promise<void> {
  const res = await app.client('sandbox', merchant.sandbox).put(`/sandbox/credit_cards/${token}/script`, { outcomes });
  expect(res.status).toBe(200);
  expect(res.body.response.outcomes).toHaveLength(outcomes.length);
}

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.newMerchant('Client Shop');
  client = newClient();
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await app?.close();
});

describe('GatewayClient against a Recur sandbox over HTTPS', () => {
  it('checks health and echoes the given value', async () => {
    const health = await client.health('ping-1');
    expect(health.echo).toBe('ping-1');
    expect(Number.isNaN(Date.parse(health.timestamp))).toBe(false);
    expect((await client.health()).echo).toBe('NONE');
  });

  it('tokenizes a card and finds it by token and by alias', async () => {
    const card = await client.tokenize({
      card_holder: 'Ada Lovelace',
      card_number: APPROVED,
      card_expiry: '12/2030',
      cvv: '123',
      alias: 'ada-main',
    });
    expect(card.token).toMatch(/^[a-z0-9]{20}$/);
    expect(card).toMatchObject({
      card_holder: 'Ada Lovelace',
      card_number: '512345XXXXXX2346',
      card_expiry: '2030-12-31',
      card_type: 'MasterCard',
      alias: 'ada-main',
      transaction_count: 0,
    });
    expect((await client.card(card.token)).token).toBe(card.token);
    expect((await client.card('ada-main')).token).toBe(card.token);
    // Every tokenization issues a new token; the tokens of one card share its fingerprint.
    const again = await client.tokenize({ card_holder: 'Ada Lovelace', card_number: APPROVED, card_expiry: '12/2030', cvv: '123' });
    expect(again.token).not.toBe(card.token);
    expect(again.fingerprint).toBe(card.fingerprint);
  });

  it('updates a card expiry and alias', async () => {
    const card = await client.tokenize({
      card_holder: 'Grace Hopper',
      card_number: '4005550000000001',
      card_expiry: '01/2031',
      cvv: '321',
    });
    const updated = await client.updateCard(card.token, { card_expiry: '06/2032', alias: 'grace' });
    expect(updated).toMatchObject({ token: card.token, card_expiry: '2032-06-30', alias: 'grace' });
    const seen = await client.card('grace');
    expect(seen).toMatchObject({ token: card.token, card_expiry: '2032-06-30', alias: 'grace' });
  });

  it('purchases: approved, declined, and a duplicate reference rejected', async () => {
    const reference = ref('approved');
    const approved = await client.purchase({
      amount: 1000,
      currency: 'AUD',
      reference,
      card_holder: 'Ada Lovelace',
      card_number: APPROVED,
      card_expiry: '12/2030',
      cvv: '123',
    });
    expect(approved.successful).toBe(true);
    expect(approved.errors).toEqual([]);
    expect(approved.record).toMatchObject({
      successful: true,
      response_code: '00',
      message: 'Approved',
      amount: 1000,
      currency: 'AUD',
      reference,
    });
    expect(approved.record!.authorization).toMatch(/^\d{6}$/);
    expect(approved.record!.card_token).toMatch(/^[a-z0-9]{20}$/);

    const declined = await client.purchase({
      amount: 1000,
      currency: 'AUD',
      reference: ref('declined'),
      card_holder: 'Bob',
      card_number: DECLINED,
      card_expiry: '12/2030',
      cvv: '123',
    });
    expect(declined.successful).toBe(true);
    expect(declined.record).toMatchObject({ successful: false, response_code: '05', message: 'Declined', authorization: null });

    const duplicate = await client.purchase({ amount: 500, currency: 'AUD', reference, card_token: approved.record!.card_token! });
    expect(duplicate.successful).toBe(false);
    expect(duplicate.errors).toContain('Reference is already taken');
    expect(duplicate.record).toMatchObject({ successful: false, response_code: '99' });
  });

  it('finds a purchase by id and by reference, and answers null for an unknown one', async () => {
    const reference = ref('find');
    const { record } = await client.purchase({
      amount: 250,
      currency: 'AUD',
      reference,
      card_holder: 'Ada Lovelace',
      card_number: APPROVED,
      card_expiry: '12/2030',
      cvv: '123',
    });
    expect(record?.id).toBeTruthy();
    expect(await client.findPurchase(record!.id!)).toMatchObject({ id: record!.id, reference, successful: true, amount: 250 });
    expect(await client.findPurchase(reference)).toMatchObject({ id: record!.id, reference });
    expect(await client.findPurchase(ref('nobody'))).toBeNull();
  });

  it('refunds a purchase and finds the refund by id and reference', async () => {
    const { record } = await client.purchase({
      amount: 1000,
      currency: 'AUD',
      reference: ref('to-refund'),
      card_holder: 'Ada Lovelace',
      card_number: APPROVED,
      card_expiry: '12/2030',
      cvv: '123',
    });
    const reference = ref('refund');
    const refund = await client.refund({ transaction_id: record!.id!, amount: 400, reference });
    expect(refund.successful).toBe(true);
    expect(refund.record).toMatchObject({ successful: true, refunded: 'Approved', amount: 400, reference, response_code: '00' });
    expect(await client.findRefund(refund.record!.id!)).toMatchObject({ id: refund.record!.id, amount: 400 });
    expect(await client.findRefund(reference)).toMatchObject({ id: refund.record!.id, reference });
    expect(await client.findRefund(ref('no-refund'))).toBeNull();
    const over = await client.refund({ transaction_id: record!.id!, amount: 601, reference: ref('over') });
    expect(over.successful).toBe(false);
    expect(over.errors[0]).toMatch(/exceeds/);
  });

  it('maps statuses to error classes', async () => {
    const wrongToken = newClient({ token: 'wrong-token' });
    const auth = await wrongToken.health().catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(AuthenticationError);
    expect(auth).toMatchObject({ status: 401, errors: ['Invalid credentials'] });

    const production = newClient({ username: merchant.production.username, token: merchant.production.api_token });
    const perm = await production.health().catch((e: unknown) => e);
    expect(perm).toBeInstanceOf(PermissionError);
    expect(perm).toMatchObject({ status: 403, errors: ['Production credentials cannot be used in the sandbox'] });

    const unknownCard = await client
      .purchase({ amount: 100, currency: 'AUD', reference: ref('unknown-card'), card_token: 'nosuchtoken000000000' })
      .catch((e: unknown) => e);
    expect(unknownCard).toBeInstanceOf(InvalidRequestError);
    expect(unknownCard).toMatchObject({ status: 422, errors: ['Card nosuchtoken000000000 could not be found'] });
  });

  describe('transport failures', () => {
    it('times out on a delayed answer; purchaseOrRecover adopts the recorded purchase', async () => {
      const card = await client.tokenize({ card_holder: 'Slow Bank', card_number: '345678901234564', card_expiry: '03/2031', cvv: '1234' });
      await script(card.token, [
        { fault: 'delay', delay_ms: 2_000 },
        { fault: 'delay', delay_ms: 2_000 },
      ]);
      const fast = newClient({ timeoutMs: 300 });

      const reference = ref('delayed');
      const started = Date.now();
      const err = await fast.purchase({ amount: 700, currency: 'AUD', reference, card_token: card.token }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).status).toBeNull();
      expect(Date.now() - started).toBeLessThan(2_000);
      // The gateway recorded it before delaying.
      expect(await client.findPurchase(reference)).toMatchObject({ reference, successful: true, amount: 700 });

      const second = ref('delayed-recover');
      const result = await fast.purchaseOrRecover({ amount: 800, currency: 'AUD', reference: second, card_token: card.token });
      expect('recovered' in result).toBe(true);
      if (!('recovered' in result)) return;
      expect(result.cause).toBeInstanceOf(TransportError);
      expect(result.recovered).toMatchObject({ reference: second, successful: true, response_code: '00', amount: 800 });
      expect(result.recovered).toEqual(await client.findPurchase(second));
    });

    it('reports a dropped connection; purchaseOrRecover adopts the recorded purchase', async () => {
      const card = await client.tokenize({ card_holder: 'Drop Bank', card_number: '3530111333300000', card_expiry: '04/2031', cvv: '123' });
      await script(card.token, [{ fault: 'drop' }, { fault: 'drop' }]);

      const reference = ref('dropped');
      const err = await client.purchase({ amount: 900, currency: 'AUD', reference, card_token: card.token }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect(await client.findPurchase(reference)).toMatchObject({ reference, successful: true });

      const second = ref('dropped-recover');
      const result = await client.purchaseOrRecover({ amount: 950, currency: 'AUD', reference: second, card_token: card.token });
      expect('recovered' in result).toBe(true);
      if (!('recovered' in result)) return;
      expect(result.cause).toBeInstanceOf(TransportError);
      expect(result.recovered).toMatchObject({ reference: second, successful: true, amount: 950 });
      // The script is used up: the card answers as its kind does again.
      const after = await client.purchaseOrRecover({ amount: 100, currency: 'AUD', reference: ref('after-drop'), card_token: card.token });
      expect('answer' in after && after.answer.record?.successful).toBe(true);
    });

    it('reports a closed port as a TransportError', async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      const closed = newClient({ baseUrl: `https://127.0.0.1:${port}/v1.0`, timeoutMs: 2_000 });
      const err = await closed.health().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).status).toBeNull();
      const purchase = await closed
        .purchase({ amount: 1, currency: 'AUD', reference: ref('closed'), card_token: 'x' })
        .catch((e: unknown) => e);
      expect(purchase).toBeInstanceOf(TransportError);
      expect((purchase as TransportError).message).toMatch(/ECONNREFUSED/);
    });
  });

  it('has as many requests in flight as its callers send (a slow gateway does not queue them in the client)', async () => {
    // A gateway that holds each request until `releaseAt` are open at once, or until every request
    // not yet answered is open (the last, smaller round): no timer, so a machine under load cannot
    // release a round early. A client that queued requests would leave them held and time out.
    const held: ServerResponse[] = [];
    let releaseAt = 0;
    let unanswered = 0;
    let peak = 0;
    let connections = 0;
    const release = () => {
      const body = JSON.stringify({
        successful: true,
        response: { timestamp: new Date().toISOString(), echo: 'NONE' },
        errors: [],
        test: true,
      });
      unanswered -= held.length;
      for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    };
    const server = createHttpsServer({ cert: app.tls.cert, key: app.tls.key }, (req, res) => {
      req.resume();
      held.push(res);
      peak = Math.max(peak, held.length);
      if (held.length >= Math.min(releaseAt, unanswered)) release();
    });
    server.on('secureConnection', () => connections++);
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0`;

      // 50 at once, as 50 charge workers send them: all 50 reach the gateway together.
      releaseAt = 50;
      unanswered = 50;
      const wide = newClient({ baseUrl, timeoutMs: 5_000 });
      await Promise.all(Array.from({ length: 50 }, () => wide.health()));
      expect(peak).toBe(50);

      // A pool the caller sizes still caps what is in flight: 20 requests over 8 connections.
      releaseAt = 8;
      unanswered = 20;
      peak = 0;
      connections = 0;
      const narrow = newClient({ baseUrl, timeoutMs: 5_000, connections: 8 });
      await Promise.all(Array.from({ length: 20 }, () => narrow.health()));
      expect(peak).toBe(8);
      expect(connections).toBe(8);
    } finally {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
