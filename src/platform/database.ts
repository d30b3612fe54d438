import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MikroORM, type EntityManager, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from './logger.ts';

export type { EntityManager };
export type Orm = MikroORM;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface OrmOptions {
  url: string;
  poolMax: number;
  entities: Options['entities'];
  logger?: Logger;
  /**
   * PostgreSQL ends a session of the pool that sits idle inside a transaction this long
   * (`idle_in_transaction_session_timeout`), which releases its locks; 0 leaves the server's
   * setting. See `inTransactionTimeout`.
   */
  idleInTransactionMs?: number;
}

/**
 * Sets `idle_in_transaction_session_timeout` on each connection the pool opens, before the pool
 * hands it out (pg-pool's `onConnect`, awaited). A process frozen inside one of its transactions (a
 * SIGSTOP, a paused VM, a network that drops silently) would otherwise keep that transaction's row
 * locks for as long as its connection lives: a merchant's invoice-number row, an invoice, the
 * subscriptions of a scheduler batch, and with them every transaction waiting on those rows. Recur
 * never waits on anything outside PostgreSQL inside a transaction (a gateway is called between
 * two), so a transaction idle this long belongs to a process that has stopped; its work is
 * idempotent and is done again by another. A `SET` on connect, not a startup parameter, so that a
 * PgBouncer in front of PostgreSQL accepts the connection.
 */
function inTransactionTimeout(ms: number): { onConnect(client: pg.PoolClient): Promise<void> } {
  return {
    async onConnect(client) {
      await client.query(`set idle_in_transaction_session_timeout = ${Math.trunc(ms)}`);
    },
  };
}

/** One MikroORM per process; requests and jobs fork its EntityManager. */
export async function createOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: options.url,
    entities: options.entities,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax, idleTimeoutMillis: 30_000 },
    driverOptions: options.idleInTransactionMs ? inTransactionTimeout(options.idleInTransactionMs) : undefined,
    debug: false,
    allowGlobalContext: false,
    // Only `recur start` and `recur migrate` create a missing database (ensureDatabase below);
    // the single roles refuse one that is missing or unmigrated.
    ensureDatabase: false,
    // Money columns are bigint in PostgreSQL and number in JS (minor units stay far below 2^53).
    forceUtcTimezone: true,
    migrations: {
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_DIR,
      glob: '!(*.d).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
  });
}

/**
 * Applies pending migrations; returns the names applied. Safe from several processes at once:
 * a session-level advisory lock, held on a connection of its own, serialises them.
 */
export async function migrate(orm: MikroORM, url: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(7244531)');
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await lock.end();
  }
}

/** Creates the database named in the URL when it does not exist (`npm start` on a fresh machine). */
export async function ensureDatabase(url: string, logger?: Logger): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
    } catch (err) {
      // Another process created it in the meantime.
      if ((err as { code?: string }).code !== '42P04') throw err;
      return false;
    }
    logger?.info({ database: name }, 'created database');
    return true;
  } finally {
    await client.end();
  }
}
