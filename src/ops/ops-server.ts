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
import { serveSelfContained } from './self-contained.ts';

export const DASHBOARD_PATH = '/ops/queues';
/** The same dashboard with its actions (retry, clean, remove, …): the admin credential only. */
export const ADMIN_DASHBOARD_PATH = '/ops/admin/queues';

export interface OpsServerDeps {
  tls: TlsMaterial;
  logger: Logger;
  readiness: Readiness;
  metrics: RecurMetrics;
  queues: readonly Queue[];
  /** Read: `/metrics` and the read-only dashboard. */
  credentials: { username: string; password: string };
  /** Also acts on jobs, through the admin dashboard. */
  adminCredentials: { username: string; password: string };
}

type OpsRole = 'ops' | 'admin';

/** Compares digests, so neither the length nor the content of the secret leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

/**
 * The ops listener of a process: probes for orchestrators (no credentials, no data), and behind
 * the ops credentials the Prometheus metrics and the bull-board queue dashboard, read-only;
 * behind the admin credential the same dashboard with its actions (retry, clean, remove jobs).
 */
/** A bull-board over every queue at `path`; read-only (bull-board's readOnlyMode) unless for the admin. */
function dashboard(deps: OpsServerDeps, path: string, readOnlyMode: boolean) {
  const board = new FastifyAdapter();
  board.setBasePath(path);
  createBullBoard({
    queues: deps.queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode })),
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
    if (status === 405) return answer(405, 'This dashboard is read-only: act on jobs from the admin dashboard');
    if (status >= 400 && status < 500) return answer(status, 'Bad request');
    deps.logger.error({ err }, 'queue dashboard request failed');
    return answer(500, 'Internal error');
  });
  return board.registerPlugin();
}

export function buildOpsServer(deps: OpsServerDeps): HttpServer {
  const app = createHttpsServer({ tls: deps.tls, logger: deps.logger, bodyLimit: 64 * 1024, test: false });
  serveSelfContained(app);
  registerProbes(app, deps.readiness);
  const roles = new WeakMap<object, OpsRole>();
  app.register(async (ops) => {
    await ops.register(fastifyBasicAuth, {
      authenticate: { realm: 'Recur ops' },
      async validate(username, password, req) {
        // Both pairs are compared every time, so timing does not tell which user name exists.
        const isOps = sameSecret(username, deps.credentials.username) && sameSecret(password, deps.credentials.password);
        const isAdmin = sameSecret(username, deps.adminCredentials.username) && sameSecret(password, deps.adminCredentials.password);
        if (!(isOps || isAdmin)) throw new Error('unauthorized');
        roles.set(req, isAdmin ? 'admin' : 'ops');
      },
    });
    ops.addHook('onRequest', ops.basicAuth);
    ops.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith(ADMIN_DASHBOARD_PATH) && roles.get(req) !== 'admin') {
        return reply.code(403).send(failure(['The admin credential is required to act on jobs'], false, null));
      }
    });
    ops.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err.statusCode === 401) return reply.code(401).send(failure(['Ops credentials are required'], false, null));
      throw err;
    });
    ops.get('/metrics', async (_req, reply) => {
      const body = await deps.metrics.registry.metrics();
      return reply.type(deps.metrics.registry.contentType).send(body);
    });
    await ops.register(dashboard(deps, DASHBOARD_PATH, true), { prefix: DASHBOARD_PATH });
    await ops.register(dashboard(deps, ADMIN_DASHBOARD_PATH, false), { prefix: ADMIN_DASHBOARD_PATH });
  });
  return app;
}
