import type { Job, Worker } from 'bullmq';
import { RetryJob } from '../src/queues/queues.ts';
import { runRetry, type ChargeDeps, type ChargeResult } from '../src/billing/billing-jobs.ts';
import { startQueueWorker, type WorkerOptions } from './worker-options.ts';
import { waitIfCardBusy } from './card-busy.ts';

/** Dunning retries: the card's due invoices in order, then what their outcomes decided goes to the queues. */
export function startRetryWorker(
  deps: ChargeDeps,
  options: WorkerOptions & { afterCharge(results: ChargeResult[]): Promise<void> },
): Worker<RetryJob, ChargeResult[]> {
  const worker = startQueueWorker<RetryJob, ChargeResult[]>(
    'retry',
    async (job: Job<RetryJob>, token?: string) => {
      const input = RetryJob.parse(job.data);
      const results = await waitIfCardBusy(job, token, () =>
        runRetry({ ...deps, logger: deps.logger.child({ jobId: job.id, invoiceId: input.invoiceId }) }, input),
      );
      await options.afterCharge(results);
      return results;
    },
    options,
    deps.logger,
  );
  worker.on('failed', (job, err) => deps.logger.error({ jobId: job?.id, err }, 'retry job failed'));
  return worker;
}
