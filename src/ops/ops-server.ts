import { timingSafeEqual, createHash } from 'node:crypto';
import fastifyBasicAuth from '@fastify/basic-auth';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { ControllerHandlerReturnType } from '@bull-board/api/typings/app';
import type { Queue } from 'bullmq';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../platform/errors.ts';
import { createHttpsServer, type HttpLimits, type HttpServer } from '../platform/http/server-kit.ts';
import { failure } from '../platform/http/envelope.ts';
import type { Logger } from '../platform/logger.ts';
import type { TlsMaterial } from '../platform/tls.ts';
import type { RecurMetrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';
import { registerProbes } from './probes.ts';
import { registerRootIndex } from '../platform/http/root-index.ts';
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
  /** Failed-login limits (the merchant logins' settings); DEFAULT_OPS_LOGIN_THROTTLE when left out. */
  loginThrottle?: OpsLoginThrottlePolicy;
  /** Slow-client limits (the API listeners' HTTP_* settings); DEFAULT_HTTP_LIMITS when left out. */
  limits?: HttpLimits;
}

type OpsRole = 'ops' | 'admin';

const READ_ONLY_MESSAGE = 'This dashboard is read-only: act on jobs from the admin dashboard';

/** Failed ops logins before an address (or an address and user name) is refused for the rest of the window. */
export interface OpsLoginThrottlePolicy {
  /** Failures per source address and user name in a window. */
  maxFailures: number;
  /** Failures per source address, whatever the user names, in a window. */
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

/** The merchant logins' defaults (AUTH_MAX_FAILURES, AUTH_MAX_FAILURES_PER_ADDRESS, AUTH_FAILURE_WINDOW_SECONDS). */
export const DEFAULT_OPS_LOGIN_THROTTLE: OpsLoginThrottlePolicy = { maxFailures: 10, maxFailuresPerAddress: 100, windowSeconds: 900 };

/** Counters of failed logins by key, each in a fixed window; bounded in size. */
class LoginThrottle {
  readonly #policy: OpsLoginThrottlePolicy;
  readonly #counters = new Map<string, { failures: number; windowStart: number }>();

  constructor(policy: OpsLoginThrottlePolicy) {
    this.#policy = policy;
  }

  #keys(address: string, username: string | null): { pair: string | null; address: string } {
    return { pair: username === null ? null : `pair\0${address}\0${username.slice(0, 128)}`, address: `address\0${address}` };
  }

  /** Seconds until the login may be tried again; null when it may be tried now. */
  waitFor(address: string, username: string | null, now: number): number | null {
    const keys = this.#keys(address, username);
    let wait: number | null = null;
    for (const [key, limit] of [
      [keys.pair, this.#policy.maxFailures],
      [keys.address, this.#policy.maxFailuresPerAddress],
    ] as const) {
      const counter = key === null ? undefined : this.#counters.get(key);
      if (!counter || counter.failures < limit) continue;
      const ends = counter.windowStart + this.#policy.windowSeconds * 1000;
      if (ends > now) wait = Math.max(wait ?? 0, Math.max(1, Math.ceil((ends - now) / 1000)));
    }
    return wait;
  }

  fail(address: string, username: string, now: number): void {
    if (this.#counters.size > 10_000) this.#prune(now);
    const keys = this.#keys(address, username);
    for (const key of [keys.pair!, keys.address]) {
      const counter = this.#counters.get(key);
      if (counter && counter.windowStart + this.#policy.windowSeconds * 1000 > now) counter.failures += 1;
      else this.#counters.set(key, { failures: 1, windowStart: now });
    }
  }

  /** A valid login clears its own pair's counter; the address's stays (guessing at the other name goes on counting). */
  succeed(address: string, username: string): void {
    this.#counters.delete(this.#keys(address, username).pair!);
  }

  #prune(now: number): void {
    for (const [key, counter] of this.#counters) {
      if (counter.windowStart + this.#policy.windowSeconds * 1000 <= now) this.#counters.delete(key);
    }
    // Still full of live counters (a spray from many addresses): the oldest go first.
    for (const key of this.#counters.keys()) {
      if (this.#counters.size <= 10_000) break;
      this.#counters.delete(key);
    }
  }
}

/** The user name of a Basic Authorization header, or null when there is none to read. */
function basicUsername(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(0, colon);
}

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
    // Recur's own refusals (a NUL in the query, a card number in a field): their status and messages.
    if (isAppError(err) && err.status < 500) {
      return { status: err.status as ControllerHandlerReturnType['status'], body: failure(err.messages, false, null) };
    }
    const status = err.statusCode ?? 500;
    if (status === 401) return answer(401, 'Ops credentials are required');
    if (status === 405) return answer(405, READ_ONLY_MESSAGE);
    if (status >= 400 && status < 500) return answer(status, 'Bad request');
    deps.logger.error({ err }, 'queue dashboard request failed');
    return answer(500, 'Internal error');
  });
  return board.registerPlugin();
}

/** `ERRORS.QUEUE_NOT_FOUND` as a sentence: `Queue not found`. */
function boardMessage(key: unknown): string {
  if (typeof key !== 'string' || !/^[A-Z_.]{1,80}$/.test(key)) return 'Bad request';
  const words = key
    .replace(/^ERRORS\./, '')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * bull-board answers its own refusals (an unknown queue or job, a body it does not take) with
 * `{error: {key}}`: they go out in the ops envelope, with bull-board's fields kept beside it for
 * its page, which reads them.
 */
async function envelopeBoardErrors(_req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || 'successful' in parsed) return payload;
  const board = parsed as { error?: { key?: unknown } | string };
  const key = typeof board.error === 'string' ? board.error : board.error?.key;
  return JSON.stringify({ ...board, ...failure([boardMessage(key)], false, null) });
}

export function buildOpsServer(deps: OpsServerDeps): HttpServer {
  const app = createHttpsServer({ tls: deps.tls, logger: deps.logger, bodyLimit: 64 * 1024, test: false, limits: deps.limits });
  serveSelfContained(app);
  registerProbes(app, deps.readiness);
  registerRootIndex(
    app,
    {
      listener: 'ops',
      description: 'Probes, Prometheus metrics and the queue dashboard of this Recur process',
      links: {
        livez: '/livez',
        readyz: '/readyz',
        metrics: '/metrics',
        queues: DASHBOARD_PATH,
        admin_queues: ADMIN_DASHBOARD_PATH,
      },
    },
    false,
  );
  const users = new WeakMap<object, { username: string; role: OpsRole }>();
  const throttle = new LoginThrottle(deps.loginThrottle ?? DEFAULT_OPS_LOGIN_THROTTLE);
  app.register(async (ops) => {
    // Wrong passwords are counted per address and per address and user name, in memory: past
    // the limit every login from there (right or wrong) is refused until the window ends.
    ops.addHook('onRequest', async (req, reply) => {
      const wait = throttle.waitFor(req.ip, basicUsername(req.headers.authorization), Date.now());
      if (wait !== null) {
        return reply
          .code(429)
          .header('retry-after', String(wait))
          .send(failure(['Too many failed ops logins: try again later'], false, null));
      }
    });
    await ops.register(fastifyBasicAuth, {
      authenticate: { realm: 'Recur ops' },
      async validate(username, password, req) {
        // Both pairs are compared every time, so timing does not tell which user name exists.
        const isOps = sameSecret(username, deps.credentials.username) && sameSecret(password, deps.credentials.password);
        const isAdmin = sameSecret(username, deps.adminCredentials.username) && sameSecret(password, deps.adminCredentials.password);
        if (!(isOps || isAdmin)) {
          throttle.fail(req.ip, username, Date.now());
          throw new Error('unauthorized');
        }
        throttle.succeed(req.ip, username);
        users.set(req, { username, role: isAdmin ? 'admin' : 'ops' });
      },
    });
    ops.addHook('onRequest', ops.basicAuth);
    ops.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err.statusCode === 401) return reply.code(401).send(failure(['Ops credentials are required'], false, null));
      throw err;
    });
    ops.addHook('onSend', envelopeBoardErrors);
    ops.get('/metrics', async (_req, reply) => {
      const body = await deps.metrics.registry.metrics();
      return reply.type(deps.metrics.registry.contentType).send(body);
    });
    // The role is decided by the route the router matched, never by the URL as written: each
    // board is a scope of its own, and its hooks run for its routes only, however the path was
    // escaped, spelled or given (absolute form).
    await ops.register(async (readOnly) => {
      // bull-board's read-only mode still answers some actions (pause all) with a 200 and does
      // nothing: the read-only board refuses every method that is not a read.
      readOnly.addHook('onRequest', async (req, reply) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          return reply.code(405).send(failure([READ_ONLY_MESSAGE], false, null));
        }
      });
      await readOnly.register(dashboard(deps, DASHBOARD_PATH, true), { prefix: DASHBOARD_PATH });
    });
    await ops.register(async (admin) => {
      admin.addHook('onRequest', async (req, reply) => {
        const user = users.get(req);
        if (user?.role !== 'admin') {
          deps.logger.warn(
            { principal: user?.username ?? null, role: user?.role ?? null, method: req.method, route: req.routeOptions.url ?? null },
            'ops admin request refused',
          );
          return reply.code(403).send(failure(['The admin credential is required to act on jobs'], false, null));
        }
      });
      // Who did what to which queue: every admin action (every method but a read) is logged.
      admin.addHook('onResponse', async (req, reply) => {
        if (req.method === 'GET' || req.method === 'HEAD') return;
        const user = users.get(req);
        deps.logger.info(
          {
            principal: user?.username ?? null,
            role: user?.role ?? null,
            method: req.method,
            route: req.routeOptions.url ?? null,
            params: req.params,
            status: reply.statusCode,
          },
          'ops admin action',
        );
      });
      await admin.register(dashboard(deps, ADMIN_DASHBOARD_PATH, false), { prefix: ADMIN_DASHBOARD_PATH });
    });
  });
  return app;
}
