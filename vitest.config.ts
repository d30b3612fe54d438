import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { findRedisServer, noRedisReason, redisAnswers, sharedRedisUrl } from './test/helpers/redis-server.ts';

/**
 * The queue-dependent files that are not about Redis itself: where the run has Redis (and
 * QUEUE_BACKEND names no backend), they run a second time with their queues on PostgreSQL
 * (project `postgres-queues`; test/global-setup.ts reads the project's name). .ci/run's embedded pass runs them too.
 */
const QUEUE_BACKEND_TESTS: string[] = JSON.parse(readFileSync(new URL('./test/queue-backend-tests.json', import.meta.url), 'utf8'));

// console/test: the console's own unit tests (formatting, timeline), beside its source.
const ALL_TESTS = ['test/**/*.test.ts', 'console/test/*.test.ts'];

/**
 * The run has Redis where one answers at RECUR_TEST_REDIS_URL (default 127.0.0.1:6379), or where
 * `redis-server` is on PATH: test/global-setup.ts then starts one of the run's own. Without either,
 * the tests about Redis itself are reported skipped, with the reason in their titles (test/helpers/redis.ts).
 */
const redis = (await redisAnswers(sharedRedisUrl())) || findRedisServer() !== null;
const bothBackends = !process.env.QUEUE_BACKEND && redis;
if (!redis) process.stderr.write(`Tests about Redis itself are skipped: ${noRedisReason()}\n`);

export default defineConfig({
  test: {
    // With projects, each names its own files (an included list would merge with the root's).
    include: bothBackends ? [] : ALL_TESTS,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: bothBackends
      ? [
          { extends: true, test: { name: 'default', include: ALL_TESTS } },
          { extends: true, test: { name: 'postgres-queues', include: QUEUE_BACKEND_TESTS } },
        ]
      : undefined,
  },
});
