import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { defineConfig } from 'vitest/config';

/**
 * The queue-dependent files that are not about Redis itself: where Redis answers (and QUEUE_BACKEND
 * names no backend), they run a second time with their queues on PostgreSQL (project
 * `postgres-queues`; test/global-setup.ts reads the project's name). .ci/run's embedded pass runs them too.
 */
const QUEUE_BACKEND_TESTS: string[] = JSON.parse(readFileSync(new URL('./test/queue-backend-tests.json', import.meta.url), 'utf8'));

const ALL_TESTS = ['test/**/*.test.ts'];

function redisAnswers(): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 1_000 });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

const redis = await redisAnswers();
const bothBackends = !process.env.QUEUE_BACKEND && redis;

/**
 * Files about Redis itself (its eviction policy, cut connections, keys emptied, a Redis server of
 * their own). Without Redis, or with the queues on PostgreSQL, they are left out, and the run says why.
 */
const REDIS_TESTS: string[] = JSON.parse(readFileSync(new URL('./test/redis-tests.json', import.meta.url), 'utf8'));
const withoutRedis = !redis
  ? 'no Redis answers at 127.0.0.1:6379'
  : process.env.QUEUE_BACKEND === 'postgres'
    ? 'the queues run on PostgreSQL (QUEUE_BACKEND=postgres)'
    : null;
if (withoutRedis) process.stderr.write(`Skipped, ${withoutRedis}: ${REDIS_TESTS.join(', ')}\n`);

export default defineConfig({
  test: {
    // With projects, each names its own files (an included list would merge with the root's).
    include: bothBackends ? [] : ALL_TESTS,
    exclude: withoutRedis ? REDIS_TESTS : [],
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
