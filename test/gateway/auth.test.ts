import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { makeClient, startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

let app: TestApp;
let merchant: NewMerchant;

beforeAll(async () => {
  app = await startTestApp({ env: { AUTH_MAX_FAILURES: '3', AUTH_MAX_FAILURES_PER_ADDRESS: '12' } });
  merchant = await app.newMerchant('Auth Shop');
});
const agents: Agent[] = [];
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await app?.close();
});

/** A sandbox client whose connections come from another loopback address (the whole of 127/8 is local). */
function fromAddress(address: string, credentials: { username: string; api_token: string }): ApiClient {
  const agent = new Agent({ connect: { ca: app.tls.cert }, localAddress: address, allowH2: false });
  agents.push(agent);
  return makeClient(agent, app.listeners.urls.sandbox!, credentials);
}

describe('authentication', () => {
  it('issues a TEST-prefixed sandbox username and a production one, with 256-bit tokens', () => {
    expect(merchant.sandbox.username.startsWith('TEST')).toBe(true);
    expect(merchant.production.username.startsWith('TEST')).toBe(false);
    expect(Buffer.from(merchant.sandbox.api_token, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('accepts valid credentials, the username in any case', async () => {
    const upper = await app.client('sandbox', merchant.sandbox).get('/health');
    expect(upper.status).toBe(200);
    expect(upper.body).toMatchObject({ successful: true, errors: [], test: true, response: { echo: 'NONE' } });
    const lower = await app
      .client('sandbox', { ...merchant.sandbox, username: merchant.sandbox.username.toLowerCase() })
      .get('/health?echo=ping');
    expect(lower.status).toBe(200);
    expect(lower.body.response.echo).toBe('ping');
    expect(typeof lower.body.response.timestamp).toBe('string');
  });

  it('answers 401 with a Basic challenge for missing, malformed or wrong credentials', async () => {
    const cases = [
      app.client('sandbox', null).get('/health'),
      app.client('sandbox', null).raw('GET', '/health', { headers: { authorization: 'Bearer abc' } }),
      app.client('sandbox', { username: 'TESTnobody', api_token: 'x' }).get('/health'),
      app.client('sandbox', { ...merchant.sandbox, api_token: merchant.sandbox.api_token.toUpperCase() }).get('/health'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="/);
      expect(res.body).toEqual({ successful: false, response: null, errors: ['Invalid credentials'], test: true });
    }
  });

  it('answers 403 to credentials of the other environment', async () => {
    const sandboxOnProduction = await app.client('production', merchant.sandbox).get('/health');
    expect(sandboxOnProduction.status).toBe(403);
    expect(sandboxOnProduction.body.test).toBe(false);
    expect(sandboxOnProduction.body.errors).toEqual(['Sandbox credentials cannot be used in production']);
    const productionOnSandbox = await app.client('sandbox', merchant.production).get('/health');
    expect(productionOnSandbox.status).toBe(403);
    expect(productionOnSandbox.body.errors).toEqual(['Production credentials cannot be used in the sandbox']);
  });

  it('sets the JSON content type, no-store and a request id on every response', async () => {
    const res = await app.client('sandbox', null).get('/health');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('throttles a username after repeated failures, even with the right token, until the window passes', async () => {
    const victim = await app.newMerchant('Throttled');
    const wrong = app.client('sandbox', { ...victim.sandbox, api_token: 'wrong' });
    for (let i = 0; i < 3; i++) expect((await wrong.get('/health')).status).toBe(401);
    const throttled = await app.client('sandbox', victim.sandbox).get('/health');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Other merchants are unaffected.
    expect((await app.client('sandbox', merchant.sandbox).get('/health')).status).toBe(200);
    const audit = await app.runtime.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from gateway.audit_events where action = 'auth.failed'`);
    expect(audit[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('throttles an unknown username exactly like a known one', async () => {
    const known = await app.newMerchant('Known');
    const statuses = async (client: ApiClient) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) out.push((await client.get('/health')).status);
      return out;
    };
    const forKnown = await statuses(fromAddress('127.0.0.5', { ...known.sandbox, api_token: 'wrong' }));
    const forUnknown = await statuses(fromAddress('127.0.0.5', { username: 'TESTnosuchname', api_token: 'wrong' }));
    expect(forKnown).toEqual([401, 401, 401, 429]);
    expect(forUnknown).toEqual(forKnown);
  });

  it('does not let failures from one address lock the owner out from another', async () => {
    const owner = await app.newMerchant('Owner');
    const attacker = fromAddress('127.0.0.6', { ...owner.sandbox, api_token: 'guess' });
    for (let i = 0; i < 3; i++) expect((await attacker.get('/health')).status).toBe(401);
    expect((await attacker.get('/health')).status).toBe(429);
    // The attacker's address stays throttled for this name, even with the right token ...
    expect((await fromAddress('127.0.0.6', owner.sandbox).get('/health')).status).toBe(429);
    // ... while the owner, from their own address, gets in.
    expect((await fromAddress('127.0.0.7', owner.sandbox).get('/health')).status).toBe(200);
  });

  it('throttles an address guessing across many usernames, and only that address', async () => {
    const victim = await app.newMerchant('Sprayed');
    const address = '127.0.0.8';
    for (let i = 0; i < 12; i++) {
      const res = await fromAddress(address, { username: `TESTspray${i}`, api_token: 'x' }).get('/health');
      expect(res.status).toBe(401);
    }
    const blocked = await fromAddress(address, victim.sandbox).get('/health');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fromAddress('127.0.0.9', victim.sandbox).get('/health')).status).toBe(200);
  });

  it('stores no username or address in clear in its counters', async () => {
    const rows = await app.runtime.sql.query<{ key: string }>('select key from gateway.auth_failures');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses plain HTTP on the API port', async () => {
    const { port } = new URL(app.listeners.urls.sandbox!);
    const { request } = await import('undici');
    await expect(request(`http://127.0.0.1:${port}/v1.0/health`, { headersTimeout: 5_000 })).rejects.toThrow();
  });
});
