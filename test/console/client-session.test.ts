import { describe, expect, it } from 'vitest';
import { createRecurClient, type FetchInit, type FetchLike, type RecurSession } from '../../client/src/index.ts';

// The typed client's session mode, as the console uses it in a browser: no Authorization header,
// the browser's cookie (credentials: 'same-origin'), and the CSRF token on every request but a GET,
// read at each request (a login sets it later). Credentials mode is unchanged: Basic auth, no token.

function recording(): { calls: { url: string; init: FetchInit }[]; fetch: FetchLike } {
  const calls: { url: string; init: FetchInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const body = JSON.stringify({ successful: true, response: { id: 'p1' }, errors: [], test: true });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

describe('the typed client in session mode', () => {
  it('sends the cookie and the CSRF token, never an Authorization header', async () => {
    const { calls, fetch } = recording();
    const session: RecurSession = { csrfToken: undefined };
    const client = createRecurClient({ baseUrl: 'https://recur.example', session, fetch });
    await client.plans.get('p1');
    session.csrfToken = 'token-after-login';
    await client.plans.get('p1');
    await client.plans.archive('p1');
    await client.subscriptions.update('s1', { quantity: 2 });

    expect(calls.map((c) => `${c.init.method} ${new URL(c.url).pathname}`)).toEqual([
      'GET /v1.0/plans/p1',
      'GET /v1.0/plans/p1',
      'POST /v1.0/plans/p1/archive',
      'PUT /v1.0/subscriptions/s1',
    ]);
    for (const { init } of calls) {
      expect(init.credentials).toBe('same-origin');
      expect(Object.keys(init.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    }
    const csrf = calls.map((c) => c.init.headers['x-csrf-token']);
    expect(csrf).toEqual([undefined, undefined, 'token-after-login', 'token-after-login']);
    // POSTs still carry an Idempotency-Key, from Web Crypto (as in a browser).
    expect(calls[2]!.init.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps Basic auth and sends no CSRF token with merchant credentials', async () => {
    const { calls, fetch } = recording();
    const client = createRecurClient({ baseUrl: 'https://recur.example/v1.0', username: 'acme', apiToken: 'sécret', fetch });
    await client.plans.archive('p1');
    const { headers, credentials } = calls[0]!.init;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('acme:sécret').toString('base64')}`);
    expect(headers['x-csrf-token']).toBeUndefined();
    expect(credentials).toBeUndefined();
  });
});
