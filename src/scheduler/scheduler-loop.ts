import type { Logger } from '../platform/logger.ts';
import { runSchedulerTick, type SchedulerDeps } from './scheduler.service.ts';
import { reconcile, type SweepName } from './reconciler.ts';
import { startPokedLoop } from '../platform/poked-loop.ts';

export interface SchedulerLoopOptions {
  tickMs: number;
  sweepMs: number;
  sweepGraceMs: number;
  /** Told what each of the reconciler's sweeps found, sweep by sweep (its metric), the tick's test clocks included. */
  onSwept?(count: number, sweep: SweepName): void;
}

export interface SchedulerHandle {
  /** Runs a tick now (after the one in progress), e.g. when a subscription is created or a clock advances. */
  poke(): void;
  /**
   * Stops ticking: a tick in progress stops between batches, and is waited for at most
   * `timeoutMs` (a statement still running is then cut off by closing the pool; its
   * transaction rolls back and what it claimed stays owed for the next tick).
   */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * The scheduler's loop: a tick every `tickMs` (or sooner when poked) and the reconciler's sweeps every `sweepMs`.
 * Due dates live in PostgreSQL, never in BullMQ repeatable jobs. A failed tick is logged and
 * tried again at the next interval; ticks never overlap within a process.
 */
export function startSchedulerLoop(schedulerDeps: SchedulerDeps, options: SchedulerLoopOptions, logger: Logger): SchedulerHandle {
  let stopped = false;
  const deps: SchedulerDeps = {
    ...schedulerDeps,
    stopping: () => stopped || (schedulerDeps.stopping?.() ?? false),
    onSwept: (count, sweep) => {
      schedulerDeps.onSwept?.(count, sweep);
      options.onSwept?.(count, sweep);
    },
  };
  let lastSweep = 0;

  const run = async () => {
    await runSchedulerTick(deps);
    const wallNow = Date.now(); // wall-clock: the sweeps' interval is real time, as Redis loses jobs in real time
    if (wallNow - lastSweep >= options.sweepMs) {
      lastSweep = wallNow;
      const swept = await reconcile(deps, options.sweepGraceMs);
      if (swept > 0) logger.info({ swept }, 'sweep re-sent owed charges');
    }
  };
  const loop = startPokedLoop(run, options.tickMs, (err) => logger.error({ err }, 'scheduler tick failed; retrying at the next interval'));
  return {
    poke: loop.poke,
    async stop(timeoutMs = Infinity) {
      stopped = true;
      const running = loop.stop();
      let timeout: NodeJS.Timeout | undefined;
      const outOfTime = new Promise<boolean>((resolve) => {
        if (Number.isFinite(timeoutMs)) timeout = setTimeout(resolve, timeoutMs, true);
      });
      const late = await Promise.race([running.then(() => false), outOfTime]);
      clearTimeout(timeout);
      if (late) logger.warn({ timeoutMs }, 'the scheduler tick did not finish in time; stopping without it');
    },
  };
}
