import type { Job, Worker } from 'bullmq';
import type { Logger } from '../src/platform/logger.ts';
import { ChargeJob } from '../src/queues/queues.ts';
import { startQueueWorker, type WorkerOptions } from './worker-options.ts';
import { waitIfCardBusy } from './card-busy.ts';
import { attemptCharge, type ChargeDeps, type ChargeResult } from '../src/billing/billing-jobs.ts';

/** A thin processor: parse the ids, run one charge, report the outcome. Declines complete the job. */
export function startChargeWorker(
  deps: ChargeDeps & { logger: Logger },
  options: WorkerOptions & { afterCharge?(results: ChargeResult[]): Promise<void> },
): Worker<ChargeJob, ChargeResult> {
  const worker = startQueueWorker<ChargeJob, ChargeResult>(
    'charge',
    async (job: Job<ChargeJob>, token?: string) => {
      const input = ChargeJob.parse(job.data);
      const result = await waitIfCardBusy(job, token, () =>
        attemptCharge({ ...deps, logger: deps.logger.child({ jobId: job.id, invoiceId: input.invoiceId }) }, input),
      );
      await options.afterCharge?.([result]);
      return result;
    },
    options,
    deps.logger,
  );
  worker.on('failed', (job, err) => {
    const final =
      !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err.name === 'UnrecoverableError' || /stalled more than/.test(err.message);
    deps.logger.error(
      { jobId: job?.id, attemptsMade: job?.attemptsMade, err },
      final ? 'charge job failed for good; the sweep will hand the charge back' : 'charge job failed; it will be retried',
    );
  });
  return worker;
}
