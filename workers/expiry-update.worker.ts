import type { Job, Worker } from 'bullmq';
import type { Logger } from '../src/platform/logger.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { SqlPool } from '../src/platform/sql.ts';
import type { CustomerLinks } from '../src/billing/billing-jobs.ts';
import { ExpiryUpdateJob } from '../src/queues/queues.ts';
import { markAwaitingCardUpdate } from '../src/billing/billing-jobs.ts';
import { startQueueWorker, type WorkerOptions } from './worker-options.ts';

/** Marks the subscription as waiting for a card update and tells the merchant (`card.expired`). */
export function startExpiryUpdateWorker(
  deps: { sql: SqlPool; clock: Clock; logger: Logger; links?: CustomerLinks },
  options: WorkerOptions,
): Worker<ExpiryUpdateJob, boolean> {
  return startQueueWorker<ExpiryUpdateJob, boolean>(
    'expiry-update',
    async (job: Job<ExpiryUpdateJob>) => markAwaitingCardUpdate(deps.sql, ExpiryUpdateJob.parse(job.data), deps.clock.now(), deps.links),
    options,
    deps.logger,
  );
}
