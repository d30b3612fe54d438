import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLSSocket } from 'node:tls';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { openTls, readUntilClosed, type RawExchange } from '../helpers/raw-tls.ts';

// Slow clients (docs/api.md "Limits"): a request must arrive within HTTP_REQUEST_TIMEOUT_MS
// (headers within HTTP_HEADERS_TIMEOUT_MS), an idle keep-alive connection closes after
// HTTP_KEEP_ALIVE_TIMEOUT_MS, an answer given before the body arrived ends the connection, and
// a listener holds at most HTTP_MAX_CONNECTIONS sockets. Small settings keep the test short.
const REQUEST_TIMEOUT_MS = 3_000;
const HEADERS_TIMEOUT_MS = 1_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;
const MAX_CONNECTIONS = 80;
/** Node checks its timeouts once a second; the rest is room for a loaded machine. */
const SLACK_MS = 2_500;

let app: TestApp;
let api: ApiClient;
let port: number;
let auth: string;
const drips: NodeJS.Timeout[] = [];

/** Opens a connection that sends `head` and then one byte of `body` every 300 ms, for ever. */
async function dripping(head: string, byte = 'x'): Promise<{ socket: TLSSocket; answer: Promise<RawExchange> }> {
  const openedAt = Date.now();
  const socket = await openTls(port, app.tls.cert);
  const answer = readUntilClosed(socket, openedAt, 30_000);
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(byte);
  }, 300);
  drips.push(timer);
  void answer.then(() => clearInterval(timer));
  return { socket, answer };
}

function post(path: string, withAuth: boolean): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${withAuth ? `Authorization: ${auth}\r\n` : ''}` +
    `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":"`
  );
}

async function latencies(count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await api.get('/health');
    expect(res.status).toBe(200);
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

beforeAll(async () => {
  app = await startTestApp({
    env: {
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    },
  });
  const merchant = await app.newMerchant('Slow Client Shop');
  api = app.client('sandbox', merchant.sandbox);
  port = Number(new URL(app.listeners.urls.sandbox!).port);
  auth = `Basic ${Buffer.from(`${merchant.sandbox.username}:${merchant.sandbox.api_token}`).toString('base64')}`;
});
afterAll(async () => {
  for (const timer of drips) clearInterval(timer);
  await app?.close();
});

describe('slow clients', () => {
  it('50 bodies sent a byte at a time are closed with a 408 within the request timeout; other requests keep their latency', async () => {
    const before = await latencies(10);
    const slow = await Promise.all(Array.from({ length: 50 }, () => dripping(post('/v1.0/purchases', true))));
    const during = await latencies(10);
    const answers = await Promise.all(slow.map((s) => s.answer));
    for (const answer of answers) {
      expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
      expect(answer.status).toBe(408);
      expect(answer.body).toEqual({ successful: false, response: null, errors: ['The request did not arrive in time'], test: true });
    }
    const closedAfter = answers.map((a) => a.closedAfterMs).sort((a, b) => a - b);
    console.log(
      `slow bodies closed after ${closedAfter[0]}-${closedAfter.at(-1)} ms; /health median ${before[5]!.toFixed(1)} ms before, ` +
        `${during[5]!.toFixed(1)} ms (max ${during.at(-1)!.toFixed(1)}) while 50 slow bodies were held`,
    );
    // The held connections cost the others nothing measurable: well under the timeouts at stake.
    expect(during[5]!).toBeLessThan(Math.max(250, before[5]! * 5));
  });

  it('headers sent a byte at a time are closed within the headers timeout', async () => {
    const { answer } = await dripping('GET /v1.0/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'y');
    const res = await answer;
    expect(res.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(res.status).toBe(408);
  });

  it('a 401 given before the body arrived ends the connection at once', async () => {
    const { answer } = await dripping(post('/v1.0/purchases', false));
    const res = await answer;
    expect(res.status).toBe(401);
    expect(res.headers.connection).toBe('close');
    // Long before the request timeout would have ended it.
    expect(res.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS - 1_000);
  });

  it('a request whose body was read keeps its connection alive', async () => {
    const res = await api.post('/purchases', { amount: 1 });
    expect(res.headers.connection).not.toBe('close');
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const openedAt = Date.now();
    const socket = await openTls(port, app.tls.cert);
    const answer = readUntilClosed(socket, openedAt, 30_000);
    socket.write(`GET /v1.0/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\n\r\n`);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.connection).not.toBe('close');
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 100);
    expect(res.closedAfterMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + SLACK_MS);
  });

  it(`holds at most HTTP_MAX_CONNECTIONS (${MAX_CONNECTIONS}) connections`, async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: MAX_CONNECTIONS + 40 }, async () => {
        const socket = await openTls(port, app.tls.cert);
        // A dropped connection closes right after the handshake; a held one stays open.
        const closed = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 500);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
          socket.on('error', () => {});
        });
        socket.destroy();
        return closed;
      }),
    );
    const held = attempts.filter((a) => a.status === 'fulfilled' && a.value === false).length;
    expect(held).toBeLessThanOrEqual(MAX_CONNECTIONS);
    expect(held).toBeGreaterThan(MAX_CONNECTIONS / 2);
  });
});
