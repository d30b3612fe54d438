import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queue } from 'bullmq';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { basicAuth, fetchPath, type Credentials } from '../helpers/ops.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { rawExchange, type RawExchange } from '../helpers/raw-tls.ts';

// The ops listener's roles hold however a path is written: the role is decided by the route the
// router matched, not by the URL's spelling. Requests go as raw bytes over TLS, so that no client
// normalizes the request target on the way.

vi.setConfig({ testTimeout: 60_000 });

/** Short, so that the throttle's lifting is seen within the test. */
const WINDOW_SECONDS = 6;

let app: TestApp;
let ops: Credentials;
let admin: Credentials;
let port: number;
let charge: Queue;

beforeAll(async () => {
  app = await startTestApp({ env: { AUTH_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS) } });
  ops = { username: app.config.OPS_USERNAME, password: app.runtime.secrets.opsPassword };
  admin = { username: app.config.OPS_ADMIN_USERNAME, password: app.runtime.secrets.opsAdminPassword };
  port = Number(new URL(app.process.ops!.url).port);
  charge = app.runtime.queues.all().find((q) => q.name === 'charge')!;
  expect(charge).toBeDefined();
});
afterAll(async () => {
  await app?.close();
});

function raw(method: string, target: string, who: Credentials | null): Promise<RawExchange> {
  return rawExchange(
    port,
    app.tls.cert,
    `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `${who ? `Authorization: ${basicAuth(who)}\r\n` : ''}Content-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}

/** The same admin action, written every way a client (or an attacker) might write its path. */
function spellings(action: string): string[] {
  return [
    `/ops/admin/queues/api/queues/${action}`,
    `/ops/%61dmin/queues/api/queues/${action}`,
    `/ops/adm%69n/queues/api/queues/${action}`,
    `/%6fps/admin/queues/api/queues/${action}`,
    `/ops/admin/%71ueues/api/queues/${action}`,
    `/ops/%61%64%6d%69%6e/queues/api/queues/${action}`,
    `/ops/%2561dmin/queues/api/queues/${action}`,
    `//ops/admin/queues/api/queues/${action}`,
    `/ops//admin/queues/api/queues/${action}`,
    `/ops/./admin/queues/api/queues/${action}`,
    `/ops/queues/../admin/queues/api/queues/${action}`,
    `/ops/queues/%2e%2e/admin/queues/api/queues/${action}`,
    `/OPS/admin/queues/api/queues/${action}`,
    `/ops/ADMIN/queues/api/queues/${action}`,
    `/ops/Admin/queues/api/queues/${action}`,
    `/ops/admin/queues/api/queues/${action}?x=1`,
    `https://127.0.0.1:${port}/ops/admin/queues/api/queues/${action}`,
    `https://127.0.0.1/ops/%61dmin/queues/api/queues/${action}`,
    `http://example.com/ops/admin/queues/api/queues/${action}`,
    `/ops/admin/queues/api/queues/${action}#frag`,
  ];
}

describe('the read-only ops credential', () => {
  it('may not pause, empty or obliterate a queue however the admin path is written', async () => {
    await charge.add('charge', { probe: true }, { jobId: `ops-role-probe-${Date.now()}`, delay: 3_600_000 });
    const before = await charge.getJobCounts();
    for (const action of ['charge/pause', 'charge/empty', 'charge/obliterate', 'pause', 'charge/clean/delayed']) {
      for (const method of ['PUT', 'DELETE']) {
        for (const target of spellings(action)) {
          const res = await raw(method, target, ops);
          const what = `${method} ${target}`;
          expect(res.status, what).not.toBeNull();
          expect(res.status! >= 400 && res.status! < 500, `${what} answered ${res.status}`).toBe(true);
          expect(res.body, what).toMatchObject({ successful: false, response: null, test: false });
          expect(res.headers['x-request-id'], what).toBeTruthy();
        }
      }
    }
    expect(await charge.isPaused()).toBe(false);
    expect(await charge.getJobCounts()).toEqual(before);
    // Each refusal of an admin route names the principal that tried.
    expect(app.logs.some((line) => line.includes('ops admin request refused') && line.includes(`"principal":"${ops.username}"`))).toBe(
      true,
    );
  });

  it('is refused (405) when it asks the read-only board to act, instead of a 200 that does nothing', async () => {
    for (const target of ['/ops/queues/api/queues/pause', '/ops/queues/api/queues/resume', '/ops/queues/api/queues/charge/pause']) {
      for (const who of [ops, admin]) {
        const res = await raw('PUT', target, who);
        expect(res.status, `${who.username} PUT ${target}`).toBe(405);
        expect(res.body.errors).toEqual(['This dashboard is read-only: act on jobs from the admin dashboard']);
      }
    }
    expect(await charge.isPaused()).toBe(false);
  });

  it('still reads the read-only board and metrics, escaped or not', async () => {
    for (const target of ['/ops/queues/api/queues', '/ops/%71ueues/api/queues', '/metrics']) {
      const res = await raw('GET', target, ops);
      expect(res.status, target).toBe(200);
    }
  });
});

describe('the admin credential', () => {
  it('acts through the admin board, and every action is logged with its principal', async () => {
    const paused = await raw('PUT', '/ops/%61dmin/queues/api/queues/charge/pause', admin);
    expect(paused.status, paused.text).toBe(200);
    expect(await charge.isPaused()).toBe(true);
    const resumed = await raw('PUT', '/ops/admin/queues/api/queues/charge/resume', admin);
    expect(resumed.status, resumed.text).toBe(200);
    expect(await charge.isPaused()).toBe(false);
    const actions = app.logs
      .filter((line) => line.includes('"msg":"ops admin action"'))
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(actions.map((a) => [a.principal, a.role, a.method, a.params?.queueName, a.status])).toEqual(
      expect.arrayContaining([
        [admin.username, 'admin', 'PUT', 'charge', 200],
        [admin.username, 'admin', 'PUT', 'charge', 200],
      ]),
    );
    expect(actions.some((a) => String(a.route).endsWith('/api/queues/:queueName/pause'))).toBe(true);
    expect(actions.some((a) => String(a.route).endsWith('/api/queues/:queueName/resume'))).toBe(true);
  });
});

describe("the dashboards' own refusals", () => {
  it("come in the ops envelope, bull-board's fields beside it, and never as a 500", async () => {
    const unknownQueue = await raw('GET', '/ops/admin/queues/api/queues/no-such-queue/job-1', admin);
    expect(unknownQueue.status).toBe(404);
    expect(unknownQueue.body).toMatchObject({ successful: false, response: null, errors: ['Queue not found'], test: false });
    expect(unknownQueue.body.error).toEqual({ key: 'ERRORS.QUEUE_NOT_FOUND' });
    const unknownJob = await raw('GET', '/ops/queues/api/queues/charge/no-such-job', ops);
    expect(unknownJob.status).toBe(404);
    expect(unknownJob.body).toMatchObject({ successful: false, errors: ['Job not found'] });
    // Recur's own refusals inside a dashboard route keep their status and message.
    const nul = await raw('GET', '/ops/queues/api/queues?x=%00', ops);
    expect(nul.status, nul.text).toBe(422);
    expect(nul.body.errors).toEqual(['query.x may not contain a NUL character or an unpaired UTF-16 surrogate']);
  });
});

describe('the root of the ops listener', () => {
  it('says what is there, without credentials', async () => {
    const res = await fetchPath(app.agent, app.process.ops!.url, '/');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body).toMatchObject({
      successful: true,
      test: false,
      response: { name: 'Recur', listener: 'ops', links: { metrics: '/metrics', queues: '/ops/queues', readyz: '/readyz' } },
    });
  });
});

// Last: it throttles this test's address.
describe('wrong ops passwords', () => {
  it('are throttled per address and user name, the right password included, until the window ends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await fetchPath(app.agent, app.process.ops!.url, '/metrics', { credentials: { ...ops, password: `wrong-${i}` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    const locked = await fetchPath(app.agent, app.process.ops!.url, '/metrics', { credentials: ops });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toEqual({
      successful: false,
      response: null,
      errors: ['Too many failed ops logins: try again later'],
      test: false,
    });
    // Another user name from the same address is not locked out by these.
    expect((await fetchPath(app.agent, app.process.ops!.url, '/metrics', { credentials: admin })).status).toBe(200);
    // Probes and the root stay open.
    expect((await fetchPath(app.agent, app.process.ops!.url, '/livez')).status).toBe(200);
    await waitFor(async () => (await fetchPath(app.agent, app.process.ops!.url, '/metrics', { credentials: ops })).status, {
      message: 'the window to end',
      until: (status) => status === 200,
      timeout: (WINDOW_SECONDS + 5) * 1000,
    });
  });

  it('150 wrong passwords in a row over many user names: at most the per-address limit is ever checked', async () => {
    let checked = 0;
    for (let i = 0; i < 150; i++) {
      const res = await fetchPath(app.agent, app.process.ops!.url, '/metrics', {
        credentials: { username: `guess-${i % 7}`, password: `wrong-${i}` },
      });
      expect([401, 429]).toContain(res.status);
      if (res.status === 401) checked += 1;
    }
    expect(checked).toBeLessThanOrEqual(100);
  });
});
