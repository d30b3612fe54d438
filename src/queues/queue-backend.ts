import { Queue, Worker, createPostgresBackend, withBackend, type Processor, type QueueOptions, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from '../platform/redis.ts';

/**
 * Where Recur's queues live. Only this module knows: the rest of Recur builds queues and workers
 * through it and sees BullMQ's own `Queue` and `Worker`, whichever backend runs them.
 * - `redis`: BullMQ on Redis, keys under a prefix.
 * - `postgres`: BullMQ 6's PostgreSQL backend, in the schema `recur_queues` of Recur's own database
 *   (one dependency, no Redis).
 */
export type QueueBackendName = 'redis' | 'postgres';

export const POSTGRES_QUEUE_SCHEMA = 'recur_queues';

/**
 * How long PostgreSQL lets a queue connection sit idle inside a transaction before it ends the
 * session. BullMQ's only client-driven transaction is its schema migration, a few statements sent
 * back to back when a queue or worker opens; every other queue operation is one statement.
 */
export const QUEUE_IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000;

export interface QueueConnection {
  readonly backend: QueueBackendName;
  /** `redis host:port` or `postgres host:port/db`, for start-up checks and logs (never a password). */
  readonly describe: string;
  queue(name: string, options?: Omit<QueueOptions, 'connection'>): Queue;
  worker<D, R>(name: string, processor: Processor<D, R>, options: Omit<WorkerOptions, 'connection' | 'prefix'>): Worker<D, R>;
  /** Answers or throws: `/readyz` and the start-up checks call it. */
  ping(): Promise<void>;
  /** The Redis client, on the Redis backend only (the eviction-policy check needs it). */
  readonly redis: Redis | null;
  close(): Promise<void>;
}

export interface QueueConnectionSettings {
  backend: QueueBackendName;
  redisUrl: string;
  redisPrefix: string;
  databaseUrl: string;
  /** `producer` or `worker`: one Redis client per role, as BullMQ wants it. */
  role: 'producer' | 'worker';
}

export function hostOf(url: string): string {
  try {
    const u = new URL(url);
    const port = u.port || (u.protocol.startsWith('redis') ? '6379' : '5432');
    return `${u.hostname}:${port}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

export function createQueueConnection(settings: QueueConnectionSettings): QueueConnection {
  if (settings.backend === 'postgres') return postgresConnection(settings.databaseUrl);
  const redis = createRedis(settings.redisUrl, settings.role);
  const prefix = settings.redisPrefix;
  return {
    backend: 'redis',
    describe: `redis ${hostOf(settings.redisUrl)}`,
    redis,
    queue: (name, options = {}) => new Queue(name, { ...options, connection: redis, prefix }),
    worker: (name, processor, options) => new Worker(name, processor, { ...options, connection: redis, prefix }),
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * The pool settings of every PostgreSQL-backed queue and worker. Each owns a small pool; `migrate`
 * creates or upgrades the schema under BullMQ's advisory lock, so concurrent starts are safe. That
 * lock lives in a transaction the client drives statement by statement, and every queue and worker
 * takes it when it opens: a process frozen in it (SIGSTOP, a paused VM, a stalled event loop) would
 * hold every other process's queues shut for as long as its connection lives. PostgreSQL ends such
 * a session after `idleInTransactionMs`, which releases the lock.
 */
export function postgresQueuePoolConfig(databaseUrl: string, idleInTransactionMs = QUEUE_IDLE_IN_TRANSACTION_TIMEOUT_MS) {
  return {
    connectionString: databaseUrl,
    schema: POSTGRES_QUEUE_SCHEMA,
    migrate: true,
    max: 4,
    options: `-c idle_in_transaction_session_timeout=${idleInTransactionMs}`,
  };
}

function postgresConnection(databaseUrl: string): QueueConnection {
  const classes = withBackend(createPostgresBackend);
  const connection = postgresQueuePoolConfig(databaseUrl);
  let probe: import('pg').Client | null = null;
  return {
    backend: 'postgres',
    describe: `postgres ${hostOf(databaseUrl)} (schema ${POSTGRES_QUEUE_SCHEMA})`,
    redis: null,
    queue: (name, options = {}) => new classes.Queue(name, { ...options, connection }) as unknown as Queue,
    worker: <D, R>(name: string, processor: Processor<D, R>, options: Omit<WorkerOptions, 'connection' | 'prefix'>) =>
      new classes.Worker<D, R>(name, processor as never, { ...options, connection }) as unknown as Worker<D, R>,
    async ping() {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
      probe = client;
      try {
        await client.connect();
        await client.query(`select 1 from pg_namespace where nspname = $1`, [POSTGRES_QUEUE_SCHEMA]);
      } finally {
        probe = null;
        await client.end().catch(() => undefined);
      }
    },
    async close() {
      await probe?.end().catch(() => undefined);
    },
  };
}
