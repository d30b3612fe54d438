import { createServer, type Server } from 'node:https';
import { connect, createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testTls, type TestApp } from '../helpers/test-app.ts';
import { APPROVE } from '../helpers/billing.ts';
import { waitFor } from '../helpers/wait-for.ts';
import {
  createRecurClient,
  RecurApiError,
  RecurNetworkError,
  verifyWebhook,
  type FetchLike,
  type RecurClient,
} from '../../client/src/index.ts';

// The typed client against a real Recur over HTTPS: the README's worked example, typed errors,
// pages, and retries that reuse the Idempotency-Key so a lost answer never creates twice.

/**
 * A TLS proxy in front of one listener: it forwards requests whole, but for the first `spoil`
 * requests it keeps Recur's answer from the client: closing the connection when the answer comes
 * (`drop`, a network error), answering 503 itself (`503`), or closing it as soon as the request is
 * forwarded (`cut`, while Recur is still working). Recur acts all the same: only the key can
 * prevent a second act.
 */
interface SpoilingProxy {
  url: string;
  requests: number;
  spoil: number;
  mode: 'drop' | '503' | 'cut';
  /** The status of every answer relayed to the client. */
  statuses: number[];
  onStatus?: (status: number) => void;
  close(): Promise<void>;
}

async function spoilingProxy(target: string, tls: { cert: string; key: string }): Promise<SpoilingProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<TLSSocket>();
  const state: SpoilingProxy = { url: '', requests: 0, spoil: 0, mode: 'drop', statuses: [], close: async () => {} };
  const server: TlsServer = createTlsServer({ cert: tls.cert, key: tls.key }, (client) => {
    const upstream = connect({ host: hostname, port: Number(port), ca: tls.cert, servername: undefined });
    sockets.add(client).add(upstream);
    let spoiled = false;
    client.on('data', (chunk: Buffer) => {
      // One request per chunk is enough here: the client's requests are small.
      if (/^(GET|POST|PUT|DELETE) /.test(chunk.toString('latin1'))) {
        state.requests++;
        spoiled = state.spoil > 0;
        if (spoiled) state.spoil--;
      }
      upstream.write(chunk);
      // 'cut': the request goes on to Recur, the client loses its connection at once.
      if (spoiled && state.mode === 'cut') setImmediate(() => client.destroy());
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!spoiled) {
        const status = /^HTTP\/1\.1 (\d{3}) /.exec(chunk.toString('latin1'));
        if (status) {
          state.statuses.push(Number(status[1]));
          state.onStatus?.(Number(status[1]));
        }
        return void client.write(chunk);
      }
      spoiled = false;
      if (state.mode === 'cut') return; // that client is gone already
      if (state.mode === 'drop') {
        client.destroy();
        upstream.destroy();
      } else {
        client.end(
          'HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 11\r\nconnection: close\r\n\r\nunavailable',
        );
        upstream.destroy();
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    // A cut client leaves its request running upstream: only the end of the upstream ends both.
    client.on('error', () => client.destroy()).on('close', () => state.mode !== 'cut' && end());
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}

let app: TestApp;
let credentials: { username: string; api_token: string };
let client: RecurClient;
let receiver: Server;
let receiverUrl: string;
const verified: { type: string; valid: boolean; tampered: boolean }[] = [];
let webhookSecret = '';
let fetchThroughAgent: FetchLike;

function clientAt(baseUrl: string, retry = { retries: 2, baseDelayMs: 10 }): RecurClient {
  return createRecurClient({ baseUrl, username: credentials.username, apiToken: credentials.api_token, fetch: fetchThroughAgent, retry });
}

beforeAll(async () => {
  const tls = await testTls();
  // The receiver of the README's example: verify the raw body before trusting anything in it.
  receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const valid = verifyWebhook(raw, req.headers['recur-signature'], webhookSecret, { toleranceSeconds: 300 });
      const tampered = verifyWebhook(Buffer.concat([raw, Buffer.from(' ')]), req.headers['recur-signature'], webhookSecret);
      verified.push({ type: valid ? JSON.parse(raw.toString('utf8')).type : '?', valid, tampered });
      res.writeHead(valid ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/recur`;
  const dir = await mkdtemp(join(tmpdir(), 'recur-client-ca-'));
  await writeFile(join(dir, 'ca.pem'), tls.cert);
  app = await startTestApp({ billing: true, env: { WEBHOOK_CA_FILE: join(dir, 'ca.pem'), WEBHOOK_BACKOFF_BASE_MS: '50' } });
  credentials = (await app.newMerchant('Client Shop')).sandbox;
  fetchThroughAgent = (url, init) => undiciFetch(url, { ...(init as object), dispatcher: app.agent }) as unknown as Promise<Response>;
  client = clientAt(app.listeners.urls.sandbox!);
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('@recur/client against a real Recur', () => {
  it('runs the README example: a plan, a subscribed card, its invoices, a verified webhook', async () => {
    const hook = await client.webhooks.create({ url: receiverUrl, events: ['invoice.paid'] });
    webhookSecret = String(hook.secret);
    const plan = await client.plans.create({ name: 'Pro', amount: 2900, currency: 'AUD', interval: 'month' });
    const card = await client.cards.create({ card_holder: 'Ada Lovelace', card_number: APPROVE, card_expiry: '12/2039', cvv: '123' });
    const subscription = await client.subscriptions.create({
      plan_id: String(plan.id),
      card_token: String(card.token),
      customer_reference: 'cust-42',
    });
    const invoice = await waitFor(
      async () => {
        for await (const inv of client.invoices.list({ subscription_id: String(subscription.id) })) if (inv.status === 'paid') return inv;
        return undefined;
      },
      { message: 'the first invoice paid', timeout: 30_000, interval: 50 },
    );
    expect(invoice).toMatchObject({ amount: 2900, currency: 'AUD', subscription_id: subscription.id });
    expect(card.card_number).not.toContain(APPROVE.slice(6, 12));
    await waitFor(async () => verified.find((v) => v.type === 'invoice.paid'), {
      message: 'the signed invoice.paid delivery',
      timeout: 30_000,
      interval: 50,
    });
    expect(verified.every((v) => v.valid && !v.tampered)).toBe(true);

    // Its document, as bytes; an unknown one raises the envelope's error.
    const pdf = await client.invoices.pdf(String(invoice.id));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(pdf).toString('latin1').trimEnd()).toMatch(/%%EOF$/);
    const unknown = await client.creditNotes.pdf('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(unknown).toMatchObject({ name: 'RecurApiError', status: 404, errors: [expect.stringMatching(/Credit note/)] });
  });

  it('raises RecurApiError carrying the envelope errors and status', async () => {
    const error = await client.plans.create({ name: '', amount: -1, currency: 'AUD', interval: 'month' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecurApiError);
    expect((error as RecurApiError).status).toBe(422);
    expect((error as RecurApiError).errors.length).toBeGreaterThan(0);
    expect((error as RecurApiError).errors.join(' ')).toMatch(/amount|name/);
    const missing = await client.plans.get('no-such-plan').catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'RecurApiError', status: 404, errors: expect.any(Array) });
    const wrong = createRecurClient({
      baseUrl: app.listeners.urls.sandbox!,
      username: 'nobody',
      apiToken: 'nothing',
      fetch: fetchThroughAgent,
    });
    expect(await wrong.plans.get('x').catch((e: unknown) => e)).toMatchObject({ status: 401 });
  });

  it('iterates every page with for await', async () => {
    const other = (await app.newMerchant('Paging Shop')).sandbox;
    const paging = createRecurClient({
      baseUrl: app.listeners.urls.sandbox!,
      username: other.username,
      apiToken: other.api_token,
      fetch: fetchThroughAgent,
    });
    const created: string[] = [];
    for (let i = 0; i < 7; i++)
      created.push(String((await paging.plans.create({ name: `P${i}`, amount: 100 + i, currency: 'AUD', interval: 'month' })).id));
    const seen = await collect(paging.plans.list({ limit: 3 }));
    expect(seen.map((p) => p.id).sort()).toEqual([...created].sort());
    expect(await collect(paging.invoices.list({ status: 'past_due' }))).toEqual([]);
  });

  it('retries a POST whose answer was lost with the same Idempotency-Key: one plan, not two', async () => {
    const other = (await app.newMerchant('Retry Shop')).sandbox;
    for (const mode of ['drop', '503'] as const) {
      const proxy = await spoilingProxy(app.listeners.urls.sandbox!, await testTls());
      proxy.mode = mode;
      proxy.spoil = 1;
      try {
        const retrying = createRecurClient({
          baseUrl: proxy.url,
          username: other.username,
          apiToken: other.api_token,
          fetch: fetchThroughAgent,
          retry: { retries: 2, baseDelayMs: 10 },
        });
        const plan = await retrying.plans.create({ name: `Once ${mode}`, amount: 700, currency: 'AUD', interval: 'month' });
        expect(proxy.requests).toBe(2);
        const named = (await collect(retrying.plans.list())).filter((p) => p.name === `Once ${mode}`);
        expect(named.map((p) => p.id)).toEqual([plan.id]);
      } finally {
        await proxy.close();
      }
    }
  });

  it('waits out its own first try still running (409) and gets its answer: one plan', async () => {
    const other = (await app.newMerchant('Slow Shop')).sandbox;
    const proxy = await spoilingProxy(app.listeners.urls.sandbox!, await testTls());
    proxy.mode = 'cut';
    proxy.spoil = 1;
    // Plans cannot be written until the test lets go: the first try claims its key and waits.
    const db = new pg.Client({ connectionString: app.config.DATABASE_URL });
    await db.connect();
    await db.query('begin');
    await db.query('lock table billing.plans in exclusive mode');
    proxy.onStatus = (status) => {
      if (status === 409) void db.query('commit');
    };
    try {
      const retrying = createRecurClient({
        baseUrl: proxy.url,
        username: other.username,
        apiToken: other.api_token,
        fetch: fetchThroughAgent,
        retry: { retries: 8, baseDelayMs: 50 },
      });
      const plan = await retrying.plans.create({ name: 'Slow', amount: 800, currency: 'AUD', interval: 'month' });
      expect(proxy.statuses[0]).toBe(409);
      expect(proxy.statuses.at(-1)).toBe(201);
      expect((await collect(retrying.plans.list())).map((p) => p.id)).toEqual([plan.id]);
    } finally {
      await db.query('rollback').catch(() => {});
      await db.end();
      await proxy.close();
    }
  });

  it('gives up after the allowed retries with a RecurNetworkError', async () => {
    const proxy = await spoilingProxy(app.listeners.urls.sandbox!, await testTls());
    proxy.spoil = 10;
    try {
      const retrying = clientAt(proxy.url, { retries: 2, baseDelayMs: 5 });
      const error = await retrying.plans
        .create({ name: 'Never seen', amount: 1, currency: 'AUD', interval: 'month' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RecurNetworkError);
      expect(proxy.requests).toBe(3);
      // Three tries, one key: Recur made the plan once.
      expect((await collect(client.plans.list())).filter((p) => p.name === 'Never seen')).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('retries a purchase whose answer was lost by looking it up by reference: charged once', async () => {
    const card = await client.cards.create({ card_holder: 'Ada Lovelace', card_number: APPROVE, card_expiry: '12/2039', cvv: '123' });
    for (const mode of ['drop', '503', 'cut'] as const) {
      const proxy = await spoilingProxy(app.listeners.urls.sandbox!, await testTls());
      proxy.mode = mode;
      proxy.spoil = 1;
      try {
        const retrying = clientAt(proxy.url);
        const reference = `order-${mode}-${Date.now()}`;
        const purchase = await retrying.purchases.create({ card_token: String(card.token), amount: 1234, currency: 'AUD', reference });
        expect(purchase).toMatchObject({ reference, amount: 1234, successful: true });
        // The first try reached Recur whatever the proxy did with its answer: one purchase, adopted.
        const made = (await collect(client.purchases.list())).filter((p) => p.reference === reference);
        expect(made.map((p) => p.id)).toEqual([purchase.id]);
        expect(proxy.requests).toBeGreaterThanOrEqual(2);
      } finally {
        await proxy.close();
      }
    }
  });

  it('a purchase the gateway refuses is not retried', async () => {
    const proxy = await spoilingProxy(app.listeners.urls.sandbox!, await testTls());
    try {
      const retrying = clientAt(proxy.url);
      const error = await retrying.purchases
        .create({ card_token: 'nosuchtokenanywhere1', amount: 1234, currency: 'AUD', reference: `refused-${Date.now()}` })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RecurApiError);
      expect(proxy.requests).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});
