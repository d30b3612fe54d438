import type { Processor, Worker, WorkerOptions as BullWorkerOptions } from 'bullmq';
import type { QueueConnection } from '../src/queues/queue-backend.ts';
import type { Logger } from '../src/platform/logger.ts';
import { WORKER_METRICS } from '../src/queues/queues.ts';

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

/** BullMQ's own defaults, written down: a lock of 30 s renewed at half of it, a stalled check every 30 s. */
export const DEFAULT_LOCK_DURATION_MS = 30_000;
export const DEFAULT_STALLED_INTERVAL_MS = 30_000;

export interface WorkerTuning {
  /** A floor under the lock: a job that may legitimately run this long must not be taken as stalled. */
  minLockDurationMs?: number;
  /** BullMQ's worker settings (a custom backoff strategy). */
  settings?: BullWorkerOptions['settings'];
}

/** The options every Recur worker gives BullMQ: metrics kept a week, concurrency, lock and stalled check. */
export function workerOptions(options: WorkerOptions, tuning: WorkerTuning = {}): Omit<BullWorkerOptions, 'connection' | 'prefix'> {
  return {
    metrics: WORKER_METRICS,
    concurrency: options.concurrency,
    lockDuration: Math.max(options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS, tuning.minLockDurationMs ?? 0),
    stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
    autorun: options.autorun ?? true,
    ...(tuning.settings ? { settings: tuning.settings } : {}),
  };
}

/** Starts a worker on the configured backend with `workerOptions`, its errors logged under its queue's name. */
export function startQueueWorker<D, R>(
  name: string,
  processor: Processor<D, R>,
  options: WorkerOptions,
  logger: Logger,
  tuning: WorkerTuning = {},
): Worker<D, R> {
  const worker = options.connection.worker<D, R>(name, processor, workerOptions(options, tuning));
  worker.on('error', (err) => logger.error({ err }, `${name} worker error`));
  return worker;
}
