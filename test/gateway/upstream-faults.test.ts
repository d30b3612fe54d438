import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { parseMetrics, sampleValue } from '../helpers/ops.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { GatewayClient } from '../../src/gateway-client/gateway-client.ts';
import { NotProcessedError } from '../../src/gateway-client/errors.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

/**
 * Production's path to its upstream across a real network boundary: a DOWNSTREAM Recur whose
 * production purchases and refunds go to an UPSTREAM Recur's sandbox through a fault-injecting
 * TLS proxy on loopback. After every fault the two sets of books must agree (see `booksAgree`).
 */
const APPROVED = '5123456789012346';
const TIMEOUT_MS = 1_000;
const WINDOW_MS = 3_000;

let upstream: TestApp;
let downstream: TestApp;
let proxy: FaultProxy;
let upMerchant: NewMerchant;
let prod: ApiClient;
let caFile: string;

const ref = (label: string) => `${label}-${randomUUID()}`;
const card = (number = APPROVED) => ({ card_holder: 'Ada Lovelace', card_number: number, card_expiry: '12/2030', cvv: '123' });

interface Row {
  id: string;
  reference: string;
  state: string;
  successful: boolean;
  upstream_id: string | null;
  rrn: string | null;
}

async function downstreamPurchases(): Promise<Row[]> {
  return downstream.runtime.orm.em
    .fork()
    .execute<Row[]>(`select id, reference, state, successful, upstream_id, rrn from gateway.purchases where environment = 'production'`);
}

async function upstreamPurchases(): Promise<{ id: string; reference: string; successful: boolean; rrn: string | null }[]> {
  return upstream.runtime.orm.em
    .fork()
    .execute(`select id, reference, successful, rrn from gateway.purchases where environment = 'sandbox' and merchant_id = ?`, [
      upMerchant.merchant_id,
    ]);
}

/**
 * The invariants checked after every fault: each upstream purchase was sent under one reference
 * (no second upstream purchase for it), and each is recorded downstream exactly once with its
 * outcome, upstream id and rrn; nothing downstream is still pending after the resolution time;
 * nothing downstream claims an approval the upstream does not have. Refunds likewise.
 */
async function booksAgree(): Promise<void> {
  const [down, up] = await Promise.all([downstreamPurchases(), upstreamPurchases()]);
  const byReference = new Map<string, number>();
  for (const p of up) byReference.set(p.reference, (byReference.get(p.reference) ?? 0) + 1);
  expect([...byReference.values()].filter((n) => n > 1)).toEqual([]);
  const downById = new Map(down.map((d) => [d.id, d]));
  for (const p of up) {
    const mine = downById.get(p.reference);
    expect(mine, `upstream purchase ${p.id} has no downstream record`).toBeDefined();
    expect(mine).toMatchObject({ state: 'completed', successful: p.successful, upstream_id: p.id, rrn: p.rrn });
  }
  const upByReference = new Map(up.map((p) => [p.reference, p]));
  for (const d of down) {
    expect(d.state, `purchase ${d.id} still pending`).not.toBe('pending');
    if (d.state === 'completed' && d.successful) expect(upByReference.get(d.id)?.successful).toBe(true);
    if (d.state === 'failed') expect(upByReference.has(d.id)).toBe(false);
  }
  const [downRefunds, upRefunds] = await Promise.all([
    downstream.runtime.orm.em
      .fork()
      .execute<{ id: string; state: string; successful: boolean }[]>(
        `select id, state, successful from gateway.refunds where environment = 'production'`,
      ),
    upstream.runtime.orm.em
      .fork()
      .execute<{ reference: string; successful: boolean }[]>(`select reference, successful from gateway.refunds where merchant_id = ?`, [
        upMerchant.merchant_id,
      ]),
  ]);
  const downRefundById = new Map(downRefunds.map((r) => [r.id, r]));
  for (const r of upRefunds) expect(downRefundById.get(r.reference)).toMatchObject({ state: 'completed', successful: r.successful });
  for (const r of downRefunds) expect(r.state).not.toBe('pending');
}

/** Waits until the downstream record of a purchase leaves `pending` (the background resolver, no lookup). */
async function settled(id: string, timeoutMs = 15_000): Promise<Row> {
  return waitFor(async () => (await downstreamPurchases()).find((p) => p.id === id), {
    message: `purchase ${id} settled`,
    until: (row) => row !== undefined && row.state !== 'pending',
    timeout: timeoutMs,
  }) as Promise<Row>;
}

beforeAll(async () => {
  upstream = await startTestApp();
  upMerchant = await upstream.newMerchant('Upstream Acquirer');
  caFile = join(upstream.config.DATA_DIR, 'upstream-ca.pem');
  await writeFile(caFile, upstream.tls.cert);
  const target = new URL(upstream.listeners.urls.sandbox!);
  proxy = await startFaultProxy({
    target: { host: '127.0.0.1', port: Number(target.port) },
    tls: upstream.tls,
    upstreamCa: upstream.tls.cert,
  });
  downstream = await startTestApp({
    env: {
      UPSTREAM_GATEWAY_URL: proxy.url('/v1.0'),
      UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
      UPSTREAM_GATEWAY_TOKEN: upMerchant.sandbox.api_token,
      UPSTREAM_GATEWAY_CA_FILE: caFile,
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_PENDING_WINDOW_MS: String(WINDOW_MS),
      UPSTREAM_RESOLVE_INTERVAL_MS: '200',
      ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
    },
  });
  prod = downstream.client('production', (await downstream.newMerchant('Downstream Shop')).production);
});
afterEach(() => proxy.clearRules());
afterAll(async () => {
  await downstream?.close();
  await proxy?.close();
  await upstream?.close();
});

describe('pending production purchases are resolved at the upstream', () => {
  it('answer dropped after the upstream approved it: 502 pending, then the lookup settles it approved, with rrn', async () => {
    proxy.add({ method: 'POST', path: '/v1.0/purchases', kind: 'drop' });
    proxy.add({ method: 'GET', path: '/v1.0/purchases/', kind: 'drop' });
    const reference = ref('dropped');
    const res = await prod.post('/purchases', { amount: 1200, currency: 'AUD', reference, ...card() });
    expect(res.status).toBe(502);
    expect(res.body.errors).toEqual([
      'The upstream gateway did not answer; the purchase is pending. Look it up by reference before retrying',
    ]);
    expect(res.body.response).toMatchObject({ reference, pending: true, successful: false });
    const id = res.body.response.id as string;

    const seen = await prod.get(`/purchases/${reference}`);
    expect(seen.status).toBe(200);
    expect(seen.body.response).toMatchObject({ id, reference, successful: true, response_code: '00' });
    expect(seen.body.response.pending).toBeUndefined();
    const [atUpstream] = (await upstreamPurchases()).filter((p) => p.reference === id);
    expect(atUpstream?.rrn).toMatch(/^\d{12}$/);
    expect(seen.body.response.rrn).toBe(atUpstream!.rrn);
    await booksAgree();
  });

  it('a stalled upstream: the 502 comes within UPSTREAM_TIMEOUT_MS, and the background resolver settles it', async () => {
    proxy.add({ method: 'POST', path: '/v1.0/purchases', kind: 'stall' });
    proxy.add({ method: 'GET', path: '/v1.0/purchases/', kind: 'stall' });
    const started = Date.now();
    const res = await prod.post('/purchases', { amount: 1300, currency: 'AUD', reference: ref('stalled'), ...card() });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(502);
    expect(res.body.response.pending).toBe(true);
    // The whole answer, lookup included, within the timeout (plus this loaded machine's own time),
    // where a timeout for the send and another for the lookup took more than twice as long.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS * 1.8);
    const row = await settled(res.body.response.id);
    expect(row).toMatchObject({ state: 'completed', successful: true });
    await booksAgree();
  });

  it('a request the upstream never received settles as failed after its window, freeing the reference', async () => {
    proxy.add({ method: 'POST', path: '/v1.0/purchases', kind: 'lose', times: 2 });
    const reference = ref('lost');
    const res = await prod.post('/purchases', { amount: 1400, currency: 'AUD', reference, ...card() });
    expect(res.status).toBe(502);
    expect(res.body.response.pending).toBe(true);
    const lost = res.body.response.id as string;
    expect(await settled(lost)).toMatchObject({ state: 'failed', successful: false });
    const seen = await prod.get(`/purchases/${lost}`);
    expect(seen.body.response).toMatchObject({ id: lost, failed: true, successful: false, response_code: '99' });
    expect(seen.body.response.pending).toBeUndefined();

    const again = await prod.post('/purchases', { amount: 1400, currency: 'AUD', reference, ...card() });
    expect(again.status).toBe(200);
    expect(again.body.response).toMatchObject({ reference, successful: true });
    expect((await prod.get(`/purchases/${reference}`)).body.response.id).toBe(again.body.response.id);
    expect((await upstreamPurchases()).filter((p) => p.reference === lost)).toEqual([]);
    await booksAgree();
  });

  it('a refund whose answer is dropped holds its amount until resolved; a lost one fails and releases it', async () => {
    const purchase = await prod.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('to-refund'), ...card() });
    const id = purchase.body.response.id as string;
    proxy.add({ method: 'POST', path: '/v1.0/refunds', kind: 'drop' });
    proxy.add({ method: 'GET', path: '/v1.0/refunds/', kind: 'drop' });
    const dropped = await prod.post('/refunds', { transaction_id: id, amount: 300, reference: ref('refund-dropped') });
    expect(dropped.status).toBe(502);
    expect(dropped.body.response.pending).toBe(true);
    expect((await prod.get(`/purchases/${id}`)).body.response.refunded_amount).toBe(300);
    const resolved = await prod.get(`/refunds/${dropped.body.response.id}`);
    expect(resolved.body.response).toMatchObject({ successful: true, refunded: 'Approved', amount: 300 });

    proxy.add({ method: 'POST', path: '/v1.0/refunds', kind: 'lose' });
    const lost = await prod.post('/refunds', { transaction_id: id, amount: 700, reference: ref('refund-lost') });
    expect(lost.status).toBe(502);
    await waitFor(async () => (await prod.get(`/refunds/${lost.body.response.id}`)).body.response, {
      message: 'the lost refund failed',
      until: (r) => r.failed === true,
      timeout: 15_000,
    });
    expect((await prod.get(`/purchases/${id}`)).body.response.refunded_amount).toBe(300);
    await booksAgree();
  });
});

describe('faults of ours are errors, with nothing recorded', () => {
  it('an upstream that refuses connections: 502 with the cause, pending false, no record; readiness and the metric show it', async () => {
    await proxy.refuse();
    try {
      const reference = ref('refused');
      const res = await prod.post('/purchases', { amount: 1000, currency: 'AUD', reference, ...card() });
      expect(res.status).toBe(502);
      expect(res.body.errors[0]).toMatch(/^The upstream gateway could not be reached \(connect ECONNREFUSED/);
      expect(res.body.response).toMatchObject({ id: null, pending: false, successful: false });
      expect((await downstreamPurchases()).filter((p) => p.reference === reference)).toEqual([]);
      expect((await downstream.runtime.readiness.check()).checks.upstream).toBe('unreachable');
      const metrics = parseMetrics(await downstream.runtime.metrics.registry.metrics());
      expect(sampleValue(metrics, 'recur_upstream_faults_total', { fault: 'not_connected' })).toBeGreaterThanOrEqual(1);
      expect(sampleValue(metrics, 'recur_upstream_up', { state: 'unreachable' })).toBe(0);
    } finally {
      await proxy.accept();
    }
    const back = await prod.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('back'), ...card() });
    expect(back.status).toBe(200);
    expect((await downstream.runtime.readiness.check()).checks.upstream).toBe('ok');

    // A refund the upstream never receives: an error, no record, its amount not held back.
    await proxy.refuse();
    try {
      const refund = await prod.post('/refunds', { transaction_id: back.body.response.id, amount: 400, reference: ref('refund-refused') });
      expect(refund.status).toBe(502);
      expect(refund.body.errors[0]).toMatch(/^The upstream gateway could not be reached .*the refund was not made$/);
      expect(refund.body.response).toMatchObject({ id: null, pending: false });
    } finally {
      await proxy.accept();
    }
    expect((await prod.get(`/purchases/${back.body.response.id}`)).body.response.refunded_amount).toBe(0);
    expect(
      await downstream.runtime.orm.em.fork().execute(`select id from gateway.refunds where purchase_id = ?`, [back.body.response.id]),
    ).toEqual([]);
    await booksAgree();
  });

  it('a refused upstream login is an error, never a decline, and the reference stays usable', async () => {
    const wrong = await startTestApp({
      env: {
        UPSTREAM_GATEWAY_URL: proxy.url('/v1.0'),
        UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
        UPSTREAM_GATEWAY_TOKEN: 'not-the-token',
        UPSTREAM_GATEWAY_CA_FILE: caFile,
        UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
        ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
      },
    });
    try {
      const creds = (await wrong.newMerchant('Wrong Token')).production;
      const client = wrong.client('production', creds);
      const tokenized = await client.post('/credit_cards', card());
      const token = tokenized.body.response.token as string;
      const reference = ref('wrong-token');
      const res = await client.post('/purchases', { amount: 1000, currency: 'AUD', reference, ...card() });
      expect(res.status).toBe(502);
      expect(res.body.successful).toBe(false);
      expect(res.body.errors).toEqual(["The upstream gateway refused Recur's credentials; the purchase was not made"]);
      expect(res.body.response).toMatchObject({ id: null, pending: false });
      const rows = await wrong.runtime.orm.em.fork().execute(`select id from gateway.purchases`);
      expect(rows).toEqual([]);
      expect((await wrong.runtime.readiness.check()).checks.upstream).toBe('refusing');
      const metrics = parseMetrics(await wrong.runtime.metrics.registry.metrics());
      expect(sampleValue(metrics, 'recur_upstream_faults_total', { fault: 'refused' })).toBe(1);
      // Nothing used the reference up: the same one answers the same error, not "Reference is already taken".
      const again = await client.post('/purchases', { amount: 1000, currency: 'AUD', reference, ...card() });
      expect(again.body.errors).toEqual(res.body.errors);
      // Recur's own client (a remote billing gateway) reads that 502 as "nothing processed", not as an unknown outcome.
      const remote = new GatewayClient({
        baseUrl: wrong.listeners.urls.production,
        username: creds.username,
        token: creds.api_token,
        ca: wrong.tls.cert,
      });
      try {
        const failure = await remote.purchase({ amount: 1000, currency: 'AUD', reference, card_token: token }).catch((err: unknown) => err);
        expect(failure).toBeInstanceOf(NotProcessedError);
        expect((failure as NotProcessedError).status).toBe(502);
      } finally {
        await remote.close();
      }
    } finally {
      await wrong.close();
    }
  });

  it('an answer that is not a gateway outcome (a wrong upstream URL): 502, nothing recorded', async () => {
    const wrongUrl = await startTestApp({
      env: {
        UPSTREAM_GATEWAY_URL: proxy.url('/v9.9'),
        UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
        UPSTREAM_GATEWAY_TOKEN: upMerchant.sandbox.api_token,
        UPSTREAM_GATEWAY_CA_FILE: caFile,
        UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
        ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
      },
    });
    try {
      const client = wrongUrl.client('production', (await wrongUrl.newMerchant('Wrong URL')).production);
      const res = await client.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('wrong-url'), ...card() });
      expect(res.status).toBe(502);
      expect(res.body.errors[0]).toMatch(/^The upstream gateway did not answer as a gateway \(HTTP 404.*\); the purchase was not made$/);
      expect(res.body.response).toMatchObject({ id: null, pending: false });
      expect(await wrongUrl.runtime.orm.em.fork().execute(`select id from gateway.purchases`)).toEqual([]);
      const metrics = parseMetrics(await wrongUrl.runtime.metrics.registry.metrics());
      expect(sampleValue(metrics, 'recur_upstream_faults_total', { fault: 'bad_answer' })).toBe(1);
    } finally {
      await wrongUrl.close();
    }
  });

  it('a foreign upstream that echoes the card number in its error: the 502 and the logs carry it masked', async () => {
    // A stub upstream of the same API that refuses every purchase with a 400 quoting the card.
    const stub = createHttpsServer({ cert: upstream.tls.cert, key: upstream.tls.key }, (req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const pan = (JSON.parse(body || '{}') as { card_number?: string }).card_number ?? '';
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ successful: false, errors: [`Card ${pan} is not accepted here`], response: null, test: true }));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const echoing = await startTestApp({
      env: {
        UPSTREAM_GATEWAY_URL: `https://127.0.0.1:${(stub.address() as AddressInfo).port}/v1.0`,
        UPSTREAM_GATEWAY_USERNAME: 'someone',
        UPSTREAM_GATEWAY_TOKEN: 'something',
        UPSTREAM_GATEWAY_CA_FILE: caFile,
        UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
        ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
      },
    });
    try {
      const client = echoing.client('production', (await echoing.newMerchant('Echoing Upstream')).production);
      const res = await client.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('echo'), ...card() });
      expect(res.status).toBe(502);
      expect(res.body.errors[0]).toMatch(
        /^The upstream gateway did not answer as a gateway \(HTTP 400: Card 512345X+2346 is not accepted here\)/,
      );
      expect(res.text).not.toContain(APPROVED);
      expect(echoing.logs.join('')).not.toContain(APPROVED);
      expect(echoing.logs.join('')).toContain('upstream purchase not made');
    } finally {
      await echoing.close();
      await new Promise<void>((resolve) => stub.close(() => resolve()));
    }
  });

  it('a TLS handshake refused (untrusted certificate): 502 naming the certificate problem, pending false, no record', async () => {
    const untrusting = await startTestApp({
      env: {
        UPSTREAM_GATEWAY_URL: proxy.url('/v1.0'),
        UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
        UPSTREAM_GATEWAY_TOKEN: upMerchant.sandbox.api_token,
        UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
        ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
      },
    });
    try {
      const client = untrusting.client('production', (await untrusting.newMerchant('No CA')).production);
      const res = await client.post('/purchases', { amount: 1000, currency: 'AUD', reference: ref('untrusted'), ...card() });
      expect(res.status).toBe(502);
      expect(res.body.errors[0]).toMatch(/^The upstream gateway could not be reached \(.*certificate.*\); nothing was sent/i);
      expect(res.body.response).toMatchObject({ id: null, pending: false });
      expect(await untrusting.runtime.orm.em.fork().execute(`select id from gateway.purchases`)).toEqual([]);
    } finally {
      await untrusting.close();
    }
  });
});
