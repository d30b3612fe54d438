import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** Recur's queues. Payloads carry ids only: no card data or secret ever enters Redis. */
export const QUEUE_NAMES = ['charge'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const ChargeJob = z.strictObject({ invoiceId: z.uuid(), attempt: z.number().int().min(1).max(1000) });
export type ChargeJob = z.infer<typeof ChargeJob>;

/** Ids are derived, not invented: a double enqueue of one attempt collapses while the job exists. */
export function chargeJobId(job: ChargeJob): string {
  return `charge-${job.invoiceId}-${job.attempt}`;
}

/**
 * Transport retries in seconds, kept apart from dunning retries in days: a job fails only on an
 * infrastructure fault (a decline completes it). Completed jobs are removed so that a
 * reconciler can enqueue the same attempt again; PostgreSQL, not Redis, remembers outcomes.
 */
export const CHARGE_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: { count: 10_000 },
};

export interface Queues {
  charge: Queue;
  all(): Queue[];
  close(): Promise<void>;
}

export function createQueues(connection: Redis, prefix: string): Queues {
  const charge = new Queue('charge', { connection, prefix, defaultJobOptions: CHARGE_JOB_OPTIONS });
  return {
    charge,
    all: () => [charge],
    async close() {
      await charge.close();
    },
  };
}

/**
 * Hands owed charges back to the queue (the sweep). A job that spent its transport retries stays
 * in Redis as failed under its id, which would swallow the re-add: such a job is removed first.
 */
export async function requeueCharges(queues: Queues, jobs: ChargeJob[]): Promise<void> {
  for (const data of jobs) {
    const existing = await queues.charge.getJob(chargeJobId(data));
    if (existing && (await existing.isFailed())) await existing.remove();
  }
  await enqueueCharges(queues, jobs);
}

/** Enqueues charge jobs in one pipelined call; retrying the whole batch is safe (deterministic ids). */
export async function enqueueCharges(queues: Queues, jobs: ChargeJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await queues.charge.addBulk(jobs.map((data) => ({ name: 'charge', data: ChargeJob.parse(data), opts: { jobId: chargeJobId(data) } })));
}
