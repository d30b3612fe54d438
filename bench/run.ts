/**
 * `npm run bench`: every scenario of docs/benchmarks.md, each in a child process of its own (a
 * fresh heap, its own peak RSS, its own database and Redis prefix), each with its baseline in the
 * same run. Prints one table (Markdown) on stdout and writes every raw figure, the machine and the
 * flags to `bench/results/<ISO 8601 basic timestamp>-<full|quick>.json`.
 *
 *   npm run bench                       # the full run (tens of minutes)
 *   npm run bench -- --quick            # the CI-sized run (under 3 minutes when the targets are met)
 *   npm run bench -- --only e2e,gateway --e2e-n 20000
 *
 * Scenarios: e2e (bench/end-to-end.ts), scheduler (bench/scheduler.ts), gateway
 * (bench/gateway-api.ts), soak (bench/soak.ts), production (bench/production-path.ts), documents
 * (bench/documents.ts), analytics (bench/analytics.ts), usage (bench/usage.ts).
 * Per-scenario overrides: --e2e-n, --e2e-concurrency, --e2e-decline-every, --e2e-cards,
 * --scheduler-claim, --scheduler-total, --scheduler-due, --scheduler-repeat, --gateway-seconds,
 * --soak-seconds, --soak-rate, --soak-sample, --production-n, --production-concurrency,
 * --production-latencies, --production-cards, --documents-seconds, --analytics-subscriptions. Settings
 * such as WORKER_CONCURRENCY or DATABASE_POOL_MAX come from the environment (bench/support.ts).
 *
 * It reports, it does not judge: the exit code is 0 when targets are missed, 1 only when a
 * scenario crashed (or hung past --timeout).
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { deleteRedisKeys, dropDatabases, TUNABLE } from './support.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SCENARIOS = ['e2e', 'scheduler', 'gateway', 'soak', 'production', 'documents', 'analytics', 'usage'] as const;
type Scenario = (typeof SCENARIOS)[number];
const ALIASES: Record<string, Scenario> = { 'end-to-end': 'e2e', 'gateway-api': 'gateway', 'production-path': 'production' };

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'e2e-n': { type: 'string' },
    'e2e-concurrency': { type: 'string' },
    'e2e-decline-every': { type: 'string' },
    'e2e-cards': { type: 'string' },
    'scheduler-claim': { type: 'string' },
    'scheduler-total': { type: 'string' },
    'scheduler-due': { type: 'string' },
    'scheduler-repeat': { type: 'string' },
    'gateway-seconds': { type: 'string' },
    'soak-seconds': { type: 'string' },
    'soak-rate': { type: 'string' },
    'soak-sample': { type: 'string' },
    'production-n': { type: 'string' },
    'production-concurrency': { type: 'string' },
    /** Upstream delays in ms, comma-separated: one production run each. */
    'production-latencies': { type: 'string' },
    'production-cards': { type: 'string' },
    'documents-seconds': { type: 'string' },
    'analytics-subscriptions': { type: 'string' },
    'usage-events': { type: 'string' },
    'usage-table': { type: 'string' },
    'usage-closes': { type: 'string' },
    /** Seconds a scenario may run before it is killed and counted as crashed. */
    timeout: { type: 'string' },
    /** Where the JSON goes (default bench/results). */
    'out-dir': { type: 'string' },
  },
});
const QUICK = flags.quick;
const MODE = QUICK ? 'quick' : 'full';
/** The soak's arrival rate by default: a fifth of the 1,000/s target, a month-end day of a large merchant (PERFORMANCE.md: 280/s). */
const SOAK_RATE = 200;
const pick = (flag: string | undefined, full: number, quick: number) => Number(flag ?? (QUICK ? quick : full));

/** Sizes: full run, then --quick (docs/benchmarks.md). */
const params = {
  e2e: {
    n: pick(flags['e2e-n'], 100_000, 10_000),
    concurrency: pick(flags['e2e-concurrency'], Number(process.env.WORKER_CONCURRENCY ?? 50), Number(process.env.WORKER_CONCURRENCY ?? 50)),
    declineEvery: pick(flags['e2e-decline-every'], 10, 10),
    cards: pick(flags['e2e-cards'], 600, 200),
  },
  scheduler: {
    claim: pick(flags['scheduler-claim'], 1_000_000, 50_000),
    total: pick(flags['scheduler-total'], 1_000_000, 50_000),
    due: pick(flags['scheduler-due'], 1_000, 1_000),
    repeat: pick(flags['scheduler-repeat'], 9, 3),
  },
  gateway: { seconds: pick(flags['gateway-seconds'], 10, 3), health: !QUICK },
  soak: {
    seconds: pick(flags['soak-seconds'], 600, 40),
    rate: pick(flags['soak-rate'], SOAK_RATE, SOAK_RATE),
    sample: pick(flags['soak-sample'], 10, 5),
    rateReason: flags['soak-rate'] ? '--soak-rate' : `default (${SOAK_RATE}/s)`,
  },
  production: {
    n: pick(flags['production-n'], 3_000, 1_000),
    concurrency: pick(
      flags['production-concurrency'],
      Number(process.env.WORKER_CONCURRENCY ?? 50),
      Number(process.env.WORKER_CONCURRENCY ?? 50),
    ),
    cards: pick(flags['production-cards'], 600, 200),
    latencies: flags['production-latencies'] ?? '20,200',
  },
  documents: { seconds: pick(flags['documents-seconds'], 10, 3) },
  analytics: { subscriptions: pick(flags['analytics-subscriptions'], 100_000, 10_000) },
  usage: {
    events: pick(flags['usage-events'], 200_000, 50_000),
    subscriptions: pick(undefined, 10_000, 2_000),
    table: pick(flags['usage-table'], 1_000_000, 200_000),
    closes: pick(flags['usage-closes'], 1_000, 1_000),
  },
};
if (!params.production.latencies.split(',').every((l) => Number(l) > 0)) {
  console.error(`bench: production latencies must be positive numbers of ms, not ${params.production.latencies}`);
  process.exit(2);
}

/**
 * The soak must run below capacity, or its backlog (not a leak) makes memory grow. Unless
 * --soak-rate says otherwise, it runs at SOAK_RATE, or at half the end-to-end rate measured
 * earlier in the same run when that is lower.
 */
function fitSoakRate(e2eRate: number): void {
  if (flags['soak-rate'] || !(e2eRate > 0)) return;
  const half = Math.max(10, Math.floor(e2eRate / 2 / 10) * 10);
  if (half < params.soak.rate) {
    params.soak.rate = half;
    params.soak.rateReason = `half the end-to-end rate of this run (${Math.round(e2eRate)}/s), below the default ${SOAK_RATE}/s`;
    console.error(`bench: the soak runs at ${half}/s: ${params.soak.rateReason}`);
  }
}

for (const [scenario, p] of Object.entries(params)) {
  for (const [key, value] of Object.entries(p)) {
    if (typeof value === 'number' && !(Number.isFinite(value) && (value > 0 || (key === 'declineEvery' && value === 0)))) {
      console.error(`bench: ${scenario} ${key} must be a positive number, not ${value}`);
      process.exit(2);
    }
  }
}

function argsFor(scenario: Scenario): { script: string; args: string[] } {
  switch (scenario) {
    case 'e2e': {
      const p = params.e2e;
      return {
        script: 'bench/end-to-end.ts',
        args: ['--n', `${p.n}`, '--concurrency', `${p.concurrency}`, '--decline-every', `${p.declineEvery}`, '--cards', `${p.cards}`],
      };
    }
    case 'scheduler': {
      const p = params.scheduler;
      return {
        script: 'bench/scheduler.ts',
        args: ['--claim', `${p.claim}`, '--total', `${p.total}`, '--due', `${p.due}`, '--repeat', `${p.repeat}`],
      };
    }
    case 'gateway':
      return {
        script: 'bench/gateway-api.ts',
        args: ['--seconds', `${params.gateway.seconds}`, ...(params.gateway.health ? [] : ['--no-health'])],
      };
    case 'soak': {
      const p = params.soak;
      const cards = QUICK ? ['--cards', '200'] : [];
      return {
        script: 'bench/soak.ts',
        args: ['--seconds', `${p.seconds}`, '--rate', `${p.rate}`, '--sample', `${p.sample}`, '--drain', QUICK ? '10' : '60', ...cards],
      };
    }
    case 'production': {
      const p = params.production;
      return {
        script: 'bench/production-path.ts',
        args: ['--n', `${p.n}`, '--concurrency', `${p.concurrency}`, '--cards', `${p.cards}`, '--latencies', p.latencies],
      };
    }
    case 'documents':
      return { script: 'bench/documents.ts', args: ['--seconds', `${params.documents.seconds}`] };
    case 'analytics':
      return { script: 'bench/analytics.ts', args: ['--subscriptions', `${params.analytics.subscriptions}`] };
    case 'usage': {
      const p = params.usage;
      return {
        script: 'bench/usage.ts',
        args: ['--events', `${p.events}`, '--subscriptions', `${p.subscriptions}`, '--table', `${p.table}`, '--closes', `${p.closes}`],
      };
    }
  }
}

const selected: Scenario[] = flags.only
  ? flags.only.split(',').map((s) => {
      const name = ALIASES[s.trim()] ?? (s.trim() as Scenario);
      if (!SCENARIOS.includes(name)) throw new Error(`unknown scenario ${s}: one of ${SCENARIOS.join(', ')}`);
      return name;
    })
  : [...SCENARIOS];
const TIMEOUT_S = Number(flags.timeout ?? (QUICK ? 600 : 7200));

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

interface ScenarioRun {
  scenario: Scenario;
  script: string;
  args: string[];
  startedAt: string;
  finishedAt: string;
  wallS: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  ok: boolean;
  error?: string;
  /** Databases or Redis keys the scenario left behind (a crash), removed by the orchestrator. */
  leftovers: { databases: string[]; redisKeys: number };
  result: any;
}

let current: { kill(): void } | null = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    console.error(`bench: ${signal}: stopping the running scenario, then cleaning up`);
    current?.kill();
  });
}

/** Drops the logger's "generated development secrets" line of every fresh environment: noise here. */
const NOISE = /"msg":"generated development secrets/;

async function runScenario(scenario: Scenario, runId: string, dir: string): Promise<ScenarioRun> {
  const { script, args } = argsFor(scenario);
  const jsonFile = join(dir, `${scenario}.json`);
  const dbPrefix = `recur_bench_${runId}_${scenario}`;
  const redisPrefix = `recur-bench-${runId}-${scenario}`;
  const startedAt = new Date();
  console.error(`\n== ${scenario}: node ${script} ${args.join(' ')}`);
  const child = spawn(process.execPath, [join(ROOT, script), ...args, '--json', jsonFile], {
    cwd: ROOT,
    env: { ...process.env, RECUR_BENCH_DB_PREFIX: dbPrefix, RECUR_BENCH_REDIS_PREFIX: redisPrefix },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: a kill reaches the scenario's own children too (the gateway's `recur start`).
    detached: true,
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (!NOISE.test(line)) process.stderr.write(`[${scenario}] ${line}\n`);
    });
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(`bench: ${scenario} ran past ${TIMEOUT_S} s: killing it`);
    killGroup('SIGKILL');
  }, TIMEOUT_S * 1000);
  current = {
    kill: () => {
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 10_000).unref();
    },
  };
  const [exitCode, signal] = await new Promise<[number | null, string | null]>((ok) => child.once('exit', (code, sig) => ok([code, sig])));
  clearTimeout(timer);
  current = null;
  // Whatever the scenario started and left running (a crash) goes with it.
  killGroup('SIGKILL');
  const finishedAt = new Date();
  // Belt and braces: whatever a crashed (or killed) scenario left behind goes now.
  const leftovers = { databases: [] as string[], redisKeys: 0 };
  leftovers.databases = await dropDatabases(dbPrefix, true).catch((err) => {
    console.error(`bench: could not drop ${dbPrefix}*`, err);
    return [];
  });
  leftovers.redisKeys = await deleteRedisKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', `${redisPrefix}*`).catch((err) => {
    console.error(`bench: could not delete ${redisPrefix}* keys`, err);
    return 0;
  });
  let result: any = null;
  let error: string | undefined;
  try {
    result = JSON.parse(await readFile(jsonFile, 'utf8'));
  } catch {
    error = timedOut ? `timed out after ${TIMEOUT_S} s` : `exited ${exitCode ?? signal} without results`;
  }
  if (!error && exitCode !== 0) error = `exited ${exitCode ?? signal}`;
  return {
    scenario,
    script,
    args,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    wallS: (finishedAt.getTime() - startedAt.getTime()) / 1000,
    exitCode,
    signal,
    timedOut,
    ok: !error,
    error,
    leftovers,
    result,
  };
}

interface Row {
  scenario: string;
  figure: string;
  baseline: string;
  ratio: string;
  target: string;
  met: string;
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');
const fix = (x: number, d = 2) => x.toFixed(d);
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');

function rowsFor(run: ScenarioRun): Row[] {
  const r = run.result;
  if (!run.ok || !r) {
    return [{ scenario: run.scenario, figure: `CRASHED: ${run.error}`, baseline: '', ratio: '', target: '', met: '**crash**' }];
  }
  switch (run.scenario) {
    case 'e2e': {
      const e = r.endToEnd;
      const b = r.baseline;
      const n = int(r.params.n);
      return [
        {
          scenario: `End to end, ${n} due: charges/s`,
          figure: int(e.rate),
          baseline: `${int(b.rate)} jobs/s (BullMQ job, raw insert + update)`,
          ratio: fix(r.ratio),
          target: '≥ 0.50 × baseline',
          met: yes(r.ratio >= 0.5),
        },
        {
          scenario: 'End to end: charges/s, absolute',
          figure: int(e.rate),
          baseline: '',
          ratio: '',
          target: '≥ 1,000/s',
          met: yes(e.rate >= 1000),
        },
        {
          scenario: 'End to end: due-to-settled p50 / p99',
          figure: `${int(e.p50Ms)} / ${int(e.p99Ms)} ms`,
          baseline: '',
          ratio: '',
          target: '(reported)',
          met: '',
        },
        {
          scenario: 'End to end: process CPU per charge',
          figure: `${fix(e.cpuMsPerCharge)} ms`,
          baseline: `${fix(b.cpuMsPerJob)} ms per job`,
          ratio: fix(e.cpuMsPerCharge / b.cpuMsPerJob),
          target: '(reported)',
          met: '',
        },
        ...(e.serverCpu && b.serverCpu
          ? [
              {
                scenario: "End to end: PostgreSQL's CPU per charge (its backends of the run's database)",
                figure: `${fix(e.serverCpu.postgresMsPerUnit)} ms`,
                baseline: `${fix(b.serverCpu.postgresMsPerUnit)} ms per job`,
                ratio: fix(e.serverCpu.postgresMsPerUnit / b.serverCpu.postgresMsPerUnit),
                target: '(reported)',
                met: '',
              },
              {
                scenario: "End to end: Redis's CPU per charge (the whole server)",
                figure: `${fix(e.serverCpu.redisMsPerUnit)} ms`,
                baseline: `${fix(b.serverCpu.redisMsPerUnit)} ms per job`,
                ratio: fix(e.serverCpu.redisMsPerUnit / b.serverCpu.redisMsPerUnit),
                target: '(reported)',
                met: '',
              },
            ]
          : []),
        {
          scenario: 'End to end: peak RSS',
          figure: `${int(e.peakRssMb)} MB`,
          baseline: `${int(b.peakRssMb)} MB`,
          ratio: fix(e.peakRssMb / b.peakRssMb),
          target: '(reported)',
          met: '',
        },
        ...(r.endToEndPostgres
          ? [
              {
                scenario: `End to end, queues on PostgreSQL (QUEUE_BACKEND=postgres): charges/s, p50 / p99`,
                figure: `${int(r.endToEndPostgres.rate)} (${int(r.endToEndPostgres.p50Ms)} / ${int(r.endToEndPostgres.p99Ms)} ms)`,
                baseline: `${int(e.rate)} charges/s, queues on Redis`,
                ratio: fix(r.postgresToRedis),
                target: '(reported)',
                met: '',
              },
            ]
          : []),
      ];
    }
    case 'scheduler': {
      const rows: Row[] = [];
      const c = r.claim;
      if (c) {
        const at = c.rssAtMb;
        const growth = (at['100'] - at['25']) / at['25'];
        rows.push(
          {
            scenario: `Scheduler, ${int(c.claimed)} due: claimed, invoiced, enqueued/s`,
            figure: int(c.rate),
            baseline: `${int(c.baseline.rate)} jobs/s (BullMQ addBulk alone)`,
            ratio: fix(c.ratio),
            target: '≥ 10,000/s',
            met: yes(c.rate >= 10_000),
          },
          ...(c.ceiling
            ? [
                {
                  scenario: 'Scheduler against the same writes with nothing computed',
                  figure: `${int(c.rate)}/s`,
                  baseline: `${int(c.ceiling.rate)}/s (claim and advance, number, invoice, two events, addBulk; two lanes)`,
                  ratio: fix(c.rate / c.ceiling.rate),
                  target: '(reported)',
                  met: '',
                },
                {
                  scenario: 'Scheduler: CPU per subscription (process + PostgreSQL + Redis)',
                  figure: `${c.cpuUs.scheduler.process} + ${c.cpuUs.scheduler.postgres} + ${c.cpuUs.scheduler.redis} µs`,
                  baseline: `ceiling ${c.cpuUs.ceiling.process} + ${c.cpuUs.ceiling.postgres} + ${c.cpuUs.ceiling.redis} µs`,
                  ratio: '',
                  target: '(reported)',
                  met: '',
                },
              ]
            : []),
          {
            scenario: 'Scheduler: the whole tick (with the outbox relay)/s',
            figure: int(c.tickRate),
            baseline: '',
            ratio: '',
            target: '(reported)',
            met: '',
          },
          {
            scenario: 'Scheduler: RSS at 25 / 50 / 75 / 100 %',
            figure: `${at['25']} / ${at['50']} / ${at['75']} / ${at['100']} MB`,
            baseline: `${c.rssBeforeMb} MB before`,
            ratio: `${growth >= 0 ? '+' : ''}${fix(growth * 100, 1)} %`,
            target: 'flat: < +10 % from 25 to 100 %',
            met: yes(growth < 0.1),
          },
        );
      }
      const t = r.tick;
      if (t) {
        rows.push({
          scenario: `Scheduler tick, ${int(t.large.rows)} rows of which ${int(r.params.due)} due`,
          figure: `${fix(t.large.medianMs, 1)} ms`,
          baseline: `${fix(t.baseline.medianMs, 1)} ms (${int(t.baseline.rows)}-row table)`,
          ratio: fix(t.ratio),
          target: '< 50 ms',
          met: yes(t.large.medianMs < 50),
        });
      }
      return rows;
    }
    case 'gateway': {
      const rows: Row[] = [];
      for (const q of r.ratios as { clients: number; purchasesPerSecond: number; livezPerSecond: number; ratio: number }[]) {
        const buy = (r.results as any[]).find((x) => x.clients === q.clients && x.scenario.startsWith('POST'));
        const livez = (r.results as any[]).find((x) => x.clients === q.clients && x.scenario.startsWith('GET /livez'));
        rows.push({
          scenario: `Gateway API purchases by token, ${q.clients} client${q.clients > 1 ? 's' : ''}`,
          figure: `${int(q.purchasesPerSecond)}/s (p50 ${buy.p50ms} ms, p99 ${buy.p99ms} ms)`,
          baseline: `${int(q.livezPerSecond)}/s /livez (p50 ${livez.p50ms} ms, p99 ${livez.p99ms} ms)`,
          ratio: fix(q.ratio),
          target: q.clients === 32 ? '≥ 0.30' : '(reported)',
          met: q.clients === 32 ? yes(q.ratio >= 0.3) : '',
        });
      }
      const buy32 = (r.results as any[]).find((x) => x.clients === 32 && x.scenario === 'POST /v1.0/purchases by token');
      const livez32 = (r.results as any[]).find((x) => x.clients === 32 && x.scenario.startsWith('GET /livez'));
      if (buy32?.cpuMsPerRequest && livez32?.cpuMsPerRequest) {
        const cpu = (x: any) => `server ${fix(x.cpuMsPerRequest.server)} + PostgreSQL ${fix(x.cpuMsPerRequest.postgres)} ms`;
        rows.push({
          scenario: 'Gateway API, 32 clients: CPU per request',
          figure: `purchase: ${cpu(buy32)}`,
          baseline: `/livez: ${cpu(livez32)}`,
          ratio: fix(
            (buy32.cpuMsPerRequest.server + buy32.cpuMsPerRequest.postgres) /
              Math.max(livez32.cpuMsPerRequest.server + livez32.cpuMsPerRequest.postgres, 0.001),
          ),
          target: '(reported)',
          met: '',
        });
      }
      rows.push({
        scenario: 'Gateway API: server peak RSS',
        figure: r.serverPeakRssMb == null ? '?' : `${r.serverPeakRssMb} MB`,
        baseline: '',
        ratio: '',
        target: '(reported)',
        met: '',
      });
      return rows;
    }
    case 'soak': {
      const p = r.params;
      return [
        {
          scenario: `Soak, ${p.rate}/s${params.soak.rate !== SOAK_RATE && !flags['soak-rate'] ? ' (fitted)' : ''} for ${p.seconds} s: charges/s per ${p.sampleS} s window`,
          figure: `${fix(r.meanWindowRate, 1)} mean (${r.minWindowRate} to ${r.maxWindowRate})`,
          baseline: `${p.rate}/s arrivals`,
          ratio: fix(r.meanWindowRate / p.rate),
          target: 'keeps up: ≥ 0.95, < 5 s backlog',
          met: yes(r.keepsUp),
        },
        { scenario: 'Soak: max RSS', figure: `${r.maxRssMb} MB`, baseline: '', ratio: '', target: '< 400 MB', met: yes(r.maxRssMb < 400) },
        {
          scenario: 'Soak: RSS, second half vs first',
          figure: `peak ${r.rssSecondHalfPeakMb} MB, slope ${fix(r.rssSlopeMbPerMin)} MB/min`,
          baseline: `peak ${r.rssFirstHalfPeakMb} MB`,
          ratio: `${r.rssSecondHalfGrowth >= 0 ? '+' : ''}${fix(r.rssSecondHalfGrowth * 100, 1)} %`,
          target: `flat: ≤ +10 %, no new highs rising${p.seconds < 300 ? ' (indicative under 5 min)' : ''}`,
          met: yes(r.rssFlat),
        },
        {
          scenario: 'Soak: due-to-settled p50 / p99',
          figure: `${int(r.latency.p50Ms)} / ${int(r.latency.p99Ms)} ms`,
          baseline: '',
          ratio: '',
          target: '(reported)',
          met: '',
        },
      ];
    }
    case 'production': {
      const s = r.sandbox;
      const c = r.params.concurrency;
      return (r.runs as any[]).flatMap((p): Row[] => {
        const byLatency = c / (p.latencyMs / 1000);
        return [
          {
            scenario: `Production path, upstream at ${p.latencyMs} ms, ${int(r.params.n)} due: charges/s`,
            figure: int(p.rate),
            baseline: `bound ${int(p.bound)}/s: min(${c} in flight / ${p.latencyMs} ms = ${int(byLatency)}, sandbox path ${int(s.rate)})`,
            ratio: fix(p.ratio),
            target: '≥ 0.8',
            met: yes(p.ratio >= 0.8),
          },
          {
            scenario: `Production path, ${p.latencyMs} ms: p50 / p99, CPU per charge, upstream in flight`,
            figure: `${int(p.p50Ms)} / ${int(p.p99Ms)} ms, ${fix(p.cpuMsPerCharge)} ms, ${fix(p.upstream.meanInFlight, 1)} (peak ${p.upstream.peakInFlight})`,
            baseline: `sandbox ${int(s.p50Ms)} / ${int(s.p99Ms)} ms, ${fix(s.cpuMsPerCharge)} ms`,
            ratio: fix(p.cpuMsPerCharge / s.cpuMsPerCharge),
            target: '(reported)',
            met: '',
          },
        ];
      });
    }
    case 'documents': {
      const d = r.documents;
      const b = r.baseline;
      return [
        {
          scenario: 'Invoice PDFs (German, Greek, Japanese; 5 lines): per CPU-second',
          figure: `${fix(d.perCpuSecond, 1)} (${int(d.meanBytes)} B each)`,
          baseline: `${fix(b.perCpuSecond, 1)}/CPU-s, pdfkit's minimal document (one page, no text)`,
          ratio: fix(r.ratio),
          target: '≥ 50 per CPU-second',
          met: yes(d.perCpuSecond >= 50),
        },
      ];
    }
    case 'analytics': {
      return [
        {
          scenario: `Analytics overview (MRR, revenue, past due, renewals; 24 months), ${int(r.subscriptions)} subscriptions, ${int(r.invoices)} invoices`,
          figure: `${int(r.overviewMs)} ms (MRR ${int(r.parts.mrr)}, revenue ${int(r.parts.revenue)}, past due ${int(r.parts.pastDue)}, renewals ${int(r.parts.renewals)})`,
          baseline: `${int(r.baselineMs)} ms, the same rows counted`,
          ratio: fix(r.ratio),
          target: '< 1,000 ms at 100,000 subscriptions',
          met: r.subscriptions >= 100_000 ? yes(r.overviewMs < 1000) : '(quick size)',
        },
      ];
    }
    case 'usage': {
      const p = r.params;
      return [
        {
          scenario: `Usage ingest, ${int(p.events)} events in batches of ${int(p.batch)} over HTTPS (${p.concurrency} clients): events/s`,
          figure: int(r.ingest.rate),
          baseline: `${int(r.copy.rate)} rows/s, bare COPY of the same rows into the same table`,
          ratio: fix(r.ratio),
          target: '≥ 0.50 × baseline',
          met: yes(r.ratio >= 0.5),
        },
        ...(r.ingest.databaseCpuMsPerEvent == null || r.copy.databaseCpuMsPerEvent == null
          ? []
          : [
              {
                scenario: "Usage ingest: CPU per event, Recur's process (with the bench's client) + PostgreSQL's backends",
                figure: `${fix(r.ingest.processCpuMsPerEvent * 1000)} + ${fix(r.ingest.databaseCpuMsPerEvent * 1000)} µs`,
                baseline: `${fix(r.copy.databaseCpuMsPerEvent * 1000)} µs, PostgreSQL's backend for the COPY`,
                ratio: fix(r.copy.databaseCpuMsPerEvent / (r.ingest.processCpuMsPerEvent + r.ingest.databaseCpuMsPerEvent)),
                target: '(what bounds the rate on a busy machine)',
                met: '',
              },
            ]),
        ...(r.write
          ? [
              {
                scenario: "Usage ingest: Recur's write alone (no HTTPS, no checks), events/s and CPU per event (process + PostgreSQL)",
                figure: `${int(r.write.rate)}/s, ${fix(r.write.processCpuMsPerEvent * 1000)} + ${r.write.databaseCpuMsPerEvent == null ? '?' : fix(r.write.databaseCpuMsPerEvent * 1000)} µs`,
                baseline: `${int(r.copy.rate)} rows/s, bare COPY`,
                ratio: fix(r.write.ratioToCopy),
                target: '(reported: what the idempotent write costs by itself)',
                met: '',
              },
            ]
          : []),
        {
          scenario: 'Usage ingest: events/s, absolute',
          figure: int(r.ingest.rate),
          baseline: '',
          ratio: '',
          target: '≥ 20,000/s',
          met: yes(r.ingest.rate >= 20_000),
        },
        {
          scenario: `Usage aggregation: ${int(p.closes)} period closes (2 metrics, batches of ${r.aggregation.batch}) over ${int(p.table)} events, ${int(p.subscriptions)} subscriptions`,
          figure: `${fix(r.aggregation.seconds)} s (${fix(r.aggregation.perCloseMs)} ms per close)`,
          baseline: `${fix(r.aggregation.oneByOneSeconds)} s one statement per close and metric`,
          ratio: '',
          target: 'a few seconds',
          met: yes(r.aggregation.seconds < 5),
        },
      ];
    }
  }
}

function markdown(rows: Row[]): string {
  const head: Row = {
    scenario: 'Scenario',
    figure: 'Figure',
    baseline: 'Baseline (same run)',
    ratio: 'Ratio',
    target: 'Target',
    met: 'Met?',
  };
  const keys = Object.keys(head) as (keyof Row)[];
  const width = keys.map((k) => Math.max(...[head, ...rows].map((r) => r[k].length)));
  const line = (r: Row) => `| ${keys.map((k, i) => r[k].padEnd(width[i]!)).join(' | ')} |`;
  return [line(head), `| ${width.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const runId = randomBytes(3).toString('hex');
  const dir = await mkdtemp(join(os.tmpdir(), 'recur-bench-run-'));
  const cpus = os.cpus();
  const machine = {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    hostname: os.hostname(),
    gitCommit: git(['rev-parse', 'HEAD']),
    /** Files changed against that commit when the run started: the tree measured is the commit plus these. */
    gitDirty: git(['status', '--porcelain'])?.split('\n').filter(Boolean) ?? null,
    loadAverageAtStart: os.loadavg(),
  };
  const settings = Object.fromEntries(TUNABLE.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
  console.error(
    `bench: ${MODE} run of ${selected.join(', ')} on ${machine.cpus} × ${machine.model}, node ${machine.node}, commit ${machine.gitCommit?.slice(0, 10)}`,
  );
  const runs: ScenarioRun[] = [];
  try {
    for (const scenario of selected) {
      if (interrupted) break;
      const run = await runScenario(scenario, runId, dir);
      runs.push(run);
      if (scenario === 'e2e' && run.ok) fitSoakRate(run.result.endToEnd.rate);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const finishedAt = new Date();
  const rows = runs.flatMap(rowsFor);
  const table = markdown(rows);
  const durationS = (finishedAt.getTime() - startedAt.getTime()) / 1000;
  if (interrupted) {
    // An interrupted run is not a result: print what there is, keep bench/results for real runs.
    console.log(table);
    console.error('bench: interrupted; no results written');
    return 130;
  }
  const outDir = resolve(flags['out-dir'] ?? join(ROOT, 'bench/results'));
  await mkdir(outDir, { recursive: true });
  // ISO 8601 basic format (20270101T000000Z): no colons, so the name is valid on every file system.
  const stamp = startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  // A partial run says so in its name: `…-full-only-e2e.json`.
  const file = join(outDir, `${stamp}-${MODE}${flags.only ? `-only-${selected.join('-')}` : ''}.json`);
  await writeFile(
    file,
    JSON.stringify(
      {
        mode: MODE,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        durationS,
        command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
        flags,
        params,
        settings,
        machine: { ...machine, loadAverageAtEnd: os.loadavg() },
        scenarios: Object.fromEntries(runs.map((r) => [r.scenario, r])),
        table: rows,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nRecur benchmarks, ${MODE} run, ${startedAt.toISOString()}, commit ${machine.gitCommit?.slice(0, 10) ?? '?'}`);
  console.log(`${machine.cpus} × ${machine.model}, ${machine.totalMemoryMb} MB, node ${machine.node}; ${int(durationS)} s\n`);
  console.log(table);
  console.log(`\nRaw figures: ${file}`);
  const crashed = runs.filter((r) => !r.ok);
  if (crashed.length) console.error(`bench: crashed: ${crashed.map((r) => `${r.scenario} (${r.error})`).join(', ')}`);
  return crashed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
