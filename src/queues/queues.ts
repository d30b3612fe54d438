import { randomBytes } from 'node:crypto';
import { MetricsTime, type Job, type Queue, type Worker, type JobsOptions, type KeepJobs, type MetricsOptions } from 'bullmq';
import { z } from 'zod';
import type { QueueBackendName, QueueConnection } from './queue-backend.ts';

/** Recur's queues. Payloads carry ids only: no card data or secret ever enters the queue store (Redis or the queue schema). */
export const QUEUE_NAMES = ['charge', 'retry', 'expiry-update', 'webhook'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const ChargeJob = z.strictObject({ invoiceId: z.uuid(), attempt: z.number().int().min(1).max(1000) });
export type ChargeJob = z.infer<typeof ChargeJob>;

/**
 * Work ids are derived, not invented: `charge-<invoice>-<attempt>` names one piece of work. It is
 * the job's BullMQ deduplication id (`workJobOptions`), so a double enqueue of one attempt
 * collapses while its job is live (waiting, delayed or active).
 */
export function chargeWorkId(job: ChargeJob): string {
  return `charge-${job.invoiceId}-${job.attempt}`;
}

/** A dunning retry: the same payload as a charge, on its own queue (decline retries in days, apart from transport retries in seconds). */
export const RetryJob = ChargeJob;
export type RetryJob = ChargeJob;
export function retryWorkId(job: RetryJob): string {
  return `retry-${job.invoiceId}-${job.attempt}`;
}

/** A subscription whose card must be updated before it is charged again. */
export const ExpiryUpdateJob = z.strictObject({ subscriptionId: z.uuid(), invoiceId: z.uuid() });
export type ExpiryUpdateJob = z.infer<typeof ExpiryUpdateJob>;
export function expiryUpdateWorkId(job: ExpiryUpdateJob): string {
  return `expiry-${job.invoiceId}`;
}

export const WebhookJob = z.strictObject({ deliveryId: z.uuid() });
export type WebhookJob = z.infer<typeof WebhookJob>;
export function webhookWorkId(job: WebhookJob): string {
  return `webhook-${job.deliveryId}`;
}

/**
 * A job's options for one piece of work. The work id is BullMQ's deduplication id: an add while
 * a job of that work is live (waiting, delayed or active) returns that job and adds nothing; the
 * job finished (completed or failed), the key is gone. The job id is the work id and 12 random hex
 * digits, so a finished job kept for the dashboard never swallows a later add of the same work (a
 * charge sent again when a paused subscription resumes, the sweep's re-add, a webhook resent).
 */
export function workJobOptions(workId: string): { jobId: string; deduplication: { id: string } } {
  return { jobId: `${workId}.${randomSuffix()}`, deduplication: { id: workId } };
}

/**
 * 12 random hex digits, cut from a pool of random bytes filled 4 KiB at a time: the scheduler
 * names thousands of jobs a second, and one call to the random source per job took about 8 % of
 * its process's busy CPU (a profile of `bench/scheduler.ts`).
 */
const SUFFIX_BYTES = 6;
let suffixPool = Buffer.alloc(0);
let suffixAt = 0;
function randomSuffix(): string {
  if (suffixAt + SUFFIX_BYTES > suffixPool.length) {
    suffixPool = randomBytes(4096);
    suffixAt = 0;
  }
  suffixAt += SUFFIX_BYTES;
  return suffixPool.toString('hex', suffixAt - SUFFIX_BYTES, suffixAt);
}

/** The live (waiting, delayed or active) job of a piece of work, if the queue holds one. */
export async function liveJobOf(queue: Queue, workId: string): Promise<Job | undefined> {
  const id = await queue.getDeduplicationJobId(workId);
  if (!id) return undefined;
  const job = await queue.getJob(id);
  // A key whose job the queue lost names nothing; BullMQ discards it at the next add.
  if (!job) return undefined;
  const state = await job.getState();
  return state === 'completed' || state === 'failed' || state === 'unknown' ? undefined : job;
}

/**
 * Failed jobs are kept for the queue dashboard and `recur queues failed`, bounded by age and count
 * per queue so that Redis (or the queue schema) stays flat however long Recur bills: 30 days, at
 * most 10,000 per queue.
 */
export const KEEP_FAILED = { age: 30 * 24 * 60 * 60, count: 10_000 } as const;

/**
 * Completed jobs are kept for the queue dashboard and `recur queues completed`: the last day's, at
 * most 1,000 per queue, so that Redis (or the queue schema) stays flat. On Redis BullMQ trims them
 * at each completion. On PostgreSQL its count trim scans every kept job at each completion (it
 * halves a worker's throughput), so there the completion trims by age only and the worker trims to
 * the count every 100 completions and every 10 minutes (`trimCompletedJobs`): the count may be
 * passed by at most 100 jobs a worker in between. A kept job never swallows a later add of its
 * work (`workJobOptions`). The workers' per-minute counts (`recur queues`, the dashboard,
 * `/metrics`) count every job; PostgreSQL, not the queue, remembers outcomes. docs/operations.md
 * says so.
 */
export const KEEP_COMPLETED = { age: 24 * 60 * 60, count: 1_000 } as const;
export type KeepCompleted = { age: number; count: number };

/** `removeOnComplete` on this backend (see `KEEP_COMPLETED`). */
export function completedRetention(backend: QueueBackendName, keep: KeepCompleted): KeepJobs {
  return backend === 'postgres' ? { age: keep.age } : { age: keep.age, count: keep.count };
}

/** How often a PostgreSQL worker trims its queue's completed jobs to the count. */
export const TRIM_COMPLETED_EVERY = { completions: 100, ms: 10 * 60 * 1000 } as const;

/**
 * Trims the completed jobs of a worker's queue to `count`, the earliest added first, every
 * `every.completions` completions and every `every.ms` (one trim at a time). Returns its stop.
 */
export function trimCompletedJobs(
  worker: Worker,
  queue: Queue,
  count: number,
  onError: (err: Error) => void,
  every: { completions: number; ms: number } = TRIM_COMPLETED_EVERY,
): () => Promise<void> {
  let completions = 0;
  let running: Promise<void> | null = null;
  const trim = () => {
    if (running) return;
    completions = 0;
    running = (async () => {
      try {
        const excess = (await queue.getCompletedCount()) - count;
        if (excess > 0) await queue.clean(0, excess, 'completed');
      } catch (err) {
        onError(err as Error);
      } finally {
        running = null;
      }
    })();
  };
  // Completions during a trim count toward the next one.
  const onCompleted = () => {
    if (++completions >= every.completions) trim();
  };
  worker.on('completed', onCompleted);
  const timer = setInterval(trim, every.ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    worker.off('completed', onCompleted);
    await running;
  };
}

/**
 * Transport retries in seconds, kept apart from dunning retries in days: a job fails only on an
 * infrastructure fault (a decline completes it).
 */
export const CHARGE_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: completedRetention('redis', KEEP_COMPLETED),
  removeOnFail: KEEP_FAILED,
};

/** Workers count completed and failed jobs per minute in Redis, a week back: `recur queues` and the dashboard read them. */
export const WORKER_METRICS: MetricsOptions = { maxDataPoints: MetricsTime.ONE_WEEK };

export interface Queues {
  charge: Queue;
  retry: Queue;
  expiryUpdate: Queue;
  webhook: Queue;
  /** How many completed jobs each queue keeps, and how long (`KEEP_COMPLETED` unless a test says otherwise). */
  keepCompleted: KeepCompleted;
  all(): Queue[];
  close(): Promise<void>;
}

export function createQueues(
  connection: QueueConnection,
  webhookAttempts = 16,
  onError: (err: Error, queue: string) => void = () => undefined,
  keepCompleted: KeepCompleted = KEEP_COMPLETED,
): Queues {
  const removeOnComplete = completedRetention(connection.backend, keepCompleted);
  const chargeOptions = { ...CHARGE_JOB_OPTIONS, removeOnComplete };
  const charge = connection.queue('charge', { defaultJobOptions: chargeOptions });
  const retry = connection.queue('retry', { defaultJobOptions: chargeOptions });
  const expiryUpdate = connection.queue('expiry-update', { defaultJobOptions: chargeOptions });
  const webhook = connection.queue('webhook', {
    defaultJobOptions: {
      attempts: webhookAttempts,
      backoff: { type: 'webhook' },
      removeOnComplete,
      removeOnFail: KEEP_FAILED,
    },
  });
  const all = [charge, retry, expiryUpdate, webhook];
  // Without a listener BullMQ prints connection errors raw to stderr, outside the logger.
  for (const queue of all) queue.on('error', (err) => onError(err, queue.name));
  return {
    charge,
    retry,
    expiryUpdate,
    webhook,
    keepCompleted,
    all: () => all,
    async close() {
      await Promise.all(all.map((q) => q.close()));
    },
  };
}

/** Hands due retries to the retry queue; `delayMs` holds a job until its time (real-clock subscriptions). */
export async function enqueueRetries(queues: Queues, jobs: (RetryJob & { delayMs?: number })[]): Promise<void> {
  if (jobs.length === 0) return;
  await queues.retry.addBulk(
    jobs.map(({ delayMs, ...data }) => ({
      name: 'retry',
      data: RetryJob.parse(data),
      opts: { ...workJobOptions(retryWorkId(data)), delay: Math.max(0, delayMs ?? 0) },
    })),
  );
}

export async function enqueueExpiryUpdates(queues: Queues, jobs: ExpiryUpdateJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await queues.expiryUpdate.addBulk(
    jobs.map((data) => ({ name: 'expiry-update', data: ExpiryUpdateJob.parse(data), opts: workJobOptions(expiryUpdateWorkId(data)) })),
  );
}

/**
 * Enqueues charge jobs in one pipelined call: the scheduler's hand-off and the sweep's re-add.
 * Retrying the whole batch is safe, and so is a re-add of an owed charge: it collapses into the
 * attempt's live job, and a job that finished (one that spent its transport retries, or one that
 * completed with the outcome still unknown) leaves room for it.
 */
export async function enqueueCharges(queues: Queues, jobs: ChargeJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await queues.charge.addBulk(
    jobs.map((data) => ({ name: 'charge', data: ChargeJob.parse(data), opts: workJobOptions(chargeWorkId(data)) })),
  );
}

/** Hands deliveries to the webhook queue: the relay, the sweep and a manual resend (a delivery still queued collapses into its job). */
export async function enqueueWebhooks(queues: Queues, deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  await queues.webhook.addBulk(
    deliveryIds.map((deliveryId) => {
      const data = WebhookJob.parse({ deliveryId });
      return { name: 'webhook', data, opts: workJobOptions(webhookWorkId(data)) };
    }),
  );
}
