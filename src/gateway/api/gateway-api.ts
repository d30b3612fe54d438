import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UpstreamFault } from '../acquirer/acquirer.ts';
import type { HttpServer } from '../../platform/http/server-kit.ts';
import { failure, list, ok } from '../../platform/http/envelope.ts';
import { PageQuery, toPage } from '../../platform/pagination.ts';
import { AppError, isAppError, PlatformErrors } from '../../platform/errors.ts';
import type { GatewayCore } from '../gateway-core.ts';
import { isPlainObject } from '../purchases/purchase-input.ts';
import type { Environment } from '../environment.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { GatewayErrors } from '../errors.ts';
import { SandboxScript } from '../sandbox/sandbox-script.ts';
import { voidTarget } from '../purchases/authorizations.service.ts';
import type { AuthorizationResult } from '../purchases/follow-up.ts';
import type { PurchaseResult } from '../purchases/purchase-deps.ts';
import type { RefundResult } from '../refunds/refund-result.ts';
import '../../platform/http/principal.ts';
import type { ConsoleAccounts } from '../console/console-accounts.ts';
import { csrfMatches, type ConsoleSession } from '../console/console-sessions.service.ts';
import { clearedSessionCookie, sessionTokenOf } from '../console/console-cookie.ts';
import { ConsoleErrors } from '../console/console-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated merchant, set by the Basic-auth hook. */
    merchant: MerchantContext | null;
    /** The console session the request came with (cookie, no Authorization header); null for API credentials. */
    consoleSession: ConsoleSession | null;
    /** The session token of that session (to end it on logout). */
    consoleToken: string | null;
    /** Why a console request was refused before its handler (its audit row says so). */
    consoleRefusal: 'csrf' | 'role' | null;
  }
}

/** Methods that change nothing: a console session needs no CSRF token for them. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const ListQuery = PageQuery.extend({ test: z.string().optional() }).loose();
const Params = z.object({ key: z.string().min(1).max(300) });
const CredentialId = z.object({ id: z.uuid() });
const EchoQuery = z.object({ echo: z.string().max(200).optional(), test: z.string().optional() }).loose();

const VoidQuery = z.object({ id: z.string().max(255).optional(), test: z.string().optional() }).loose();

/** A void's id from `?id=` or the body's `id`; a missing one is a validation error (422). */
function voidId(query: { id?: string }, body: unknown): string {
  if (body !== undefined && body !== null && !isPlainObject(body)) throw PlatformErrors.validation(['Request body must be a JSON object']);
  const target = voidTarget(query, body);
  if (!target.id) throw PlatformErrors.validation(target.errors);
  return target.id;
}

/**
 * Captures and voids: refused ones are gateway rejections (HTTP 200, top-level successful false);
 * an upstream that did not answer is a 502 (nothing recorded: look the purchase up, then send again).
 */
function authorizationAnswer<V>(reply: FastifyReply, result: AuthorizationResult<V>, test: boolean) {
  if (result.kind === 'unknown') {
    return reply
      .code(502)
      .send(
        failure(['The upstream gateway did not answer; nothing was recorded. Look the transaction up before retrying'], test, result.view),
      );
  }
  return reply.send(result.kind === 'rejected' ? failure(result.errors, test, result.view) : ok(result.view, test));
}

function parseBasic(header: string | undefined): { username: string; token: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  // No credential holds a control character (a NUL is not even storable in PostgreSQL text).
  if (/[\x00-\x1f\x7f]/.test(decoded)) return null;
  return { username: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}

function merchantOf(req: FastifyRequest): MerchantContext {
  if (!req.merchant) throw GatewayErrors.unauthenticated();
  return req.merchant;
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw PlatformErrors.validation(['Request body must be a JSON object']);
  return body;
}

const FAULT_MESSAGES: Record<UpstreamFault, (what: string, reason: string) => string> = {
  not_connected: (what, reason) => `The upstream gateway could not be reached (${reason}); nothing was sent and the ${what} was not made`,
  refused: (what) => `The upstream gateway refused Recur's credentials; the ${what} was not made`,
  rate_limited: (what) => `The upstream gateway is limiting Recur's rate; the ${what} was not made. Retry in a few seconds`,
  bad_answer: (what, reason) => `The upstream gateway did not answer as a gateway (${reason}); the ${what} was not made`,
};

/**
 * A fault of ours at the upstream: nothing was charged and nothing recorded, so the answer is an
 * error, `pending: false`, the same reference free to use again. 503 with Retry-After when the
 * upstream limits our rate; 502 otherwise.
 */
function upstreamFault(
  reply: FastifyReply,
  result: { fault: UpstreamFault; reason: string; view: object },
  what: 'purchase' | 'refund',
  test: boolean,
): FastifyReply {
  if (result.fault === 'rate_limited') reply.code(503).header('retry-after', '5');
  else reply.code(502);
  return reply.send(failure([FAULT_MESSAGES[result.fault](what, result.reason)], test, result.view as never));
}

/**
 * A purchase's or refund's answer. A gateway rejection is HTTP 200 with top-level `successful`
 * false (GATEWAY.md); no answer from the upstream leaves it pending (502); a fault of ours is an error.
 */
function transactionAnswer(reply: FastifyReply, result: PurchaseResult | RefundResult, what: 'purchase' | 'refund', test: boolean) {
  switch (result.kind) {
    case 'rejected':
      return reply.send(failure(result.errors, test, result.view));
    case 'unknown': {
      const message = `The upstream gateway did not answer; the ${what} is pending. Look it up by reference before retrying`;
      return reply.code(502).send(failure([message], test, result.view));
    }
    case 'fault':
      return upstreamFault(reply, result, what, test);
    case 'processed':
      return reply.send(ok(result.view, test));
    default: {
      const unreachable: never = result;
      throw unreachable;
    }
  }
}

/**
 * A console session's request: the merchant is the session user's, the environment the
 * listener's (one session serves both listeners). Anything but GET, HEAD and OPTIONS must carry
 * the session's CSRF token in `x-csrf-token`: a cookie alone, which another site can make a
 * browser send, changes nothing.
 */
async function sessionAuth(req: FastifyRequest, accounts: ConsoleAccounts, environment: Environment, token: string): Promise<void> {
  const resumed = await accounts.resume(token, environment);
  if (!resumed) throw ConsoleErrors.noSession(clearedSessionCookie());
  req.merchant = resumed.merchant;
  req.consoleSession = resumed.session;
  req.consoleToken = token;
  req.principal = { merchantId: resumed.merchant.merchantId, environment, currencies: resumed.merchant.currencies };
  if (SAFE_METHODS.has(req.method)) return;
  const presented = req.headers['x-csrf-token'];
  if (typeof presented !== 'string' || presented === '') {
    req.consoleRefusal = 'csrf';
    throw ConsoleErrors.csrfMissing();
  }
  if (!csrfMatches(resumed.session, presented)) {
    req.consoleRefusal = 'csrf';
    throw ConsoleErrors.csrfWrong();
  }
}

/**
 * Basic auth on every route of the plugin it is added to (the seed: every request is
 * authenticated); with `accounts`, a request without an Authorization header may come with a
 * console session's cookie instead.
 */
export function addMerchantAuth(app: HttpServer, core: GatewayCore, environment: Environment, accounts?: ConsoleAccounts): void {
  app.decorateRequest('merchant', null);
  app.decorateRequest('principal', null);
  app.decorateRequest('consoleSession', null);
  app.decorateRequest('consoleToken', null);
  app.decorateRequest('consoleRefusal', null);
  app.addHook('onRequest', async (req) => {
    if (accounts && req.headers.authorization === undefined) {
      const token = sessionTokenOf(req.headers.cookie);
      if (token !== null) return sessionAuth(req, accounts, environment, token);
      // The session route answers a browser without a session with no Basic challenge, which would
      // open the browser's own password dialog over the console's login page.
      if (req.routeOptions.url?.endsWith('/console/session')) throw ConsoleErrors.noSession(null);
    }
    const credentials = parseBasic(req.headers.authorization);
    if (!credentials || credentials.username.length > 64 || credentials.token.length > 256) throw GatewayErrors.unauthenticated();
    req.merchant = await core.authenticate(environment, credentials.username, credentials.token, req.ip);
    req.principal = { merchantId: req.merchant.merchantId, environment: req.merchant.environment, currencies: req.merchant.currencies };
  });
}

/**
 * `GET /ping`: what the official Ruby client reads, unenveloped: `{timestamp: <unix seconds>, echo}`.
 * Served under `/v1.0` (also as `ping.json`) and at the host root; authenticated like the rest.
 */
function ping(core: GatewayCore) {
  return async (req: FastifyRequest<{ Querystring: { echo?: string } }>) => {
    merchantOf(req);
    return { timestamp: Math.floor(core.now().getTime() / 1000), echo: req.query.echo ?? 'NONE' };
  };
}

/** The host-root `GET /ping`, kept out of the OpenAPI document (which describes `/v1.0`). */
export function registerRootPing(root: HttpServer, core: GatewayCore): void {
  root.get('/ping', { schema: { hide: true, querystring: EchoQuery } }, ping(core));
}

/** The seed's API plus the endpoints GATEWAY.md adds, under the caller's `/v1.0` prefix. */
export function registerGatewayRoutes(app: HttpServer, core: GatewayCore, environment: Environment): void {
  const test = environment === 'sandbox';

  app.get('/health', { schema: { querystring: EchoQuery } }, async (req, reply) => {
    merchantOf(req);
    if (!(await core.healthy())) throw PlatformErrors.unavailable('The database');
    return reply.send(ok({ timestamp: new Date().toISOString(), echo: req.query.echo ?? 'NONE' }, test));
  });
  app.get('/ping', { schema: { querystring: EchoQuery } }, ping(core));
  app.get('/ping.json', { schema: { querystring: EchoQuery } }, ping(core));

  // The merchant's API credentials in this listener's environment; the token only in a rotation's answer.
  app.get('/credentials', async (req, reply) => reply.send(ok(await core.credentials(merchantOf(req)), test)));
  app.get('/credentials/:id', { schema: { params: CredentialId } }, async (req, reply) =>
    reply.send(ok(await core.credential(merchantOf(req), req.params.id), test)),
  );
  app.post('/credentials/:id/rotate', { schema: { params: CredentialId } }, async (req, reply) => {
    const rotated = await core.rotateCredential(merchantOf(req), req.params.id);
    return reply.header('cache-control', 'no-store').send(ok(rotated, test));
  });

  app.post('/credit_cards', async (req, reply) => {
    const card = await core.tokenize(merchantOf(req), bodyObject(req.body));
    return reply.send(ok(card, test));
  });
  app.get('/credit_cards', { schema: { querystring: ListQuery } }, async (req, reply) => {
    return reply.send(list(await core.cards(merchantOf(req), toPage(req.query)), test));
  });
  app.get('/credit_cards/:key', { schema: { params: Params } }, async (req, reply) => {
    return reply.send(ok(await core.card(merchantOf(req), req.params.key), test));
  });
  app.put('/credit_cards/:key', { schema: { params: Params } }, async (req, reply) => {
    return reply.send(ok(await core.updateCard(merchantOf(req), req.params.key, bodyObject(req.body)), test));
  });

  app.post('/purchases', async (req, reply) => {
    const result = await core.purchase(merchantOf(req), bodyObject(req.body));
    if (result.kind === 'processed' && result.fault?.kind === 'drop') {
      // Sandbox fault hook: the purchase is recorded, the connection dies before the answer.
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    }
    if (result.kind === 'processed' && result.fault?.kind === 'delay') await sleep(result.fault.delayMs);
    return transactionAnswer(reply, result, 'purchase', test);
  });
  app.post('/purchases/void', { schema: { querystring: VoidQuery } }, async (req, reply) => {
    return authorizationAnswer(reply, await core.voidPurchase(merchantOf(req), voidId(req.query, req.body)), test);
  });
  app.post('/purchases/:key/capture', { schema: { params: Params } }, async (req, reply) => {
    return authorizationAnswer(reply, await core.capture(merchantOf(req), req.params.key, bodyObject(req.body ?? {})), test);
  });
  app.get('/purchases', { schema: { querystring: ListQuery } }, async (req, reply) => {
    return reply.send(list(await core.purchases(merchantOf(req), toPage(req.query)), test));
  });
  app.get('/purchases/:key', { schema: { params: Params } }, async (req, reply) => {
    return reply.send(ok(await core.findPurchase(merchantOf(req), req.params.key), test));
  });

  app.post('/refunds', async (req, reply) => {
    return transactionAnswer(reply, await core.refund(merchantOf(req), bodyObject(req.body)), 'refund', test);
  });
  app.post('/refunds/void', { schema: { querystring: VoidQuery } }, async (req, reply) => {
    return authorizationAnswer(reply, await core.voidRefund(merchantOf(req), voidId(req.query, req.body)), test);
  });
  // A void that names no kind of transaction: `/v1.0//void?id=…`, what Active Merchant sends for an
  // authorization string without its `|purchases` or `|refunds` part (older versions stored bare
  // ids). The id is a purchase's or a refund's; neither answers 404 "Transaction Not Found".
  const voidEither = async (req: FastifyRequest<{ Querystring: z.infer<typeof VoidQuery> }>, reply: FastifyReply) => {
    const merchant = merchantOf(req);
    const id = voidId(req.query, req.body);
    try {
      return authorizationAnswer(reply, await core.voidPurchase(merchant, id), test);
    } catch (err) {
      if (!(isAppError(err) && err.code === 'purchase_not_found')) throw err;
    }
    try {
      return authorizationAnswer(reply, await core.voidRefund(merchant, id), test);
    } catch (err) {
      if (isAppError(err) && err.code === 'refund_not_found') throw GatewayErrors.voidTargetNotFound('Transaction');
      throw err;
    }
  };
  app.post('/void', { schema: { querystring: VoidQuery } }, voidEither);
  // Active Merchant joins the base URL and `/void` with a doubled slash: the same operation, documented once.
  app.post('//void', { schema: { hide: true, querystring: VoidQuery } }, voidEither);
  app.get('/refunds', { schema: { querystring: ListQuery } }, async (req, reply) => {
    return reply.send(list(await core.refunds(merchantOf(req), toPage(req.query)), test));
  });
  app.get('/refunds/:key', { schema: { params: Params } }, async (req, reply) => {
    return reply.send(ok(await core.findRefund(merchantOf(req), req.params.key), test));
  });

  if (environment === 'sandbox') {
    app.put('/sandbox/credit_cards/:key/script', { schema: { params: Params } }, async (req, reply) => {
      const parsed = SandboxScript.safeParse(bodyObject(req.body));
      if (!parsed.success) {
        throw new AppError('validation_failed', 'Script is invalid', {
          status: 422,
          messages: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
        });
      }
      return reply.send(ok(await core.scriptSandboxCard(merchantOf(req), req.params.key, parsed.data.outcomes), test));
    });
  }
}
