/**
 * Usage events (docs/benchmarks.md, "Usage"): ingestion through the HTTPS API against a bare
 * `COPY` of the same rows into the same table in the same run, and the aggregation of period
 * closes over a table of a million events.
 *
 *   node bench/usage.ts --events 200000 --subscriptions 10000 --table 1000000 --closes 1000 [--concurrency 4] [--json out.json]
 *
 * Ingest: `--events` events for `--subscriptions` subscriptions, in batches of 1,000, sent over
 * HTTPS to `POST /v1.0/usage_events` by `--concurrency` clients at once. The request bodies are
 * serialized before the clock starts (building a client's JSON is the sender's cost, not Recur's);
 * the server's whole path counts: TLS, JSON parsing, each event's checks, the one insert with
 * its idempotency keys, and the per-event answer. Baseline: the same number of rows (other
 * transaction ids) written by one `COPY … FROM` file into `billing.usage_events`, no keys, no
 * checks: the table's own floor. Targets: ≥ 20,000 events/s and ≥ 0.5 × the COPY rate.
 *
 * Aggregation: `--table` events spread evenly over the subscriptions in one month (written by
 * SQL), then `--closes` period closes, one after the other: each aggregates one subscription's
 * month for two metrics (a count and a sum), as a period close will. Reported in seconds, with
 * the plan of one close (an index range scan in the month's partition).
 */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { benchEnv, finish, seedSubscriptions, writeJson } from './support.ts';
import { startRoles } from '../src/composition/roles.ts';
import { generateSelfSigned } from '../src/platform/tls.ts';
import { createMerchant } from '../src/gateway/merchants/credentials.service.ts';
import { aggregatePeriods, aggregateUsage, aggregationStatement, type MetricDefinition } from '../src/billing/usage/sql/aggregate-usage.ts';
import { insertUsageEvents, type UsageEventRow } from '../src/billing/usage/sql/insert-usage-events.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '200000' },
    subscriptions: { type: 'string', default: '10000' },
    table: { type: 'string', default: '1000000' },
    closes: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
    json: { type: 'string' },
  },
});
const EVENTS = Number(args.events);
const SUBSCRIPTIONS = Number(args.subscriptions);
const TABLE = Number(args.table);
const CLOSES = Number(args.closes);
const CONCURRENCY = Number(args.concurrency);
const BATCH = 1000;
/** Period closes aggregated per statement. */
const CLOSE_BATCH = 100;

/** The month the events fall in: the current one, so that its partition exists and every subscription (started a month ago) is live. */
const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * CPU time (ms) spent so far by the PostgreSQL backends of the bench's database, read from
 * `/proc/<pid>/stat` (user + system, in clock ticks of 10 ms): with the daemon's own CPU, what a
 * batch costs the machine whatever else runs on it. Null when the server is not on this host.
 */
async function backendCpuMs(sql: { query<T>(text: string): Promise<T[]> }): Promise<number | null> {
  const pids = await sql.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database()`);
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return ticks * 10;
}

/**
 * Runs `send` over `batches`, `concurrency` at a time, each worker taking the next batch; answers
 * the seconds it took, the count `send` answered in all, and the CPU (ms) of this process and of
 * the database's backends over the run (null where /proc cannot be read).
 */
async function measured<B>(
  sql: { query<T>(text: string): Promise<T[]> },
  batches: B[],
  concurrency: number,
  send: (batch: B) => Promise<number>,
): Promise<{ seconds: number; count: number; processCpuMs: number; databaseCpuMs: number | null }> {
  let next = 0;
  let count = 0;
  const cpu0 = process.cpuUsage();
  const db0 = await backendCpuMs(sql);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batches.length) {
        const n = await send(batches[next++]!);
        count += n;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const db1 = await backendCpuMs(sql);
  return { seconds, count, processCpuMs: (cpu.user + cpu.system) / 1000, databaseCpuMs: db0 === null || db1 === null ? null : db1 - db0 };
}

async function main() {
  const env = await benchEnv();
  const { runtime } = env;
  try {
    const tls = await generateSelfSigned('127.0.0.1');
    const recur = await startRoles(runtime, { api: true, scheduler: false, workers: false }, { tls, ports: { sandbox: 0, production: 0 } });
    const merchant = await createMerchant(runtime.orm.em.fork(), runtime.clock, runtime.secrets.credentialKey, { name: 'Bench Usage' });
    const base = recur.listeners!.urls.sandbox!;
    const agent = new Agent({ connect: { ca: tls.cert }, connections: CONCURRENCY * 2, keepAliveTimeout: 30_000, allowH2: false });
    const auth = `Basic ${Buffer.from(`${merchant.sandbox.username}:${merchant.sandbox.api_token}`).toString('base64')}`;
    const post = async (path: string, body: string) => {
      const res = await request(`${base}${path}`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: auth, 'content-type': 'application/json' },
        body,
      });
      return { status: res.statusCode, body: (await res.body.json()) as any };
    };
    for (const metric of [
      { code: 'calls', name: 'API calls', aggregation: 'count' },
      { code: 'bytes', name: 'Bytes', aggregation: 'sum', field: 'bytes' },
    ]) {
      const res = await post('/billable_metrics', JSON.stringify(metric));
      if (res.status !== 201) throw new Error(`POST /billable_metrics: ${JSON.stringify(res.body)}`);
    }
    // Subscriptions started a month before the month of the events, all live.
    const started = new Date(monthStart.getTime() - 31 * 86_400_000);
    await seedSubscriptions(runtime, merchant.merchant_id, 'bench-card', SUBSCRIPTIONS, SUBSCRIPTIONS, started); // all "due": no scheduler runs here
    const subs = (
      await runtime.sql.query<{ id: string }>(`select id from billing.subscriptions where merchant_id = $1 order by id`, [
        merchant.merchant_id,
      ])
    ).map((r) => r.id);
    const run = randomBytes(3).toString('hex');
    // Event timestamps: spread over the elapsed part of the month (never in the future).
    const span = Math.max(60_000, now.getTime() - monthStart.getTime() - 60_000);
    const event = (i: number, prefix: string) => ({
      transaction_id: `${prefix}-${run}-${i}`,
      subscription_id: subs[i % subs.length]!,
      code: Math.floor(i / subs.length) % 2 === 0 ? 'calls' : 'bytes',
      timestamp: new Date(monthStart.getTime() + ((i * 7919) % span)).toISOString(),
      properties: { bytes: (i % 5000) + 1, region: i % 3 === 0 ? 'eu' : 'us' },
    });

    // Ingest through the API.
    const bodies: string[] = [];
    for (let b = 0; b * BATCH < EVENTS; b++) {
      bodies.push(
        JSON.stringify({ events: Array.from({ length: Math.min(BATCH, EVENTS - b * BATCH) }, (_, k) => event(b * BATCH + k, 'api')) }),
      );
    }
    // One warm-up batch (not counted): the first request pays for the connections and prepared plans.
    const warm = await post('/usage_events', JSON.stringify({ events: Array.from({ length: BATCH }, (_, k) => event(k, 'warm')) }));
    if (warm.status !== 200 || warm.body.response.accepted !== BATCH)
      throw new Error(`warm-up: ${JSON.stringify(warm.body).slice(0, 500)}`);
    const api = await measured(runtime.sql, bodies, CONCURRENCY, async (body) => {
      const res = await post('/usage_events', body);
      if (res.status !== 200) throw new Error(`POST /usage_events ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
      return res.body.response.accepted as number;
    });
    const apiSeconds = api.seconds;
    const apiDbCpuMs = api.databaseCpuMs;
    if (api.count !== EVENTS) throw new Error(`accepted ${api.count} of ${EVENTS}`);
    const apiRate = EVENTS / apiSeconds;
    console.error(`ingest via HTTPS: ${EVENTS} events in ${apiSeconds.toFixed(2)} s = ${Math.round(apiRate)}/s`);

    // The baseline: the same rows (other transaction ids) by COPY from a file the server reads.
    const file = join(tmpdir(), `recur-bench-usage-${run}.csv`);
    const csv = (v: string) => `"${v.replaceAll('"', '""')}"`;
    const lines: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const e = event(i, 'copy');
      lines.push(
        [
          merchant.merchant_id,
          'sandbox',
          e.transaction_id,
          e.subscription_id,
          e.code,
          e.timestamp,
          csv(JSON.stringify(e.properties)),
          now.toISOString(),
        ].join(','),
      );
    }
    await writeFile(file, lines.join('\n') + '\n');
    await chmod(file, 0o644);
    const copyDb0 = await backendCpuMs(runtime.sql);
    const c0 = performance.now();
    await runtime.sql.query(
      `copy billing.usage_events (merchant_id, environment, transaction_id, subscription_id, code, "timestamp", properties, received_at) from '${file}' csv`,
    );
    const copySeconds = (performance.now() - c0) / 1000;
    const copyDb1 = await backendCpuMs(runtime.sql);
    const copyDbCpuMs = copyDb0 === null || copyDb1 === null ? null : copyDb1 - copyDb0;
    await rm(file, { force: true });
    const copyRate = EVENTS / copySeconds;
    console.error(`COPY baseline: ${EVENTS} rows in ${copySeconds.toFixed(2)} s = ${Math.round(copyRate)}/s`);
    const perEvent = (ms: number | null) => (ms === null ? null : ms / EVENTS);

    // Recur's write alone: the same number of rows (other transaction ids) through the function the
    // API calls after its checks (`insertUsageEvents`: the late-event guard, the keys' and the
    // events' COPY, one transaction per batch of 1,000), as many at once as the API's clients,
    // without HTTPS, JSON or the per-event checks. Between the API and the bare COPY: what the
    // idempotent write costs by itself.
    const writeRows: UsageEventRow[][] = [];
    for (let b = 0; b * BATCH < EVENTS; b++) {
      writeRows.push(
        Array.from({ length: Math.min(BATCH, EVENTS - b * BATCH) }, (_, k) => {
          const e = event(b * BATCH + k, 'write');
          return {
            transactionId: e.transaction_id,
            subscriptionId: e.subscription_id,
            code: e.code,
            timestamp: e.timestamp,
            properties: JSON.stringify(e.properties),
          };
        }),
      );
    }
    const ref = { merchantId: merchant.merchant_id, environment: 'sandbox' as const };
    const write = await measured(runtime.sql, writeRows, CONCURRENCY, async (rows) => {
      return (await insertUsageEvents(runtime.sql, ref, rows, new Date())).written.size;
    });
    const writeSeconds = write.seconds;
    const writeDbCpuMs = write.databaseCpuMs;
    if (write.count !== EVENTS) throw new Error(`the write alone wrote ${write.count} of ${EVENTS}`);
    const writeRate = EVENTS / writeSeconds;
    console.error(
      `Recur's write alone (insertUsageEvents, ${CONCURRENCY} at once): ${EVENTS} events in ${writeSeconds.toFixed(2)} s = ${Math.round(writeRate)}/s; ` +
        `CPU per event ${(write.processCpuMs / EVENTS).toFixed(4)} ms in the process + ${perEvent(writeDbCpuMs)?.toFixed(4)} ms in PostgreSQL`,
    );
    console.error(
      `CPU per event: ingest ${(api.processCpuMs / EVENTS).toFixed(4)} ms in Recur's process (the client's side too) + ${perEvent(apiDbCpuMs)?.toFixed(4)} ms in PostgreSQL; COPY ${perEvent(copyDbCpuMs)?.toFixed(4)} ms in PostgreSQL`,
    );

    // Aggregation: fill the month up to TABLE events over the subscriptions, then close CLOSES periods.
    const fill = Math.max(0, TABLE - 3 * EVENTS - BATCH);
    const f0 = performance.now();
    await runtime.sql.query(
      `insert into billing.usage_events (merchant_id, environment, transaction_id, subscription_id, code, "timestamp", properties, received_at)
       select $1, 'sandbox', 'fill-' || g, s.ids[1 + g % $4], case when (g / $4) % 2 = 0 then 'calls' else 'bytes' end,
              $2::timestamptz + (g % $5::bigint) * interval '1 millisecond', jsonb_build_object('bytes', 1 + g % 5000), now()
         from generate_series(1, $3::int) g, (select array_agg(id order by id) as ids from billing.subscriptions where merchant_id = $1) s`,
      [merchant.merchant_id, monthStart, fill, subs.length, span],
    );
    await runtime.sql.query('analyze billing.usage_events');
    console.error(`filled ${fill} events by SQL in ${((performance.now() - f0) / 1000).toFixed(1)} s`);
    const [{ total }] = (await runtime.sql.query<{ total: string }>(`select count(*) as total from billing.usage_events`)) as [
      { total: string },
    ];
    const metrics: MetricDefinition[] = [
      { code: 'calls', aggregation: 'count', field: null, filters: {} },
      { code: 'bytes', aggregation: 'sum', field: 'bytes', filters: {} },
    ];
    const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1));
    const picked = Array.from({ length: CLOSES }, (_, i) => subs[(i * 7) % subs.length]!);
    // Closes in batches of CLOSE_BATCH, as the scheduler closes periods: one statement per metric and batch.
    let counted = 0;
    const a0 = performance.now();
    for (let i = 0; i < picked.length; i += CLOSE_BATCH) {
      const periods = picked.slice(i, i + CLOSE_BATCH).map((subscriptionId) => ({ subscriptionId, from: monthStart, to: monthEnd }));
      for (const metric of metrics) for (const usage of await aggregatePeriods(runtime.sql, metric, periods)) counted += usage.events;
    }
    const aggSeconds = (performance.now() - a0) / 1000;
    console.error(
      `aggregation: ${CLOSES} period closes in batches of ${CLOSE_BATCH} (2 metrics each, ${counted} events) over ${total} events in ${aggSeconds.toFixed(2)} s`,
    );
    // The same closes one statement each (a round trip per metric and close).
    let countedOneByOne = 0;
    const s0 = performance.now();
    for (const id of picked) {
      for (const metric of metrics) countedOneByOne += (await aggregateUsage(runtime.sql, id, metric, monthStart, monthEnd)).events;
    }
    const oneByOneSeconds = (performance.now() - s0) / 1000;
    if (countedOneByOne !== counted) throw new Error(`batched closes counted ${counted} events, one by one ${countedOneByOne}`);
    console.error(`aggregation one close at a time: ${oneByOneSeconds.toFixed(2)} s`);
    const { text, extra } = aggregationStatement(metrics[1]!);
    const plan = (
      await runtime.sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${text}`, [
        picked[0],
        'bytes',
        monthStart,
        monthEnd,
        ...extra,
      ])
    ).map((r) => r['QUERY PLAN']);
    console.error(plan.join('\n'));

    await agent.close();
    await recur.close();
    await writeJson(args.json, {
      params: {
        events: EVENTS,
        subscriptions: SUBSCRIPTIONS,
        table: Number(total),
        closes: CLOSES,
        concurrency: CONCURRENCY,
        batch: BATCH,
      },
      ingest: {
        seconds: apiSeconds,
        rate: apiRate,
        processCpuMsPerEvent: api.processCpuMs / EVENTS,
        databaseCpuMsPerEvent: perEvent(apiDbCpuMs),
      },
      copy: { seconds: copySeconds, rate: copyRate, databaseCpuMsPerEvent: perEvent(copyDbCpuMs) },
      write: {
        seconds: writeSeconds,
        rate: writeRate,
        processCpuMsPerEvent: write.processCpuMs / EVENTS,
        databaseCpuMsPerEvent: perEvent(writeDbCpuMs),
        ratioToCopy: writeRate / copyRate,
      },
      ratio: apiRate / copyRate,
      aggregation: {
        seconds: aggSeconds,
        closes: CLOSES,
        batch: CLOSE_BATCH,
        eventsCounted: counted,
        perCloseMs: (aggSeconds * 1000) / CLOSES,
        oneByOneSeconds,
        plan,
      },
    });
  } finally {
    await env.cleanup();
  }
}

finish(main());
