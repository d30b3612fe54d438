import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, fetch as undiciFetch } from 'undici';
import { createRecurClient, type FetchLike } from '../../client/src/index.ts';
import { makeClient, startTestApp, type ApiClient, type HttpResult, type TestApp } from '../helpers/test-app.ts';
import { createCard, createClock, createPlan, DECLINE, expectError, invoicesOf, settle, subscribe } from '../helpers/billing.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';
import type { Clock } from '../../src/platform/clock.ts';

// The console's users, sessions, roles and audit log (docs/console.md), through the API over
// real HTTPS, as the console's browser calls it: a cookie and a CSRF token, no Authorization header.

vi.setConfig({ testTimeout: 120_000 });

/** Real time plus an offset the tests move forward (session expiry); billing runs on test clocks. */
let offsetMs = 0;
// wall-clock: the app's clock in this test is real time shifted by what the expiry tests advance.
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const PASSWORD = 'correct horse battery staple';
let app: TestApp;
let merchant: NewMerchant;
let api: ApiClient;
const agents: Agent[] = [];
/** Every answer a console test saw, to scan for secrets at the end. */
const seen: string[] = [];
const users: Record<string, { id: string; email: string }> = {};
let nextAddress = 10;

beforeAll(async () => {
  app = await startTestApp({
    billing: true,
    clock,
    env: { AUTH_MAX_FAILURES: '3', CONSOLE_SESSION_IDLE_MINUTES: '30', CONSOLE_SESSION_MAX_HOURS: '1' },
  });
  merchant = await app.newMerchant('Console Shop');
  api = app.client('sandbox', merchant.sandbox);
  for (const role of ['viewer', 'support', 'billing', 'admin']) {
    const res = await api.post('/console/users', { email: `${role}@Console.example`, name: `The ${role}`, role, password: PASSWORD });
    expect(res.status, res.text).toBe(201);
    seen.push(res.text);
    users[role] = res.body.response;
  }
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await app?.close();
});

/** An agent whose connections come from their own loopback address, so that throttling in one test leaves the others alone. */
function freshAgent(): Agent {
  const agent = new Agent({ connect: { ca: app.tls.cert }, localAddress: `127.0.0.${nextAddress++}`, allowH2: false });
  agents.push(agent);
  return agent;
}

interface Console {
  cookie: string;
  csrf: string;
  login: HttpResult;
  get(path: string, environment?: 'sandbox' | 'production'): Promise<HttpResult>;
  send(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    csrf?: string | null,
    environment?: 'sandbox' | 'production',
  ): Promise<HttpResult>;
}

function record(res: HttpResult): HttpResult {
  seen.push(JSON.stringify(res.headers), res.text);
  return res;
}

async function logIn(role: string, password = PASSWORD): Promise<Console> {
  const agent = freshAgent();
  const open = makeClient(agent, app.listeners.urls.sandbox!, null);
  const login = record(await open.post('/console/sessions', { email: `${role}@console.example`, password }));
  expect(login.status, login.text).toBe(201);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const csrf = login.body.response.csrf_token;
  const client = (environment: 'sandbox' | 'production') =>
    makeClient(agent, environment === 'sandbox' ? app.listeners.urls.sandbox! : app.listeners.urls.production, null);
  return {
    cookie,
    csrf,
    login,
    get: async (path, environment = 'sandbox') => record(await client(environment).raw('GET', path, { headers: { cookie } })),
    send: async (method, path, body, token = csrf, environment = 'sandbox') =>
      record(
        await client(environment).raw(method, path, {
          body: body === undefined ? undefined : JSON.stringify(body),
          headers: {
            cookie,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token === null ? {} : { 'x-csrf-token': token }),
          },
        }),
      ),
  };
}

/** A subscription whose first invoice is paid, and one whose first invoice was declined. */
async function invoices() {
  const plan = await createPlan(api, { amount: 2999 });
  const clockRow = await createClock(api, '2027-01-01T00:00:00Z');
  const good = await createCard(api);
  const bad = await createCard(api, DECLINE);
  const paidSub = await subscribe(api, { plan_id: plan.id, card_token: good.token, test_clock_id: clockRow.id });
  const declinedSub = await subscribe(api, {
    plan_id: plan.id,
    card_token: bad.token,
    test_clock_id: clockRow.id,
    customer_reference: 'cust-2',
  });
  await settle(api, clockRow.id);
  const [paid] = await invoicesOf(api, paidSub.id);
  const [declined] = await invoicesOf(api, declinedSub.id);
  expect(paid!.status).toBe('paid');
  expect(declined!.status).not.toBe('paid');
  return { plan, paid: paid!, declined: declined!, declinedSub };
}

describe('logging in', () => {
  it('answers the user, a CSRF token and the expiry, and sets an HttpOnly, Secure, SameSite=Strict cookie holding an opaque token', async () => {
    const session = await logIn('viewer');
    expect(session.login.body).toMatchObject({ successful: true, errors: [], test: true });
    expect(session.login.body.response).toEqual({
      user: { id: users.viewer!.id, email: 'viewer@Console.example', name: 'The viewer', role: 'viewer', merchant_id: expect.any(String) },
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
    });
    const setCookie = String(session.login.headers['set-cookie']);
    expect(setCookie).toMatch(/^recur_console=[A-Za-z0-9_-]{43};/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) expect(setCookie).toContain(flag);
    const token = session.cookie.split('=')[1]!;
    // Only a keyed hash of the token is stored; the token is not the CSRF token.
    const rows = await app.runtime.sql.query<{ token_hash: string }>('select token_hash from console.sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(session.csrf).not.toBe(token);
    const again = await session.get('/console/session');
    expect(again.status).toBe(200);
    expect(again.body.response).toMatchObject({ user: session.login.body.response.user, csrf_token: session.csrf });
  });

  it('answers a wrong password and an unknown e-mail alike, in similar time', async () => {
    const open = makeClient(freshAgent(), app.listeners.urls.sandbox!, null);
    const wrong = await open.post('/console/sessions', { email: 'viewer@console.example', password: 'not the password' });
    const unknown = await open.post('/console/sessions', { email: 'nobody@console.example', password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expectError(record(res), 401, 'Wrong e-mail or password');
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.text).toBe(unknown.text);
    const time = async (email: string) => {
      const client = makeClient(freshAgent(), app.listeners.urls.sandbox!, null);
      const started = performance.now();
      await client.post('/console/sessions', { email, password: 'not the password' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const stranger: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time('viewer@console.example'));
      stranger.push(await time(`nobody${i}@console.example`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // Both run scrypt: neither is the fast path of a lookup that found nothing.
    expect(median(stranger)).toBeGreaterThan(median(known) * 0.5);
    expect(median(known)).toBeGreaterThan(median(stranger) * 0.5);
  });

  it('throttles failed logins like the API’s Basic credentials: 429 with Retry-After, even for the right password', async () => {
    const open = makeClient(freshAgent(), app.listeners.urls.sandbox!, null);
    for (let i = 0; i < 3; i++)
      expect((await open.post('/console/sessions', { email: 'support@console.example', password: 'wrong' })).status).toBe(401);
    const throttled = await open.post('/console/sessions', { email: 'support@console.example', password: PASSWORD });
    expectError(throttled, 429, /Too many failed/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad input with 422, never 5xx', async () => {
    const open = makeClient(freshAgent(), app.listeners.urls.sandbox!, null);
    expectError(await open.post('/console/sessions', { email: 'a@b.example' }), 422);
    expectError(await open.post('/console/sessions', { email: 'a@b.example', password: 'x', extra: 1 }), 422);
  });

  it('works on both listeners: the merchant is the user’s, the environment the listener’s', async () => {
    const session = await logIn('viewer');
    const sandbox = await session.get('/plans');
    const production = await session.get('/plans', 'production');
    expect(sandbox.status).toBe(200);
    expect(sandbox.body.test).toBe(true);
    expect(production.status).toBe(200);
    expect(production.body.test).toBe(false);
    // The same CSRF token and role rules on the production listener; the audit row says which listener.
    expectError(
      await session.send('POST', '/plans', { name: 'P', amount: 100, currency: 'AUD', interval: 'month' }, undefined, 'production'),
      403,
      /needs the billing role/,
    );
    const [row] = (await api.get(`/audit?user_id=${users.viewer!.id}`)).body.response;
    expect(row).toMatchObject({ environment: 'production', route: '/plans', outcome: 'refused', status: 403 });
  });

  it('logs out: the session ends, the cookie is cleared', async () => {
    const session = await logIn('viewer');
    const out = await session.send('DELETE', '/console/session');
    expect(out.status, out.text).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^recur_console=; Max-Age=0;/);
    const after = await session.get('/console/session');
    expectError(after, 401, /No console session/);
    expect(after.headers['www-authenticate']).toBeUndefined();
    expectError(await session.get('/plans'), 401);
    // Without a cookie: the session route sends no Basic challenge (a browser would open its
    // password dialog); every other route still challenges, as API clients expect.
    const bare = makeClient(freshAgent(), app.listeners.urls.sandbox!, null);
    const none = await bare.get('/console/session');
    expectError(none, 401, /No console session/);
    expect(none.headers['www-authenticate']).toBeUndefined();
    expect((await bare.get('/plans')).headers['www-authenticate']).toMatch(/^Basic/);
  });
});

describe('CSRF', () => {
  it('refuses a change without the token, and with a wrong one; a read needs none; API credentials need none', async () => {
    const session = await logIn('admin');
    expectError(
      await session.send('POST', '/plans', { name: 'P', amount: 100, currency: 'AUD', interval: 'month' }, null),
      403,
      /CSRF token missing/,
    );
    expectError(
      await session.send('POST', '/plans', { name: 'P', amount: 100, currency: 'AUD', interval: 'month' }, 'x'.repeat(43)),
      403,
      /CSRF token wrong/,
    );
    expect((await session.get('/plans')).status).toBe(200);
    const made = await session.send('POST', '/plans', { name: 'P', amount: 100, currency: 'AUD', interval: 'month' });
    expect(made.status, made.text).toBe(201);
    expect((await api.post('/plans', { name: 'Q', amount: 100, currency: 'AUD', interval: 'month' })).status).toBe(201);
  });
});

describe('roles, through the API', () => {
  let scene: Awaited<ReturnType<typeof invoices>>;
  beforeAll(async () => {
    scene = await invoices();
  });

  it('a viewer reads, but cannot refund or change a plan', async () => {
    const viewer = await logIn('viewer');
    expect((await viewer.get(`/invoices/${scene.paid.id}`)).status).toBe(200);
    expectError(
      await viewer.send('POST', `/invoices/${scene.paid.id}/refund`, { amount: 100 }),
      403,
      'This action needs the billing role; this console user is viewer',
    );
    expectError(await viewer.send('POST', `/plans/${scene.plan.id}/archive`), 403, /needs the billing role/);
    expectError(await viewer.send('POST', `/invoices/${scene.declined.id}/retry`), 403, /needs the support role/);
    // A preview makes the change (rolled back) and takes its locks: it needs the change's role.
    expectError(
      await viewer.send('POST', `/subscriptions/${scene.declinedSub.id}/preview`, { quantity: 2 }),
      403,
      /needs the billing role/,
    );
  });

  it('support retries an invoice and creates a card-update link, but cannot refund', async () => {
    const support = await logIn('support');
    const retry = await support.send('POST', `/invoices/${scene.declined.id}/retry`);
    expect(retry.status, retry.text).not.toBe(403);
    expect(retry.status).toBeLessThan(500);
    const link = await support.send('POST', '/hosted_links', { purpose: 'card_update', object_id: scene.declinedSub.id });
    expect(link.status, link.text).toBe(201);
    expectError(await support.send('POST', `/invoices/${scene.paid.id}/refund`, { amount: 100 }), 403, /needs the billing role/);
  });

  it('billing refunds, but manages no users, settings or webhook endpoints', async () => {
    const billing = await logIn('billing');
    const refund = await billing.send('POST', `/invoices/${scene.paid.id}/refund`, { amount: 1000, reason: 'Outage credit' });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.response.refunded_amount).toBe(1000);
    expectError(
      await billing.send('POST', '/console/users', { email: 'x@console.example', role: 'admin', password: PASSWORD }),
      403,
      /needs the admin role/,
    );
    expectError(await billing.get('/console/users'), 403, /needs the admin role/);
    expectError(await billing.send('PUT', '/settings/business', { name: 'Other' }), 403, /needs the admin role/);
    expectError(await billing.send('POST', '/webhooks', { url: 'https://example.com/hook' }), 403, /needs the admin role/);
  });

  it('admin does everything: archives a plan, manages console users', async () => {
    const admin = await logIn('admin');
    const archived = await admin.send('POST', `/plans/${scene.plan.id}/archive`);
    expect(archived.status, archived.text).toBe(200);
    const invoicing = await admin.send('PUT', '/settings/invoicing', { draft_hours: 2 });
    expect(invoicing.status, invoicing.text).toBe(200);
    const created = await admin.send('POST', '/console/users', { email: 'new@console.example', role: 'viewer', password: PASSWORD });
    expect(created.status, created.text).toBe(201);
    expect(created.body.response).toEqual({
      id: expect.any(String),
      merchant_id: expect.any(String),
      email: 'new@console.example',
      name: null,
      role: 'viewer',
      disabled: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const listed = await admin.get('/console/users');
    expect(listed.body.response.map((u: { email: string }) => u.email)).toContain('new@console.example');
    expect(listed.body.total_records).toBe(5);
    const promoted = await admin.send('PUT', `/console/users/${created.body.response.id}`, { role: 'support' });
    expect(promoted.body.response.role).toBe('support');
    expectError(await admin.send('POST', '/console/users', { email: 'NEW@console.example', role: 'viewer', password: PASSWORD }), 409);
    expectError(await admin.send('POST', '/console/users', { email: 'short@console.example', role: 'viewer', password: 'short' }), 422);
    expectError(await admin.send('PUT', `/console/users/${created.body.response.id}`, { role: 'owner' }), 422);
    // A user turned off loses its session at once, and cannot log in.
    const later = await logIn('new');
    const off = await admin.send('PUT', `/console/users/${created.body.response.id}`, { disabled: true });
    expect(off.body.response.disabled).toBe(true);
    expectError(await later.get('/console/session'), 401);
    const open = makeClient(freshAgent(), app.listeners.urls.sandbox!, null);
    expectError(await open.post('/console/sessions', { email: 'new@console.example', password: PASSWORD }), 401);
  });

  it('the audit log holds each change with its object before and after, and each refusal; billing and admin read it', async () => {
    const admin = await logIn('admin');
    const read = await admin.get(`/audit?limit=50`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ successful: true, page: 1 });
    const rows = read.body.response as any[];
    const archive = rows.find((r) => r.route === '/plans/:id/archive' && r.outcome === 'succeeded');
    expect(archive).toMatchObject({
      user_id: users.admin!.id,
      user_email: 'admin@Console.example',
      role: 'admin',
      environment: 'sandbox',
      method: 'POST',
      path: `/v1.0/plans/${scene.plan.id}/archive`,
      object_id: scene.plan.id,
      status: 200,
    });
    expect(archive.before).toMatchObject({ id: scene.plan.id, status: 'active', archived_at: null });
    expect(archive.after).toMatchObject({ id: scene.plan.id, status: 'archived' });
    expect(archive.after.archived_at).not.toBeNull();
    const refund = rows.find((r) => r.route === '/invoices/:id/refund' && r.outcome === 'succeeded');
    expect(refund).toMatchObject({
      role: 'billing',
      object_id: scene.paid.id,
      status: 200,
      body: { amount: 1000, reason: 'Outage credit' },
    });
    expect(refund.before).toMatchObject({ id: scene.paid.id, refunded_amount: 0 });
    expect(refund.after).toMatchObject({ id: scene.paid.id, refunded_amount: 1000 });
    const settings = rows.find((r) => r.route === '/settings/invoicing');
    expect(settings).toMatchObject({ method: 'PUT', object_id: null, outcome: 'succeeded', body: { draft_hours: 2 } });
    expect(settings.before.draft_hours).not.toBe(2);
    expect(settings.after.draft_hours).toBe(2);
    const refused = rows.find((r) => r.route === '/invoices/:id/refund' && r.role === 'viewer');
    expect(refused).toMatchObject({ outcome: 'refused', status: 403, after: null });
    const csrf = rows.find((r) => r.route === '/plans' && r.outcome === 'refused');
    expect(csrf).toMatchObject({ status: 403, method: 'POST' });
    // The password given to a new user is never kept.
    const made = rows.find((r) => r.route === '/console/users' && r.outcome === 'succeeded');
    expect(made.body).toEqual({ email: 'new@console.example', role: 'viewer', password: '[redacted]' });
    // Filters: by user, by time.
    const mine = await admin.get(`/audit?user_id=${users.billing!.id}&limit=50`);
    expect(mine.body.response.length).toBeGreaterThan(0);
    expect(new Set(mine.body.response.map((r: any) => r.user_id))).toEqual(new Set([users.billing!.id]));
    const none = await admin.get(`/audit?from=2099-01-01T00:00:00Z`);
    expect(none.body.response).toEqual([]);
    expectError(await admin.get('/audit?from=yesterday'), 422);
    expect((await (await logIn('billing')).get('/audit')).status).toBe(200);
    expectError(await (await logIn('support')).get('/audit'), 403, /needs the billing role/);
    // API credentials read it too, unchanged; the typed client pages through it with its filters.
    expect((await api.get('/audit')).status).toBe(200);
    const typed = createRecurClient({
      baseUrl: app.listeners.urls.sandbox!,
      username: merchant.sandbox.username,
      apiToken: merchant.sandbox.api_token,
      fetch: ((url: string, init: unknown) => undiciFetch(url, { ...(init as object), dispatcher: app.agent })) as unknown as FetchLike,
    });
    const listed: any[] = [];
    for await (const entry of typed.audit.list({ user_id: users.billing!.id, limit: 2 })) listed.push(entry);
    expect(listed.map((e) => e.id)).toEqual(mine.body.response.map((r: any) => r.id));
  });
});

describe('expiry', () => {
  it('ends a session left idle longer than CONSOLE_SESSION_IDLE_MINUTES', async () => {
    const session = await logIn('viewer');
    offsetMs += 29 * 60_000;
    expect((await session.get('/console/session')).status).toBe(200);
    offsetMs += 31 * 60_000;
    expectError(await session.get('/console/session'), 401, /No console session/);
  });

  it('ends a busy session CONSOLE_SESSION_MAX_HOURS after its login', async () => {
    const session = await logIn('viewer');
    for (let i = 0; i < 2; i++) {
      offsetMs += 25 * 60_000;
      expect((await session.get('/console/session')).status).toBe(200);
    }
    offsetMs += 25 * 60_000;
    expectError(await session.get('/console/session'), 401);
  });
});

describe('secrets', () => {
  it('no answer and no log line holds a password, a password hash or a session token', async () => {
    const tokens = (await Promise.all([logIn('viewer'), logIn('admin')])).map((s) => s.cookie.split('=')[1]!);
    const hashes = await app.runtime.sql.query<{ password_hash: string }>('select password_hash from console.users');
    const everything = [...seen, ...app.logs].join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain('scrypt$');
    for (const { password_hash } of hashes) expect(everything).not.toContain(password_hash.split('$')[5]);
    // A session's token is in its own Set-Cookie header and nowhere else.
    for (const token of tokens) expect(everything.split(token).length - 1).toBeLessThanOrEqual(1);
    expect(app.logs.join('\n')).not.toMatch(/recur_console=[A-Za-z0-9_-]{10}/);
  });
});
