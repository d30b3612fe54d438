import { parseArgs } from 'node:util';
import type { Config } from '../../config/config.ts';
import { createQueueConnection } from '../queues/queue-backend.ts';
import { queueSettings } from '../composition/runtime.ts';
import { createQueues, QUEUE_NAMES, type Queues } from '../queues/queues.ts';
import { completedJobs, failedJobs, formatTable, queueRows } from '../ops/queue-report.ts';

export class QueuesUsageError extends Error {}

function pick(queues: Queues, name: string | undefined) {
  const queue = queues.all().find((q) => q.name === name);
  if (!queue) throw new QueuesUsageError(`name a queue: ${QUEUE_NAMES.join(', ')}`);
  return queue;
}

/**
 * `recur queues`: every queue's counts and throughput; `recur queues failed <queue>` lists failed
 * jobs with their reasons; `recur queues completed <queue>` lists the completed jobs kept (the last
 * day's, 1,000 at most) with what they returned; `recur queues retry <queue>` sends failed jobs back to work. Only Redis is
 * the queue backend is needed (on Redis, it works while PostgreSQL is down). Retrying is safe: every processor is idempotent.
 */
export async function runQueuesCommand(config: Config, args: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { limit: { type: 'string', default: '50' } }, allowPositionals: true });
  const [sub, name] = positionals;
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new QueuesUsageError('--limit takes a whole number of at least 1');
  const connection = createQueueConnection(queueSettings(config, 'producer'));
  let reported = false;
  const queues = createQueues(connection, undefined, (err) => {
    if (!reported) process.stderr.write(`recur: ${connection.backend === 'redis' ? 'Redis' : 'PostgreSQL queues'}: ${err.message}\n`);
    reported = true;
  });
  try {
    if (sub === undefined) {
      const rows = await queueRows(queues.all());
      const table = formatTable(
        ['queue', 'waiting', 'active', 'delayed', 'failed', 'completed', 'completed/min', 'failed/min'],
        rows.map((r) => [
          r.queue,
          r.waiting,
          r.active,
          r.delayed,
          r.failed,
          r.completed,
          Math.round(r.completedPerMinute * 10) / 10,
          Math.round(r.failedPerMinute * 10) / 10,
        ]),
      );
      out.write(`${table}\n(completed: since the workers' metrics began; per minute: over the last 5 minutes)\n`);
    } else if (sub === 'failed') {
      const jobs = await failedJobs(pick(queues, name), limit);
      if (jobs.length === 0) out.write(`no failed jobs in ${name}\n`);
      else
        out.write(
          `${formatTable(
            ['job', 'attempts', 'failed at', 'reason'],
            jobs.map((j) => [j.id, j.attemptsMade, j.failedAt ?? '', j.reason.replace(/\s+/g, ' ').slice(0, 200)]),
          )}\n`,
        );
    } else if (sub === 'completed') {
      const jobs = await completedJobs(pick(queues, name), limit);
      if (jobs.length === 0) out.write(`no completed jobs kept in ${name}\n`);
      else
        out.write(
          `${formatTable(
            ['job', 'attempts', 'finished at', 'result'],
            jobs.map((j) => [j.id, j.attemptsMade, j.finishedAt ?? '', j.result.slice(0, 200)]),
          )}\n`,
        );
    } else if (sub === 'retry') {
      const queue = pick(queues, name);
      const failed = await queue.getFailedCount();
      await queue.retryJobs({ state: 'failed', count: 1000 });
      out.write(`retried ${failed} failed job(s) in ${name}\n`);
    } else throw new QueuesUsageError(`unknown queues command: ${sub} (failed, completed, retry)`);
  } finally {
    await queues.close();
    await connection.close();
  }
}
