import type { Job, Worker } from 'bullmq';
import { RetryJob, WORKER_METRICS } from '../src/queues/queues.ts';
import { runRetry } from '../src/billing/charges/retry-round.ts';
import type { ChargeDeps, ChargeResult } from '../src/billing/charges/attempt-charge.service.ts';
import type { WorkerOptions } from './charge.worker.ts';
import { waitIfCardBusy } from './card-busy.ts';

/** Dunning retries: the card's due invoices in order, then what their outcomes decided goes to the queues. */
export function startRetryWorker(
  deps: ChargeDeps,
  options: WorkerOptions & { afterCharge(results: ChargeResult[]): Promise<void> },
): Worker<RetryJob, ChargeResult[]> {
  const worker = options.connection.worker<RetryJob, ChargeResult[]>(
    'retry',
    async (job: Job<RetryJob>, token?: string) => {
      const input = RetryJob.parse(job.data);
      const results = await waitIfCardBusy(job, token, () =>
        runRetry({ ...deps, logger: deps.logger.child({ jobId: job.id, invoiceId: input.invoiceId }) }, input),
      );
      await options.afterCharge(results);
      return results;
    },
    {
      metrics: WORKER_METRICS,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      autorun: options.autorun ?? true,
    },
  );
  worker.on('error', (err) => deps.logger.error({ err }, 'retry worker error'));
  worker.on('failed', (job, err) => deps.logger.error({ jobId: job?.id, err }, 'retry job failed'));
  return worker;
}
