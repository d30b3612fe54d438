import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createOrm, migrate } from '../src/platform/database.ts';
import { allEntities } from '../src/entities.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { answers, findRedisServer, noRedisReason, redisAnswers, sharedRedisUrl, startPrivateRedis } from './helpers/redis-server.ts';

/**
 * Once per test run: a database migrated to the latest migration, used as the template every
 * test file clones (graphile-worker's habit). Names carry the run id, so that concurrent runs
 * never share a database; the run drops its own at the end. Where no PostgreSQL answers, the run
 * starts an embedded one; where no Redis answers but `redis-server` is on PATH, a Redis of its own.
 */
let ADMIN_URL = process.env.RECUR_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    adminUrl: string;
    runId: string;
    /** The queue backend tests run on: QUEUE_BACKEND, else `redis` where the run has Redis, else `postgres`. */
    queueBackend: 'redis' | 'postgres';
    /** Every queue backend this machine can run (`postgres` always; `redis` where the run has Redis). */
    queueBackends: ('redis' | 'postgres')[];
    /**
     * The run's Redis: the one answering at RECUR_TEST_REDIS_URL (default 127.0.0.1:6379), else a
     * redis-server the run started on a free port; null when neither (test/helpers/redis.ts).
     */
    redisUrl: string | null;
    /** Why `redisUrl` is null (null when it is not). */
    redisMissing: string | null;
  }
}

function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropRunDatabases(runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`recur_t${runId}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A bare machine (or RECUR_EMBEDDED=true): the run starts a PostgreSQL of its own, as `recur start` would.
  let stopEmbedded = async () => undefined;
  if (process.env.RECUR_EMBEDDED === 'true' || !(await answers(ADMIN_URL, 5432))) {
    const dataDir = await mkdtemp(join(tmpdir(), 'recur-test-postgres-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: 0, mode: 'server' });
    ADMIN_URL = embedded.url.replace(/\/recur$/, '/postgres');
    stopEmbedded = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  // Redis: the one that answers, else a redis-server of the run's own (no persistence, its own
  // directory, stopped at the end), else none, and the tests about Redis itself say why they skip.
  let stopRedis: () => Promise<void> = async () => undefined;
  let redisUrl: string | null = null;
  let redisMissing: string | null = null;
  const shared = sharedRedisUrl();
  if (await redisAnswers(shared)) redisUrl = shared;
  else if (findRedisServer()) {
    try {
      const server = await startPrivateRedis();
      redisUrl = server.url;
      stopRedis = server.stop;
    } catch (err) {
      await stopEmbedded();
      throw err;
    }
  } else redisMissing = noRedisReason(shared);
  const queueBackend =
    project.name === 'postgres-queues'
      ? 'postgres'
      : ((process.env.QUEUE_BACKEND as 'redis' | 'postgres' | undefined) ?? (redisUrl ? 'redis' : 'postgres'));
  project.provide('queueBackend', queueBackend);
  project.provide('queueBackends', redisUrl ? ['redis', 'postgres'] : ['postgres']);
  project.provide('redisUrl', redisUrl);
  project.provide('redisMissing', redisMissing);
  // Each project (see vitest.config.ts) sets up on its own: the random part keeps their names apart.
  const runId = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${randomBytes(2).toString('hex')}`;
  const template = `recur_t${runId}_template`;
  const stopAll = async () => {
    try {
      await dropRunDatabases(runId);
    } finally {
      try {
        await stopEmbedded();
      } finally {
        await stopRedis();
      }
    }
  };
  try {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${pg.escapeIdentifier(template)}`);
    await admin.end();
    const orm = await createOrm({ url: urlFor(template), poolMax: 2, entities: allEntities });
    await migrate(orm, urlFor(template));
    await orm.close();
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
  project.provide('templateDatabase', template);
  project.provide('adminUrl', ADMIN_URL);
  project.provide('runId', runId);
  return stopAll;
}
