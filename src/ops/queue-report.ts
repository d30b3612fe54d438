import type { Queue } from 'bullmq';

export interface QueueRow {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** Completed since BullMQ's worker metrics began (the completed jobs themselves are kept a day, 1,000 at most: KEEP_COMPLETED). */
  completed: number;
  /** Completed and failed in the last five minutes, per minute, from the workers' metrics. */
  completedPerMinute: number;
  failedPerMinute: number;
}

const WINDOW_MINUTES = 5;

function perMinute(data: readonly (number | string)[]): number {
  const points = data.slice(0, WINDOW_MINUTES).map(Number);
  return points.reduce((a, b) => a + b, 0) / WINDOW_MINUTES;
}

export async function queueRows(queues: readonly Queue[]): Promise<QueueRow[]> {
  return Promise.all(
    queues.map(async (queue) => {
      const [counts, completed, failed] = await Promise.all([
        queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
        queue.getMetrics('completed', 0, WINDOW_MINUTES - 1),
        queue.getMetrics('failed', 0, WINDOW_MINUTES - 1),
      ]);
      return {
        queue: queue.name,
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: completed.meta.count,
        completedPerMinute: perMinute(completed.data),
        failedPerMinute: perMinute(failed.data),
      };
    }),
  );
}

export interface FailedJobRow {
  id: string;
  name: string;
  attemptsMade: number;
  failedAt: string | null;
  reason: string;
}

export async function failedJobs(queue: Queue, limit: number): Promise<FailedJobRow[]> {
  const jobs = await queue.getFailed(0, limit - 1);
  return jobs.map((job) => ({
    id: job.id ?? '',
    name: job.name,
    attemptsMade: job.attemptsMade,
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    reason: job.failedReason ?? '',
  }));
}

export interface CompletedJobRow {
  id: string;
  name: string;
  attemptsMade: number;
  finishedAt: string | null;
  /** What the processor returned (ids, amounts and outcomes only), as JSON. */
  result: string;
}

/** The queue's kept completed jobs, newest first (KEEP_COMPLETED bounds them). */
export async function completedJobs(queue: Queue, limit: number): Promise<CompletedJobRow[]> {
  const jobs = await queue.getCompleted(0, limit - 1);
  return jobs.map((job) => ({
    id: job.id ?? '',
    name: job.name,
    attemptsMade: job.attemptsMade,
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    result: JSON.stringify(job.returnvalue ?? null),
  }));
}

/** Plain text columns, padded to the widest cell; numbers align right. */
export function formatTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map((c) => (typeof c === 'number' ? c.toLocaleString('en-US') : c)));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number'));
  return cells
    .map((row) =>
      row
        .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
