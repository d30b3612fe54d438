/**
 * Gateway API throughput over HTTPS with keep-alive: purchases by token at 1 and 32 concurrent
 * clients, against the same server's `GET /livez` (no database) and `GET /v1.0/health`
 * (authenticated, one query) measured in the same run. Recur runs as a child process
 * (`recur start`) on its own database and Redis prefix (both removed afterwards), so the load
 * generator does not share its event loop.
 *
 *   node bench/gateway-api.ts [--seconds 10] [--json out.json] [--no-health] [--no-production]
 *
 * `--no-health` skips the /v1.0/health rows (the quick run does, to save time).
 *
 * The production path: a second `recur start` (its own database) whose production listener sends
 * each purchase to the first one's sandbox as its upstream gateway, over HTTPS. Its purchases at
 * 32 clients are measured against the upstream's own in the same run (`production` in the JSON).
 * `--no-production` skips it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';
import {
  benchDatabaseUrl,
  deleteRedisKeys,
  dropDatabases,
  DB_PREFIX,
  REDIS_PREFIX_BASE,
  processCpuMs,
  processStats,
  serverCpuMeter,
  tunedEnv,
} from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    json: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'server-log': { type: 'string' },
    only: { type: 'string' },
    'no-health': { type: 'boolean', default: false },
    'no-production': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const ROOT = resolve(import.meta.dirname, '..');
const db = `${DB_PREFIX}_${randomBytes(3).toString('hex')}`;
const redisPrefix = `${REDIS_PREFIX_BASE}-${randomBytes(4).toString('hex')}`;
const dataDir = await mkdtemp(join(tmpdir(), 'recur-bench-'));
const env = {
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: benchDatabaseUrl(db),
  DATABASE_POOL_MAX: '20',
  ...tunedEnv(),
  DATA_DIR: dataDir,
  REDIS_PREFIX: redisPrefix,
  SANDBOX_PORT: '0',
  PRODUCTION_PORT: '0',
  OPS_PORT: '0',
};

/** The production path's Recur: its own database, Redis prefix and data directory; the first server is its upstream. */
const downDb = `${DB_PREFIX}_${randomBytes(3).toString('hex')}`;
const downRedisPrefix = `${REDIS_PREFIX_BASE}-${randomBytes(4).toString('hex')}`;
const downDataDir = await mkdtemp(join(tmpdir(), 'recur-bench-'));
const downEnv: Record<string, string | undefined> = {
  ...env,
  DATABASE_URL: benchDatabaseUrl(downDb),
  DATA_DIR: downDataDir,
  REDIS_PREFIX: downRedisPrefix,
  ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
};

function cli(args: string[], childEnv: Record<string, string | undefined> = env): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/recur.js'), ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? ok(out) : fail(new Error(`recur ${args.join(' ')} exited ${code}`))));
  });
}

interface Server {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/** The server's peak RSS so far (Linux: the kernel's high-water mark), in MB; null elsewhere. */
async function peakRssMb(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

async function startServer(childEnv: Record<string, string | undefined> = env, listener = 'sandbox'): Promise<Server> {
  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const child = spawn(process.execPath, [...profile, join(ROOT, 'bin/recur.js'), 'start'], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = await new Promise<string>((ok, fail) => {
    let err = '';
    child.stderr.on('data', (d) => {
      if (values['server-log']) appendFileSync(values['server-log'], d);
      err += d;
      const m = new RegExp(`Recur ${listener} API:\\s+(\\S+)`).exec(err);
      if (m) ok(m[1]!);
    });
    child.on('exit', (code) => fail(new Error(`recur start exited ${code}: ${err}`)));
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  return {
    base,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface Result {
  scenario: string;
  clients: number;
  requests: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  /**
   * CPU per request (ms): the Recur server's process, PostgreSQL's backends of its database, and
   * this load generator (which shares the machine); read from /proc, 0 where it cannot be.
   */
  cpuMsPerRequest: { server: number; postgres: number; client: number };
}

/** The server under load and its database, whose CPU `load` reads; set once it starts. */
let measured: { pid: number; db: string } | null = null;

async function load(name: string, clients: number, agent: Agent, send: (client: number, i: number) => Promise<number>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const serverCpu0 = measured ? processCpuMs(measured.pid) : 0;
  const postgresCpu = measured ? serverCpuMeter(measured.db) : null;
  const clientCpu0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        const status = await send(client, i).catch(() => 0);
        latencies.push(performance.now() - t0);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const serverCpuMs = measured ? processCpuMs(measured.pid) - serverCpu0 : 0;
  const postgresCpuMs = postgresCpu?.stop().postgresMs ?? 0;
  const clientCpu = process.cpuUsage(clientCpu0);
  const perRequest = (ms: number) => Number((ms / Math.max(latencies.length, 1)).toFixed(3));
  latencies.sort((a, b) => a - b);
  const q = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2));
  return {
    scenario: name,
    clients,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    p50ms: q(0.5),
    p99ms: q(0.99),
    errors,
    cpuMsPerRequest: {
      server: perRequest(serverCpuMs),
      postgres: perRequest(postgresCpuMs),
      client: perRequest((clientCpu.user + clientCpu.system) / 1000),
    },
  };
}

/**
 * Production purchases through the production path: the second server's production listener,
 * which sends each one to the first server's sandbox (its upstream) with the gateway client.
 */
async function productionPath(upstreamBase: string, upstream: { username: string; api_token: string }, upstreamCa: string) {
  const caFile = join(downDataDir, 'upstream-ca.pem');
  await writeFile(caFile, upstreamCa);
  Object.assign(downEnv, {
    UPSTREAM_GATEWAY_URL: upstreamBase,
    UPSTREAM_GATEWAY_USERNAME: upstream.username,
    UPSTREAM_GATEWAY_TOKEN: upstream.api_token,
    UPSTREAM_GATEWAY_CA_FILE: caFile,
  });
  const merchant = JSON.parse(await cli(['merchant', 'create', '--name', 'Bench Production'], downEnv));
  downServer = await startServer(downEnv, 'production');
  // Its CPU, and its own database's: the upstream's are not the production path's.
  measured = { pid: downServer.pid, db: downDb };
  const cert = await readFile(join(downDataDir, 'tls/cert.pem'), 'utf8');
  const agent = new Agent({ connect: { ca: cert }, connections: 64, keepAliveTimeout: 30_000, allowH2: false });
  const auth = `Basic ${Buffer.from(`${merchant.production.username}:${merchant.production.api_token}`).toString('base64')}`;
  const post = async (path: string, body: unknown) => {
    const res = await request(`${downServer!.base}${path}`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res;
  };
  const tokens: string[] = [];
  for (let i = 0; i < 32; i++) {
    const r = await post('/credit_cards', {
      card_holder: `Bench ${i}`,
      card_number: '5123456789012346',
      card_expiry: `${String((i % 12) + 1).padStart(2, '0')}/${2031 + Math.floor(i / 12)}`,
      cvv: '123',
    });
    tokens.push(((await r.body.json()) as { response: { token: string } }).response.token);
  }
  const run = randomBytes(3).toString('hex');
  const result = await load('POST /v1.0/purchases by token, production path (through the upstream)', 32, agent, async (c, i) => {
    const res = await post('/purchases', { amount: 1000, currency: 'AUD', reference: `p-${run}-${c}-${i}`, card_token: tokens[c]! });
    await res.body.dump();
    return res.statusCode;
  });
  await agent.close();
  return result;
}

let server: Server | undefined;
let downServer: Server | undefined;
try {
  // `merchant create` creates the database and applies the migrations, as `recur migrate` would.
  const merchant = JSON.parse(await cli(['merchant', 'create', '--name', 'Bench']));
  server = await startServer();
  measured = { pid: server.pid, db };
  const cert = await readFile(join(dataDir, 'tls/cert.pem'), 'utf8');
  const agent = new Agent({ connect: { ca: cert }, connections: 64, keepAliveTimeout: 30_000, allowH2: false });
  const auth = `Basic ${Buffer.from(`${merchant.sandbox.username}:${merchant.sandbox.api_token}`).toString('base64')}`;
  const origin = server.base.replace(/\/v1\.0$/, '');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await request(`${origin}${path}`, {
      method,
      dispatcher: agent,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.body.dump();
    return res.statusCode;
  };
  const tokenRes = await request(`${server.base}/credit_cards`, {
    method: 'POST',
    dispatcher: agent,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ card_holder: 'Bench', card_number: '5123456789012346', card_expiry: '05/2030', cvv: '123' }),
  });
  const token = ((await tokenRes.body.json()) as { response: { token: string } }).response.token;
  // Each client charges its own card, as subscriptions do; one shared card would serialise on its row lock.
  const tokens: string[] = [];
  for (let i = 0; i < 32; i++) {
    const r = await request(`${server.base}/credit_cards`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        card_holder: `Bench ${i}`,
        card_number: '4111111111111111',
        card_expiry: `${String((i % 12) + 1).padStart(2, '0')}/${2030 + Math.floor(i / 12)}`,
        cvv: '123',
      }),
    });
    tokens.push(((await r.body.json()) as { response: { token: string } }).response.token);
  }
  void token;
  const run = randomBytes(3).toString('hex');
  const results: Result[] = [];
  for (const clients of [1, 32]) {
    if (values.only === 'purchases' && clients === 1) continue;
    if (values.only !== 'purchases') {
      results.push(await load('GET /livez (no database)', clients, agent, () => call('GET', '/livez')));
      if (!values['no-health']) results.push(await load('GET /v1.0/health', clients, agent, () => call('GET', '/v1.0/health')));
    }
    results.push(
      await load('POST /v1.0/purchases by token', clients, agent, (c, i) =>
        call('POST', '/v1.0/purchases', {
          amount: 1000,
          currency: 'AUD',
          reference: `b-${run}-${clients}-${c}-${i}`,
          card_token: tokens[c]!,
        }),
      ),
    );
  }
  await agent.close();
  const serverPeakRssMb = await peakRssMb(server.pid);
  let production: { result: Result; upstreamPerSecond: number; ratio: number } | null = null;
  if (!values['no-production']) {
    const result = await productionPath(server.base, merchant.sandbox, cert);
    results.push(result);
    const upstreamOwn = results.find((r) => r.clients === 32 && r.scenario === 'POST /v1.0/purchases by token')!;
    production = { result, upstreamPerSecond: upstreamOwn.perSecond, ratio: result.perSecond / upstreamOwn.perSecond };
  }
  console.table(
    results.map(({ cpuMsPerRequest, ...r }) => ({
      ...r,
      'server CPU ms/req': cpuMsPerRequest.server,
      'PostgreSQL CPU ms/req': cpuMsPerRequest.postgres,
      'client CPU ms/req': cpuMsPerRequest.client,
    })),
  );
  const ratios: { clients: number; purchasesPerSecond: number; livezPerSecond: number; ratio: number }[] = [];
  for (const clients of values.only ? [] : [1, 32]) {
    const base = results.find((r) => r.clients === clients && r.scenario.startsWith('GET /livez'))!;
    const buy = results.find((r) => r.clients === clients && r.scenario.startsWith('POST'))!;
    ratios.push({ clients, purchasesPerSecond: buy.perSecond, livezPerSecond: base.perSecond, ratio: buy.perSecond / base.perSecond });
    console.log(
      `${clients} client(s): purchases ${buy.perSecond}/s = ${(buy.perSecond / base.perSecond).toFixed(2)} x /livez (${base.perSecond}/s)`,
    );
  }
  if (production) {
    console.log(
      `production path, 32 clients: ${production.result.perSecond}/s = ${production.ratio.toFixed(2)} x the upstream's own purchases (${production.upstreamPerSecond}/s)`,
    );
  }
  console.log(`server peak RSS: ${serverPeakRssMb ?? '?'} MB`);
  if (values.json)
    await writeFile(
      values.json,
      JSON.stringify(
        { scenario: 'gateway-api', params: { seconds: SECONDS }, results, ratios, production, serverPeakRssMb, process: processStats() },
        null,
        2,
      ),
    );
} finally {
  await downServer?.stop();
  await server?.stop();
  await deleteRedisKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', `${downRedisPrefix}:*`).catch(() => undefined);
  await dropDatabases(downDb).catch((err) => console.error('bench: database cleanup failed', err));
  await rm(downDataDir, { recursive: true, force: true });
  await deleteRedisKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', `${redisPrefix}:*`).catch((err) =>
    console.error('bench: redis cleanup failed', err),
  );
  await dropDatabases(db).catch((err) => console.error('bench: database cleanup failed', err));
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
