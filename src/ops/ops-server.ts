import { timingSafeEqual, createHash } from 'node:crypto';
import fastifyBasicAuth from '@fastify/basic-auth';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { ControllerHandlerReturnType } from '@bull-board/api/typings/app';
import type { Queue } from 'bullmq';
import type { FastifyError } from 'fastify';
import { createHttpsServer, type HttpServer } from '../platform/http/server-kit.ts';
import { failure } from '../platform/http/envelope.ts';
import type { Logger } from '../platform/logger.ts';
import type { TlsMaterial } from '../platform/tls.ts';
import type { RecurMetrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';
import { registerProbes } from './probes.ts';

export const DASHBOARD_PATH = '/ops/queues';

export interface OpsServerDeps {
  tls: TlsMaterial;
  logger: Logger;
  readiness: Readiness;
  metrics: RecurMetrics;
  queues: readonly Queue[];
  credentials: { username: string; password: string };
}

/** Compares digests, so neither the length nor the content of the secret leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

/**
 * The ops listener of a process: probes for orchestrators (no credentials, no data), and behind
 * the ops credentials the Prometheus metrics and the bull-board queue dashboard, which lists
 * every Recur queue and can retry failed jobs.
 */
export function buildOpsServer(deps: OpsServerDeps): HttpServer {
  const app = createHttpsServer({ tls: deps.tls, logger: deps.logger, bodyLimit: 64 * 1024, test: false });
  registerProbes(app, deps.readiness);
  app.register(async (ops) => {
    await ops.register(fastifyBasicAuth, {
      authenticate: { realm: 'Recur ops' },
      async validate(username, password) {
        const userOk = sameSecret(username, deps.credentials.username);
        const passwordOk = sameSecret(password, deps.credentials.password);
        if (!(userOk && passwordOk)) throw new Error('unauthorized');
      },
    });
    ops.addHook('onRequest', ops.basicAuth);
    ops.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err.statusCode === 401) return reply.code(401).send(failure(['Ops credentials are required'], false, null));
      throw err;
    });
    ops.get('/metrics', async (_req, reply) => {
      const body = await deps.metrics.registry.metrics();
      return reply.type(deps.metrics.registry.contentType).send(body);
    });
    const board = new FastifyAdapter();
    board.setBasePath(DASHBOARD_PATH);
    createBullBoard({
      queues: deps.queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Recur queues' } },
    });
    // bull-board answers its own routes' errors: in the ops envelope, never with a stack trace.
    board.setErrorHandler((err: Error & { statusCode?: number }): ControllerHandlerReturnType => {
      // bull-board's status type leaves out 401; its adapter passes any status through.
      const answer = (status: number, message: string) => ({
        status: status as ControllerHandlerReturnType['status'],
        body: failure([message], false, null),
      });
      const status = err.statusCode ?? 500;
      if (status === 401) return answer(401, 'Ops credentials are required');
      if (status >= 400 && status < 500) return answer(status, 'Bad request');
      deps.logger.error({ err }, 'queue dashboard request failed');
      return answer(500, 'Internal error');
    });
    await ops.register(board.registerPlugin(), { prefix: DASHBOARD_PATH });
  });
  return app;
}
