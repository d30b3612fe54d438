import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent } from 'undici';
import { makeClient, startTestApp, type HttpResult, type TestApp } from '../helpers/test-app.ts';
import { expectError } from '../helpers/billing.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

// The merchant's API credentials through the API (docs/api.md#credentials): listed without their
// token, rotated by an admin console user or by the credentials themselves; the new token is in
// the rotation's answer only, and the old one is refused at once.

vi.setConfig({ testTimeout: 120_000 });

const PASSWORD = 'correct horse battery staple';
let app: TestApp;
let merchant: NewMerchant;
const agents: Agent[] = [];
/** Every answer seen, to scan for tokens. */
const seen: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.newMerchant('Credential Shop');
  const api = app.client('sandbox', merchant.sandbox);
  for (const role of ['viewer', 'support', 'billing', 'admin']) {
    const res = await api.post('/console/users', { email: `${role}@credentials.example`, role, password: PASSWORD });
    expect(res.status, res.text).toBe(201);
  }
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await app?.close();
});

function record(res: HttpResult): HttpResult {
  seen.push(JSON.stringify(res.headers), res.text);
  return res;
}

/** A console session of `role` on the sandbox listener: a cookie and a CSRF token. */
async function logIn(role: string) {
  const agent = new Agent({ connect: { ca: app.tls.cert }, allowH2: false });
  agents.push(agent);
  const open = makeClient(agent, app.listeners.urls.sandbox!, null);
  const login = await open.post('/console/sessions', { email: `${role}@credentials.example`, password: PASSWORD });
  expect(login.status, login.text).toBe(201);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const csrf = login.body.response.csrf_token as string;
  return {
    get: async (path: string) => record(await open.raw('GET', path, { headers: { cookie } })),
    post: async (path: string) => record(await open.raw('POST', path, { headers: { cookie, 'x-csrf-token': csrf } })),
  };
}

describe('API credentials', () => {
  it('lists the environment’s credential without any token', async () => {
    const res = record(await app.client('sandbox', merchant.sandbox).get('/credentials'));
    expect(res.status, res.text).toBe(200);
    expect(res.body.response).toEqual([
      {
        id: expect.any(String),
        username: merchant.sandbox.username.toLowerCase(),
        environment: 'sandbox',
        created_at: expect.any(String),
        rotated_at: null,
      },
    ]);
    const production = record(await app.client('production', merchant.production).get('/credentials'));
    expect(production.body.response.map((c: { environment: string }) => c.environment)).toEqual(['production']);
    expect(res.text).not.toContain(merchant.sandbox.api_token);
  });

  it('refuses the viewer, support and billing roles with 403 naming admin, reads and rotations alike', async () => {
    const [credential] = (await app.client('sandbox', merchant.sandbox).get('/credentials')).body.response;
    for (const role of ['viewer', 'support', 'billing']) {
      const session = await logIn(role);
      expectError(await session.get('/credentials'), 403, `This action needs the admin role; this console user is ${role}`);
      expectError(await session.get(`/credentials/${credential.id}`), 403, /needs the admin role/);
      expectError(await session.post(`/credentials/${credential.id}/rotate`), 403, /needs the admin role/);
    }
    // Nothing changed: the token still works.
    expect((await app.client('sandbox', merchant.sandbox).get('/credentials')).status).toBe(200);
  });

  it('an admin rotates: the new token is answered once, the old one is refused at once, and the audit keeps no token', async () => {
    const admin = await logIn('admin');
    const [credential] = (await admin.get('/credentials')).body.response;
    const rotated = await admin.post(`/credentials/${credential.id}/rotate`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const token = rotated.body.response.api_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.response).toMatchObject({ id: credential.id, username: credential.username, rotated_at: expect.any(String) });

    expectError(await app.client('sandbox', merchant.sandbox).get('/credentials'), 401, 'Invalid credentials');
    const fresh = app.client('sandbox', { username: merchant.sandbox.username, api_token: token });
    const listed = record(await fresh.get('/credentials'));
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.response[0].rotated_at).toBe(rotated.body.response.rotated_at);

    // Who rotated: the gateway's audit event names the console user; the console's audit row has no token.
    const events = await app.runtime.sql.query<{ actor: string; detail: unknown }>(
      `select actor, detail from gateway.audit_events where action = 'credential.rotated' and merchant_id = $1`,
      [merchant.merchant_id],
    );
    expect(events).toEqual([{ actor: expect.stringMatching(/^console:/), detail: { username: credential.username } }]);
    const audit = record(await admin.get('/audit'));
    const row = audit.body.response.find((r: { route: string }) => r.route === '/credentials/:id/rotate');
    expect(row).toMatchObject({ outcome: 'succeeded', object_id: credential.id, after: { api_token: '[redacted]' } });
    expect(row.before).toMatchObject({ id: credential.id, rotated_at: null });

    // The token appears in the rotation's answer and nowhere else.
    const everything = [...seen, ...app.logs].join('\n');
    expect(everything.split(token).length - 1).toBe(1);
    merchant.sandbox.api_token = token;
  });

  it('the credentials themselves may rotate; another environment’s credential or an unknown id is not found', async () => {
    const api = app.client('sandbox', merchant.sandbox);
    const production = (await app.client('production', merchant.production).get('/credentials')).body.response[0];
    expectError(await api.post(`/credentials/${production.id}/rotate`), 404, `No credential ${production.id}`);
    expectError(await api.get(`/credentials/${production.id}`), 404);
    expectError(await api.post('/credentials/not-a-uuid/rotate'), 404);
    expect((await app.client('production', merchant.production).get('/credentials')).status).toBe(200);

    const [own] = (await api.get('/credentials')).body.response;
    const rotated = await api.post(`/credentials/${own.id}/rotate`);
    expect(rotated.status, rotated.text).toBe(200);
    expectError(await api.get('/credentials'), 401);
    const events = await app.runtime.sql.query<{ actor: string }>(
      `select actor from gateway.audit_events where action = 'credential.rotated' and merchant_id = $1 order by id`,
      [merchant.merchant_id],
    );
    expect(events.at(-1)!.actor).toBe(merchant.sandbox.username.toLowerCase());
  });
});
