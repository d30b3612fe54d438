/**
 * Completed and failed jobs are kept for the queue dashboard and `recur queues`, bounded (issue 23):
 * on every queue backend this machine runs (Redis where the run has one, PostgreSQL always), with
 * Recur's own queues, enqueue functions and job options, and real BullMQ workers. A completed job
 * is kept and listed; the kept ones stay within the count (a small one here, not 1,000) and the
 * age; a later add of the same work after its job finished gets a job of its own; a double add
 * while the work's job is live (waiting, delayed, active) collapses into it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../helpers/database.ts';
import { deleteKeys } from '../helpers/test-app.ts';
import { waitFor } from '../helpers/wait-for.ts';
import {
  POSTGRES_QUEUE_SCHEMA,
  createQueueConnection,
  type QueueBackendName,
  type QueueConnection,
} from '../../src/queues/queue-backend.ts';
import {
  chargeWorkId,
  completedRetention,
  createQueues,
  enqueueCharges,
  enqueueRetries,
  enqueueWebhooks,
  liveJobOf,
  retryWorkId,
  trimCompletedJobs,
  webhookWorkId,
  workJobOptions,
  KEEP_COMPLETED,
  WORKER_METRICS,
  type KeepCompleted,
  type Queues,
} from '../../src/queues/queues.ts';

/** What a test's processor returns: the ids it was given, as Recur's processors return outcomes. */
const processed = async (job: Job) => ({ handled: job.data });
/**
 * The same, each job finishing in a millisecond of its own: a queue orders its completed jobs by
 * finish time in milliseconds, so of two jobs finished in the same one either may be the older.
 */
const processedInTurn = async (job: Job) => {
  await new Promise((resolve) => setTimeout(resolve, 3));
  return processed(job);
};

interface Setup {
  backend: QueueBackendName;
  producer: QueueConnection;
  consumer: QueueConnection;
  queues: Queues;
  databaseUrl: string;
  prefix: string;
  close(): Promise<void>;
}

async function setUp(backend: QueueBackendName, keep: KeepCompleted): Promise<Setup> {
  const databaseUrl = backend === 'postgres' ? await createTestDatabase() : '';
  const prefix = `recur-test-kept-${randomBytes(6).toString('hex')}`;
  const settings = { backend, redisUrl: inject('redisUrl') ?? '', redisPrefix: prefix, databaseUrl };
  const producer = createQueueConnection({ ...settings, role: 'producer' });
  const consumer = createQueueConnection({ ...settings, role: 'worker' });
  const queues = createQueues(producer, 16, undefined, keep);
  await Promise.all(queues.all().map((q) => q.waitUntilReady()));
  return {
    backend,
    producer,
    consumer,
    queues,
    databaseUrl,
    prefix,
    async close() {
      await queues.close();
      if (producer.redis) {
        const redis = producer.redis.duplicate();
        await deleteKeys(redis, `${prefix}:*`);
        redis.disconnect();
      }
      await consumer.close();
      await producer.close();
    },
  };
}

/** A worker on a queue that runs `count` jobs, then stops. */
async function work(s: Setup, name: string, count: number, processor: (job: Job) => Promise<unknown> = processed): Promise<void> {
  let done = 0;
  let finished!: () => void;
  const all = new Promise<void>((resolve) => (finished = resolve));
  const worker: Worker = s.consumer.worker(name, processor, { concurrency: 1, metrics: WORKER_METRICS });
  worker.on('completed', () => {
    if (++done === count) finished();
  });
  worker.on('failed', () => {
    if (++done === count) finished();
  });
  await all;
  await worker.close();
}

/** Rows of a queue in a state, straight from the PostgreSQL queue schema. */
async function schemaRows(databaseUrl: string, queue: string, state: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from ${POSTGRES_QUEUE_SCHEMA}.job where queue = $1 and state = $2`, [
      queue,
      state,
    ]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

const backends = inject('queueBackends');

describe.each(backends)('kept jobs, queues on %s', (backend) => {
  const KEEP = { age: KEEP_COMPLETED.age, count: 3 };
  let s: Setup;
  beforeAll(async () => {
    s = await setUp(backend, KEEP);
  });
  afterAll(() => s?.close());

  it('keep completed jobs, the last day, at most the count (documented: KEEP_COMPLETED is a day and 1,000)', () => {
    expect(KEEP_COMPLETED).toEqual({ age: 86_400, count: 1_000 });
    for (const queue of s.queues.all()) {
      expect(queue.defaultJobOptions.removeOnComplete, queue.name).toEqual(completedRetention(backend, KEEP));
    }
    // Redis trims by age and count at each completion; PostgreSQL by age there, by count in the worker.
    expect(completedRetention(backend, KEEP)).toEqual(backend === 'redis' ? KEEP : { age: KEEP.age });
  });

  it('a completed job is kept and listed, under its work id and a suffix of its own, with what it returned', async () => {
    const invoiceId = randomUUID();
    await enqueueCharges(s.queues, [{ invoiceId, attempt: 1 }]);
    await work(s, 'charge', 1);
    const completed = await s.queues.charge.getCompleted();
    expect(completed).toHaveLength(1);
    expect(completed[0]!.id).toMatch(new RegExp(`^charge-${invoiceId}-1\\.[0-9a-f]{12}$`));
    expect(completed[0]!.returnvalue).toEqual({ handled: { invoiceId, attempt: 1 } });
    expect(await s.queues.charge.getJobCounts('completed')).toEqual({ completed: 1 });
    // Finished, the job is no longer the work's live one.
    expect(await liveJobOf(s.queues.charge, chargeWorkId({ invoiceId, attempt: 1 }))).toBeUndefined();
  });

  it('a later add of the same work after its job completed is not swallowed: it gets a job of its own', async () => {
    await s.queues.charge.obliterate({ force: true });
    const work1 = { invoiceId: randomUUID(), attempt: 1 };
    await enqueueCharges(s.queues, [work1]);
    await work(s, 'charge', 1);
    const [first] = await s.queues.charge.getCompleted();
    // The same work again: a charge sent again when a paused subscription resumes, the sweep's re-add.
    await enqueueCharges(s.queues, [work1]);
    const again = await liveJobOf(s.queues.charge, chargeWorkId(work1));
    expect(again).toBeDefined();
    expect(again!.id).not.toBe(first!.id);
    expect(await again!.getState()).toBe('waiting');
    await work(s, 'charge', 1);
    expect((await s.queues.charge.getCompleted()).map((j) => j.id).sort()).toEqual([first!.id, again!.id].sort());

    // The same for a webhook delivery resent after its job failed for good (kept as failed).
    const deliveryId = randomUUID();
    await enqueueWebhooks(s.queues, [deliveryId]);
    // As the webhook worker ends a delivery whose tries are spent: failed for good.
    const failing = async (): Promise<never> => {
      throw new UnrecoverableError('receiver down, tries spent');
    };
    await work(s, 'webhook', 1, failing);
    const failed = await s.queues.webhook.getFailed();
    expect(failed.map((j) => j.id!.split('.')[0])).toEqual([webhookWorkId({ deliveryId })]);
    await enqueueWebhooks(s.queues, [deliveryId]);
    const resent = await liveJobOf(s.queues.webhook, webhookWorkId({ deliveryId }));
    expect(await resent?.getState()).toBe('waiting');
    expect(resent!.id).not.toBe(failed[0]!.id);
  });

  it('a double add while the work is live collapses into its job: waiting, delayed or active', async () => {
    await s.queues.charge.obliterate({ force: true });
    const w = { invoiceId: randomUUID(), attempt: 2 };
    // Twice in one batch, then again: one job.
    await enqueueCharges(s.queues, [w, w]);
    await enqueueCharges(s.queues, [w]);
    expect(await s.queues.charge.getJobCounts('waiting', 'active')).toEqual({ waiting: 1, active: 0 });
    const live = await liveJobOf(s.queues.charge, chargeWorkId(w));
    expect(live?.data).toEqual(w);

    // Active: taken by a worker, the work's job still collapses a re-add.
    const hand = s.consumer.worker('charge', null as never, { autorun: false });
    try {
      const taken = await hand.getNextJob('t1');
      expect(taken?.id).toBe(live!.id);
      await enqueueCharges(s.queues, [w]);
      expect(await s.queues.charge.getJobCounts('waiting', 'active')).toEqual({ waiting: 0, active: 1 });
      await taken!.moveToCompleted({ handled: w }, 't1', false);
    } finally {
      await hand.close();
    }
    // Completed, it leaves room for the next add.
    await enqueueCharges(s.queues, [w]);
    expect(await s.queues.charge.getJobCounts('waiting', 'completed')).toEqual({ waiting: 1, completed: 1 });

    // Delayed: a dunning retry due in an hour, handed over twice.
    const r = { invoiceId: randomUUID(), attempt: 3 };
    await enqueueRetries(s.queues, [{ ...r, delayMs: 3_600_000 }]);
    await enqueueRetries(s.queues, [{ ...r, delayMs: 3_600_000 }, r]);
    expect(await s.queues.retry.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 0, delayed: 1 });
    expect((await liveJobOf(s.queues.retry, retryWorkId(r)))?.data).toEqual(r);
    await s.queues.charge.obliterate({ force: true });
    await s.queues.retry.obliterate({ force: true });
  });

  it('the completed jobs kept stay within the count, the newest kept', async () => {
    await s.queues.charge.obliterate({ force: true });
    const works = Array.from({ length: 10 }, () => ({ invoiceId: randomUUID(), attempt: 1 }));
    // On PostgreSQL the worker trims to the count (Recur's roles run it every 100 completions and
    // 10 minutes; here every 4 and 200 ms).
    const worker: Worker = s.consumer.worker('charge', processedInTurn, { concurrency: 1, metrics: WORKER_METRICS });
    const stopTrim =
      backend === 'postgres'
        ? trimCompletedJobs(worker, s.queues.charge, KEEP.count, (err) => expect.unreachable(err.message), { completions: 4, ms: 200 })
        : async () => undefined;
    try {
      for (const w of works) await enqueueCharges(s.queues, [w]);
      await waitFor(() => s.queues.charge.getJobCounts('waiting', 'active', 'completed'), {
        message: 'every job run and the kept ones trimmed to the count',
        until: (c) => c.waiting === 0 && c.active === 0 && c.completed === KEEP.count,
      });
    } finally {
      await stopTrim();
      await worker.close();
    }
    const kept = await s.queues.charge.getCompleted();
    expect(kept.map((j) => j.data.invoiceId).sort()).toEqual(
      works
        .slice(-KEEP.count)
        .map((w) => w.invoiceId)
        .sort(),
    );
    // The store itself holds no more: nothing is left behind in Redis or the queue schema.
    if (backend === 'postgres') expect(await schemaRows(s.databaseUrl, 'charge', 'completed')).toBe(KEEP.count);
    else {
      const redis = new Redis(inject('redisUrl')!);
      try {
        expect(await redis.zcard(`${s.prefix}:charge:completed`)).toBe(KEEP.count);
        const jobKeys: string[] = [];
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${s.prefix}:charge:charge-*`, 'COUNT', 500);
          cursor = next;
          jobKeys.push(...keys.filter((k) => /^[^:]+:charge:charge-[^:]+$/.test(k)));
        } while (cursor !== '0');
        expect(jobKeys).toHaveLength(KEEP.count);
      } finally {
        redis.disconnect();
      }
    }
  });
});

describe.each(backends)('kept jobs by age, queues on %s', (backend) => {
  // A second's age, as a day is in production: a job completed past it goes at the next completion.
  const KEEP = { age: 1, count: 1_000 };
  let s: Setup;
  beforeAll(async () => {
    s = await setUp(backend, KEEP);
  });
  afterAll(() => s?.close());

  it('a completed job older than the age is removed at the next completion', async () => {
    const old = { invoiceId: randomUUID(), attempt: 1 };
    await enqueueCharges(s.queues, [old]);
    await work(s, 'charge', 1);
    expect((await s.queues.charge.getCompleted()).map((j) => j.data)).toEqual([old]);
    const finishedOn = (await s.queues.charge.getCompleted())[0]!.finishedOn!;
    await waitFor(() => Date.now() > finishedOn + 1_100, { message: 'the first job to be past its age' });
    const recent = { invoiceId: randomUUID(), attempt: 1 };
    await enqueueCharges(s.queues, [recent]);
    await work(s, 'charge', 1);
    expect((await s.queues.charge.getCompleted()).map((j) => j.data)).toEqual([recent]);
  });
});

describe('job ids', () => {
  it('each add of one work gets a job id of its own: the work id and 12 random hex digits, across refills of the random pool', () => {
    const workId = chargeWorkId({ invoiceId: randomUUID(), attempt: 1 });
    const ids = Array.from({ length: 2_000 }, () => workJobOptions(workId));
    for (const opts of ids) {
      expect(opts.jobId).toMatch(new RegExp(`^${workId}\\.[0-9a-f]{12}$`));
      expect(opts.deduplication).toEqual({ id: workId });
    }
    expect(new Set(ids.map((o) => o.jobId)).size).toBe(ids.length);
  });
});
