import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { rawExchange } from '../helpers/raw-tls.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

// Answers given at the edge: by Node's HTTP parser, the router, or a route's own parameter
// check. Each is the envelope, none repeats the URL, none is a 5xx.

let app: TestApp;
let merchant: NewMerchant;
let port: number;
let auth: string;

const ENVELOPE = { successful: false, response: null, test: true };

function basic(username: string, token: string): string {
  return `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`;
}

function get(path: string, extra = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nConnection: close\r\n${extra}\r\n`;
}

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.newMerchant('Edge Shop');
  port = Number(new URL(app.listeners.urls.sandbox!).port);
  auth = basic(merchant.sandbox.username, merchant.sandbox.api_token);
});
afterAll(async () => {
  await app?.close();
});

describe('errors outside any route are in the envelope', () => {
  it('a malformed percent-escape in the path: 400, the URL not repeated', async () => {
    const res = await rawExchange(port, app.tls.cert, get('/v1.0/plans/%zz'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ...ENVELOPE, errors: ['Request URL is malformed'] });
    expect(res.text).not.toContain('%zz');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a path parameter over 300 characters: 414; one of exactly 300 is looked up (404)', async () => {
    const long = 'k'.repeat(301);
    const tooLong = await rawExchange(port, app.tls.cert, get(`/v1.0/credit_cards/${long}`));
    expect(tooLong.status).toBe(414);
    expect(tooLong.body).toEqual({ ...ENVELOPE, errors: ['A path parameter is longer than 300 characters'] });
    expect(tooLong.text).not.toContain(long);
    const atLimit = await app.client('sandbox', merchant.sandbox).get(`/credit_cards/${'k'.repeat(300)}`);
    expect(atLimit.status).toBe(404);
    expect(atLimit.body.successful).toBe(false);
  });

  it('headers over the size limit: 431', async () => {
    const res = await rawExchange(port, app.tls.cert, get('/v1.0/health', `X-Big: ${'a'.repeat(20_000)}\r\n`));
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ ...ENVELOPE, errors: ['Request headers are too large'] });
  });

  it('an HTTP/2 preface on the HTTP/1.1 listener: 400', async () => {
    const res = await rawExchange(port, app.tls.cert, 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ...ENVELOPE, errors: ['Bad request: the request is not valid HTTP/1.1'] });
  });

  it('garbage instead of a request line: 400', async () => {
    const res = await rawExchange(port, app.tls.cert, '\x16\x03\x01 nonsense\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body.successful).toBe(false);
  });

  it('unknown routes and unknown methods: 404 in the envelope, the URL not repeated', async () => {
    const api = app.client('sandbox', merchant.sandbox);
    for (const res of [await api.get('/nowhere/secret-path'), await api.raw('PATCH', '/plans'), await api.raw('DELETE', '/purchases')]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ ...ENVELOPE, errors: ['Record not found'] });
      expect(res.text).not.toContain('secret-path');
    }
  });
});

describe('malformed ids', () => {
  const BILLING_ROUTES: [string, string][] = [
    ['GET', '/plans/not-a-uuid'],
    ['POST', '/plans/not-a-uuid/archive'],
    ['GET', '/subscriptions/not-a-uuid'],
    ['PUT', '/subscriptions/not-a-uuid'],
    ['POST', '/subscriptions/not-a-uuid/pause'],
    ['POST', '/subscriptions/not-a-uuid/resume'],
    ['POST', '/subscriptions/not-a-uuid/cancel'],
    ['GET', '/invoices/not-a-uuid'],
    ['POST', '/invoices/not-a-uuid/retry'],
    ['GET', '/webhooks/not-a-uuid'],
    ['DELETE', '/webhooks/not-a-uuid'],
    ['GET', '/webhooks/not-a-uuid/deliveries'],
    ['GET', '/test_clocks/not-a-uuid'],
    ['POST', '/test_clocks/not-a-uuid/advance'],
  ];

  it('answer 404 on every billing route, as an unknown well-formed id does, with no error logged', async () => {
    const api = app.client('sandbox', merchant.sandbox);
    const logsBefore = app.logs.length;
    for (const [method, path] of BILLING_ROUTES) {
      const res = await api.raw(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ ...ENVELOPE, errors: ['Record not found'] });
    }
    const unknown = await api.post('/invoices/00000000-0000-4000-8000-000000000000/retry', {});
    expect(unknown.status).toBe(404);
    const errors = app.logs.slice(logsBefore).filter((line) => JSON.parse(line).level >= 50);
    expect(errors).toEqual([]);
  });
});

describe('credentials with control characters', () => {
  it('a NUL byte (or any control character) in the Basic username or token is a 401, with no error logged', async () => {
    const logsBefore = app.logs.length;
    for (const [username, token] of [
      [`${merchant.sandbox.username}\u0000`, merchant.sandbox.api_token],
      ['TEST\u0000x', 'x'],
      [merchant.sandbox.username, `${merchant.sandbox.api_token}\u0000`],
      ['TEST\u001bx', 'x'],
    ] as const) {
      const res = await app.client('sandbox', null).raw('GET', '/health', { headers: { authorization: basic(username, token) } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ ...ENVELOPE, errors: ['Invalid credentials'] });
    }
    const errors = app.logs.slice(logsBefore).filter((line) => JSON.parse(line).level >= 50);
    expect(errors).toEqual([]);
  });
});

describe('the access log', () => {
  it('writes one info line per request: method, route pattern, status, duration, request id, merchant; no URL, card or token', async () => {
    const api = app.client('sandbox', merchant.sandbox);
    const card = await api.post('/credit_cards', {
      card_holder: 'Log Reader',
      card_number: '4111111111111111',
      card_expiry: '12/2039',
      cvv: '123',
    });
    expect(card.status).toBe(200);
    const cardToken = card.body.response.token as string;
    const lookup = await api.raw('GET', `/credit_cards/${cardToken}`, { headers: { 'x-request-id': 'access-log-1' } });
    expect(lookup.status).toBe(200);
    const anonymous = await app.client('sandbox', null).raw('GET', '/health', { headers: { 'x-request-id': 'access-log-2' } });
    expect(anonymous.status).toBe(401);

    const lines = app.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
    const first = lines.filter((entry) => entry.reqId === 'access-log-1');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/v1.0/credit_cards/:key',
      status: 200,
      duration_ms: expect.any(Number),
      merchant_id: expect.any(String),
    });
    const second = lines.find((entry) => entry.reqId === 'access-log-2');
    expect(second).toMatchObject({ method: 'GET', route: '/v1.0/health', status: 401, merchant_id: null });

    const text = app.logs.join('\n');
    expect(text).not.toContain(cardToken);
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain(merchant.sandbox.api_token);
  });
});
