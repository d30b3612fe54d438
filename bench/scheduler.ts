/**
 * The scheduler, two measurements (each on its own database):
 *
 * 1. Tick cost with a large table: N subscriptions of which D are due (default 1,000,000 and
 *    1,000). The tick must cost what is due, not what is stored. Baseline in the same run: the
 *    same tick against a table holding only the D due rows. The median of `--repeat` ticks, after
 *    one warm-up tick that is not counted (the same for both tables).
 * 2. With `--claim C` (off unless given; `npm run bench` gives it): one tick that claims, invoices
 *    and enqueues C due subscriptions (the month-end backlog), its rate and RSS at 25/50/75/100 %
 *    of the jobs enqueued (memory must stay flat: the tick streams batches). Baseline in the same
 *    run: BullMQ `addBulk` of C charge-shaped jobs in batches of SCHEDULER_BATCH_SIZE, the Redis
 *    side of the same work alone.
 *
 *   node bench/scheduler.ts [--total 1000000] [--due 1000] [--repeat 5] [--claim 0] [--json out.json]
 *
 * `--total 0` skips measurement 1.
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { benchEnv, deleteRedisKeys, finish, median, processStats, rssMb, seedSubscriptions, serverCpuMeter, writeJson } from './support.ts';
import { runSchedulerTick } from '../src/scheduler/scheduler.service.ts';
import { schedulerDeps } from '../src/composition/roles.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { CHARGE_JOB_OPTIONS, chargeWorkId, workJobOptions } from '../src/queues/queues.ts';

const { values } = parseArgs({
  options: {
    total: { type: 'string', default: '1000000' },
    due: { type: 'string', default: '1000' },
    repeat: { type: 'string', default: '5' },
    claim: { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});
const TOTAL = Number(values.total);
const DUE = Number(values.due);
const REPEAT = Number(values.repeat);
const CLAIM = Number(values.claim);

async function measure(total: number): Promise<{ tickMs: number[]; idleMs: number[]; seedMs: number }> {
  const env = await benchEnv();
  try {
    const now = new Date('2027-01-01T00:00:00Z');
    const t0 = performance.now();
    await seedSubscriptions(env.runtime, env.merchantId, 'benchcardtoken000001', total, DUE, now);
    const seedMs = Math.round(performance.now() - t0);
    console.error(`seeded ${total} subscriptions in ${seedMs} ms`);
    const tickMs: number[] = [];
    const idleMs: number[] = [];
    // The same clock every round: each round makes the same D rows due again (their next period).
    const clock = new ManualClock(now);
    // Round 0 warms up and is not counted: a process's first tick prepares its statements and
    // compiles its code, which a scheduler ticking every second pays once, not per tick.
    for (let r = 0; r <= REPEAT; r++) {
      if (r > 0) {
        await env.runtime.sql.query(`update billing.subscriptions set next_charge_at = $1 where customer_reference = any($2::text[])`, [
          new Date(now.getTime() - 1000),
          Array.from({ length: DUE }, (_, i) => `cust-${i + 1}`),
        ]);
      }
      const deps = { ...schedulerDeps(env.runtime), clock };
      let start = performance.now();
      const claimed = await runSchedulerTick(deps);
      if (r > 0) tickMs.push(performance.now() - start);
      if (claimed !== DUE) throw new Error(`claimed ${claimed}, expected ${DUE}`);
      start = performance.now();
      await runSchedulerTick(deps);
      if (r > 0) idleMs.push(performance.now() - start);
    }
    return { tickMs, idleMs, seedMs };
  } finally {
    await env.cleanup();
  }
}

export interface ClaimResult {
  claimed: number;
  batchSize: number;
  seedMs: number;
  /** BullMQ addBulk alone, the same number of charge-shaped jobs, the same batch size. */
  baseline: { rate: number; elapsedS: number };
  /** Claim, invoice, advance and enqueue: until the last charge job is in Redis. */
  rate: number;
  enqueuedS: number;
  /** The whole tick, the outbox relay of its `invoice.created` events included. */
  tickS: number;
  tickRate: number;
  rssBeforeMb: number;
  /** RSS when 25, 50, 75 and 100 % of the jobs were enqueued. */
  rssAtMb: { 25: number; 50: number; 75: number; 100: number };
  peakRssMb: number;
  /**
   * CPU per subscription (µs): this process (`process.cpuUsage`), PostgreSQL's backends of the
   * run's database and the Redis server (from /proc), for the baseline and for the tick until the
   * last job is enqueued. Robust where rates move with other work on a shared machine.
   */
  cpuUs: { baseline: CpuPer; scheduler: CpuPer; ceiling: CpuPer };
  /**
   * The same writes with nothing computed, run after the tick on the same rows (then due a month
   * later): per batch, one transaction that claims and advances the subscriptions in one
   * statement, takes the batch's numbers from the sequence row, inserts the invoices (numbered,
   * finalized, one line) and their two events, then hands the jobs to BullMQ as the tick does,
   * two lanes. No plan, price, tax, coupon or usage is read; the ceiling of this work on this
   * machine.
   */
  ceiling: { rate: number; elapsedS: number };
}

interface CpuPer {
  process: number;
  postgres: number;
  redis: number;
}

/** Starts metering this process and the servers; `stop(n)` answers µs per unit of work. */
function cpuMeter(db: string): { stop(n: number): CpuPer } {
  const own = process.cpuUsage();
  const servers = serverCpuMeter(db);
  return {
    stop(n) {
      const used = process.cpuUsage(own);
      const { postgresMs, redisMs } = servers.stop();
      const per = (us: number) => Math.round((us / n) * 10) / 10;
      return { process: per(used.user + used.system), postgres: per(postgresMs * 1000), redis: per(redisMs * 1000) };
    },
  };
}

/**
 * The ceiling of the tick's work (see `ClaimResult.ceiling`): what PostgreSQL and Redis cost for
 * the rows a tick writes, without Recur's planning. Answers how many subscriptions it processed.
 */
async function writeCeiling(env: Awaited<ReturnType<typeof benchEnv>>, count: number, batchSize: number, at: Date): Promise<number> {
  const { enqueue } = schedulerDeps(env.runtime);
  let total = 0;
  let drained = false;
  const lane = async (): Promise<void> => {
    let handing: Promise<void> = Promise.resolve();
    while (!drained) {
      const ids = await env.runtime.sql.transaction(async (tx) => {
        const rows = await tx.query<{
          id: string;
          merchant_id: string;
          environment: string;
          plan_id: string;
          period_index: number;
          start: Date;
          end: Date;
        }>(
          `with due as (
             select id from billing.subscriptions
              where test_clock_id is null and status in ('trialing', 'active', 'past_due') and next_charge_at <= $1
              order by next_charge_at limit $2 for update skip locked)
           update billing.subscriptions s set next_period_index = s.next_period_index + 1, current_period_start = s.next_charge_at,
                  current_period_end = s.next_charge_at + interval '1 month', next_charge_at = s.next_charge_at + interval '1 month',
                  periods_invoiced = s.periods_invoiced + 1, updated_at = $1
             from due where s.id = due.id
           returning s.id, s.merchant_id, s.environment, s.plan_id, s.next_period_index - 1 as period_index,
                     s.current_period_start as start, s.current_period_end as "end"`,
          [at, batchSize],
        );
        if (rows.length < batchSize) drained = true;
        if (rows.length === 0) return [];
        const [{ last_value }] = (await tx.query<{ last_value: string }>(
          `insert into billing.number_sequences as q (merchant_id, environment, kind, scope, last_value) values ($1, $2, 'ceiling', '', $3)
           on conflict (merchant_id, environment, kind, scope) do update set last_value = q.last_value + excluded.last_value
           returning q.last_value`,
          [rows[0]!.merchant_id, rows[0]!.environment, rows.length],
        )) as [{ last_value: string }];
        const first = Number(last_value) - rows.length + 1;
        const invoices = await tx.query<{ id: string }>(
          `with input as (
             select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::timestamptz[], $5::timestamptz[], $6::bigint[])
               as t(subscription_id, plan_id, period_index, period_start, period_end, n)),
           invoiced as (
             insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, period_index, period_start, period_end,
                 amount, currency, status, attempt_count, dunning, created_at, updated_at, lines, subtotal, total, number, finalized_at, seller)
             select gen_random_uuid(), $7, $8, subscription_id, plan_id, period_index, period_start, period_end, 1000, 'AUD', 'open', 0,
                    '{"retry_days":[1,3,5,7],"final_action":"leave_past_due"}', $9, $9,
                    jsonb_build_array(jsonb_build_object('kind', 'plan', 'description', 'Bench monthly', 'amount', 1000, 'quantity', 1)),
                    1000, 1000, 'CEIL-' || lpad(n::text, greatest(6, length(n::text)), '0'), $9, '{"legal_name":"Bench"}'
               from input
             returning id, subscription_id, number),
           recorded as (
             insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
             select gen_random_uuid(), $7, $8, e.type, e.data, $9, true
               from invoiced i cross join lateral (values
                 ('invoice.created', jsonb_build_object('invoice_id', i.id, 'subscription_id', i.subscription_id, 'amount', 1000, 'currency', 'AUD')),
                 ('invoice.finalized', jsonb_build_object('invoice_id', i.id, 'number', i.number, 'subscription_id', i.subscription_id,
                    'amount', 1000, 'total', 1000, 'currency', 'AUD'))) as e(type, data))
           select id from invoiced`,
          [
            rows.map((r) => r.id),
            rows.map((r) => r.plan_id),
            rows.map((r) => r.period_index),
            rows.map((r) => r.start),
            rows.map((r) => r.end),
            rows.map((_, i) => first + i),
            rows[0]!.merchant_id,
            rows[0]!.environment,
            at,
          ],
        );
        return invoices.map((inv) => inv.id);
      });
      await handing;
      handing = enqueue(ids.map((invoiceId) => ({ invoiceId, attempt: 1 })));
      handing.catch(() => undefined);
      total += ids.length;
    }
    await handing;
  };
  await Promise.all([lane(), lane()]);
  if (total !== count) throw new Error(`ceiling wrote ${total}, expected ${count}`);
  return total;
}

async function claimThroughput(count: number): Promise<ClaimResult> {
  const env = await benchEnv();
  try {
    const now = new Date();
    const t0 = performance.now();
    await seedSubscriptions(env.runtime, env.merchantId, 'benchcardtoken000001', count, count, now);
    const seedMs = Math.round(performance.now() - t0);
    console.error(`seeded ${count} due subscriptions in ${seedMs} ms`);
    const batchSize = env.config.SCHEDULER_BATCH_SIZE;

    // Baseline: the Redis half of the work alone, on a queue of its own, deleted before the tick.
    const queue = new Queue('bench-addbulk', {
      connection: env.runtime.redis!,
      prefix: env.config.REDIS_PREFIX,
      defaultJobOptions: CHARGE_JOB_OPTIONS,
    });
    const db = new URL(env.config.DATABASE_URL).pathname.slice(1);
    let meter = cpuMeter(db);
    let start = performance.now();
    for (let i = 0; i < count; i += batchSize) {
      await queue.addBulk(
        Array.from({ length: Math.min(batchSize, count - i) }, () => {
          const data = { invoiceId: randomUUID(), attempt: 1 };
          return { name: 'charge', data, opts: workJobOptions(chargeWorkId(data)) };
        }),
      );
    }
    const baseElapsed = (performance.now() - start) / 1000;
    const baselineCpu = meter.stop(count);
    await queue.close();
    await deleteRedisKeys(env.config.REDIS_URL, `${env.config.REDIS_PREFIX}:bench-addbulk:*`);
    console.error(`baseline: addBulk of ${count} jobs in ${baseElapsed.toFixed(1)} s`);

    const rssBeforeMb = rssMb();
    let peak = rssBeforeMb;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 250);
    const marks = [0.25, 0.5, 0.75, 1].map((f) => Math.ceil(count * f));
    const rssAt: number[] = [];
    let enqueued = 0;
    let enqueuedAt = 0;
    let schedulerCpu: CpuPer | null = null;
    const base = schedulerDeps(env.runtime);
    const deps = {
      ...base,
      enqueue: async (jobs: Parameters<typeof base.enqueue>[0]) => {
        await base.enqueue(jobs);
        enqueued += jobs.length;
        while (rssAt.length < marks.length && enqueued >= marks[rssAt.length]!) rssAt.push(rssMb());
        if (enqueued >= count && !enqueuedAt) {
          enqueuedAt = performance.now();
          schedulerCpu = meter.stop(count);
        }
      },
    };
    meter = cpuMeter(db);
    start = performance.now();
    const claimed = await runSchedulerTick(deps);
    const tickElapsed = (performance.now() - start) / 1000;
    clearInterval(sampler);
    if (claimed !== count) throw new Error(`claimed ${claimed}, expected ${count}`);
    const enqueuedS = ((enqueuedAt || performance.now()) - start) / 1000;
    const schedulerCpuPer = schedulerCpu ?? meter.stop(count);

    // The ceiling, on the same rows: the tick moved each to its next period, due a month on.
    const later = new Date(now.getTime() + 40 * 86_400_000);
    meter = cpuMeter(db);
    start = performance.now();
    await writeCeiling(env, count, batchSize, later);
    const ceilingS = (performance.now() - start) / 1000;
    const ceilingCpu = meter.stop(count);
    console.error(`ceiling: ${count} subscriptions' writes in ${ceilingS.toFixed(1)} s`);
    peak = Math.max(peak, ...rssAt);
    return {
      claimed,
      batchSize,
      seedMs,
      baseline: { rate: count / baseElapsed, elapsedS: baseElapsed },
      rate: count / enqueuedS,
      enqueuedS,
      tickS: tickElapsed,
      tickRate: count / tickElapsed,
      rssBeforeMb,
      rssAtMb: { 25: rssAt[0]!, 50: rssAt[1]!, 75: rssAt[2]!, 100: rssAt[3]! },
      peakRssMb: peak,
      cpuUs: { baseline: baselineCpu, scheduler: schedulerCpuPer, ceiling: ceilingCpu },
      ceiling: { rate: count / ceilingS, elapsedS: ceilingS },
    };
  } finally {
    await env.cleanup();
  }
}

async function main(): Promise<void> {
  let tick: { base: Awaited<ReturnType<typeof measure>>; big: Awaited<ReturnType<typeof measure>> } | null = null;
  if (TOTAL > 0) {
    const base = await measure(DUE);
    const big = await measure(TOTAL);
    tick = { base, big };
    console.table([
      { table: `${DUE} rows, all due`, 'tick ms (median)': median(base.tickMs).toFixed(1), 'idle tick ms': median(base.idleMs).toFixed(2) },
      {
        table: `${TOTAL} rows, ${DUE} due`,
        'tick ms (median)': median(big.tickMs).toFixed(1),
        'idle tick ms': median(big.idleMs).toFixed(2),
      },
    ]);
    console.log(`tick with ${TOTAL} rows / tick with ${DUE} rows: ${(median(big.tickMs) / median(base.tickMs)).toFixed(2)}x`);
    console.log(`per due subscription: ${((median(big.tickMs) / DUE) * 1000).toFixed(0)} us (claim, invoice, advance, events, enqueue)`);
  }
  let claim: ClaimResult | null = null;
  if (CLAIM > 0) {
    claim = await claimThroughput(CLAIM);
    console.table([
      { what: `BullMQ addBulk, ${CLAIM} jobs (baseline)`, 'per second': Math.round(claim.baseline.rate) },
      { what: `scheduler: claim, invoice, enqueue ${CLAIM} due`, 'per second': Math.round(claim.rate) },
      { what: 'the whole tick (with the outbox relay)', 'per second': Math.round(claim.tickRate) },
      { what: `the same writes, nothing computed, ${CLAIM} (ceiling)`, 'per second': Math.round(claim.ceiling.rate) },
    ]);
    console.log(
      `RSS MB before ${claim.rssBeforeMb}, at 25/50/75/100 %: ${Object.values(claim.rssAtMb).join(' / ')}, peak ${claim.peakRssMb}; ` +
        `scheduler / addBulk: ${(claim.rate / claim.baseline.rate).toFixed(2)}`,
    );
    const { baseline: b, scheduler: t, ceiling: c } = claim.cpuUs;
    console.log(`scheduler / the same writes with nothing computed: ${(claim.rate / claim.ceiling.rate).toFixed(2)}`);
    console.log(
      `CPU per subscription (µs): addBulk ${b.process} process + ${b.postgres} PostgreSQL + ${b.redis} Redis; ` +
        `scheduler ${t.process} process + ${t.postgres} PostgreSQL + ${t.redis} Redis; ` +
        `ceiling ${c.process} process + ${c.postgres} PostgreSQL + ${c.redis} Redis`,
    );
  }
  await writeJson(values.json, {
    scenario: 'scheduler',
    params: { total: TOTAL, due: DUE, repeat: REPEAT, claim: CLAIM },
    tick: tick && {
      baseline: { rows: DUE, medianMs: median(tick.base.tickMs), idleMedianMs: median(tick.base.idleMs), ...tick.base },
      large: { rows: TOTAL, medianMs: median(tick.big.tickMs), idleMedianMs: median(tick.big.idleMs), ...tick.big },
      ratio: median(tick.big.tickMs) / median(tick.base.tickMs),
    },
    claim: claim && { ...claim, ratio: claim.rate / claim.baseline.rate },
    process: processStats(),
  });
}

finish(main());
