import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../config/config.ts';
import { buildRuntime, type Runtime } from '../src/composition/runtime.ts';
import { createLogger } from '../src/platform/logger.ts';

/**
 * The PostgreSQL server the benchmarks use (its `postgres` database); `RECUR_BENCH_POSTGRES_URL`
 * points them at another one, such as a private server with `pg_stat_statements` loaded for a profile.
 */
export const ADMIN_URL = process.env.RECUR_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `db` on the benchmarks' server. */
export function benchDatabaseUrl(db: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${db}`;
  return url.toString();
}

/**
 * Names of a benchmark's databases and Redis prefixes. `bench/run.ts` sets these per scenario so
 * that it can drop whatever a crashed scenario left behind; standalone runs use the defaults.
 */
export const DB_PREFIX = process.env.RECUR_BENCH_DB_PREFIX ?? 'recur_bench';
export const REDIS_PREFIX_BASE = process.env.RECUR_BENCH_REDIS_PREFIX ?? 'recur-bench';

/**
 * Settings a bench run may take from the environment (`WORKER_CONCURRENCY=100 npm run bench`):
 * the knobs of docs/benchmarks.md. Everything else is fixed so that runs compare.
 */
export const TUNABLE = [
  'DATABASE_POOL_MAX',
  'WORKER_CONCURRENCY',
  'SCHEDULER_BATCH_SIZE',
  'SCHEDULER_TICK_MS',
  'SWEEP_INTERVAL_MS',
  'SWEEP_GRACE_MS',
  'WORKER_LOCK_MS',
  'WORKER_STALLED_INTERVAL_MS',
] as const;

export function tunedEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of TUNABLE) if (process.env[key]) out[key] = process.env[key]!;
  return out;
}

/** A benchmark's own database and Redis prefix, dropped afterwards: runs never touch real data. */
export interface BenchEnv {
  config: Config;
  runtime: Runtime;
  merchantId: string;
  /** Closes the runtime (if nothing else did), deletes the Redis keys and drops the database. Idempotent. */
  cleanup(): Promise<void>;
}

export async function benchEnv(env: Record<string, string> = {}): Promise<BenchEnv> {
  const db = `${DB_PREFIX}_${randomBytes(3).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'recur-bench-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: benchDatabaseUrl(db),
    DATABASE_POOL_MAX: '20',
    DATA_DIR: dataDir,
    REDIS_PREFIX: `${REDIS_PREFIX_BASE}-${randomBytes(4).toString('hex')}`,
    // Should a role open the ops listener, it takes a free port: bench runs never clash on 9464.
    OPS_PORT: '0',
    ...tunedEnv(),
    ...env,
  });
  const dropAll = async () => {
    await deleteRedisKeys(config.REDIS_URL, `${config.REDIS_PREFIX}:*`).catch((err) => console.error('bench: redis cleanup failed', err));
    await dropDatabases(db).catch((err) => console.error('bench: database cleanup failed', err));
    await rm(dataDir, { recursive: true, force: true });
  };
  let runtime: Runtime;
  try {
    runtime = await buildRuntime(config, { prepareDatabase: true, logger: createLogger({ level: 'warn' }) });
  } catch (err) {
    await dropAll();
    throw err;
  }
  // `startRoles(...).close()` closes the runtime too: make a second close a no-op.
  const closeRuntime = runtime.close.bind(runtime);
  let closing: Promise<void> | null = null;
  runtime.close = () => (closing ??= closeRuntime());
  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await runtime.close().catch((err) => console.error('bench: runtime close failed', err));
      await dropAll();
    })());
  try {
    const merchant = await runtime.sql.query<{ id: string }>(
      `insert into gateway.merchants (id, name, id_prefix, currencies, created_at) values (gen_random_uuid(), 'Bench', 'BNCH', '["AUD"]', now()) returning id`,
    );
    return { config, runtime, merchantId: merchant[0]!.id, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Deletes every key matching `pattern` (SCAN + UNLINK, so that a million jobs go in seconds). */
export async function deleteRedisKeys(url: string, pattern: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 10_000);
      cursor = next;
      if (keys.length) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** Drops the database `name`, or with `like`, every database whose name starts with it. */
export async function dropDatabases(name: string, like = false): Promise<string[]> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const names = like
      ? (await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [name])).rows.map(
          (r) => r.datname,
        )
      : [name];
    for (const n of names) await admin.query(`drop database if exists ${pg.escapeIdentifier(n)} with (force)`);
    return names;
  } finally {
    await admin.end();
  }
}

export interface SeedOptions {
  /** The environment of the plan and subscriptions (their cards must be of it too): sandbox by default. */
  environment?: 'sandbox' | 'production';
  /** Spread the due rows' `next_charge_at` evenly: row g (1-based) falls due at `now + (g - 1) * spreadMs / dueCount`. */
  spreadMs?: number;
}

/**
 * Inserts `count` monthly subscriptions on one card in one statement (`insert … select
 * generate_series`, so a million rows take seconds); `dueCount` of them due at `now` (or spread
 * over `spreadMs` from it), the rest weeks out.
 */
export async function seedSubscriptions(
  runtime: Runtime,
  merchantId: string,
  cardToken: string,
  count: number,
  dueCount: number,
  now: Date,
  options: SeedOptions = {},
): Promise<string> {
  const plan = await runtime.sql.query<{ id: string }>(
    `insert into billing.plans (id, merchant_id, environment, name, amount, currency, interval, interval_count, trial_days, dunning, status, created_at)
     values (gen_random_uuid(), $1, $3, 'Bench monthly', 1000, 'AUD', 'month', 1, 0, '{"retry_days":[1,3,5,7],"final_action":"leave_past_due"}', 'active', $2)
     returning id`,
    [merchantId, now, options.environment ?? 'sandbox'],
  );
  const planId = plan[0]!.id;
  const spread = options.spreadMs ?? 0;
  await runtime.sql.query(
    `insert into billing.subscriptions (id, merchant_id, environment, plan_id, card_token, card_is_token, card_key, customer_reference, status, time_zone, start_at,
        anchor_at, next_period_index, next_charge_at, cancel_at_period_end, metadata, created_at, updated_at)
     select gen_random_uuid(), $1, $8, $2, $3, true, $3, 'cust-' || g, 'active', 'UTC', t, t, 0, t, false, '{}', $4, $4
       from generate_series(1, $5::int) g,
            lateral (select case when g <= $6::int and $7::float8 = 0 then $4::timestamptz - interval '1 second'
                                 when g <= $6::int then $4::timestamptz + (g - 1) * ($7::float8 / $6::int) * interval '1 millisecond'
                                 else $4::timestamptz + interval '20 days' + (g % 1000) * interval '1 minute' end as t) x`,
    [merchantId, planId, cardToken, now, count, dueCount, spread, options.environment ?? 'sandbox'],
  );
  await runtime.sql.query('analyze billing.subscriptions');
  return planId;
}

/** Test cards of the embedded sandbox: these approve… */
export const APPROVING_CARDS = ['5123456789012346', '4005550000000001', '345678901234564', '3530111333300000', '6250946000000016'];
/** …and these decline. */
export const DECLINING_CARDS = ['5313581000123430', '4557012345678902', '371449635398431', '3566002020360505', '6250947000000014'];

/**
 * Tokenizes `count` distinct cards (test numbers × expiries), a few at a time. Subscriptions have
 * cards of their own: one card's purchases serialise on its row and its declines share one
 * dunning rhythm. Production cards need ALLOW_TEST_CARDS_IN_PRODUCTION=true for the test numbers.
 */
export async function tokenizeCards(
  env: BenchEnv,
  numbers: string[],
  count: number,
  parallel = 8,
  environment: 'sandbox' | 'production' = 'sandbox',
): Promise<string[]> {
  const ctx = await env.runtime.gateway.merchantContext(env.merchantId, environment);
  const tokens: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) {
        const number = numbers[i % numbers.length]!;
        const k = Math.floor(i / numbers.length);
        const expiry = `${String((k % 12) + 1).padStart(2, '0')}/${2031 + Math.floor(k / 12)}`;
        tokens[i] = (
          await env.runtime.gateway.tokenize(ctx, { card_holder: 'Bench', card_number: number, card_expiry: expiry, cvv: '123' })
        ).token;
      }
    }),
  );
  return tokens;
}

/**
 * Puts one subscription in `declineEvery` on a declining card (0: none) and the rest on approving
 * ones, interleaved by id, so that declines are spread through the claim order rather than
 * charged as one block.
 *
 * Each token counts as a card of its own (`card_key` = the token). The sandbox takes only its
 * published numbers, so the gateway gives every token of one number the same fingerprint; a real
 * merchant's subscriptions are on cards of their own, and counting 10,000 subscriptions as five
 * cards would measure five cards' network caps and locks instead of the charge path.
 */
export async function assignCards(runtime: Runtime, approving: string[], declining: string[], declineEvery: number): Promise<void> {
  await runtime.sql.query(
    `with numbered as (select id, row_number() over (order by id) - 1 as n from billing.subscriptions),
          chosen as (select id, case when $3::int > 0 and n % $3::int = 0
                                     then ($2::text[])[(n / $3::int) % array_length($2::text[], 1) + 1]
                                     else ($1::text[])[n % array_length($1::text[], 1) + 1] end as token from numbered)
     update billing.subscriptions s set card_token = chosen.token, card_key = chosen.token
       from chosen where s.id = chosen.id`,
    [approving, declining, declineEvery],
  );
  await runtime.sql.query('analyze billing.subscriptions');
}

export function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

/** This process's resources so far: peak RSS (the kernel's high-water mark) and CPU time. */
export function processStats(): { maxRssMb: number; cpuUserMs: number; cpuSystemMs: number } {
  const u = process.resourceUsage();
  return {
    maxRssMb: Math.round(u.maxRSS / 1024),
    cpuUserMs: Math.round(u.userCPUTime / 1000),
    cpuSystemMs: Math.round(u.systemCPUTime / 1000),
  };
}

/** Samples RSS every `everyMs` and keeps the peak (of the samples and the kernel's high-water mark at stop). */
export function rssSampler(everyMs = 250): { peak(): number; stop(): number } {
  let peak = rssMb();
  const timer = setInterval(() => (peak = Math.max(peak, rssMb())), everyMs);
  timer.unref();
  return {
    peak: () => Math.max(peak, rssMb()),
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb());
    },
  };
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Writes a scenario's figures for `bench/run.ts` (`--json <file>`). */
export async function writeJson(file: string | undefined, data: unknown): Promise<void> {
  if (file) await writeFile(file, JSON.stringify(data, null, 2));
}

/**
 * Ends a scenario script: exits 0 once its work is done, 1 on an error. Explicit, so that a
 * stray handle (a socket a library keeps) never leaves a finished benchmark hanging.
 */
export function finish(work: Promise<unknown>): void {
  work.then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/** CPU time (user + system, ms) of the processes whose command line matches, read from /proc (Linux). */
function cpuOfProcesses(matches: (cmdline: string) => boolean): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!matches(cmdline)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at ")": utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}
const CLOCK_TICKS = 100;

/**
 * The CPU that the servers spend on a piece of work, beside the process's own: PostgreSQL's
 * backends serving database `db` (by their process titles, `postgres: <user> <db> …`) and the
 * Redis server (all of it: other clients of a shared Redis count too). Backends that exit during
 * the work are not counted, so measure before the pool closes. Zero where /proc cannot be read
 * or the servers run elsewhere.
 */
export function serverCpuMeter(db: string): { stop(): { postgresMs: number; redisMs: number } } {
  const isBackend = (cmd: string) => cmd.startsWith('postgres: ') && cmd.includes(` ${db} `);
  const isRedis = (cmd: string) => cmd.startsWith('redis-server');
  const pg0 = cpuOfProcesses(isBackend);
  const redis0 = cpuOfProcesses(isRedis);
  const delta = (now: Map<number, number>, before: Map<number, number>) =>
    [...now].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
  return {
    stop: () => ({
      postgresMs: Math.round(delta(cpuOfProcesses(isBackend), pg0)),
      redisMs: Math.round(delta(cpuOfProcesses(isRedis), redis0)),
    }),
  };
}

/** CPU time (user + system, ms) of one process, read from /proc (Linux); 0 where it cannot be read. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
