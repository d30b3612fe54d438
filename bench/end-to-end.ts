/**
 * End to end: N due subscriptions (mostly approving cards, some declining) from the scheduler's
 * claim to every outcome recorded, through the `recur start` wiring (scheduler and charge worker
 * in one process, embedded gateway). Baseline in the same run: a BullMQ job doing one insert +
 * update transaction with raw SQL, at the same concurrency (PERFORMANCE.md's ceiling for a charge).
 *
 *   node bench/end-to-end.ts [--n 10000] [--concurrency 50] [--decline-every 10]
 */
import { parseArgs } from 'node:util';
import { Queue, Worker } from 'bullmq';
import { benchEnv, rssMb, seedSubscriptions } from './support.ts';
import { startRoles } from '../src/composition/roles.ts';
import { createRedis } from '../src/platform/redis.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '50' },
    'decline-every': { type: 'string', default: '10' },
  },
});
const N = Number(values.n);
const CONCURRENCY = Number(values.concurrency);
const DECLINE_EVERY = Number(values['decline-every']);

async function baseline(): Promise<number> {
  const env = await benchEnv();
  try {
    await env.runtime.sql.query('create table public.bench_jobs (id bigint primary key, n int not null)');
    await env.runtime.sql.query('create table public.bench_counter (id int primary key, n bigint not null)');
    await env.runtime.sql.query('insert into public.bench_counter values (1, 0)');
    const connection = createRedis(env.config.REDIS_URL, 'worker');
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
    const started = performance.now();
    const finished = new Promise<void>((resolve) => {
      const worker = new Worker(
        'baseline',
        async (job) =>
          env.runtime.sql.transaction(async (tx) => {
            await tx.query('insert into public.bench_jobs (id, n) values ($1, 1)', [job.data.id]);
            await tx.query('update public.bench_counter set n = n + 1 where id = 1 and $1::bigint >= 0', [job.data.id]);
          }),
        { connection, prefix: env.config.REDIS_PREFIX, concurrency: CONCURRENCY },
      );
      worker.on('completed', () => {
        if (++done === N) void worker.close().then(() => resolve());
      });
    });
    await finished;
    const rate = N / ((performance.now() - started) / 1000);
    await queue.close();
    connection.disconnect();
    return rate;
  } finally {
    await env.cleanup();
  }
}

async function endToEnd(): Promise<{
  rate: number;
  p50: number;
  p99: number;
  cpuMs: number;
  peakRss: number;
  paid: number;
  pastDue: number;
}> {
  const env = await benchEnv({ WORKER_CONCURRENCY: String(CONCURRENCY), SCHEDULER_TICK_MS: '200' });
  try {
    const ctx = await env.runtime.gateway.merchantContext(env.merchantId, 'sandbox');
    // Subscriptions have cards of their own: spread them over distinct cards (test numbers × expiries),
    // as one card's purchases serialise on its row and its declines share one dunning rhythm.
    const tokenize = async (numbers: string[], count: number) => {
      const tokens: string[] = [];
      for (let i = 0; tokens.length < count; i++) {
        const number = numbers[i % numbers.length]!;
        const k = Math.floor(i / numbers.length);
        const expiry = `${String((k % 12) + 1).padStart(2, '0')}/${2031 + Math.floor(k / 12)}`;
        tokens.push(
          (await env.runtime.gateway.tokenize(ctx, { card_holder: 'Bench', card_number: number, card_expiry: expiry, cvv: '123' })).token,
        );
      }
      return tokens;
    };
    const approving = await tokenize(
      ['5123456789012346', '4005550000000001', '345678901234564', '3530111333300000', '6250946000000016'],
      600,
    );
    const declining = await tokenize(
      ['5313581000123430', '4557012345678902', '371449635398431', '3566002020360505', '6250947000000014'],
      600,
    );
    const now = new Date();
    await seedSubscriptions(env.runtime, env.merchantId, approving[0]!, N, N, now);
    const declines = DECLINE_EVERY > 0 ? Math.floor(N / DECLINE_EVERY) : 0;
    await env.runtime.sql.query(
      `with numbered as (select id, row_number() over (order by id) - 1 as n from billing.subscriptions)
       update billing.subscriptions s set card_token = case when numbered.n < $3 then ($2::text[])[numbered.n % array_length($2::text[], 1) + 1]
                                                          else ($1::text[])[numbered.n % array_length($1::text[], 1) + 1] end
         from numbered where s.id = numbered.id`,
      [approving, declining, declines],
    );
    const cpu0 = process.cpuUsage();
    let peakRss = rssMb();
    const started = performance.now();
    const recur = await startRoles(env.runtime, { api: false, scheduler: true, workers: true }, { concurrency: CONCURRENCY });
    for (;;) {
      const rows = await env.runtime.sql.query<{ n: number }>(`select count(*)::int as n from billing.invoices where status <> 'open'`);
      peakRss = Math.max(peakRss, rssMb());
      if (rows[0]!.n >= N) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const lat = await env.runtime.sql.query<{ p50: number; p99: number }>(
      `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99
         from (select extract(epoch from (a.updated_at - s.start_at)) * 1000 as ms
                 from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id join billing.subscriptions s on s.id = i.subscription_id) x`,
    );
    const counts = await env.runtime.sql.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from billing.invoices group by status',
    );
    await recur.scheduler?.stop();
    await Promise.all(recur.workers.map((w) => w.close()));
    return {
      rate: N / elapsed,
      p50: Math.round(lat[0]!.p50),
      p99: Math.round(lat[0]!.p99),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      peakRss,
      paid: counts.find((c) => c.status === 'paid')?.n ?? 0,
      pastDue: counts.find((c) => c.status === 'past_due')?.n ?? 0,
    };
  } finally {
    await env.cleanup();
  }
}

const base = await baseline();
const e2e = await endToEnd();
console.table([
  { scenario: 'baseline: BullMQ job, raw insert + update transaction', 'per second': Math.round(base) },
  {
    scenario: `end to end: ${N} due subscriptions to recorded outcomes`,
    'per second': Math.round(e2e.rate),
    'due-to-settled p50 ms': e2e.p50,
    'p99 ms': e2e.p99,
    'process CPU ms': e2e.cpuMs,
    'peak RSS MB': e2e.peakRss,
    paid: e2e.paid,
    'past due': e2e.pastDue,
  },
]);
console.log(`end to end / baseline: ${(e2e.rate / base).toFixed(2)}`);
