/**
 * End to end: N due subscriptions (mostly approving cards, some declining) from the scheduler's
 * claim to every outcome recorded, through the `recur start` wiring (scheduler and all workers
 * in one process, embedded gateway). Baseline in the same run: a BullMQ job doing one insert +
 * update transaction with raw SQL, at the same concurrency on the same pool (PERFORMANCE.md's
 * ceiling for a charge).
 *
 *   node bench/end-to-end.ts [--n 10000] [--concurrency 50] [--decline-every 10] [--cards 600] [--json out.json]
 *                            [--queue-backends redis,postgres]
 *
 * The end-to-end run goes once per queue backend: on Redis (`endToEnd` in the JSON), then on
 * BullMQ's PostgreSQL backend (`endToEndPostgres`, QUEUE_BACKEND=postgres on the same PostgreSQL),
 * unless `--queue-backends redis` leaves it out.
 *
 * Latency is due-to-settled: from the later of the subscription's due time and the daemon's
 * start (all N are due before it starts) to the attempt's outcome being recorded.
 */
import { parseArgs } from 'node:util';
import { Queue, Worker } from 'bullmq';
import {
  APPROVING_CARDS,
  DECLINING_CARDS,
  assignCards,
  benchEnv,
  finish,
  processStats,
  rssSampler,
  seedSubscriptions,
  serverCpuMeter,
  tokenizeCards,
  writeJson,
} from './support.ts';
import { startRoles, type RecurProcess } from '../src/composition/roles.ts';
import { createRedis } from '../src/platform/redis.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: process.env.WORKER_CONCURRENCY ?? '50' },
    'decline-every': { type: 'string', default: '10' },
    cards: { type: 'string', default: '600' },
    json: { type: 'string' },
    'queue-backends': { type: 'string', default: 'redis,postgres' },
  },
});
const WITH_POSTGRES_QUEUES = values['queue-backends'].split(',').includes('postgres');
const N = Number(values.n);
const CONCURRENCY = Number(values.concurrency);
const DECLINE_EVERY = Number(values['decline-every']);
const CARDS = Number(values.cards);
/** A run that makes no progress for this long has hung: fail it rather than wait forever. */
const STALL_MS = 120_000;

/** CPU the servers spent per unit of work (`serverCpuMeter`): PostgreSQL's backends of the run's database, and Redis. */
export interface ServerCpu {
  postgresMsPerUnit: number;
  redisMsPerUnit: number;
}

function perUnit(cpu: { postgresMs: number; redisMs: number }, n: number): ServerCpu {
  return { postgresMsPerUnit: cpu.postgresMs / n, redisMsPerUnit: cpu.redisMs / n };
}

const databaseOf = (url: string) => new URL(url).pathname.slice(1);

export interface BaselineResult {
  rate: number;
  elapsedS: number;
  cpuMs: number;
  cpuMsPerJob: number;
  peakRssMb: number;
  serverCpu: ServerCpu;
}

async function baseline(): Promise<BaselineResult> {
  const env = await benchEnv({ WORKER_CONCURRENCY: String(CONCURRENCY) });
  const connection = createRedis(env.config.REDIS_URL, 'worker');
  try {
    // The honest ceiling of a charge's database work: each job inserts its attempt and updates a row
    // of its own, as a real charge updates its own invoice. (One shared counter row would queue every
    // transaction on one row lock and measure that lock, not the machine.)
    await env.runtime.sql.query('create table public.bench_jobs (id bigint primary key, n int not null)');
    await env.runtime.sql.query('create table public.bench_rows (id bigint primary key, n bigint not null)');
    await env.runtime.sql.query('insert into public.bench_rows select g, 0 from generate_series(0, $1::bigint - 1) g', [N]);
    const queue = new Queue('baseline', { connection, prefix: env.config.REDIS_PREFIX });
    for (let i = 0; i < N; i += 1000) {
      await queue.addBulk(
        Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
          name: 'b',
          data: { id: i + k },
          opts: { jobId: `b-${i + k}`, removeOnComplete: true },
        })),
      );
    }
    let done = 0;
    const sampler = rssSampler();
    const servers = serverCpuMeter(databaseOf(env.config.DATABASE_URL));
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    let worker: Worker | undefined;
    await new Promise<void>((resolve, reject) => {
      worker = new Worker(
        'baseline',
        async (job) =>
          env.runtime.sql.transaction(async (tx) => {
            await tx.query('insert into public.bench_jobs (id, n) values ($1, 1)', [job.data.id]);
            await tx.query('update public.bench_rows set n = n + 1 where id = $1', [job.data.id]);
          }),
        { connection, prefix: env.config.REDIS_PREFIX, concurrency: CONCURRENCY },
      );
      worker.on('completed', () => {
        if (++done === N) resolve();
      });
      worker.on('failed', (_job, err) => reject(err));
    });
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const serverCpu = perUnit(servers.stop(), N);
    const peakRssMb = sampler.stop();
    await worker?.close();
    await queue.close();
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return { rate: N / elapsed, elapsedS: elapsed, cpuMs: Math.round(cpuMs), cpuMsPerJob: cpuMs / N, peakRssMb, serverCpu };
  } finally {
    connection.disconnect();
    await env.cleanup();
  }
}

export interface EndToEndResult {
  rate: number;
  elapsedS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  cpuMs: number;
  cpuMsPerCharge: number;
  peakRssMb: number;
  paid: number;
  pastDue: number;
  settled: number;
  setupS: number;
  serverCpu: ServerCpu;
}

async function endToEnd(queueBackend: 'redis' | 'postgres'): Promise<EndToEndResult> {
  const env = await benchEnv({ WORKER_CONCURRENCY: String(CONCURRENCY), SCHEDULER_TICK_MS: '200', QUEUE_BACKEND: queueBackend });
  let recur: RecurProcess | null = null;
  try {
    const setup = performance.now();
    const approving = await tokenizeCards(env, APPROVING_CARDS, CARDS);
    const declining = await tokenizeCards(env, DECLINING_CARDS, CARDS);
    await seedSubscriptions(env.runtime, env.merchantId, approving[0]!, N, N, new Date());
    await assignCards(env.runtime, approving, declining, DECLINE_EVERY);
    const setupS = (performance.now() - setup) / 1000;

    const sampler = rssSampler();
    const servers = serverCpuMeter(databaseOf(env.config.DATABASE_URL));
    const cpu0 = process.cpuUsage();
    const startedAt = new Date();
    const started = performance.now();
    recur = await startRoles(env.runtime, { api: false, scheduler: true, workers: true }, { concurrency: CONCURRENCY });
    const charge = recur.workers.find((w) => w.name === 'charge');
    if (!charge) throw new Error('no charge worker started');
    // Each completed charge job is one recorded outcome (a decline completes its job too).
    let completed = 0;
    let lastProgress = performance.now();
    const allCompleted = new Promise<void>((resolve) => {
      charge.on('completed', () => {
        lastProgress = performance.now();
        if (++completed >= N) resolve();
      });
    });
    let reported = 0;
    const stalled = new Promise<never>((_, reject) => {
      const timer = setInterval(() => {
        const s = (performance.now() - started) / 1000;
        if (s - reported >= 10) {
          reported = s;
          console.error(`end to end: ${completed} of ${N} charged after ${Math.round(s)} s (${Math.round(completed / s)}/s)`);
        }
        if (performance.now() - lastProgress > STALL_MS) {
          clearInterval(timer);
          reject(new Error(`no charge completed for ${STALL_MS / 1000} s (${completed} of ${N} done)`));
        }
      }, 1000);
      timer.unref();
      void allCompleted.then(() => clearInterval(timer));
    });
    await Promise.race([allCompleted, stalled]);
    let elapsed = (performance.now() - started) / 1000;
    // Verify in PostgreSQL: every invoice has its outcome (wait if a job completed without one).
    for (;;) {
      const rows = await env.runtime.sql.query<{ n: number }>(`select count(*)::int as n from billing.invoices where status <> 'open'`);
      if (rows[0]!.n >= N) break;
      if (performance.now() - lastProgress > STALL_MS) throw new Error(`${rows[0]!.n} of ${N} invoices settled`);
      await new Promise((r) => setTimeout(r, 250));
      elapsed = (performance.now() - started) / 1000;
    }
    const cpu = process.cpuUsage(cpu0);
    const serverCpu = perUnit(servers.stop(), N);
    const peakRssMb = sampler.stop();
    const lat = await env.runtime.sql.query<{ p50: number; p99: number; max: number; n: number }>(
      `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99,
              max(ms) as max, count(*)::int as n
         from (select extract(epoch from (a.updated_at - greatest(i.period_start, $1::timestamptz))) * 1000 as ms
                 from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id
                where a.number = 1 and a.status not in ('sending', 'unknown')) x`,
      [startedAt],
    );
    const counts = await env.runtime.sql.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from billing.invoices group by status',
    );
    await recur.close();
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return {
      rate: N / elapsed,
      elapsedS: elapsed,
      p50Ms: Math.round(lat[0]!.p50),
      p99Ms: Math.round(lat[0]!.p99),
      maxMs: Math.round(lat[0]!.max),
      cpuMs: Math.round(cpuMs),
      cpuMsPerCharge: cpuMs / N,
      peakRssMb,
      paid: counts.find((c) => c.status === 'paid')?.n ?? 0,
      pastDue: counts.find((c) => c.status === 'past_due')?.n ?? 0,
      settled: lat[0]!.n,
      setupS,
      serverCpu,
    };
  } finally {
    await recur?.close().catch((err) => console.error('bench: close failed', err));
    await env.cleanup();
  }
}

async function main(): Promise<void> {
  const base = await baseline();
  const e2e = await endToEnd('redis');
  const onPostgres = WITH_POSTGRES_QUEUES ? await endToEnd('postgres') : null;
  console.table([
    {
      scenario: 'baseline: BullMQ job, raw insert + update-own-row transaction',
      'per second': Math.round(base.rate),
      'CPU ms per unit': base.cpuMsPerJob.toFixed(3),
      'PostgreSQL CPU ms per unit': base.serverCpu.postgresMsPerUnit.toFixed(3),
      'Redis CPU ms per unit': base.serverCpu.redisMsPerUnit.toFixed(3),
      'peak RSS MB': base.peakRssMb,
    },
    {
      scenario: `end to end: ${N} due subscriptions to recorded outcomes`,
      'per second': Math.round(e2e.rate),
      'due-to-settled p50 ms': e2e.p50Ms,
      'p99 ms': e2e.p99Ms,
      'CPU ms per unit': e2e.cpuMsPerCharge.toFixed(3),
      'PostgreSQL CPU ms per unit': e2e.serverCpu.postgresMsPerUnit.toFixed(3),
      'Redis CPU ms per unit': e2e.serverCpu.redisMsPerUnit.toFixed(3),
      'peak RSS MB': e2e.peakRssMb,
      paid: e2e.paid,
      'past due': e2e.pastDue,
    },
    ...(onPostgres
      ? [
          {
            scenario: `end to end, queues on PostgreSQL (QUEUE_BACKEND=postgres)`,
            'per second': Math.round(onPostgres.rate),
            'due-to-settled p50 ms': onPostgres.p50Ms,
            'p99 ms': onPostgres.p99Ms,
            'CPU ms per unit': onPostgres.cpuMsPerCharge.toFixed(3),
            'PostgreSQL CPU ms per unit': onPostgres.serverCpu.postgresMsPerUnit.toFixed(3),
            'peak RSS MB': onPostgres.peakRssMb,
            paid: onPostgres.paid,
            'past due': onPostgres.pastDue,
          },
        ]
      : []),
  ]);
  console.log(`end to end / baseline: ${(e2e.rate / base.rate).toFixed(2)}`);
  if (onPostgres) console.log(`end to end, PostgreSQL queues / Redis queues: ${(onPostgres.rate / e2e.rate).toFixed(2)}`);
  await writeJson(values.json, {
    scenario: 'end-to-end',
    params: { n: N, concurrency: CONCURRENCY, declineEvery: DECLINE_EVERY, cards: CARDS, queueBackends: values['queue-backends'] },
    baseline: base,
    endToEnd: e2e,
    ratio: e2e.rate / base.rate,
    ...(onPostgres ? { endToEndPostgres: onPostgres, postgresToRedis: onPostgres.rate / e2e.rate } : {}),
    process: processStats(),
  });
}

finish(main());
