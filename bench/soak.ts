/**
 * Soak: steady charging for a while, through the `recur start` wiring of the end-to-end
 * benchmark (scheduler and all workers in one process, embedded gateway). Subscriptions fall due
 * at a fixed arrival rate, below capacity: `rate × seconds` of them are seeded with
 * `next_charge_at` spread evenly over the window (1 in `--decline-every` on a declining card).
 * Every `--sample` seconds it records RSS, heap used and charges completed.
 *
 *   node bench/soak.ts [--seconds 600] [--rate 200] [--sample 10] [--concurrency 50] [--json out.json]
 *
 * Verdicts (documented in docs/benchmarks.md):
 * - memory is flat when the peak RSS of the second half is at most 10 % above the peak of the
 *   first half, and the last three samples are not each more than 1 % above the one before while
 *   above the first half's peak (new highs still climbing). V8 grows its heap for a minute or two
 *   before its first full collection: the rule compares peaks so that this sawtooth is not a leak,
 *   and a 60 s soak (the quick run) sits inside that warm-up, so its verdict is indicative only;
 * - throughput keeps up when the mean of the windows after the first is at least 95 % of the
 *   arrival rate and, when the arrivals end, less than 5 s of them are still waiting.
 */
import { parseArgs } from 'node:util';
import {
  APPROVING_CARDS,
  DECLINING_CARDS,
  assignCards,
  benchEnv,
  finish,
  processStats,
  seedSubscriptions,
  tokenizeCards,
  writeJson,
} from './support.ts';
import { startRoles, type RecurProcess } from '../src/composition/roles.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    rate: { type: 'string', default: '200' },
    sample: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: process.env.WORKER_CONCURRENCY ?? '50' },
    'decline-every': { type: 'string', default: '10' },
    cards: { type: 'string', default: '600' },
    /** After the last arrival, wait at most this long for the backlog to clear. */
    drain: { type: 'string', default: '60' },
    json: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const SAMPLE_S = Number(values.sample);
const CONCURRENCY = Number(values.concurrency);
const DECLINE_EVERY = Number(values['decline-every']);
const CARDS = Number(values.cards);
const DRAIN_S = Number(values.drain);
const TOTAL = Math.round(RATE * SECONDS);
/** The first subscription falls due this long after the daemon starts. */
const LEAD_MS = 2000;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export interface SoakSample {
  /** Seconds since the first subscription fell due. */
  t: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** Charges completed since the start, and subscriptions fallen due by now. */
  completed: number;
  arrived: number;
  /** Charges completed per second in the window that ends at this sample. */
  windowRate: number;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export function judge(samples: SoakSample[], rate: number, seconds: number) {
  const firstHalf = samples.filter((s) => s.t < seconds / 2);
  const second = samples.filter((s) => s.t >= seconds / 2);
  const last = samples[samples.length - 1]!;
  const firstPeak = Math.max(...(firstHalf.length ? firstHalf : samples).map((s) => s.rssMb));
  const secondPeak = Math.max(...(second.length ? second : samples).map((s) => s.rssMb));
  const rssGrowth = (secondPeak - firstPeak) / firstPeak;
  const tail = samples.slice(-3);
  const rising =
    tail.length === 3 && tail[1]!.rssMb > tail[0]!.rssMb * 1.01 && tail[2]!.rssMb > tail[1]!.rssMb * 1.01 && last.rssMb > firstPeak;
  const rssSlopeMbPerMin = slope(second.map((s) => ({ x: s.t / 60, y: s.rssMb })));
  const heapSlopeMbPerMin = slope(second.map((s) => ({ x: s.t / 60, y: s.heapUsedMb })));
  const windows = samples.slice(1).map((s) => s.windowRate);
  const meanRate = windows.length ? windows.reduce((a, b) => a + b, 0) / windows.length : (samples[0]?.windowRate ?? 0);
  const backlogAtEnd = last.arrived - last.completed;
  return {
    maxRssMb: Math.max(...samples.map((s) => s.rssMb)),
    rssFirstHalfPeakMb: firstPeak,
    rssSecondHalfPeakMb: secondPeak,
    /** Second half's peak over the first half's, minus one. */
    rssSecondHalfGrowth: rssGrowth,
    rssSlopeMbPerMin,
    heapSlopeMbPerMin,
    lastThreeRising: rising,
    rssFlat: rssGrowth < 0.1 && !rising,
    meanWindowRate: meanRate,
    minWindowRate: windows.length ? Math.min(...windows) : meanRate,
    maxWindowRate: windows.length ? Math.max(...windows) : meanRate,
    backlogAtEnd,
    keepsUp: meanRate >= 0.95 * rate && backlogAtEnd < 5 * rate,
  };
}

async function main(): Promise<void> {
  const env = await benchEnv({ WORKER_CONCURRENCY: String(CONCURRENCY) });
  let recur: RecurProcess | null = null;
  try {
    const approving = await tokenizeCards(env, APPROVING_CARDS, CARDS);
    const declining = await tokenizeCards(env, DECLINING_CARDS, CARDS);
    // Seed an hour ahead, then move the whole calendar so that the first falls due LEAD_MS after the daemon starts.
    const seededAt = new Date(Date.now() + 3_600_000);
    await seedSubscriptions(env.runtime, env.merchantId, approving[0]!, TOTAL, TOTAL, seededAt, { spreadMs: SECONDS * 1000 });
    await assignCards(env.runtime, approving, declining, DECLINE_EVERY);
    const t0 = Date.now() + LEAD_MS + 500;
    await env.runtime.sql.query(
      `update billing.subscriptions set next_charge_at = next_charge_at + $1 * interval '1 millisecond',
          start_at = start_at + $1 * interval '1 millisecond', anchor_at = anchor_at + $1 * interval '1 millisecond'`,
      [t0 - seededAt.getTime()],
    );
    await env.runtime.sql.query('analyze billing.subscriptions');
    if (Date.now() > t0 - 200) console.error(`soak: setup overran its lead by ${Date.now() - t0 + 200} ms; the first charges start late`);

    recur = await startRoles(env.runtime, { api: false, scheduler: true, workers: true }, { concurrency: CONCURRENCY });
    const charge = recur.workers.find((w) => w.name === 'charge');
    if (!charge) throw new Error('no charge worker started');
    let completed = 0;
    charge.on('completed', () => completed++);

    await new Promise((r) => setTimeout(r, Math.max(0, t0 - Date.now())));
    const cpu0 = process.cpuUsage();
    const samples: SoakSample[] = [];
    let lastCompleted = 0;
    let lastT = 0;
    const sample = () => {
      const t = (Date.now() - t0) / 1000;
      const m = process.memoryUsage();
      const s: SoakSample = {
        t: Math.round(t * 10) / 10,
        rssMb: mb(m.rss),
        heapUsedMb: mb(m.heapUsed),
        heapTotalMb: mb(m.heapTotal),
        externalMb: mb(m.external),
        completed,
        arrived: Math.min(TOTAL, Math.floor(t * RATE) + 1),
        windowRate: Math.round(((completed - lastCompleted) / (t - lastT)) * 10) / 10,
      };
      lastCompleted = completed;
      lastT = t;
      samples.push(s);
      console.error(
        `soak t=${s.t}s rss=${s.rssMb}MB heap=${s.heapUsedMb}MB completed=${s.completed}/${s.arrived} (${s.windowRate}/s in the last window)`,
      );
    };
    for (let k = 1; k * SAMPLE_S <= SECONDS; k++) {
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + k * SAMPLE_S * 1000 - Date.now())));
      sample();
    }
    const cpu = process.cpuUsage(cpu0);
    const windowS = (Date.now() - t0) / 1000;
    const drainStart = Date.now();
    while (completed < TOTAL && Date.now() - drainStart < DRAIN_S * 1000) await new Promise((r) => setTimeout(r, 200));
    const drainS = (Date.now() - drainStart) / 1000;
    const lat = await env.runtime.sql.query<{ p50: number; p99: number; max: number; n: number }>(
      `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99,
              max(ms) as max, count(*)::int as n
         from (select extract(epoch from (a.updated_at - i.period_start)) * 1000 as ms
                 from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id
                where a.number = 1 and a.status not in ('sending', 'unknown')) x`,
    );
    const verdict = judge(samples, RATE, SECONDS);
    const result = {
      scenario: 'soak',
      params: { seconds: SECONDS, rate: RATE, sampleS: SAMPLE_S, concurrency: CONCURRENCY, declineEvery: DECLINE_EVERY, cards: CARDS },
      total: TOTAL,
      completed,
      drainS,
      drained: completed >= TOTAL,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      cpuCores: (cpu.user + cpu.system) / 1000 / 1000 / windowS,
      latency: { p50Ms: Math.round(lat[0]!.p50), p99Ms: Math.round(lat[0]!.p99), maxMs: Math.round(lat[0]!.max), settled: lat[0]!.n },
      ...verdict,
      samples,
      process: processStats(),
    };
    await recur.close();
    console.table(samples);
    console.log(
      `soak: ${RATE}/s for ${SECONDS} s: mean ${verdict.meanWindowRate.toFixed(1)}/s (min ${verdict.minWindowRate}, max ${verdict.maxWindowRate}), ` +
        `max RSS ${verdict.maxRssMb} MB, RSS peak second half vs first ${(verdict.rssSecondHalfGrowth * 100).toFixed(1)} % ` +
        `(${verdict.rssSlopeMbPerMin.toFixed(2)} MB/min): ${verdict.rssFlat ? 'flat' : 'NOT flat'}, ${verdict.keepsUp ? 'keeps up' : 'falls behind'}; ` +
        `due-to-settled p50 ${result.latency.p50Ms} ms, p99 ${result.latency.p99Ms} ms`,
    );
    await writeJson(values.json, result);
  } finally {
    await recur?.close().catch((err) => console.error('bench: close failed', err));
    await env.cleanup();
  }
}

finish(main());
