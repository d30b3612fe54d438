/**
 * The run's Redis, for the tests about Redis itself (eviction policy, cut connections, keys lost,
 * BullMQ's own workers): the URL test/global-setup.ts provides (a Redis that answered, or a
 * redis-server the run started), or why there is none. Such tests skip with the reason in their
 * title where there is none:
 *
 *   const redis = testRedis();
 *   describe.skipIf(!redis.url)(redis.title('probes'), () => { … });
 */
import { inject } from 'vitest';
import { findRedisServer } from './redis-server.ts';

export interface TestRedis {
  /** The run's Redis, or null. */
  url: string | null;
  /** Why there is none (null when there is). */
  reason: string | null;
  /** `title`, or `title (skipped: <reason>)` where there is no Redis. */
  title(title: string): string;
  /** Settings that put a test app's queues on this Redis, whatever the run's queue backend. */
  env(): { QUEUE_BACKEND: 'redis'; REDIS_URL: string };
}

export function testRedis(): TestRedis {
  const url = inject('redisUrl');
  const reason = url ? null : inject('redisMissing') || 'no Redis';
  return {
    url,
    reason,
    title: (title) => (reason ? `${title} (skipped: ${reason})` : title),
    env() {
      if (!url) throw new Error(`this test needs Redis: ${reason}`);
      return { QUEUE_BACKEND: 'redis', REDIS_URL: url };
    },
  };
}

export interface RedisServerBinary {
  /** The redis-server on PATH, or null. */
  path: string | null;
  reason: string | null;
  title(title: string): string;
}

/** For tests that start a redis-server of their own, with settings the run's Redis must not get. */
export function redisServerBinary(): RedisServerBinary {
  const path = findRedisServer();
  const reason = path ? null : 'no redis-server on PATH';
  return { path, reason, title: (title) => (reason ? `${title} (skipped: ${reason})` : title) };
}
