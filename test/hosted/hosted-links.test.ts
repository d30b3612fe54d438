import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { APPROVE, createCard, createPlan, expectError, invoicesOf, merchantClient, subscribe } from '../helpers/billing.ts';
import { HOSTED_CONTENT_SECURITY_POLICY, HOSTED_RATE_LIMITS } from '../../src/hosted/hosted-routes.ts';
import { findRedisServer, startPrivateRedis } from '../helpers/redis-server.ts';

// The customer links over HTTPS without a browser: the merchant's API that creates and revokes
// them, the card-update page of a customer (every billed subscription moves to the new card), the
// pages' headers and cookie, CSRF refusals, the rate limits, and links shown on the wrong listener.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;
let api: ApiClient;
let origin: string;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
  api = await merchantClient(app, 'Hosted Links');
  origin = new URL(app.listeners.urls.sandbox!).origin;
});
afterAll(async () => {
  await app?.close();
});

async function page(url: string, init: { method?: 'GET' | 'POST'; body?: string; cookie?: string } = {}) {
  const res = await request(url, {
    method: init.method ?? 'GET',
    dispatcher: app.agent,
    headers: {
      ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body,
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** The page's form: its CSRF token and the cookie it came with. */
async function formOf(url: string): Promise<{ csrf: string; cookie: string }> {
  const got = await page(url);
  expect(got.status, got.text).toBe(200);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(got.text)![1]!;
  const setCookie = ([] as string[]).concat(got.headers['set-cookie'] ?? []);
  return { csrf, cookie: setCookie.map((c) => c.split(';')[0]).join('; ') };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const CARD = { card_holder: 'Grace Hopper', card_number: '4005 5500 0000 0001', card_expiry: '11/31', cvv: '123' };

describe('customer links', () => {
  let customerId: string;
  let subs: any[];
  let linkUrl: string;
  let linkId: string;

  beforeAll(async () => {
    const customer = await api.post('/customers', { name: 'Grace', email: 'grace@example.com', currency: 'AUD' });
    customerId = customer.body.response.id;
    const plan = await createPlan(api);
    subs = [];
    for (let i = 0; i < 2; i++) {
      const card = await createCard(api, APPROVE);
      subs.push(await subscribe(api, { plan_id: plan.id, card_token: card.token, customer_id: customerId }));
    }
  });

  it('creates a link for a customer through the API, answers its page with the strict headers and a strict cookie', async () => {
    const created = await api.post('/hosted_links', { purpose: 'card_update', object_id: customerId });
    expect(created.status, created.text).toBe(201);
    const link = created.body.response;
    expect(link).toMatchObject({ purpose: 'card_update', object_id: customerId, link_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(link.url.startsWith(`${origin}/card/`)).toBe(true);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    linkUrl = link.url;
    linkId = link.link_id;
    const got = await page(linkUrl);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toMatch(/^text\/html/);
    expect(got.headers['content-security-policy']).toBe(HOSTED_CONTENT_SECURITY_POLICY);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.headers['referrer-policy']).toBe('no-referrer');
    expect(got.headers['x-frame-options']).toBe('DENY');
    const cookie = ([] as string[]).concat(got.headers['set-cookie'] ?? []).join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(got.text).toContain('Test mode');
    expect(got.text).not.toMatch(/<script|style=/i);
    const css = await page(`${origin}/hosted/hosted.css`);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('refuses the API for another merchant’s object, an unknown one and a bad purpose', async () => {
    const other = await merchantClient(app, 'Other Merchant');
    expectError(await other.post('/hosted_links', { purpose: 'card_update', object_id: customerId }), 404);
    expectError(await api.post('/hosted_links', { purpose: 'invoice', object_id: subs[0].id }), 404);
    expectError(await api.post('/hosted_links', { purpose: 'card_update', object_id: '00000000-0000-4000-8000-000000000000' }), 404);
    expectError(await api.post('/hosted_links', { purpose: 'refund', object_id: customerId }), 422);
    expectError(await api.post('/hosted_links', { purpose: 'invoice', object_id: customerId, extra: 1 }), 422);
  });

  it('refuses a form without its CSRF token, or with the token of another link', async () => {
    const { cookie } = await formOf(linkUrl);
    const none = await page(linkUrl, { method: 'POST', body: form(CARD), cookie });
    expect(none.status).toBe(403);
    expect(none.text).toContain('The form expired');
    const other = (await api.post('/hosted_links', { purpose: 'card_update', object_id: subs[0].id })).body.response;
    const foreign = await formOf(other.url);
    const crossed = await page(linkUrl, { method: 'POST', body: form({ ...CARD, _csrf: foreign.csrf }), cookie: foreign.cookie });
    expect(crossed.status).toBe(403);
    // Unknown fields are refused, as on every write.
    const mine = await formOf(linkUrl);
    const extra = await page(linkUrl, { method: 'POST', body: form({ ...CARD, _csrf: mine.csrf, note: 'x' }), cookie: mine.cookie });
    expect(extra.status).toBe(400);
    expect(extra.text).not.toContain('4005');
  });

  it('moves every billed subscription of the customer to the new card, once; the link then says it was used', async () => {
    const { csrf, cookie } = await formOf(linkUrl);
    const saved = await page(linkUrl, { method: 'POST', body: form({ ...CARD, _csrf: csrf }), cookie });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).toContain('Your card was saved');
    expect(saved.text).toContain('400555XXXXXX0001');
    const tokens = await Promise.all(subs.map(async (s) => (await api.get(`/subscriptions/${s.id}`)).body.response.card_token));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(subs[0].card_token);
    const again = await page(linkUrl);
    expect(again.status).toBe(410);
    expect(again.text).toContain('This link was already used');
    const resubmit = await page(linkUrl, { method: 'POST', body: form({ ...CARD, _csrf: csrf }), cookie });
    expect(resubmit.status).toBe(410);
  });

  it('revokes a link: its page answers 410, a second revocation keeps the first time', async () => {
    const invoice = (await invoicesOf(api, subs[0].id))[0]!;
    const created = (await api.post('/hosted_links', { purpose: 'invoice', object_id: invoice.id })).body.response;
    expect((await page(created.url)).status).toBe(200);
    const revoked = await api.post(`/hosted_links/${created.link_id}/revoke`, {});
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.response.link_id).toBe(created.link_id);
    const gone = await page(created.url);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This link was withdrawn');
    const twice = await api.post(`/hosted_links/${created.link_id}/revoke`, {});
    expect(twice.body.response.revoked_at).toBe(revoked.body.response.revoked_at);
    expectError(await api.post('/hosted_links/not-a-link/revoke', {}), 404);
    // Another merchant's revocation does not touch this merchant's links.
    const other = await merchantClient(app, 'Revoker');
    const mine = (await api.post('/hosted_links', { purpose: 'invoice', object_id: invoice.id })).body.response;
    expect((await other.post(`/hosted_links/${mine.link_id}/revoke`, {})).status).toBe(200);
    expect((await page(mine.url)).status).toBe(200);
  });

  it('answers a sandbox link on the production listener as not found', async () => {
    const created = (await api.post('/hosted_links', { purpose: 'card_update', object_id: subs[1].id })).body.response;
    const production = new URL(app.listeners.urls.production).origin;
    const got = await page(production + new URL(created.url).pathname);
    expect(got.status).toBe(404);
    expect(got.text).toContain('Link not found');
  });

  it('limits requests per link, with a page that says so', async () => {
    const created = (await api.post('/hosted_links', { purpose: 'card_update', object_id: subs[1].id })).body.response;
    const statuses: number[] = [];
    for (let i = 0; i < HOSTED_RATE_LIMITS.perLinkPerMinute + 1; i++) statuses.push((await page(created.url)).status);
    expect(statuses.slice(0, HOSTED_RATE_LIMITS.perLinkPerMinute).every((s) => s === 200)).toBe(true);
    const limited = await page(created.url);
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('Too many requests');
    expect(limited.headers['content-security-policy']).toBe(HOSTED_CONTENT_SECURITY_POLICY);
  });
});

describe('rate limits in one store', () => {
  // A fresh app: its own Redis prefix, so that no request of the tests above counts here.
  let fresh: TestApp;
  afterAll(async () => {
    await fresh?.close();
  });

  it("count one client's requests on every listener together in Redis, as every process of a deployment shares it", async () => {
    fresh = await startTestApp({ billing: true });
    const merchant = await merchantClient(fresh, 'Hosted Limits');
    const plan = await createPlan(merchant);
    const card = await createCard(merchant, APPROVE);
    const sub = await subscribe(merchant, { plan_id: plan.id, card_token: card.token });
    const links = [];
    for (let i = 0; i < 5; i++)
      links.push((await merchant.post('/hosted_links', { purpose: 'card_update', object_id: sub.id })).body.response);
    const sandbox = new URL(fresh.listeners.urls.sandbox!).origin;
    const production = new URL(fresh.listeners.urls.production).origin;
    const get = async (url: string) => {
      const res = await request(url, { dispatcher: fresh.agent });
      await res.body.text();
      return res.statusCode;
    };
    // Half the address's budget on each listener, each link within its own limit: 60 pages on the
    // sandbox listener, 60 refusals (another environment's link) on the production listener.
    const perLink = HOSTED_RATE_LIMITS.perLinkPerMinute;
    const half = HOSTED_RATE_LIMITS.perAddressPerMinute / 2;
    const statuses: number[] = [];
    for (let i = 0; i < half; i++) statuses.push(await get(sandbox + new URL(links[Math.floor(i / perLink)].url).pathname));
    for (let i = 0; i < half; i++) statuses.push(await get(production + new URL(links[2 + Math.floor(i / perLink)].url).pathname));
    expect(statuses.slice(0, half).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(half).every((s) => s === 404)).toBe(true);
    if (fresh.runtime.redis) {
      // The address has used its budget on the two listeners together: a fresh link is refused on either.
      expect(await get(sandbox + new URL(links[4].url).pathname)).toBe(429);
      expect(await get(production + new URL(links[4].url).pathname)).toBe(429);
      const keys = await fresh.runtime.redis.keys(`${fresh.runtime.config.REDIS_PREFIX}:hosted-rate:*`);
      expect(keys.length).toBeGreaterThan(0);
    } else {
      // Without Redis (queues on PostgreSQL) each listener counts in this process's memory (docs/operations.md).
      expect(await get(sandbox + new URL(links[4].url).pathname)).toBe(200);
    }
  });

  // A Redis of this test's own, paused: the run's Redis is shared by the other test files.
  it.skipIf(inject('queueBackend') !== 'redis' || !findRedisServer())(
    "serve the pages while their Redis does not answer: the limits are skipped after the connection's timeout, not waited for",
    async () => {
      const own = await startPrivateRedis();
      const admin = new Redis(own.url, { maxRetriesPerRequest: 1 });
      let stalled: TestApp | undefined;
      try {
        stalled = await startTestApp({ billing: true, env: { REDIS_URL: own.url } });
        const merchant = await merchantClient(stalled, 'Hosted Stalled Redis');
        const plan = await createPlan(merchant);
        const card = await createCard(merchant, APPROVE);
        const sub = await subscribe(merchant, { plan_id: plan.id, card_token: card.token });
        const link = (await merchant.post('/hosted_links', { purpose: 'card_update', object_id: sub.id })).body.response;
        const get = async () => {
          const res = await request(link.url, { dispatcher: stalled!.agent });
          await res.body.text();
          return res.statusCode;
        };
        expect(await get()).toBe(200);
        // Every client of that Redis waits for 5 s; the page answers before the pause ends.
        const pauseMs = 5_000;
        await admin.call('client', 'pause', String(pauseMs), 'all');
        const t0 = performance.now();
        expect(await get()).toBe(200);
        expect(performance.now() - t0).toBeLessThan(pauseMs);
      } finally {
        await admin.quit().catch(() => admin.disconnect());
        await stalled?.close();
        await own.stop();
      }
    },
  );
});
