import type { Job, Worker } from 'bullmq';
import type { QueueConnection } from '../src/queues/queue-backend.ts';
import type { Logger } from '../src/platform/logger.ts';
import { ChargeJob, WORKER_METRICS } from '../src/queues/queues.ts';
import { waitIfCardBusy } from './card-busy.ts';
import { attemptCharge, type ChargeDeps, type ChargeResult } from '../src/billing/charges/attempt-charge.service.ts';

export interface WorkerOptions {
  /** The queue backend's connection: Redis or PostgreSQL, as configured. */
  connection: QueueConnection;
  concurrency: number;
  /** How long a job's lock lasts without renewal: past it, another worker may take the job. */
  lockDurationMs?: number;
  /** How often to look for jobs whose worker died. */
  stalledIntervalMs?: number;
  /** Start taking jobs at once (the default); false leaves that to the caller's `worker.run()`. */
  autorun?: boolean;
}

/** A thin processor: parse the ids, run one charge, report the outcome. Declines complete the job. */
export function startChargeWorker(
  deps: ChargeDeps & { logger: Logger },
  options: WorkerOptions & { afterCharge?(results: ChargeResult[]): Promise<void> },
): Worker<ChargeJob, ChargeResult> {
  const worker = options.connection.worker<ChargeJob, ChargeResult>(
    'charge',
    async (job: Job<ChargeJob>, token?: string) => {
      const input = ChargeJob.parse(job.data);
      const result = await waitIfCardBusy(job, token, () =>
        attemptCharge({ ...deps, logger: deps.logger.child({ jobId: job.id, invoiceId: input.invoiceId }) }, input),
      );
      await options.afterCharge?.([result]);
      return result;
    },
    {
      metrics: WORKER_METRICS,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      autorun: options.autorun ?? true,
    },
  );
  worker.on('failed', (job, err) => {
    const final =
      !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err.name === 'UnrecoverableError' || /stalled more than/.test(err.message);
    deps.logger.error(
      { jobId: job?.id, attemptsMade: job?.attemptsMade, err },
      final ? 'charge job failed for good; the sweep will hand the charge back' : 'charge job failed; it will be retried',
    );
  });
  worker.on('error', (err) => deps.logger.error({ err }, 'charge worker error'));
  return worker;
}
