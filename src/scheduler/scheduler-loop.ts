import type { Logger } from '../platform/logger.ts';
import { runSchedulerTick, sweepOwedCharges, type SchedulerDeps } from './scheduler.service.ts';

export interface SchedulerLoopOptions {
  tickMs: number;
  sweepMs: number;
  sweepGraceMs: number;
  /** Told how many owed charges each sweep handed back (a metric of repairs). */
  onSwept?(count: number): void;
}

export interface SchedulerHandle {
  /** Runs a tick now (after the one in progress), e.g. when a subscription is created or a clock advances. */
  poke(): void;
  stop(): Promise<void>;
}

/**
 * The scheduler's loop: a tick every `tickMs` (or sooner when poked) and a sweep every `sweepMs`.
 * Due dates live in PostgreSQL, never in BullMQ repeatable jobs. A failed tick is logged and
 * tried again at the next interval; ticks never overlap within a process.
 */
export function startSchedulerLoop(deps: SchedulerDeps, options: SchedulerLoopOptions, logger: Logger): SchedulerHandle {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastSweep = 0;
  let timer: NodeJS.Timeout | undefined;

  const run = async () => {
    try {
      await runSchedulerTick(deps);
      if (Date.now() - lastSweep >= options.sweepMs) {
        lastSweep = Date.now();
        const swept = await sweepOwedCharges(deps, options.sweepGraceMs);
        options.onSwept?.(swept);
        if (swept > 0) logger.info({ swept }, 'sweep re-sent owed charges');
      }
    } catch (err) {
      logger.error({ err }, 'scheduler tick failed; retrying at the next interval');
    }
  };
  const loop = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = run().finally(() => {
      running = null;
      if (stopped) return;
      if (again) {
        again = false;
        setImmediate(loop);
      } else timer = setTimeout(loop, options.tickMs);
    });
  };
  setImmediate(loop);
  return {
    poke: loop,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
