import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVE, DECLINE, advance, createCard, createClock, createPlan, invoicesOf, subscribe } from './helpers/billing.ts';
import { exitWithin, killAllRecur, recurEnv, runRecur, spawnRecur, type CliProcess } from './helpers/cli-process.ts';
import { fetchPath } from './helpers/ops.ts';
import { waitFor } from './helpers/wait-for.ts';
import { deleteKeys, makeClient, randomKey, testConfig, type ApiClient } from './helpers/test-app.ts';

// `npm start` in the one-dependency arrangement: Recur runs its own PostgreSQL in DATA_DIR and its
// queues on BullMQ's PostgreSQL backend. Nothing here uses the test run's PostgreSQL or Redis.

const OPS_PASSWORD = 'embedded-ops-password-1';
let dataDir: string;
let env: Record<string, string>;

function embeddedEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return recurEnv(null, {
    RECUR_EMBEDDED: 'true',
    QUEUE_BACKEND: 'postgres',
    DATA_DIR: dir,
    SANDBOX_PORT: '0',
    PRODUCTION_PORT: '0',
    OPS_PORT: '0',
    SCHEDULER_TICK_MS: '100',
    LOG_LEVEL: 'warn',
    VAULT_KEYS: `k1:${randomKey()}`,
    VAULT_FINGERPRINT_KEY: randomKey(),
    CREDENTIAL_HASH_KEY: randomKey(),
    OPS_PASSWORD: OPS_PASSWORD,
    ...extra,
  });
}

/** The remote ports of the process's TCP connections, from `ss` (its own sockets only). */
function remotePorts(pid: number): number[] {
  const out = execFileSync('ss', ['-tnpH', 'state', 'established'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l.includes(`pid=${pid},`))
    .map((l) => Number(l.trim().split(/\s+/)[3]!.split(':').pop()));
}

/** The pid PostgreSQL wrote in its data directory, when that process still runs. */
function livePostmaster(dir: string): number | null {
  const file = join(dir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function startServer(): Promise<{ recur: CliProcess; api: ApiClient; agent: Agent }> {
  const recur = spawnRecur(['start'], env);
  await recur.waitForOutput(/Recur sandbox API:\s+(\S+)/, 120_000);
  const base = /Recur sandbox API:\s+(\S+)/.exec(recur.stderr())![1]!;
  const agent = new Agent({ connect: { ca: readFileSync(join(dataDir, 'tls', 'cert.pem')) } });
  return { recur, api: makeClient(agent, base, null), agent };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recur-embedded-'));
  env = embeddedEnv(dataDir);
});
afterAll(() => killAllRecur());

describe('RECUR_EMBEDDED=true QUEUE_BACKEND=postgres npm start', () => {
  let credentials: { username: string; api_token: string };

  it('serves the API, invoices and pays a test-clock subscription, runs dunning retries, and holds no connection to 5432 or 6379', async () => {
    const { recur, agent } = await startServer();
    try {
      expect(recur.stderr()).toMatch(/Recur queues:\s+postgres 127\.0\.0\.1:\d+\/recur \(schema recur_queues\)/);
      expect(recur.stderr()).toContain(`Recur database:       embedded PostgreSQL 127.0.0.1:`);
      expect(recur.stderr()).toMatch(
        new RegExp(`embedded PostgreSQL 127\\.0\\.0\\.1:\\d+/recur, its data in ${join(dataDir, 'postgres')}\n`),
      );
      // A one-shot command beside the running server uses its database.
      const created = await runRecur(['merchant', 'create', '--name', 'Embedded'], env, 60_000);
      expect(created.code, created.stderr).toBe(0);
      credentials = JSON.parse(created.stdout).sandbox;
      const base = /Recur sandbox API:\s+(\S+)/.exec(recur.stderr())![1]!;
      const api = makeClient(agent, base, credentials);
      const plan = await createPlan(api);
      const clock = await createClock(api, '2031-01-05T00:00:00Z');
      const good = await subscribe(api, { plan_id: plan.id, card_token: (await createCard(api, APPROVE)).token, test_clock_id: clock.id });
      const bad = await subscribe(api, { plan_id: plan.id, card_token: (await createCard(api, DECLINE)).token, test_clock_id: clock.id });
      await advance(api, clock.id, '2031-01-06T00:00:00Z');
      // The first charge ran at the advance; its dunning retry is due a day later.
      await advance(api, clock.id, '2031-01-10T00:00:00Z');
      const [paid] = await invoicesOf(api, good.id);
      expect(paid).toMatchObject({ status: 'paid', amount: 1500 });
      const [declined] = await invoicesOf(api, bad.id);
      expect(declined!.attempts.length, JSON.stringify(declined)).toBeGreaterThanOrEqual(2);
      expect(declined!.attempts.every((a: { status: string }) => a.status === 'declined')).toBe(true);

      const ports = remotePorts(recur.pid);
      const embeddedPort = Number(JSON.parse(readFileSync(join(dataDir, 'postgres.lock'), 'utf8')).port);
      expect(ports).toContain(embeddedPort);
      expect(ports).not.toContain(5432);
      expect(ports).not.toContain(6379);

      // The ops listener reads the PostgreSQL-backed queues: /metrics, /readyz and the dashboard's API.
      const ops = /Recur ops:\s+(https:\/\/\S+)\/ops\/queues/.exec(recur.stderr())![1]!;
      const opsCredentials = { username: 'ops', password: OPS_PASSWORD };
      const metrics = await fetchPath(agent, ops, '/metrics', { credentials: opsCredentials });
      expect(metrics.text).toMatch(/^recur_queue_jobs\{queue="charge",state="waiting"\} 0$/m);
      expect((await fetchPath(agent, ops, '/readyz')).body).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
      const board = await fetchPath(agent, ops, '/ops/queues/api/queues', { credentials: opsCredentials });
      expect(board.status, board.text).toBe(200);
      expect(board.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['charge', 'expiry-update', 'retry', 'webhook']);

      const queues = await runRecur(['queues'], env, 60_000);
      expect(queues.code, queues.stderr).toBe(0);
      expect(queues.stdout).toMatch(/^charge\s+0\s+0\s+0\s+0\s+[1-9]/m);
    } finally {
      recur.signal('SIGTERM');
      expect((await exitWithin(recur, 60_000)).code).toBe(0);
      await agent.close();
    }
    expect(recur.stderr()).toMatch(/Recur stopped \(embedded PostgreSQL stopped too\)\n$/);
    expect(livePostmaster(dataDir)).toBeNull();
    expect(existsSync(join(dataDir, 'postgres.lock'))).toBe(false);
  }, 240_000);

  it('keeps its data across restarts, and leaves no postgres behind when its process is killed', async () => {
    const { recur, api: anonymous, agent } = await startServer();
    try {
      expect((await anonymous.get('/plans')).status).toBe(401);
      const base = /Recur sandbox API:\s+(\S+)/.exec(recur.stderr())![1]!;
      const plans = await makeClient(agent, base, credentials).get('/plans');
      expect(plans.status, plans.text).toBe(200);
      expect(plans.body.response).toHaveLength(1);
      const postmaster = livePostmaster(dataDir);
      expect(postmaster).not.toBeNull();
      await recur.kill(); // SIGKILL: no chance to stop PostgreSQL itself
      await waitFor(async () => livePostmaster(dataDir), {
        message: 'the orphaned postgres to stop',
        until: (pid) => pid === null,
        timeout: 30_000,
      });
    } finally {
      await recur.kill();
      await agent.close();
    }
    // The next start recovers the data directory.
    const again = await startServer();
    again.recur.signal('SIGINT');
    expect((await exitWithin(again.recur, 60_000)).code).toBe(0);
    await again.agent.close();
    expect(livePostmaster(dataDir)).toBeNull();
  }, 240_000);
});

describe('embedded mode refuses bad set-ups with one clear line', () => {
  let busy: Server;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => busy.close(() => r())));

  const refuse = async (extra: Record<string, string>, dir: string, message: RegExp) => {
    const res = await runRecur(['start'], embeddedEnv(dir, extra), 60_000);
    expect(res.code, res.stderr).not.toBe(0);
    expect(res.stderr.trim().split('\n'), res.stderr).toHaveLength(1);
    expect(res.stderr).toMatch(message);
  };

  it('an unwritable DATA_DIR', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'recur-embedded-')), 'a-file');
    writeFileSync(file, '');
    await refuse({}, join(file, 'data'), /^recur: DATA_DIR .* is not writable/);
  });

  it('a port in use', async () => {
    const port = (busy.address() as { port: number }).port;
    await refuse(
      { EMBEDDED_POSTGRES_PORT: String(port) },
      await mkdtemp(join(tmpdir(), 'recur-embedded-')),
      new RegExp(`EMBEDDED_POSTGRES_PORT ${port} is in use`),
    );
  });

  it('a stale lock: a PostgreSQL that runs on the data directory without its Recur', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'recur-embedded-'));
    mkdirSync(join(dir, 'postgres'));
    // A live process named in postmaster.pid (this test's own): PostgreSQL would refuse the directory too.
    writeFileSync(join(dir, 'postgres', 'postmaster.pid'), `${process.pid}\n${dir}/postgres\n`);
    await refuse({}, dir, new RegExp(`stale lock: PostgreSQL \\(pid ${process.pid}\\) still runs`));
  });

  it('recur start --embedded asks for the embedded mode as RECUR_EMBEDDED does (here: refused on an unwritable DATA_DIR)', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'recur-embedded-')), 'a-file');
    writeFileSync(file, '');
    const { RECUR_EMBEDDED: _, ...withoutVariable } = embeddedEnv(join(file, 'data'), {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/recur',
    });
    const res = await runRecur(['start', '--embedded'], withoutVariable, 60_000);
    expect(res.code, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/^recur: DATA_DIR .* is not writable/);
  });

  it('an unknown QUEUE_BACKEND', async () => {
    await refuse(
      { QUEUE_BACKEND: 'kafka' },
      await mkdtemp(join(tmpdir(), 'recur-embedded-')),
      /^recur: invalid configuration: QUEUE_BACKEND/,
    );
  });

  it('a second recur start on the same DATA_DIR, while one-shot commands run beside it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'recur-embedded-'));
    const first = spawnRecur(['start'], embeddedEnv(dir));
    try {
      await first.waitForOutput(/Recur sandbox API/, 120_000);
      await refuse({}, dir, /is in use by a running Recur \(pid \d+, PostgreSQL on port \d+\)/);
      const migrate = await runRecur(['migrate'], embeddedEnv(dir), 60_000);
      expect(migrate.code, migrate.stderr).toBe(0);
    } finally {
      first.signal('SIGTERM');
      await exitWithin(first, 60_000);
    }
  }, 240_000);
});

describe('recur demo in embedded mode', () => {
  /** The summary table (header, months, total), without the run's own merchant id. */
  const table = (stdout: string) => stdout.split('\n').filter((l) => /^(month|\d{4}-\d{2}|total)\s/.test(l));
  const args = ['demo', '--subscriptions', '12', '--months', '2', '--start', '2031-03-01', '--seed', '7'];

  it('prints the same table for the same seed as on the services', async () => {
    const embedded = await runRecur(args, embeddedEnv(await mkdtemp(join(tmpdir(), 'recur-embedded-'))), 180_000);
    expect(embedded.code, embedded.stderr).toBe(0);
    const config = await testConfig();
    const services = await runRecur(args, recurEnv(config), 180_000);
    expect(services.code, services.stderr).toBe(0);
    expect(table(embedded.stdout).length).toBe(4);
    expect(table(embedded.stdout)).toEqual(table(services.stdout));
    if (config.QUEUE_BACKEND === 'redis') {
      const redis = new Redis(config.REDIS_URL);
      await deleteKeys(redis, `${config.REDIS_PREFIX}:*`);
      redis.disconnect();
    }
  }, 400_000);
});
