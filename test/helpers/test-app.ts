import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Agent, request } from 'undici';
import { loadConfig, type Config } from '../../config/config.ts';
import { buildRuntime, type Runtime } from '../../src/composition/runtime.ts';
import type { ApiListeners } from '../../src/composition/servers.ts';
import { startRoles, type RecurProcess } from '../../src/composition/roles.ts';
import type { ChargeHooks } from '../../src/billing/charges/charge-hooks.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { generateSelfSigned, type TlsMaterial } from '../../src/platform/tls.ts';
import { createMerchant, type NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';
import { inject } from 'vitest';
import { createTestDatabase } from './database.ts';
import type { Clock } from '../../src/platform/clock.ts';

let tlsPromise: Promise<TlsMaterial> | undefined;
/** One self-signed certificate per test process. */
export function testTls(): Promise<TlsMaterial> {
  tlsPromise ??= generateSelfSigned('127.0.0.1');
  return tlsPromise;
}

export function randomKey(): string {
  return randomBytes(32).toString('base64');
}

/** Settings for a test: its own database, data directory and random secrets; anything may be overridden. */
export async function testConfig(overrides: Record<string, string> = {}): Promise<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: await createTestDatabase(),
    DATABASE_POOL_MAX: '5',
    DATA_DIR: await mkdtemp(join(tmpdir(), 'recur-test-')),
    // The run's Redis (the one answering at 6379, or a redis-server the run started).
    ...(inject('redisUrl') ? { REDIS_URL: inject('redisUrl')! } : {}),
    REDIS_PREFIX: `recur-test-${randomBytes(6).toString('hex')}`,
    // The run's queue backend (QUEUE_BACKEND, else Redis where it answers); a test may name its own.
    QUEUE_BACKEND: inject('queueBackend'),
    SCHEDULER_TICK_MS: '50',
    OPS_PORT: '0',
    VAULT_KEYS: `k1:${randomKey()}`,
    VAULT_FINGERPRINT_KEY: randomKey(),
    CREDENTIAL_HASH_KEY: randomKey(),
    ...overrides,
  });
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  text: string;
}

export interface ApiClient {
  get(path: string): Promise<HttpResult>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult>;
  put(path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult>;
  raw(method: string, path: string, options?: { body?: string; headers?: Record<string, string> }): Promise<HttpResult>;
  /** A GET whose answer is read as bytes (a PDF), not as text. */
  bytes(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>;
}

export interface TestApp {
  config: Config;
  runtime: Runtime;
  listeners: ApiListeners;
  process: RecurProcess;
  tls: TlsMaterial;
  /** Every log line written during the test, as emitted. */
  logs: string[];
  agent: Agent;
  newMerchant(name?: string): Promise<NewMerchant>;
  client(environment: 'sandbox' | 'production', credentials?: { username: string; api_token: string } | null): ApiClient;
  close(): Promise<void>;
}

export function makeClient(agent: Agent, base: string, credentials: { username: string; api_token: string } | null): ApiClient {
  const auth = credentials
    ? { authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.api_token}`).toString('base64')}` }
    : {};
  const raw = async (
    method: string,
    path: string,
    options: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpResult> => {
    const res = await request(`${base}${path}`, {
      method: method as 'GET',
      dispatcher: agent,
      headers: { ...auth, ...options.headers },
      body: options.body,
    });
    const text = await res.body.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body, text };
  };
  const json =
    (method: string) =>
    (path: string, body?: unknown, headers: Record<string, string> = {}) =>
      raw(method, path, {
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      });
  const bytes = async (path: string) => {
    const res = await request(`${base}${path}`, { method: 'GET', dispatcher: agent, headers: auth });
    return { status: res.statusCode, headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) };
  };
  return { get: (path) => raw('GET', path), post: json('POST'), put: json('PUT'), raw, bytes };
}

/** Recur's API over real HTTPS on free ports, against a database of its own. */
export async function startTestApp(
  options: { env?: Record<string, string>; clock?: Clock; billing?: boolean; hooks?: ChargeHooks } = {},
): Promise<TestApp> {
  const config = await testConfig(options.env);
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: config.LOG_LEVEL, destination });
  const runtime = await buildRuntime(config, { logger, clock: options.clock });
  const tls = await testTls();
  const process = await startRoles(
    runtime,
    { api: true, scheduler: options.billing ?? false, workers: options.billing ?? false },
    { tls, ports: { sandbox: 0, production: 0 }, hooks: options.hooks },
  );
  const listeners = process.listeners!;
  const agent = new Agent({ connect: { ca: tls.cert }, keepAliveTimeout: 5_000, allowH2: false });
  return {
    config,
    runtime,
    listeners,
    process,
    tls,
    logs,
    agent,
    newMerchant: (name = 'Test Merchant') => createMerchant(runtime.orm.em.fork(), runtime.clock, runtime.secrets.credentialKey, { name }),
    client(environment, credentials) {
      const base = environment === 'sandbox' ? listeners.urls.sandbox! : listeners.urls.production;
      return makeClient(agent, base, credentials === undefined ? null : credentials);
    },
    async close() {
      await agent.close();
      const prefix = config.REDIS_PREFIX;
      // On the PostgreSQL queue backend the queues live in the test's own database: nothing to remove.
      const redis = runtime.redis?.duplicate();
      await process.close();
      if (redis) {
        await deleteKeys(redis, `${prefix}:*`);
        redis.disconnect();
      }
    },
  };
}

/** Removes a test's Redis keys (its own prefix only). */
export async function deleteKeys(redis: import('ioredis').Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}
