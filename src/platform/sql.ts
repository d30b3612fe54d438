import type pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Raw SQL on the `pg` pool behind the ORM's own connection, for hot paths (PERFORMANCE.md):
 * MikroORM's `execute` costs about 0.3 ms of CPU per statement over the driver's own, which is
 * most of a purchase or a charge. The entities stay the model and the migrations' source;
 * these statements read and write the tables they define. Placeholders are `$1`, `$2`, …
 * Results use the ORM's type parsers: int8 and timestamptz arrive as strings.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface SqlPool extends Sql {
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

function wrap(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      const result = await client.query(text, params as unknown[]);
      return result.rows as T[];
    },
  };
}

export function sqlPool(pool: pg.Pool): SqlPool {
  const base = wrap(pool);
  return {
    query: base.query,
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/** The SQL pool of an initialised ORM: the same connections, without the ORM's per-statement work. */
export async function sqlOf(orm: MikroORM): Promise<SqlPool> {
  return sqlPool((await orm.em.getConnection().getNativeClient()) as pg.Pool);
}

/** The unique constraint a PostgreSQL error violated, if that is what it is. */
export function violatedConstraint(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' ? e.constraint : undefined;
}
