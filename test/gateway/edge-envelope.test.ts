import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect as tcpConnect } from 'node:net';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { rawExchange, type RawExchange } from '../helpers/raw-tls.ts';
import { fetchPath } from '../helpers/ops.ts';

// Every answer of an API listener is the documented envelope with X-Request-Id, also the ones
// Node's HTTP layer gives before the router (an unknown expectation, an unparseable method,
// CONNECT), and a connection that never starts TLS is held no longer than the headers timeout.

const HEADERS_TIMEOUT_MS = 1_000;
/** Node checks its timers about once a second; the rest is room for a loaded machine. */
const SLACK_MS = 2_500;

let app: TestApp;
let ports: { sandbox: number; production: number };

beforeAll(async () => {
  app = await startTestApp({ env: { HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) } });
  ports = {
    sandbox: Number(new URL(app.listeners.urls.sandbox!).port),
    production: Number(new URL(app.listeners.urls.production).port),
  };
});
afterAll(async () => {
  await app?.close();
});

function enveloped(res: RawExchange, status: number, test: boolean, what: string): void {
  expect(res.status, `${what}: ${res.text}`).toBe(status);
  expect(res.headers['x-request-id'], what).toMatch(/^[0-9A-Za-z._-]{1,64}$/);
  expect(res.headers['cache-control'], what).toBe('no-store');
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  expect(res.body, what).toMatchObject({ successful: false, response: null, errors: [expect.any(String)], test });
}

describe('answers given before the router', () => {
  for (const listener of ['sandbox', 'production'] as const) {
    const test = listener === 'sandbox';

    it(`${listener}: an Expect other than 100-continue is a 417 in the envelope`, async () => {
      const res = await rawExchange(
        ports[listener],
        app.tls.cert,
        'GET /v1.0/health HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: foo\r\nConnection: close\r\n\r\n',
      );
      enveloped(res, 417, test, 'Expect: foo');
      expect(res.body.errors).toEqual(['Only the expectation 100-continue is supported']);
    });

    it(`${listener}: an unknown method's 400 carries X-Request-Id`, async () => {
      for (const line of ['FOO /v1.0/health HTTP/1.1', 'G\u00e9T / HTTP/1.1', 'BREW /v1.0/purchases HTTP/1.1']) {
        const res = await rawExchange(ports[listener], app.tls.cert, `${line}\r\nHost: 127.0.0.1\r\n\r\n`);
        enveloped(res, 400, test, line);
      }
    });

    it(`${listener}: CONNECT gets a 405 in the envelope, not a dropped connection`, async () => {
      for (const target of ['127.0.0.1:443', 'example.com:443', '/v1.0/health']) {
        const res = await rawExchange(ports[listener], app.tls.cert, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
        enveloped(res, 405, test, `CONNECT ${target}`);
        expect(res.body.errors).toEqual(['The CONNECT method is not supported']);
      }
    });

    it(`${listener}: an HTTP/1.1 request without Host is a 400 in the envelope (Node's own 400 had no body or headers)`, async () => {
      for (const line of ['GET /v1.0/health HTTP/1.1', 'GET * HTTP/1.1', 'GET / HTTP/1.1']) {
        const res = await rawExchange(ports[listener], app.tls.cert, `${line}\r\nConnection: close\r\n\r\n`);
        enveloped(res, 400, test, line);
        expect(res.body.errors).toEqual(['The Host header is required']);
      }
    });

    it(`${listener}: Expect: 100-continue still works`, async () => {
      const res = await rawExchange(
        ports[listener],
        app.tls.cert,
        'GET /v1.0/health HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
      );
      // No credentials: the usual 401 in the envelope.
      expect(res.text).toMatch(/HTTP\/1\.1 401/);
    });
  }

  it('a TCP connection that never starts TLS is closed within the headers timeout (not 120 s)', async () => {
    const closedAfter = await Promise.all(
      [ports.sandbox, ports.production, Number(new URL(app.process.ops!.url).port)].map(
        (port) =>
          new Promise<number>((resolve) => {
            const opened = Date.now();
            const socket = tcpConnect(port, '127.0.0.1');
            socket.on('error', () => {});
            socket.on('close', () => resolve(Date.now() - opened));
            setTimeout(() => socket.destroy(), 20_000).unref();
          }),
      ),
    );
    for (const ms of closedAfter) {
      expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    }
  }, 30_000);
});

describe('deeply nested bodies', () => {
  it('are a 400 before anything walks them (a 10,000-level body with an Idempotency-Key was a 500)', async () => {
    const merchant = await app.newMerchant('Deep Body Shop');
    const api = app.client('sandbox', merchant.sandbox);
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    for (const levels of [33, 2_000, 10_000]) {
      for (const path of ['/coupons/0/archive', '/plans', '/purchases']) {
        const res = await api.raw('POST', path, {
          body: deep(levels),
          headers: { 'content-type': 'application/json', 'idempotency-key': `deep-${levels}` },
        });
        expect(res.status, `${levels} levels on ${path}: ${res.text}`).toBe(400);
        expect(res.body).toEqual({
          successful: false,
          response: null,
          errors: ['Request body is nested more than 32 levels deep'],
          test: true,
        });
      }
    }
    // 32 levels are parsed (and then judged by the route as usual).
    const ok = await api.raw('POST', '/plans', { body: deep(32), headers: { 'content-type': 'application/json' } });
    expect(ok.status).toBe(422);
  });
});

describe('the root of each API listener', () => {
  for (const listener of ['sandbox', 'production'] as const) {
    it(`${listener}: says what is there, without credentials, instead of "Record not found"`, async () => {
      const origin = listener === 'sandbox' ? app.listeners.urls.sandbox! : app.listeners.urls.production;
      const res = await fetchPath(app.agent, origin, '/');
      expect(res.status, res.text).toBe(200);
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.body).toMatchObject({
        successful: true,
        errors: [],
        test: listener === 'sandbox',
        response: {
          name: 'Recur',
          listener,
          links: { api: '/v1.0', docs: '/v1.0/docs', openapi: '/v1.0/openapi.json', health: '/v1.0/health' },
        },
      });
      expect(res.text).not.toMatch(/Record not found/);
      // The links lead somewhere.
      expect((await fetchPath(app.agent, origin, res.body.response.links.openapi)).status).toBe(200);
    });
  }
});
