import { MetricsTime, type Queue, type JobsOptions, type MetricsOptions } from 'bullmq';
import { z } from 'zod';
import type { QueueConnection } from './queue-backend.ts';

/** Recur's queues. Payloads carry ids only: no card data or secret ever enters the queue store (Redis or the queue schema). */
export const QUEUE_NAMES = ['charge', 'retry', 'expiry-update', 'webhook'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const ChargeJob = z.strictObject({ invoiceId: z.uuid(), attempt: z.number().int().min(1).max(1000) });
export type ChargeJob = z.infer<typeof ChargeJob>;

/** Ids are derived, not invented: a double enqueue of one attempt collapses while the job exists. */
export function chargeJobId(job: ChargeJob): string {
  return `charge-${job.invoiceId}-${job.attempt}`;
}

/** A dunning retry: the same payload as a charge, on its own queue (decline retries in days, apart from transport retries in seconds). */
export const RetryJob = ChargeJob;
export type RetryJob = ChargeJob;
export function retryJobId(job: RetryJob): string {
  return `retry-${job.invoiceId}-${job.attempt}`;
}

/** A subscription whose card must be updated before it is charged again. */
export const ExpiryUpdateJob = z.strictObject({ subscriptionId: z.uuid(), invoiceId: z.uuid() });
export type ExpiryUpdateJob = z.infer<typeof ExpiryUpdateJob>;
export function expiryUpdateJobId(job: ExpiryUpdateJob): string {
  return `expiry-${job.invoiceId}`;
}

/**
 * Failed jobs are kept for the queue dashboard and `recur queues failed`, bounded by age and count
 * per queue so that Redis (or the queue schema) stays flat however long Recur bills: 30 days, at
 * most 10,000 per queue. Completed jobs are removed at once: job ids are derived from the work
 * (`charge-<invoice>-<attempt>`), and a kept completed job would swallow a later add of the same
 * work (a charge sent again when a paused subscription resumes, a left-over job, a webhook sent
 * again). The workers' per-minute counts (`recur queues`, the dashboard, `/metrics`) show what ran.
 * PostgreSQL, not the queue, remembers outcomes. docs/operations.md says so.
 */
export const KEEP_FAILED = { age: 30 * 24 * 60 * 60, count: 10_000 } as const;

/**
 * Transport retries in seconds, kept apart from dunning retries in days: a job fails only on an
 * infrastructure fault (a decline completes it). A reconciler that enqueues the same attempt again
 * first removes its finished job (`clearFinished`), which would otherwise swallow the re-add.
 */
export const CHARGE_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: KEEP_FAILED,
};

/** Workers count completed and failed jobs per minute in Redis, a week back: `recur queues` and the dashboard read them. */
export const WORKER_METRICS: MetricsOptions = { maxDataPoints: MetricsTime.ONE_WEEK };

export const WebhookJob = z.strictObject({ deliveryId: z.uuid() });
export type WebhookJob = z.infer<typeof WebhookJob>;

export interface Queues {
  charge: Queue;
  retry: Queue;
  expiryUpdate: Queue;
  webhook: Queue;
  all(): Queue[];
  close(): Promise<void>;
}

export function createQueues(
  connection: QueueConnection,
  webhookAttempts = 16,
  onError: (err: Error, queue: string) => void = () => undefined,
): Queues {
  const charge = connection.queue('charge', { defaultJobOptions: CHARGE_JOB_OPTIONS });
  const retry = connection.queue('retry', { defaultJobOptions: CHARGE_JOB_OPTIONS });
  const expiryUpdate = connection.queue('expiry-update', { defaultJobOptions: CHARGE_JOB_OPTIONS });
  const webhook = connection.queue('webhook', {
    defaultJobOptions: {
      attempts: webhookAttempts,
      backoff: { type: 'webhook' },
      removeOnComplete: true,
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
    all: () => all,
    async close() {
      await Promise.all(all.map((q) => q.close()));
    },
  };
}

/**
 * Removes the finished (failed or completed) jobs of these ids: BullMQ ignores an add under the id
 * of a job it still holds, so a job kept for the dashboard would swallow a deliberate re-send.
 */
async function clearFinished(queue: Queue, ids: string[]): Promise<void> {
  for (const id of ids) {
    const existing = await queue.getJob(id);
    if (existing && ((await existing.isFailed()) || (await existing.isCompleted()))) await existing.remove();
  }
}

/** Hands due retries to the retry queue; `delayMs` holds a job until its time (real-clock subscriptions). */
export async function enqueueRetries(queues: Queues, jobs: (RetryJob & { delayMs?: number })[]): Promise<void> {
  if (jobs.length === 0) return;
  await clearFinished(queues.retry, jobs.map(retryJobId));
  await queues.retry.addBulk(
    jobs.map(({ delayMs, ...data }) => ({
      name: 'retry',
      data: RetryJob.parse(data),
      opts: { jobId: retryJobId(data), delay: Math.max(0, delayMs ?? 0) },
    })),
  );
}

export async function enqueueExpiryUpdates(queues: Queues, jobs: ExpiryUpdateJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await clearFinished(queues.expiryUpdate, jobs.map(expiryUpdateJobId));
  await queues.expiryUpdate.addBulk(
    jobs.map((data) => ({ name: 'expiry-update', data: ExpiryUpdateJob.parse(data), opts: { jobId: expiryUpdateJobId(data) } })),
  );
}

/**
 * Hands owed charges back to the queue (the sweep). A job that spent its transport retries (or one
 * that completed with the outcome still unknown) stays in the queue under its id, which would
 * swallow the re-add: such a job is removed first.
 */
export async function requeueCharges(queues: Queues, jobs: ChargeJob[]): Promise<void> {
  await clearFinished(queues.charge, jobs.map(chargeJobId));
  await enqueueCharges(queues, jobs);
}

/** Enqueues charge jobs in one pipelined call; retrying the whole batch is safe (deterministic ids). */
export async function enqueueCharges(queues: Queues, jobs: ChargeJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await queues.charge.addBulk(jobs.map((data) => ({ name: 'charge', data: ChargeJob.parse(data), opts: { jobId: chargeJobId(data) } })));
}

/** Hands deliveries back to the queue (a manual retry): a job that spent its tries is removed first. */
export async function resendWebhooks(queues: Queues, deliveryIds: string[]): Promise<void> {
  await clearFinished(
    queues.webhook,
    deliveryIds.map((id) => `webhook-${id}`),
  );
  await enqueueWebhooks(queues, deliveryIds);
}

export async function enqueueWebhooks(queues: Queues, deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  await queues.webhook.addBulk(
    deliveryIds.map((deliveryId) => ({
      name: 'webhook',
      data: WebhookJob.parse({ deliveryId }),
      opts: { jobId: `webhook-${deliveryId}` },
    })),
  );
}
