import { createServer, type Server } from 'node:https';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testTls, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { verifySignature } from '../../../src/billing/webhooks/webhook-signature.ts';
import { liveJobOf, webhookWorkId } from '../../../src/queues/queues.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let app: TestApp;
let api: ApiClient;
let receiver: Server;
let base: string;
const received: Received[] = [];
let failuresLeft = 5;
/** `/switch` answers 503 until this is set. */
let switchOn = false;

/** Polls `probe` until it answers; on a timeout, says where billing and the webhook queue were stuck. */
function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 30_000) {
  return waitFor(probe, {
    timeout: ms,
    interval: 50,
    message: async () => {
      const state = await app.runtime.sql.query(
        `select (select json_agg(json_build_object('s', status, 'a', attempt_count)) from billing.invoices) as invoices,
                  (select count(*) from billing.events where not relayed) as unrelayed,
                  (select json_agg(json_build_object('s', status, 'a', attempts, 'e', last_error)) from billing.webhook_deliveries) as deliveries,
                  (select json_agg(json_build_object('s', status, 'n', next_charge_at)) from billing.subscriptions) as subs`,
      );
      const counts = await app.runtime.queues.webhook.getJobCounts();
      return `${what}: ${JSON.stringify(state)} ${JSON.stringify(counts)} ${app.logs
        .filter((l) => l.includes('webhook'))
        .slice(0, 3)
        .join(' ')}`;
    },
  });
}

beforeAll(async () => {
  const tls = await testTls();
  receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end();
      } else if (req.url === '/switch' && !switchOn) {
        res.writeHead(503).end('down');
      } else if (req.url === '/flaky' && failuresLeft > 0) {
        failuresLeft--;
        res.writeHead(500).end('not yet');
      } else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const dir = await mkdtemp(join(tmpdir(), 'recur-webhook-ca-'));
  await writeFile(join(dir, 'ca.pem'), tls.cert);
  app = await startTestApp({ billing: true, env: { WEBHOOK_BACKOFF_BASE_MS: '50', WEBHOOK_CA_FILE: join(dir, 'ca.pem') } });
  api = app.client('sandbox', (await app.newMerchant('Webhook Shop')).sandbox);
});
afterAll(async () => {
  await app?.close();
  await new Promise((r) => receiver?.close(r));
});

async function paidInvoice(): Promise<string> {
  const card = (await api.post('/credit_cards', { card_holder: 'W', card_number: '5123456789012346', card_expiry: '05/2031', cvv: '123' }))
    .body.response;
  const plan = (await api.post('/plans', { name: 'Hooked', amount: 990, currency: 'AUD', interval: 'month' })).body.response;
  const sub = (await api.post('/subscriptions', { plan_id: plan.id, card_token: card.token, customer_reference: `w-${Date.now()}` })).body
    .response;
  return until('the first invoice paid', async () => {
    const invoices = (await api.get(`/invoices?subscription_id=${sub.id}`)).body.response;
    return invoices[0]?.status === 'paid' && invoices[0].id;
  });
}

describe('webhooks', () => {
  it('validates endpoints and shows the secret once', async () => {
    expect((await api.post('/webhooks', { url: 'ftp://example.com/x', events: ['invoice.paid'] })).body.errors).toEqual([
      'url must use https',
    ]);
    expect((await api.post('/webhooks', { url: `${base}/x`, events: ['no.such'] })).status).toBe(422);
    expect((await api.post('/webhooks', { url: `${base}/x`, events: ['invoice.paid'], extra: 1 })).status).toBe(422);
    const created = await api.post('/webhooks', { url: `${base}/listed`, events: ['invoice.paid'] });
    expect(created.status).toBe(201);
    expect(created.body.response).toMatchObject({
      url: `${base}/listed`,
      events: ['invoice.paid'],
      secret: expect.stringMatching(/^whsec_/),
    });
    const shown = await api.get(`/webhooks/${created.body.response.id}`);
    expect(shown.body.response.secret).toBeUndefined();
    expect((await api.get('/webhooks')).body.response.some((w: { id: string }) => w.id === created.body.response.id)).toBe(true);
    const other = app.client('sandbox', (await app.newMerchant('Other Shop')).sandbox);
    expect((await other.get(`/webhooks/${created.body.response.id}`)).status).toBe(404);
    expect((await api.raw('DELETE', `/webhooks/${created.body.response.id}`)).body.response).toEqual({
      id: created.body.response.id,
      deleted: true,
    });
    expect((await api.get(`/webhooks/${created.body.response.id}`)).status).toBe(404);
  });

  it('refuses a private receiver for a production endpoint even where the sandbox may use one', async () => {
    const merchant = await app.newMerchant('Private Receivers');
    // This deployment lets sandbox endpoints reach private networks (WEBHOOK_ALLOW_PRIVATE_URLS defaults on outside NODE_ENV=production).
    const sandbox = await app.client('sandbox', merchant.sandbox).post('/webhooks', { url: `${base}/x`, events: ['invoice.paid'] });
    expect(sandbox.status, sandbox.text).toBe(201);
    const production = app.client('production', merchant.production);
    for (const url of [`${base}/x`, 'https://[::7f00:1]/x', 'https://[64:ff9b::7f00:1]/x', 'https://198.18.0.1/x']) {
      const res = await production.post('/webhooks', { url, events: ['invoice.paid'] });
      expect(res.status, url).toBe(422);
      expect(res.body.errors, url).toContain('url may not point at a private, loopback or link-local address');
    }
    const http = await production.post('/webhooks', { url: 'http://example.com/x', events: ['invoice.paid'] });
    expect(http.body.errors).toEqual(['url must use https']);
  });

  it('delivers signed events to an HTTPS receiver and survives one that fails five times first', async () => {
    const hook = (await api.post('/webhooks', { url: `${base}/flaky`, events: ['invoice.paid'] })).body.response;
    const invoiceId = await paidInvoice();
    const delivered = await until('a delivered webhook', async () => {
      const deliveries = (await api.get(`/webhooks/${hook.id}/deliveries`)).body.response;
      return deliveries.find((d: { status: string }) => d.status === 'delivered');
    });
    expect(delivered.event_type).toBe('invoice.paid');
    expect(delivered.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 500, 500, 500, 200]);
    const hits = received.filter((r) => r.path === '/flaky');
    expect(hits).toHaveLength(6);
    const last = hits.at(-1)!;
    const event = JSON.parse(last.body);
    expect(event).toMatchObject({ id: delivered.event_id, type: 'invoice.paid', data: { invoice_id: invoiceId } });
    const signature = String(last.headers['recur-signature']);
    expect(verifySignature(hook.secret, last.body, signature, new Date())).toBe(true);
    expect(verifySignature(hook.secret, last.body.replace('invoice.paid', 'invoice.void'), signature, new Date())).toBe(false);
    expect(verifySignature('whsec_wrong', last.body, signature, new Date())).toBe(false);
    // Each try is signed anew, and every try carries the same event id (receivers dedupe on it).
    expect(new Set(hits.map((h) => JSON.parse(h.body).id)).size).toBe(1);
  });

  it('POST /webhooks/{id}/deliveries/{delivery_id}/retry sends a failed delivery again; 409 once delivered, 404 for others', async () => {
    const hook = (await api.post('/webhooks', { url: `${base}/switch`, events: ['invoice.paid'] })).body.response;
    await paidInvoice();
    const first = await until('a failed try', async () => {
      const deliveries = (await api.get(`/webhooks/${hook.id}/deliveries`)).body.response;
      return deliveries.find((d: { attempts: unknown[] }) => d.attempts.length >= 1);
    });
    // As if its tries were spent: the delivery failed for good, and its job ends with nothing to send.
    await app.runtime.sql.query(`update billing.webhook_deliveries set status = 'failed' where id = $1`, [first.id]);
    await until(
      'the job finished',
      async () => !(await liveJobOf(app.runtime.queues.webhook, webhookWorkId({ deliveryId: first.id }))) || undefined,
    );
    const tries = (await api.get(`/webhooks/${hook.id}/deliveries`)).body.response[0].attempts.length;
    switchOn = true;
    const path = `/webhooks/${hook.id}/deliveries/${first.id}/retry`;
    const retried = await api.post(path, {});
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.response).toMatchObject({ id: first.id, status: 'pending' });
    const delivered = await until('the retried delivery delivered', async () => {
      const deliveries = (await api.get(`/webhooks/${hook.id}/deliveries`)).body.response;
      return deliveries.find((d: { status: string }) => d.status === 'delivered');
    });
    expect(delivered.attempts).toHaveLength(tries + 1);
    expect(delivered.attempts.at(-1).status_code).toBe(200);
    const again = await api.post(path, {});
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([`Webhook delivery ${first.id} is already delivered`]);
    expect((await api.post(`/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/retry`, {})).status).toBe(404);
    expect((await api.post(`/webhooks/${hook.id}/deliveries/not-a-uuid/retry`, {})).status).toBe(404);
    const other = app.client('sandbox', (await app.newMerchant('Not Their Delivery')).sandbox);
    expect((await other.post(path, {})).status).toBe(404);
  });

  it('never follows a redirect: a 3xx is a failed try', async () => {
    const hook = (await api.post('/webhooks', { url: `${base}/redirect`, events: ['invoice.created'] })).body.response;
    await paidInvoice();
    const delivery = await until('two tries of the redirecting endpoint', async () => {
      const deliveries = (await api.get(`/webhooks/${hook.id}/deliveries`)).body.response;
      return deliveries[0]?.attempts.length >= 2 && deliveries[0];
    });
    expect(delivery.status).not.toBe('delivered');
    expect(delivery.attempts[0]).toMatchObject({ status_code: 302, error: 'receiver answered HTTP 302' });
    expect(received.some((r) => r.path === '/elsewhere')).toBe(false);
  });
});
