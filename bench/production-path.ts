/**
 * The production path: N due subscriptions charged end to end through the `recur start` wiring
 * (scheduler and all workers in one process), in the PRODUCTION environment, where the embedded
 * gateway sends each purchase to an upstream acquirer. The upstream is a local HTTPS stub
 * (`bench/upstream-stub.ts`, a child process, keep-alive) that approves every purchase after a
 * fixed delay: the run shows whether charges overlap that network wait.
 *
 *   node bench/production-path.ts [--n 3000] [--concurrency 50] [--latencies 20,200] [--cards 600] [--json out.json]
 *
 * In the same run, first, the same N through the SANDBOX path (the embedded gateway's simulator,
 * no network): the rate the rest of a charge allows on this machine. For each latency L, with C
 * charges in flight (WORKER_CONCURRENCY), the bound is min(C / L, sandbox rate): C charges each
 * waiting L seconds cannot go faster than C / L, and nothing goes faster than the sandbox path.
 * The target is a rate of at least 0.8 × that bound.
 *
 * Every subscription is on an approving card (the stub approves whatever it is sent); the run
 * checks that every invoice was paid and that the stub was sent exactly N purchases.
 * Latency is due-to-settled, as in bench/end-to-end.ts; the steady rate leaves out the ramp-up
 * and the tail (settles between the 10th and 90th percentile).
 *
 * What bounds a run, when it misses: the requests the stub held at once (mean and peak: C at the
 * upstream means charges overlap the wait fully), queries waiting for a pool connection
 * (DATABASE_POOL_MAX), and CPU per charge, of this process and of PostgreSQL's backends for the
 * bench database (from /proc, when PostgreSQL runs on this machine).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import {
  ADMIN_URL,
  APPROVING_CARDS,
  assignCards,
  benchEnv,
  finish,
  processStats,
  rssSampler,
  seedSubscriptions,
  tokenizeCards,
  writeJson,
  type BenchEnv,
} from './support.ts';
import { spawnUpstreamStub, type StubStats } from './upstream-stub.ts';
import { startRoles, type RecurProcess } from '../src/composition/roles.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: process.env.WORKER_CONCURRENCY ?? '50' },
    latencies: { type: 'string', default: '20,200' },
    cards: { type: 'string', default: '600' },
    json: { type: 'string' },
  },
});
const N = Number(values.n);
const CONCURRENCY = Number(values.concurrency);
const LATENCIES = values.latencies.split(',').map((s) => Number(s.trim()));
const CARDS = Number(values.cards);
for (const [name, v] of [
  ['n', N],
  ['concurrency', CONCURRENCY],
  ['cards', CARDS],
  ...LATENCIES.map((l) => ['latencies', l] as const),
] as const) {
  if (!(Number.isFinite(v) && v > 0)) {
    console.error(`production-path: --${name} must be a positive number, not ${v}`);
    process.exit(2);
  }
}
/** A run that makes no progress for this long has hung: fail it rather than wait forever. */
const STALL_MS = 120_000;

/** Clock ticks per second of /proc's CPU times. */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU of a process, in ms (from /proc), or null when it cannot be read. */
function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}

/**
 * The CPU time PostgreSQL spends on this benchmark's database: its backends' user + system time
 * from /proc, sampled every second (a backend that exits keeps its last sample). Only when
 * PostgreSQL runs on this machine; null otherwise.
 */
function databaseCpu(env: BenchEnv): { stop(): Promise<number | null> } {
  const host = new URL(ADMIN_URL).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return { stop: async () => null };
  const base = new Map<number, number>();
  const last = new Map<number, number>();
  let first = true;
  let readable = true;
  const sample = async () => {
    const rows = await env.runtime.sql.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
    for (const { pid } of rows) {
      const ms = procCpuMs(pid);
      if (ms === null) {
        if (first) readable = false;
        continue;
      }
      if (!base.has(pid)) base.set(pid, first ? ms : 0);
      last.set(pid, ms);
    }
    first = false;
  };
  const started = sample();
  const timer = setInterval(() => void sample().catch(() => undefined), 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await started;
      await sample();
      if (!readable) return null;
      let total = 0;
      for (const [pid, ms] of last) total += ms - base.get(pid)!;
      return total;
    },
  };
}

/** How many queries wait for a pool connection: sampled every 20 ms, mean and peak. */
async function poolWaiting(env: BenchEnv): Promise<{ stop(): { mean: number; peak: number } }> {
  const pool = (await env.runtime.orm.em.getConnection().getNativeClient()) as pg.Pool;
  let sum = 0;
  let samples = 0;
  let peak = 0;
  const timer = setInterval(() => {
    sum += pool.waitingCount;
    samples++;
    peak = Math.max(peak, pool.waitingCount);
  }, 20);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return { mean: samples ? sum / samples : 0, peak };
    },
  };
}

export interface ChargeRun {
  environment: 'sandbox' | 'production';
  rate: number;
  /**
   * The rate between the 10th and the 90th percentile of settle times: the run without its
   * ramp-up (the scheduler's first claims, connections opening) and its tail.
   */
  steadyRate: number;
  elapsedS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  cpuMs: number;
  cpuMsPerCharge: number;
  peakRssMb: number;
  /** PostgreSQL's CPU for this database's backends, per charge (null when PostgreSQL is not local). */
  dbCpuMsPerCharge: number | null;
  /** Queries waiting for one of the DATABASE_POOL_MAX connections, sampled every 20 ms. */
  poolWaitingMean: number;
  poolWaitingPeak: number;
  paid: number;
  notPaid: number;
  /** Gateway purchases recorded as completed and approved (the embedded gateway's own books). */
  approvedPurchases: number;
  setupS: number;
}

/** Seeds N due subscriptions on approving cards of `environment`, runs scheduler and workers until all are charged. */
async function chargeAll(env: BenchEnv, environment: 'sandbox' | 'production', label: string): Promise<ChargeRun> {
  let recur: RecurProcess | null = null;
  try {
    const setup = performance.now();
    const cards = await tokenizeCards(env, APPROVING_CARDS, CARDS, 8, environment);
    await seedSubscriptions(env.runtime, env.merchantId, cards[0]!, N, N, new Date(), { environment });
    await assignCards(env.runtime, cards, [], 0);
    const setupS = (performance.now() - setup) / 1000;

    const sampler = rssSampler();
    const dbCpu = databaseCpu(env);
    const waiting = await poolWaiting(env);
    const cpu0 = process.cpuUsage();
    const startedAt = new Date();
    const started = performance.now();
    recur = await startRoles(env.runtime, { api: false, scheduler: true, workers: true }, { concurrency: CONCURRENCY });
    const charge = recur.workers.find((w) => w.name === 'charge');
    if (!charge) throw new Error('no charge worker started');
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
          console.error(`${label}: ${completed} of ${N} charged after ${Math.round(s)} s (${Math.round(completed / s)}/s)`);
        }
        if (performance.now() - lastProgress > STALL_MS) {
          clearInterval(timer);
          reject(new Error(`${label}: no charge completed for ${STALL_MS / 1000} s (${completed} of ${N} done)`));
        }
      }, 1000);
      timer.unref();
      void allCompleted.then(() => clearInterval(timer));
    });
    await Promise.race([allCompleted, stalled]);
    let elapsed = (performance.now() - started) / 1000;
    // Every invoice has its outcome (wait if a job completed without one: a fault is retried).
    for (;;) {
      const rows = await env.runtime.sql.query<{ n: number }>(`select count(*)::int as n from billing.invoices where status <> 'open'`);
      if (rows[0]!.n >= N) break;
      if (performance.now() - lastProgress > STALL_MS) throw new Error(`${label}: ${rows[0]!.n} of ${N} invoices settled`);
      await new Promise((r) => setTimeout(r, 100));
      elapsed = (performance.now() - started) / 1000;
    }
    const cpu = process.cpuUsage(cpu0);
    const peakRssMb = sampler.stop();
    const pool = waiting.stop();
    const dbCpuMs = await dbCpu.stop();
    const lat = await env.runtime.sql.query<{ p50: number; p99: number; max: number; p10: number; p90: number }>(
      `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99, max(ms) as max,
              percentile_cont(0.1) within group (order by ms) as p10, percentile_cont(0.9) within group (order by ms) as p90
         from (select extract(epoch from (a.updated_at - greatest(i.period_start, $1::timestamptz))) * 1000 as ms
                 from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id
                where a.number = 1 and a.status not in ('sending', 'unknown')) x`,
      [startedAt],
    );
    const counts = await env.runtime.sql.query<{ paid: number; all: number; approved: number }>(
      `select (select count(*)::int from billing.invoices where status = 'paid' and environment = $1) as paid,
              (select count(*)::int from billing.invoices) as all,
              (select count(*)::int from gateway.purchases where environment = $1 and state = 'completed' and successful) as approved`,
      [environment],
    );
    await recur.close();
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const c = counts[0]!;
    return {
      environment,
      rate: N / elapsed,
      steadyRate: (0.8 * N) / ((lat[0]!.p90 - lat[0]!.p10) / 1000),
      elapsedS: elapsed,
      p50Ms: Math.round(lat[0]!.p50),
      p99Ms: Math.round(lat[0]!.p99),
      maxMs: Math.round(lat[0]!.max),
      cpuMs: Math.round(cpuMs),
      cpuMsPerCharge: cpuMs / N,
      peakRssMb,
      dbCpuMsPerCharge: dbCpuMs === null ? null : dbCpuMs / N,
      poolWaitingMean: pool.mean,
      poolWaitingPeak: pool.peak,
      paid: c.paid,
      notPaid: c.all - c.paid,
      approvedPurchases: c.approved,
      setupS,
    };
  } finally {
    await recur?.close().catch((err) => console.error('bench: close failed', err));
  }
}

const workerSettings = () => ({ WORKER_CONCURRENCY: String(CONCURRENCY), SCHEDULER_TICK_MS: '200' });

async function sandbox(): Promise<ChargeRun> {
  const env = await benchEnv(workerSettings());
  try {
    return await chargeAll(env, 'sandbox', 'sandbox path');
  } finally {
    await env.cleanup();
  }
}

export interface ProductionRun extends ChargeRun {
  latencyMs: number;
  /** min(C / latency, sandbox rate). */
  bound: number;
  ratio: number;
  upstreamRequests: number;
  upstream: StubStats;
}

async function production(latencyMs: number, sandboxRate: number): Promise<ProductionRun> {
  const stub = await spawnUpstreamStub(latencyMs);
  const dir = await mkdtemp(join(tmpdir(), 'recur-bench-upstream-'));
  let env: BenchEnv | null = null;
  try {
    const caFile = join(dir, 'upstream-ca.pem');
    await writeFile(caFile, stub.ca);
    env = await benchEnv({
      ...workerSettings(),
      UPSTREAM_GATEWAY_URL: stub.url,
      UPSTREAM_GATEWAY_USERNAME: 'bench-upstream',
      UPSTREAM_GATEWAY_TOKEN: 'bench-upstream-token',
      UPSTREAM_GATEWAY_CA_FILE: caFile,
      // The sandbox's test numbers, tokenized in production: the stub approves whatever it is sent.
      ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
    });
    const run = await chargeAll(env, 'production', `production path, upstream at ${latencyMs} ms`);
    const upstream = await stub.stats();
    const bound = Math.min(CONCURRENCY / (latencyMs / 1000), sandboxRate);
    return {
      ...run,
      latencyMs,
      bound,
      ratio: run.rate / bound,
      upstreamRequests: upstream.purchases + upstream.lookups + upstream.other,
      upstream,
    };
  } finally {
    await env?.cleanup();
    await stub.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a run got wrong: invoices not paid, or an upstream that was not sent exactly one purchase per charge. */
function problemsOf(run: ChargeRun | ProductionRun): string[] {
  const label = 'latencyMs' in run ? `production at ${run.latencyMs} ms` : 'sandbox';
  const problems: string[] = [];
  if (run.paid !== N || run.notPaid !== 0) problems.push(`${label}: ${run.paid} of ${N} invoices paid, ${run.notPaid} not`);
  if (run.approvedPurchases !== N) problems.push(`${label}: ${run.approvedPurchases} approved purchases recorded, not ${N}`);
  if ('upstream' in run && (run.upstream.purchases !== N || run.upstream.approved !== N)) {
    problems.push(`${label}: the upstream was sent ${run.upstream.purchases} purchases (${run.upstream.approved} distinct), not ${N}`);
  }
  return problems;
}

async function main(): Promise<void> {
  const sandboxRun = await sandbox();
  console.error(`sandbox path: ${Math.round(sandboxRun.rate)} charges/s`);
  const runs: ProductionRun[] = [];
  for (const latencyMs of LATENCIES) {
    const run = await production(latencyMs, sandboxRun.rate);
    console.error(
      `production path, upstream at ${latencyMs} ms: ${Math.round(run.rate)} charges/s, bound ${Math.round(run.bound)}, ratio ${run.ratio.toFixed(2)}`,
    );
    runs.push(run);
  }
  console.table([
    {
      scenario: `sandbox path: ${N} due subscriptions`,
      'charges/s': Math.round(sandboxRun.rate),
      'steady /s': Math.round(sandboxRun.steadyRate),
      bound: '',
      ratio: '',
      'p50 ms': sandboxRun.p50Ms,
      'p99 ms': sandboxRun.p99Ms,
      'CPU ms/charge': sandboxRun.cpuMsPerCharge.toFixed(3),
      'PostgreSQL CPU ms/charge': sandboxRun.dbCpuMsPerCharge?.toFixed(3) ?? '',
      'pool waiting (mean)': sandboxRun.poolWaitingMean.toFixed(1),
      'peak RSS MB': sandboxRun.peakRssMb,
      'upstream requests': '',
      'upstream in flight (mean / peak)': '',
    },
    ...runs.map((r) => ({
      scenario: `production path, upstream at ${r.latencyMs} ms`,
      'charges/s': Math.round(r.rate),
      'steady /s': Math.round(r.steadyRate),
      bound: Math.round(r.bound),
      ratio: r.ratio.toFixed(2),
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'CPU ms/charge': r.cpuMsPerCharge.toFixed(3),
      'PostgreSQL CPU ms/charge': r.dbCpuMsPerCharge?.toFixed(3) ?? '',
      'pool waiting (mean)': r.poolWaitingMean.toFixed(1),
      'peak RSS MB': r.peakRssMb,
      'upstream requests': r.upstreamRequests,
      'upstream in flight (mean / peak)': `${r.upstream.meanInFlight.toFixed(1)} / ${r.upstream.peakInFlight}`,
    })),
  ]);
  const problems = [...problemsOf(sandboxRun), ...runs.flatMap(problemsOf)];
  await writeJson(values.json, {
    scenario: 'production-path',
    params: { n: N, concurrency: CONCURRENCY, latencies: LATENCIES, cards: CARDS },
    sandbox: sandboxRun,
    runs: runs.map((r) => ({
      latencyMs: r.latencyMs,
      rate: r.rate,
      bound: r.bound,
      ratio: r.ratio,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      cpuMsPerCharge: r.cpuMsPerCharge,
      peakRssMb: r.peakRssMb,
      upstreamRequests: r.upstreamRequests,
      steadyRate: r.steadyRate,
      elapsedS: r.elapsedS,
      maxMs: r.maxMs,
      cpuMs: r.cpuMs,
      dbCpuMsPerCharge: r.dbCpuMsPerCharge,
      poolWaitingMean: r.poolWaitingMean,
      poolWaitingPeak: r.poolWaitingPeak,
      paid: r.paid,
      notPaid: r.notPaid,
      approvedPurchases: r.approvedPurchases,
      setupS: r.setupS,
      upstream: r.upstream,
    })),
    problems,
    process: processStats(),
  });
  if (problems.length) throw new Error(`production-path: ${problems.join('; ')}`);
}

finish(main());
