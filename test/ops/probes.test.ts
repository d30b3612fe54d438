import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { fetchPath, startTcpProxy, throughProxy, type TcpProxy } from '../helpers/ops.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { createCard, createClock, createPlan, merchantClient, subscribe } from '../helpers/billing.ts';
import { testRedis } from '../helpers/redis.ts';

// `/livez` and `/readyz` for orchestrators (issue 5): no credentials, no data, on every listener.
// Readiness follows PostgreSQL and Redis, each reached through a TCP proxy the test can cut. The
// queues are on the run's Redis whatever QUEUE_BACKEND says: without one, these tests skip and say why.

const READINESS_TIMEOUT_MS = 500;
/** A 503 must come back about when the probe gives up, not when the dependency's own timeouts fire. */
const ANSWER_WITHIN_MS = READINESS_TIMEOUT_MS + 1_000;

const redisTest = testRedis();
let app: TestApp;
let postgres: TcpProxy;
let redis: TcpProxy;

function origins(): { sandbox: string; production: string; ops: string } {
  return {
    sandbox: app.listeners.urls.sandbox!,
    production: app.listeners.urls.production,
    ops: app.process.ops!.url,
  };
}

async function readyz(origin: string): Promise<{ status: number; body: any; ms: number }> {
  const started = Date.now();
  const res = await fetchPath(app.agent, origin, '/readyz');
  return { status: res.status, body: res.body, ms: Date.now() - started };
}

describe.skipIf(!redisTest.url)(redisTest.title('probes'), () => {
  beforeAll(async () => {
    // The run's PostgreSQL and Redis, wherever they listen (an embedded or private one has a port of its own).
    const database = await createTestDatabase();
    const databaseUrl = new URL(database);
    const redisUrl = new URL(redisTest.env().REDIS_URL);
    postgres = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    redis = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    redisUrl.hostname = '127.0.0.1';
    redisUrl.port = String(redis.port);
    app = await startTestApp({
      env: {
        DATABASE_URL: throughProxy(database, postgres),
        QUEUE_BACKEND: 'redis',
        REDIS_URL: redisUrl.toString(),
        READINESS_TIMEOUT_MS: String(READINESS_TIMEOUT_MS),
      },
    });
  });
  afterAll(async () => {
    postgres?.restore();
    redis?.restore();
    await app?.close();
    await postgres?.close();
    await redis?.close();
  });

  it('answer without credentials on the sandbox, production and ops listeners, with no data', async () => {
    // Business data exists: none of it may show through a probe.
    const merchant = await app.newMerchant('Probe Merchant Quokka');
    expect(app.process.ops).not.toBeNull();
    for (const [name, origin] of Object.entries(origins())) {
      const live = await fetchPath(app.agent, origin, '/livez');
      expect(live.status, `${name} /livez`).toBe(200);
      expect(live.body, `${name} /livez`).toEqual({ status: 'ok' });

      const ready = await fetchPath(app.agent, origin, '/readyz');
      expect(ready.status, `${name} /readyz`).toBe(200);
      expect(ready.body, `${name} /readyz`).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
      expect(ready.headers['www-authenticate'], `${name} asks for no credentials`).toBeUndefined();
      for (const res of [live, ready]) {
        expect(res.text).not.toContain('Quokka');
        expect(res.text).not.toContain(merchant.sandbox.username);
        expect(res.text).not.toMatch(/postgres:\/\/|redis:\/\/|127\.0\.0\.1|version/i);
      }
    }
  });

  it('readiness fails while PostgreSQL is unreachable, within the readiness timeout, and recovers after', async () => {
    await waitFor(() => readyz(origins().ops), { message: 'ready', until: (r) => r.status === 200 });
    expect(postgres.open(), 'Recur holds connections through the proxy').toBeGreaterThan(0);
    postgres.cut();
    try {
      for (const [name, origin] of Object.entries(origins())) {
        const down = await readyz(origin);
        expect(down.status, `${name} /readyz`).toBe(503);
        expect(down.body, `${name} /readyz`).toEqual({ status: 'not_ready', checks: { postgres: 'unreachable', redis: 'ok' } });
        expect(down.ms, `${name} /readyz answered in ${down.ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
        // Liveness does not follow dependencies: restarting the process would not bring PostgreSQL back.
        const live = await fetchPath(app.agent, origin, '/livez');
        expect(live.status, `${name} /livez`).toBe(200);
      }
    } finally {
      postgres.restore();
    }
    for (const [name, origin] of Object.entries(origins())) {
      const up = await waitFor(() => readyz(origin), { message: `${name} ready again`, until: (r) => r.status === 200 });
      expect(up.body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    }
  });

  // Without an 'error' listener on each queue BullMQ prints connection errors raw on stderr,
  // outside pino and its redaction (CONVENTIONS habit 9).
  it('Redis going away is reported through the logger, never printed raw on stderr', async () => {
    await waitFor(() => readyz(origins().ops), { message: 'ready', until: (r) => r.status === 200 });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let lines: string[] = [];
    try {
      redis.cut();
      for (const origin of Object.values(origins())) expect((await readyz(origin)).status).toBe(503);
      redis.restore();
      await waitFor(() => readyz(origins().ops), { message: 'ready again', until: (r) => r.status === 200 });
      // Queue reads work again through the same connection.
      await waitFor(() => app.runtime.queues.charge.getJobCounts('waiting'), { message: 'queues answer', until: () => true });
      lines = printed.mock.calls.map((args) => String(args[0]).split('\n')[0]!);
    } finally {
      redis.restore();
      printed.mockRestore();
    }
    expect(lines).toEqual([]);
  });

  it('readiness fails while Redis is unreachable, within the readiness timeout, and recovers after', async () => {
    await waitFor(() => readyz(origins().ops), { message: 'ready', until: (r) => r.status === 200 });
    expect(redis.open(), 'Recur holds connections through the proxy').toBeGreaterThan(0);
    redis.cut();
    try {
      for (const [name, origin] of Object.entries(origins())) {
        const down = await readyz(origin);
        expect(down.status, `${name} /readyz`).toBe(503);
        expect(down.body, `${name} /readyz`).toEqual({ status: 'not_ready', checks: { postgres: 'ok', redis: 'unreachable' } });
        expect(down.ms, `${name} /readyz answered in ${down.ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
        expect((await fetchPath(app.agent, origin, '/livez')).status, `${name} /livez`).toBe(200);
      }
    } finally {
      redis.restore();
    }
    for (const [name, origin] of Object.entries(origins())) {
      const up = await waitFor(() => readyz(origin), { message: `${name} ready again`, until: (r) => r.status === 200 });
      expect(up.body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    }
  });

  it('a dependency that hangs reads as unreachable once the readiness timeout passes, not later', async () => {
    for (const [name, proxy] of [
      ['postgres', postgres],
      ['redis', redis],
    ] as const) {
      await waitFor(() => readyz(origins().ops), { message: 'ready', until: (r) => r.status === 200 });
      proxy.hang();
      try {
        for (const origin of Object.values(origins())) {
          const down = await readyz(origin);
          expect(down.status, `${name} hangs: ${origin}`).toBe(503);
          expect(down.body.checks[name]).toBe('unreachable');
          expect(down.ms, `${name} hangs: answered in ${down.ms} ms`).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
          expect(down.ms, `${name} hangs: answered in ${down.ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
        }
      } finally {
        proxy.restore();
      }
      const up = await waitFor(() => readyz(origins().ops), { message: `ready after ${name} came back`, until: (r) => r.status === 200 });
      expect(up.body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    }
  });

  it('readiness reports both when both are down', async () => {
    postgres.cut();
    redis.cut();
    try {
      const down = await readyz(origins().ops);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'not_ready', checks: { postgres: 'unreachable', redis: 'unreachable' } });
      expect(down.ms).toBeLessThan(ANSWER_WITHIN_MS);
    } finally {
      postgres.restore();
      redis.restore();
    }
    await waitFor(() => readyz(origins().ops), { message: 'ready again', until: (r) => r.status === 200 });
  });
});

describe.skipIf(!redisTest.url)(redisTest.title('probes during shutdown'), () => {
  it('/readyz says shutting_down while active jobs finish, and the API listeners stop first', async () => {
    let entered!: () => void;
    const inCharge = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const busy = await startTestApp({
      env: redisTest.env(),
      billing: true,
      hooks: {
        async at(step) {
          if (step !== 'before-call') return;
          entered();
          await released;
        },
      },
    });
    try {
      const api = await merchantClient(busy, 'Shutdown Probe');
      const card = await createCard(api);
      const plan = await createPlan(api);
      const clock = await createClock(api, '2030-01-15T10:00:00Z');
      await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
      // A charge is in flight, held before its gateway call: close() must wait for it.
      await inCharge;
      const ops = busy.process.ops!.url;
      expect((await fetchPath(busy.agent, ops, '/readyz')).status).toBe(200);

      const closing = busy.process.close();
      const during = await fetchPath(busy.agent, ops, '/readyz');
      expect(during.status).toBe(503);
      expect(during.body).toEqual({ status: 'shutting_down', checks: { postgres: 'ok', redis: 'ok' } });
      expect((await fetchPath(busy.agent, ops, '/livez')).status).toBe(200);
      // The API listeners close first: a new request finds no listener (or fastify's closing 503).
      const api503OrGone = await fetchPath(busy.agent, busy.listeners.urls.sandbox!, '/readyz').then(
        (res) => res.status,
        (err: Error & { code?: string }) => err.code ?? err.message,
      );
      expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 503]).toContain(api503OrGone);

      release();
      await closing;
      // Once closed, the ops listener is gone too.
      const after = await fetchPath(busy.agent, ops, '/readyz').then(
        (res) => res.status,
        (err: Error & { code?: string }) => err.code ?? err.message,
      );
      expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(after);
    } finally {
      release();
      await busy.close();
    }
  });
});
