import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

let app: TestApp;
let merchant: NewMerchant;

beforeAll(async () => {
  app = await startTestApp({ env: { AUTH_MAX_FAILURES: '3' } });
  merchant = await app.newMerchant('Auth Shop');
});
afterAll(async () => {
  await app?.close();
});

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

  it('refuses plain HTTP on the API port', async () => {
    const { port } = new URL(app.listeners.urls.sandbox!);
    const { request } = await import('undici');
    await expect(request(`http://127.0.0.1:${port}/v1.0/health`, { headersTimeout: 5_000 })).rejects.toThrow();
  });
});
