/**
 * Start-up checks as an operator meets them (issue 5, RELIABILITY.md): a real `recur` process
 * refuses to run on an evicting Redis, an unreachable or unmigrated PostgreSQL, or production
 * without its secrets, and says what to fix. Exit codes: 69 (EX_UNAVAILABLE) for a failed check,
 * 78 (EX_CONFIG) for configuration.
 *
 * The evicting Redis is a redis-server of this file's own on a free port (the run's Redis is never
 * reconfigured); it and the databases made here are removed in afterAll. Without redis-server on
 * PATH those tests are skipped and say so; the others run on the run's queue backend.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../../config/config.ts';
import { deleteKeys, testConfig } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { exitWithin, freePort, killAllRecur, recurEnv, runRecur, spawnRecur, waitForLivez } from '../helpers/cli-process.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { redisServerBinary } from '../helpers/redis.ts';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis-server.ts';

const redisServer = redisServerBinary();
let config: Config;
let evicting: PrivateRedis | undefined;
let privateUrl: string;
let privateRedis: Redis | undefined;
const databases: string[] = [];

/** An empty database (no schema, no migrations), named so that the run's teardown drops it too. */
async function createEmptyDatabase(): Promise<string> {
  const name = `recur_t${inject('runId')}_empty_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  databases.push(name);
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  config = await testConfig({ LOG_LEVEL: 'info', OPS_ENABLED: 'false' });
});

afterAll(async () => {
  await killAllRecur();
  if (databases.length) {
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.end();
  }
  // On the PostgreSQL queue backend the queues went with the test's databases.
  if (config?.QUEUE_BACKEND === 'redis') {
    const shared = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(shared, `${config.REDIS_PREFIX}:*`);
    shared.disconnect();
  }
});

describe.skipIf(!redisServer.path)(redisServer.title('Redis must not evict'), () => {
  beforeAll(async () => {
    evicting = await startPrivateRedis(['--maxmemory-policy', 'allkeys-lru'], redisServer.path);
    privateUrl = evicting.url;
    privateRedis = new Redis(privateUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await killAllRecur();
    privateRedis?.disconnect();
    await evicting?.stop();
  });

  it('refuses allkeys-lru with exit 69, naming the policy and noeviction, and starts no worker', async () => {
    expect(await privateRedis!.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'allkeys-lru']);
    const out = await runRecur(['worker'], recurEnv(config, { QUEUE_BACKEND: 'redis', REDIS_URL: privateUrl }));
    expect(out.code, out.stderr).toBe(69);
    const port = new URL(privateUrl).port;
    expect(out.stderr).toContain(`recur: start-up check failed: Redis at 127.0.0.1:${port} has maxmemory-policy allkeys-lru`);
    expect(out.stderr).toContain('Recur needs noeviction');
    expect(out.stdout).not.toContain('Recur is running');
    // Nothing at all reached the evicting Redis: the queues (whose BullMQ objects write
    // `<prefix>:<queue>:meta` when they connect) are created only after the checks pass.
    expect(await privateRedis!.keys('*')).toEqual([]);
  });

  it('starts on the same server once it is set to noeviction, and stops on SIGTERM with exit 0', async () => {
    // Our private server only (never the shared one).
    await privateRedis!.config('SET', 'maxmemory-policy', 'noeviction');
    const worker = spawnRecur(['worker'], recurEnv(config, { QUEUE_BACKEND: 'redis', REDIS_URL: privateUrl }));
    try {
      await worker.waitForOutput(/Recur is running/, 30_000);
      // Its BullMQ workers connect to the private server (a producer, the workers' shared
      // connection, a blocking one per queue). Their connections come up after the signal
      // handlers are installed: signalling before that point hits the start-up race reported
      // in test/ops/shutdown.test.ts ("a SIGTERM as soon as 'Recur is running' is printed").
      const others = async () => ((await privateRedis!.client('LIST')) as string).trim().split('\n').length - 1;
      await waitFor(async () => (await others()) >= 3, { message: 'the worker connected to the private Redis', timeout: 20_000 });
      worker.signal('SIGTERM');
      const exit = await exitWithin(worker, 20_000);
      expect(exit.code, worker.describe()).toBe(0);
      expect(worker.stdout()).toContain('shutting down');
      expect(worker.stderr()).not.toContain('start-up check failed');
    } finally {
      await worker.kill();
    }
  });
});

describe('PostgreSQL must be reachable and migrated', () => {
  it('an unreachable PostgreSQL exits 69 with its address and never its password', async () => {
    const port = await freePort();
    const password = `pw-${randomBytes(8).toString('hex')}`;
    const out = await runRecur(['worker'], recurEnv(config, { DATABASE_URL: `postgres://recur_ops:${password}@127.0.0.1:${port}/recur` }));
    expect(out.code, out.stderr).toBe(69);
    expect(out.stderr).toContain(`recur: start-up check failed: PostgreSQL is not reachable at 127.0.0.1:${port}`);
    expect(out.stdout + out.stderr).not.toContain(password);
    expect(out.stdout + out.stderr).not.toContain('recur_ops:');
    expect(out.stdout).not.toContain('Recur is running');
  });

  it('`recur worker` refuses an unmigrated database (run `recur migrate`); `recur start` migrates it and runs', async () => {
    const url = await createEmptyDatabase();
    const worker = await runRecur(['worker'], recurEnv(config, { DATABASE_URL: url }));
    expect(worker.code, worker.stderr).toBe(69);
    expect(worker.stderr).toMatch(/recur: start-up check failed: the database lacks \d+ migration\(s\) .*run `recur migrate` first/);
    expect(worker.stdout).not.toContain('Recur is running');

    const start = spawnRecur(
      ['start'],
      recurEnv(config, { DATABASE_URL: url, SANDBOX_PORT: '0', PRODUCTION_PORT: '0', OPS_ENABLED: 'true', OPS_PORT: '0' }),
    );
    try {
      await start.waitForOutput(/Recur is running/, 45_000);
      await waitForLivez(start);
      const db = await connect(url);
      const applied = await db.query<{ n: number }>('select count(*)::int as n from mikro_orm_migrations');
      await db.end();
      expect(applied.rows[0]!.n).toBeGreaterThanOrEqual(1);
      start.signal('SIGTERM');
      const exit = await exitWithin(start, 20_000);
      expect(exit.code, start.describe()).toBe(0);
    } finally {
      await start.kill();
    }
  });
});

// Two quick refusals: run side by side (each test uses its own `expect`).
describe.concurrent('production refuses to run without its secrets', () => {
  const opsPassword = randomBytes(16).toString('base64url');

  it('without vault secrets: exit 78', async ({ expect }) => {
    const out = await runRecur(
      ['worker'],
      recurEnv(config, {
        NODE_ENV: 'production',
        OPS_PASSWORD: opsPassword,
        OPS_ADMIN_PASSWORD: opsPassword + '-admin',
        VAULT_KEYS: '',
        VAULT_FINGERPRINT_KEY: '',
        CREDENTIAL_HASH_KEY: '',
      }),
    );
    expect(out.code, out.stderr).toBe(78);
    expect(out.stderr).toContain('VAULT_KEYS, VAULT_FINGERPRINT_KEY and CREDENTIAL_HASH_KEY are required in production');
    expect(out.stdout).not.toContain('Recur is running');
  });

  it('with vault secrets but without OPS_PASSWORD: exit 78 naming OPS_PASSWORD', async ({ expect }) => {
    const out = await runRecur(['worker'], recurEnv(config, { NODE_ENV: 'production', OPS_ENABLED: 'true', OPS_PASSWORD: '' }));
    expect(out.code, out.stderr).toBe(78);
    expect(out.stderr).toContain('OPS_PASSWORD: required in production');
    expect(out.stdout).not.toContain('Recur is running');
  });

  it('with OPS_PASSWORD but without OPS_ADMIN_PASSWORD: exit 78 naming OPS_ADMIN_PASSWORD', async ({ expect }) => {
    const env = recurEnv(config, {
      NODE_ENV: 'production',
      OPS_ENABLED: 'true',
      OPS_PASSWORD: opsPassword,
      OPS_ADMIN_PASSWORD: 'too-short',
    });
    const out = await runRecur(['worker'], env);
    expect(out.code, out.stderr).toBe(78);
    expect(out.stderr).toContain('OPS_ADMIN_PASSWORD: required in production, at least 16 characters');
    expect(out.stdout).not.toContain('Recur is running');
  });
});
