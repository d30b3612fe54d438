import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { scrubCardNumbers } from '../platform/pan-scrub.ts';
import { roleCovers } from '../gateway/console/console-role.ts';
import { ConsoleErrors } from '../gateway/console/console-errors.ts';
import type { ConsoleAccounts } from '../gateway/console/console-accounts.ts';
import { SAFE_METHODS } from '../gateway/api/gateway-api.ts';
import { roleNeeded } from './console-roles.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The object a console change touches, read before the change (audit). */
    consoleBefore: { objectId: string | null; before: unknown } | null;
  }
}

/** Keys whose values never enter the audit log, at any depth. */
const SECRET_KEY = /password|cvv|cvc|card_number|api_token|secret|authorization|cookie|csrf/i;
const MAX_DEPTH = 12;

/** A copy of a body or an answer fit for the audit log: secrets replaced, card numbers masked. */
export function scrubForAudit(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubCardNumbers(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => scrubForAudit(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[redacted]' : scrubForAudit(v, depth + 1);
  return out;
}

/**
 * The object a route acts on: the longest part of its path that ends with a parameter and that a
 * GET route answers (`POST /invoices/:id/refund` acts on `GET /invoices/:id`). Its id is that
 * parameter's value; without such a GET, the path's last parameter, with nothing read before. A
 * PUT, PATCH or DELETE acts on its own path when a GET answers it (`PUT /settings/business`); a
 * POST to a path without a parameter makes a record, so its GET (a list) is not its object.
 */
function objectOf(
  method: string,
  route: string,
  path: string,
  hasGet: (pattern: string) => boolean,
): { objectId: string | null; read: string | null } {
  const pattern = route.split('/');
  const segments = path.split('/');
  if (pattern.length !== segments.length) return { objectId: null, read: null };
  let lastParam: string | null = null;
  for (let n = pattern.length; n > 0; n--) {
    const isParam = pattern[n - 1]!.startsWith(':');
    const value = isParam ? safeDecode(segments[n - 1]!) : null;
    lastParam ??= value;
    const whole = n === pattern.length && method !== 'POST';
    if ((isParam || whole) && hasGet(pattern.slice(0, n).join('/'))) return { objectId: value, read: segments.slice(0, n).join('/') };
  }
  return { objectId: lastParam, read: null };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function responseOf(payload: unknown): { ok: boolean; response: unknown } | null {
  try {
    const parsed = JSON.parse(typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '');
    return parsed && typeof parsed === 'object' ? { ok: parsed.successful === true, response: parsed.response ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Console sessions on the routes of `app` (under `prefix`): each request is refused unless the
 * session's role covers the route (console-roles.ts), and each change, done or refused, writes
 * an audit row with the object as a GET answered it just before and the answer's `response`.
 * Requests with API credentials pass untouched.
 */
export function addConsoleGuard(app: HttpServer, accounts: ConsoleAccounts, prefix: string, environment: string): void {
  app.decorateRequest('consoleBefore', null);
  const routeOf = (req: FastifyRequest) => (req.routeOptions.url?.startsWith(prefix) ? req.routeOptions.url.slice(prefix.length) : null);

  app.addHook('preValidation', async (req) => {
    const session = req.consoleSession;
    if (!session) return;
    const route = routeOf(req);
    if (route === null) return;
    const needed = roleNeeded(req.method, route);
    if (!roleCovers(session.user.role, needed)) {
      req.consoleRefusal = 'role';
      throw ConsoleErrors.roleRefused(needed, session.user.role);
    }
  });

  app.addHook('preHandler', async (req) => {
    if (!req.consoleSession || SAFE_METHODS.has(req.method)) return;
    const route = routeOf(req);
    if (route === null) return;
    const path = req.url.split('?')[0]!.slice(prefix.length);
    const object = objectOf(req.method, route, path, (pattern) => app.hasRoute({ method: 'GET', url: `${prefix}${pattern}` }));
    let before: unknown = null;
    if (object.read !== null) {
      const read = await app.inject({ method: 'GET', url: `${prefix}${object.read}`, headers: { cookie: req.headers.cookie ?? '' } });
      const answer = responseOf(read.body);
      before = read.statusCode === 200 && answer?.ok ? answer.response : null;
    }
    req.consoleBefore = { objectId: object.objectId, before };
  });

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    const session = req.consoleSession;
    if (!session || SAFE_METHODS.has(req.method)) return payload;
    const answer = responseOf(payload);
    const succeeded = reply.statusCode < 400 && answer?.ok === true;
    const after = succeeded ? answer.response : null;
    const created = after && typeof after === 'object' && 'id' in after && typeof after.id === 'string' ? after.id : null;
    try {
      await accounts.record({
        merchantId: session.user.merchant_id,
        environment,
        userId: session.user.id,
        userEmail: session.user.email,
        role: session.user.role,
        method: req.method,
        route: routeOf(req),
        path: req.url.split('?')[0]!,
        objectId: req.consoleBefore?.objectId ?? created,
        body: req.body === undefined ? null : scrubForAudit(req.body),
        status: reply.statusCode,
        outcome: req.consoleRefusal ? 'refused' : succeeded ? 'succeeded' : 'failed',
        before: scrubForAudit(req.consoleBefore?.before ?? null),
        after: scrubForAudit(after),
      });
    } catch (err) {
      // The change itself stands; a missing audit row is an operator's alarm, not the caller's error.
      req.log.error({ err, reqId: req.id }, 'console audit row not written');
    }
    return payload;
  });
}
