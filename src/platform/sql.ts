import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
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

/** The statements of one transaction, which may also bulk-load rows with `COPY … FROM STDIN`. */
export interface TxSql extends Sql {
  /**
   * Runs `copy … from stdin` (the statement's text) with `data` as its input, in PostgreSQL's
   * text format by default (one row a line, columns separated by tabs, escaped by `copyText`).
   * COPY writes a batch of rows through PostgreSQL's multi-row path (several rows a heap call
   * and a WAL record a page), where `INSERT … SELECT` writes them one by one. Answers the rows written.
   */
  copyFrom(text: string, data: string): Promise<number>;
}

/** A value as a column of COPY's text format: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string): string {
  return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export interface SqlPool extends Sql {
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: TxSql) => Promise<T>): Promise<T>;
  /**
   * Runs the steps one after the other in one transaction sent as one message (see
   * `transactionInOneMessage`), and returns the last step's rows.
   */
  steps<T = Record<string, unknown>>(steps: Step[], options?: StepOptions): Promise<T[]>;
}

export interface StepOptions {
  /**
   * Run the steps on their generic plans (`plan_cache_mode = force_generic_plan` for this
   * transaction). For statements whose generic plan is as good as any but that PostgreSQL keeps
   * planning afresh for every execution (a custom plan each time), which costs more than running them.
   */
  genericPlans?: boolean;
}

/**
 * A statement of `SqlPool.steps`: its text (placeholders `$1`, `$2`, …), the types of its
 * parameters (left out, PostgreSQL infers them from the text), and their values.
 */
export interface Step {
  text: string;
  types?: readonly string[];
  params: readonly (string | number | boolean | Date | null)[];
}

function wrap(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      const result = await client.query(text, params as unknown[]);
      return result.rows as T[];
    },
  };
}

/** The server-side prepared statements (`PREPARE`) of each connection, by name. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

const stepNames = new Map<string, string>();
function stepName(step: Step): string {
  const key = `${step.types?.join(',') ?? ''}|${step.text}`;
  let name = stepNames.get(key);
  if (name === undefined) {
    if (stepNames.size >= 1000) stepNames.clear(); // a guard: a handful of texts use it
    name = `recur_step_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
    stepNames.set(key, name);
  }
  return name;
}

/**
 * A value written as a quoted literal of no type, which PostgreSQL reads as its parameter's type
 * (as the driver's text-format parameters are read). Quoting is the driver's own.
 */
function literal(client: pg.PoolClient, value: Step['params'][number]): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

/**
 * `begin; execute s1(…); execute s2(…); commit` in one simple-protocol message: one write and one
 * round trip for a whole transaction, where the extended protocol costs one per statement plus
 * `begin` and `commit` (on loopback each is a system call on both sides, which was most of the
 * daemon's CPU per charge). Each step is a server-side prepared statement (`PREPARE`, once per
 * connection: parsed and planned once), its parameters written as literals by the driver's own
 * quoting. In READ COMMITTED every statement of the message takes its own snapshot, as separate
 * statements would: a lock taken by one step is held when the next one reads.
 */
async function transactionInOneMessage<T>(client: pg.PoolClient, steps: Step[], options: StepOptions): Promise<T[]> {
  let known = preparedOn.get(client);
  if (!known) preparedOn.set(client, (known = new Set()));
  const names = steps.map(stepName);
  for (const [i, step] of steps.entries()) {
    const name = names[i]!;
    if (known.has(name)) continue;
    await client.query(`prepare ${name}${step.types ? ` (${step.types.join(', ')})` : ''} as ${step.text}`);
    known.add(name);
  }
  const executes = steps.map((step, i) => `execute ${names[i]}(${step.params.map((v) => literal(client, v)).join(', ')})`);
  if (options.genericPlans) executes.unshift('set local plan_cache_mode = force_generic_plan');
  const results = (await client.query(`begin; ${executes.join('; ')}; commit`)) as unknown as pg.QueryResult[];
  return results[results.length - 2]!.rows as T[];
}

export function sqlPool(pool: pg.Pool): SqlPool {
  const base = wrap(pool);
  return {
    query: base.query,
    async steps<T>(steps: Step[], options: StepOptions = {}): Promise<T[]> {
      const client = await pool.connect();
      try {
        return await transactionInOneMessage<T>(client, steps, options);
      } catch (err) {
        // A failed step leaves the transaction open and aborted: end it before the connection is reused.
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async transaction<T>(fn: (tx: TxSql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          ...wrap(client),
          async copyFrom(text: string, data: string): Promise<number> {
            const stream = client.query(copyFromStdin(text));
            await pipeline(Readable.from([data]), stream);
            return stream.rowCount;
          },
        });
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

/**
 * A statement PostgreSQL parses and plans once per connection and then only binds and runs (a
 * named prepared statement). The hot charge-path statements are CTEs whose parsing and planning
 * cost the server more than running them (about 1.4 ms of 3.4 ms of backend CPU per charge,
 * measured with log_statement_stats). The `Sql` wrapper hands its text argument to the driver
 * unchanged, and node-postgres takes a query config (`{ name, text }`) in its place; the name is
 * derived from the text, so one text is one prepared statement on every connection.
 */
export function prepared(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    if (preparedNames.size >= 1000) preparedNames.clear(); // a guard: the charge path has a dozen texts
    name = `recur_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return { name, text } as unknown as string;
}
const preparedNames = new Map<string, string>();
