import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../config/config.ts';
import { buildRuntime, type Runtime } from '../src/composition/runtime.ts';
import { createLogger } from '../src/platform/logger.ts';

/** A benchmark's own database and Redis prefix, dropped afterwards: runs never touch real data. */
export interface BenchEnv {
  config: Config;
  runtime: Runtime;
  merchantId: string;
  cleanup(): Promise<void>;
}

export async function benchEnv(env: Record<string, string> = {}): Promise<BenchEnv> {
  const db = `recur_bench_${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
    DATABASE_POOL_MAX: '20',
    DATA_DIR: await mkdtemp(join(tmpdir(), 'recur-bench-')),
    REDIS_PREFIX: `recur-bench-${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const runtime = await buildRuntime(config, { prepareDatabase: true, logger: createLogger({ level: 'warn' }) });
  const merchant = await runtime.sql.query<{ id: string }>(
    `insert into gateway.merchants (id, name, id_prefix, currencies, created_at) values (gen_random_uuid(), 'Bench', 'BNCH', '["AUD"]', now()) returning id`,
  );
  return {
    config,
    runtime,
    merchantId: merchant[0]!.id,
    async cleanup() {
      const redis = new Redis(config.REDIS_URL);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.REDIS_PREFIX}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
      await runtime.close();
      const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`drop database if exists ${db} with (force)`);
      await admin.end();
    },
  };
}

/** Inserts `count` monthly subscriptions on one card in one statement; `dueCount` of them due at `now`, the rest a month out. */
export async function seedSubscriptions(
  runtime: Runtime,
  merchantId: string,
  cardToken: string,
  count: number,
  dueCount: number,
  now: Date,
): Promise<string> {
  const plan = await runtime.sql.query<{ id: string }>(
    `insert into billing.plans (id, merchant_id, environment, name, amount, currency, interval, interval_count, trial_days, dunning, status, created_at)
     values (gen_random_uuid(), $1, 'sandbox', 'Bench monthly', 1000, 'AUD', 'month', 1, 0, '{"retry_days":[1,3,5,7],"final_action":"leave_past_due"}', 'active', $2)
     returning id`,
    [merchantId, now],
  );
  const planId = plan[0]!.id;
  await runtime.sql.query(
    `insert into billing.subscriptions (id, merchant_id, environment, plan_id, card_token, customer_reference, status, time_zone, start_at,
        anchor_at, next_period_index, next_charge_at, cancel_at_period_end, metadata, created_at, updated_at)
     select gen_random_uuid(), $1, 'sandbox', $2, $3, 'cust-' || g, 'active', 'UTC', t, t, 0, t, false, '{}', $4, $4
       from generate_series(1, $5::int) g,
            lateral (select case when g <= $6::int then $4::timestamptz - interval '1 second' else $4::timestamptz + interval '20 days' + (g % 1000) * interval '1 minute' end as t) x`,
    [merchantId, planId, cardToken, now, count, dueCount],
  );
  await runtime.sql.query('analyze billing.subscriptions');
  return planId;
}

export function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}
