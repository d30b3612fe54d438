import type { Redis } from 'ioredis';
import type { QueueConnection } from '../queues/queue-backend.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SqlPool } from '../platform/sql.ts';

/** A start-up check that failed: the process refuses to run, and says what to fix. */
export class StartupCheckError extends Error {
  override readonly name = 'StartupCheckError';
}

function reason(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}

/** The host, port and database of a URL, never its password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? '6379' : '5432')}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
  'EAI_AGAIN',
  '3D000',
  '28P01',
  '28000',
  '57P03',
]);

/** A failure to connect to PostgreSQL while the process is built, told as a failed start-up check. */
export function postgresFailure(err: unknown, url: string): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === '3D000')
    return new StartupCheckError(`the database ${describeUrl(url)} does not exist: run \`recur migrate\` (it creates and migrates it)`);
  return code && CONNECTION_FAILURES.has(code)
    ? new StartupCheckError(`PostgreSQL is not reachable at ${describeUrl(url)}: ${reason(err)}`)
    : err;
}

export async function checkPostgres(sql: SqlPool, url: string): Promise<void> {
  try {
    await sql.query('select 1');
  } catch (err) {
    throw new StartupCheckError(`PostgreSQL is not reachable at ${describeUrl(url)}: ${reason(err)}`);
  }
}

/** Roles other than `recur start` do not migrate: they refuse a schema older than their code. */
export async function checkMigrated(orm: MikroORM): Promise<void> {
  const pending = await orm.migrator.getPending();
  if (pending.length > 0) {
    throw new StartupCheckError(
      `the database lacks ${pending.length} migration(s) (${pending.map((m) => m.name).join(', ')}): run \`recur migrate\` first`,
    );
  }
}

/** The `maxmemory_policy` line of `INFO memory`: works where CONFIG GET is disabled (managed Redis). */
export function evictionPolicy(info: string): string | undefined {
  return /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
}

/**
 * Redis must never evict: an evicted job or lock is a charge lost or taken twice from BullMQ's
 * point of view (RELIABILITY.md). Refuse to run on any other policy.
 */
export async function checkRedis(redis: Redis, url: string): Promise<void> {
  let info: string;
  try {
    info = await redis.info('memory');
  } catch (err) {
    throw new StartupCheckError(`Redis is not reachable at ${describeUrl(url)}: ${reason(err)}`);
  }
  const policy = evictionPolicy(info);
  if (policy !== 'noeviction') {
    throw new StartupCheckError(
      `Redis at ${describeUrl(url)} has maxmemory-policy ${policy ?? '(unknown)'}; Recur needs noeviction, or Redis may drop queued charges ` +
        `(set "maxmemory-policy noeviction" in redis.conf, or run CONFIG SET maxmemory-policy noeviction)`,
    );
  }
}

/** What every role checks before it starts work. Secrets in production are checked when they are loaded. */
export async function runStartupChecks(deps: {
  orm: MikroORM;
  sql: SqlPool;
  queueConnection: QueueConnection;
  databaseUrl: string;
  redisUrl: string;
}): Promise<void> {
  await checkPostgres(deps.sql, deps.databaseUrl);
  await checkMigrated(deps.orm);
  if (deps.queueConnection.redis) await checkRedis(deps.queueConnection.redis, deps.redisUrl);
  else await checkPostgresQueues(deps.queueConnection);
}

/** The PostgreSQL queue backend: its database answers (BullMQ creates its schema when the queues open). */
async function checkPostgresQueues(connection: QueueConnection): Promise<void> {
  try {
    await connection.ping();
  } catch (err) {
    throw new StartupCheckError(`the queue backend (${connection.describe}) is not reachable: ${reason(err)}`);
  }
}
