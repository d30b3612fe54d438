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

/**
 * Once per test run: a database migrated to the latest migration, used as the template every
 * test file clones (graphile-worker's habit). Names carry the run id, so that concurrent runs
 * never share a database; the run drops its own at the end.
 */
let ADMIN_URL = process.env.RECUR_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    adminUrl: string;
    runId: string;
    /** The queue backend tests run on: QUEUE_BACKEND, else `redis` where Redis answers, else `postgres`. */
    queueBackend: 'redis' | 'postgres';
    /** Every queue backend this machine can run (`postgres` always; `redis` where Redis answers). */
    queueBackends: ('redis' | 'postgres')[];
  }
}

function answers(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort), timeout: 1_000 });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
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
  const redis = await answers(process.env.RECUR_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', 6379);
  const queueBackend =
    project.name === 'postgres-queues'
      ? 'postgres'
      : ((process.env.QUEUE_BACKEND as 'redis' | 'postgres' | undefined) ?? (redis ? 'redis' : 'postgres'));
  project.provide('queueBackend', queueBackend);
  project.provide('queueBackends', redis ? ['redis', 'postgres'] : ['postgres']);
  // Each project (see vitest.config.ts) sets up on its own: the random part keeps their names apart.
  const runId = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${randomBytes(2).toString('hex')}`;
  const template = `recur_t${runId}_template`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(template)}`);
  await admin.end();
  const orm = await createOrm({ url: urlFor(template), poolMax: 2, entities: allEntities });
  await migrate(orm, urlFor(template));
  await orm.close();
  project.provide('templateDatabase', template);
  project.provide('adminUrl', ADMIN_URL);
  project.provide('runId', runId);
  return async () => {
    await dropRunDatabases(runId);
    await stopEmbedded();
  };
}
