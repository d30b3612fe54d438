/**
 * `recur queues` as an operator runs it (issue 5): a row per queue with its counts, the failed
 * jobs of a queue with their reasons, and a retry of them. Jobs are put in place with BullMQ
 * directly under this file's own Redis prefix (failed ones by a throwaway BullMQ Worker whose
 * processor throws), and the command runs as a real process with PostgreSQL unreachable: it
 * needs Redis only, which is what makes it useful while the database is down.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys } from '../helpers/test-app.ts';
import { freePort, killAllRecur, recurEnv, runRecur } from '../helpers/cli-process.ts';
import { testRedis } from '../helpers/redis.ts';
import { QUEUE_NAMES } from '../../src/queues/queues.ts';

const redisTest = testRedis();
/** The run's Redis (where there is none, the tests below are skipped and say why). */
const REDIS_URL = redisTest.url ?? '';
const PREFIX = `recur-test-qcli-${randomBytes(6).toString('hex')}`;

let redis: Redis;
let queues: Record<string, Queue>;
let env: Record<string, string>;
let dataDir: string;

/** What each queue holds once `beforeAll` is done. */
const FAILED = { charge: ['charge-f1', 'charge-f2', 'charge-f3'], webhook: ['webhook-f1'] } as const;
const COMPLETED = { webhook: ['webhook-c1', 'webhook-c2'] } as const;
const EXPECTED: Record<string, { waiting: number; active: number; delayed: number; failed: number }> = {
  charge: { waiting: 2, active: 0, delayed: 1, failed: 3 },
  retry: { waiting: 1, active: 0, delayed: 2, failed: 0 },
  'expiry-update': { waiting: 4, active: 0, delayed: 0, failed: 0 },
  webhook: { waiting: 0, active: 0, delayed: 0, failed: 1 },
};

/** Fails every given job once, for good (attempts: 1), through a real BullMQ Worker on the queue. */
async function failJobs(name: string, ids: readonly string[]): Promise<void> {
  const queue = queues[name]!;
  await queue.addBulk(ids.map((id) => ({ name, data: { n: id }, opts: { jobId: id, attempts: 1 } })));
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const failed = new Set<string>();
  let allFailed!: () => void;
  const done = new Promise<void>((r) => (allFailed = r));
  const worker = new Worker(
    name,
    async (job) => {
      throw new Error(`simulated outage while handling ${job.id}`);
    },
    { connection, prefix: PREFIX, concurrency: 4 },
  );
  worker.on('failed', (job) => {
    if (job?.id) failed.add(job.id);
    if (failed.size === ids.length) allFailed();
  });
  await done;
  await worker.close();
  connection.disconnect();
}

/** Completes the given jobs in order (concurrency 1) through a real BullMQ Worker, each returning `{ delivered: <id> }`. */
async function completeJobs(name: string, ids: readonly string[]): Promise<void> {
  const queue = queues[name]!;
  await queue.addBulk(ids.map((id) => ({ name, data: { n: id }, opts: { jobId: id } })));
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  let completed = 0;
  let allCompleted!: () => void;
  const done = new Promise<void>((r) => (allCompleted = r));
  const worker = new Worker(name, async (job) => ({ delivered: job.id }), { connection, prefix: PREFIX, concurrency: 1 });
  worker.on('completed', () => {
    if (++completed === ids.length) allCompleted();
  });
  await done;
  await worker.close();
  connection.disconnect();
}

/** `recur queues` output as { queue: { column: number } }. */
function parseTable(stdout: string): Record<string, Record<string, number>> {
  const lines = stdout.split('\n').filter((l) => l.trim() && !l.startsWith('('));
  const header = lines[0]!.trim().split(/\s{2,}/);
  const out: Record<string, Record<string, number>> = {};
  for (const line of lines.slice(1)) {
    const cells = line.trim().split(/\s{2,}/);
    out[cells[0]!] = Object.fromEntries(header.slice(1).map((h, i) => [h, Number(cells[i + 1]!.replace(/,/g, ''))]));
  }
  return out;
}

describe.skipIf(!redisTest.url)(redisTest.title('recur queues (PostgreSQL unreachable: only Redis is needed)'), () => {
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    queues = Object.fromEntries(QUEUE_NAMES.map((name) => [name, new Queue(name, { connection: redis, prefix: PREFIX })]));
    dataDir = await mkdtemp(join(tmpdir(), 'recur-qcli-'));
    // Nothing listens on this port: PostgreSQL is "down" for the command.
    env = recurEnv(null, {
      NODE_ENV: 'test',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/recur`,
      ...redisTest.env(),
      REDIS_PREFIX: PREFIX,
      DATA_DIR: dataDir,
    });
    // Failed jobs first: the throwing worker would otherwise take the waiting ones too.
    await failJobs('charge', FAILED.charge);
    await failJobs('webhook', FAILED.webhook);
    await completeJobs('webhook', COMPLETED.webhook);
    await queues.charge!.addBulk([
      { name: 'charge', data: {}, opts: { jobId: 'charge-w1' } },
      { name: 'charge', data: {}, opts: { jobId: 'charge-w2' } },
      { name: 'charge', data: {}, opts: { jobId: 'charge-d1', delay: 3_600_000 } },
    ]);
    await queues.retry!.addBulk([
      { name: 'retry', data: {}, opts: { jobId: 'retry-w1' } },
      { name: 'retry', data: {}, opts: { jobId: 'retry-d1', delay: 3_600_000 } },
      { name: 'retry', data: {}, opts: { jobId: 'retry-d2', delay: 7_200_000 } },
    ]);
    await queues['expiry-update']!.addBulk([1, 2, 3, 4].map((i) => ({ name: 'expiry-update', data: {}, opts: { jobId: `expiry-w${i}` } })));
  });

  afterAll(async () => {
    await killAllRecur();
    if (queues) await Promise.all(Object.values(queues).map((q) => q.close()));
    if (redis) {
      await deleteKeys(redis, `${PREFIX}:*`);
      redis.disconnect();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints a row per queue with its waiting, active, delayed and failed counts', async () => {
    const out = await runRecur(['queues'], env);
    expect(out.code, out.stderr).toBe(0);
    const table = parseTable(out.stdout);
    expect(Object.keys(table)).toEqual([...QUEUE_NAMES]);
    for (const name of QUEUE_NAMES) expect(table[name], name).toMatchObject(EXPECTED[name]!);
    expect(out.stdout).toMatch(/^queue\s+waiting\s+active\s+delayed\s+failed\s+completed/m);
    // The command never touched the (unreachable) database.
    expect(out.stderr).not.toMatch(/PostgreSQL|ECONNREFUSED/);
  });

  it('`queues failed <queue>` lists the failed jobs with their reasons', async () => {
    const [out, none] = await Promise.all([runRecur(['queues', 'failed', 'charge'], env), runRecur(['queues', 'failed', 'retry'], env)]);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^job\s+attempts\s+failed at\s+reason$/);
    expect(lines).toHaveLength(1 + FAILED.charge.length);
    for (const id of FAILED.charge) {
      const line = lines.find((l) => l.startsWith(`${id} `));
      expect(line, `a row for ${id}\n${out.stdout}`).toBeDefined();
      expect(line).toMatch(new RegExp(`^${id}\\s+1\\s+\\d{4}-\\d{2}-\\d{2}T\\S+Z\\s+simulated outage while handling ${id}$`));
    }
    // Waiting and delayed jobs are not failures.
    expect(out.stdout).not.toMatch(/charge-w1|charge-d1/);

    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout.trim()).toBe('no failed jobs in retry');
  });

  it('`queues completed <queue>` lists the completed jobs kept, newest first, with what they returned', async () => {
    const [out, none] = await Promise.all([
      runRecur(['queues', 'completed', 'webhook'], env),
      runRecur(['queues', 'completed', 'retry'], env),
    ]);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^job\s+attempts\s+finished at\s+result$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual([...COMPLETED.webhook].reverse());
    for (const id of COMPLETED.webhook) {
      expect(lines.find((l) => l.startsWith(`${id} `))).toMatch(
        new RegExp(`^${id}\\s+1\\s+\\d{4}-\\d{2}-\\d{2}T\\S+Z\\s+\\{"delivered":"${id}"\\}$`),
      );
    }
    // Failed jobs are not completed ones.
    expect(out.stdout).not.toContain(FAILED.webhook[0]);

    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout.trim()).toBe('no completed jobs kept in retry');
  });

  it('`queues retry <queue>` moves the failed jobs back to waiting and prints the count', async () => {
    const out = await runRecur(['queues', 'retry', 'charge'], env);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.trim()).toBe(`retried ${FAILED.charge.length} failed job(s) in charge`);

    const counts = await queues.charge!.getJobCounts('wait', 'failed', 'delayed', 'active');
    expect(counts).toEqual({ wait: 2 + FAILED.charge.length, failed: 0, delayed: 1, active: 0 });
    for (const id of FAILED.charge) expect(await queues.charge!.getJobState(id), id).toBe('waiting');
    // Only the named queue: the webhook queue's failed job stays failed.
    expect(await queues.webhook!.getJobState(FAILED.webhook[0])).toBe('failed');

    const table = parseTable((await runRecur(['queues'], env)).stdout);
    expect(table.charge).toMatchObject({ waiting: 5, delayed: 1, failed: 0 });
    expect(table.webhook).toMatchObject({ failed: 1 });

    const again = await runRecur(['queues', 'retry', 'charge'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe('retried 0 failed job(s) in charge');
  });

  it('an unknown queue name exits 2 and lists the queues', async () => {
    const [failed, retry, missing] = await Promise.all([
      runRecur(['queues', 'failed', 'invoices'], env),
      runRecur(['queues', 'retry', 'invoices'], env),
      runRecur(['queues', 'failed'], env),
    ]);
    for (const out of [failed, retry]) {
      expect(out.code, out.stderr).toBe(2);
      expect(out.stderr).toContain('name a queue: charge, retry, expiry-update, webhook');
      expect(out.stdout).toBe('');
    }
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('charge, retry, expiry-update, webhook');
    // Nothing was retried or removed by the refused commands.
    expect(await queues.webhook!.getJobState(FAILED.webhook[0])).toBe('failed');
  });
});
