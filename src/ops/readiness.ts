import type { QueueConnection } from '../queues/queue-backend.ts';
import type { SqlPool } from '../platform/sql.ts';

export type DependencyState = 'ok' | 'unreachable';

export interface ReadinessReport {
  ready: boolean;
  /** Set once shutdown began: orchestrators stop routing here before the listeners close. */
  shuttingDown: boolean;
  /**
   * `redis` on the Redis queue backend only: on the PostgreSQL one, the queues live in `postgres`.
   * `upstream` (production's upstream gateway, where configured) is the link as last seen by real
   * calls: `ok`, `refusing` (our login or rate refused), `unreachable`, `unknown` (not asked yet).
   * It is reported, not required: the sandbox and billing serve without it.
   */
  checks: { postgres: DependencyState; redis?: DependencyState; upstream?: string };
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
  markShuttingDown(): void;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

async function probe(work: () => Promise<unknown>, timeoutMs: number): Promise<DependencyState> {
  try {
    await within(work(), timeoutMs);
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

/**
 * `/readyz`: this process can do its work only while PostgreSQL and Redis answer. Each probe is
 * bounded by a timeout, so a dependency that hangs reads as down instead of hanging the check.
 */
export function createReadiness(deps: {
  sql: SqlPool;
  queueConnection: QueueConnection;
  timeoutMs: number;
  upstreamState?: () => string;
}): Readiness {
  let shuttingDown = false;
  return {
    async check() {
      const onRedis = deps.queueConnection.backend === 'redis';
      const [postgres, redis] = await Promise.all([
        probe(() => deps.sql.query('select 1'), deps.timeoutMs),
        onRedis ? probe(() => deps.queueConnection.ping(), deps.timeoutMs) : Promise.resolve('ok' as const),
      ]);
      const checks: ReadinessReport['checks'] = onRedis ? { postgres, redis } : { postgres };
      if (deps.upstreamState) checks.upstream = deps.upstreamState();
      return { ready: !shuttingDown && postgres === 'ok' && redis === 'ok', shuttingDown, checks };
    },
    markShuttingDown() {
      shuttingDown = true;
    },
  };
}
