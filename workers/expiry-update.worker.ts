import type { Job, Worker } from 'bullmq';
import type { Logger } from '../src/platform/logger.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { SqlPool } from '../src/platform/sql.ts';
import { ExpiryUpdateJob, WORKER_METRICS } from '../src/queues/queues.ts';
import { markAwaitingCardUpdate } from '../src/billing/cards/card-expiry.service.ts';
import type { WorkerOptions } from './charge.worker.ts';

/** Marks the subscription as waiting for a card update and tells the merchant (`card.expired`). */
export function startExpiryUpdateWorker(
  deps: { sql: SqlPool; clock: Clock; logger: Logger },
  options: WorkerOptions,
): Worker<ExpiryUpdateJob, boolean> {
  const worker = options.connection.worker<ExpiryUpdateJob, boolean>(
    'expiry-update',
    async (job: Job<ExpiryUpdateJob>) => markAwaitingCardUpdate(deps.sql, ExpiryUpdateJob.parse(job.data), deps.clock.now()),
    {
      metrics: WORKER_METRICS,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      autorun: options.autorun ?? true,
    },
  );
  worker.on('error', (err) => deps.logger.error({ err }, 'expiry-update worker error'));
  return worker;
}
