import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { toPage } from '../platform/pagination.ts';
import type { ConsoleAccounts } from '../gateway/console/console-accounts.ts';
import { ConsoleErrors } from '../gateway/console/console-errors.ts';
import { ConsoleUserCreate, ConsoleUserUpdate } from '../gateway/console/console-users.service.ts';
import { AuditFilter } from '../gateway/console/console-audit.service.ts';
import { clearedSessionCookie, sessionCookie } from '../gateway/console/console-cookie.ts';
import type { ConsoleSession } from '../gateway/console/console-sessions.service.ts';
import { Listing, principalOf } from './route-kit.ts';

const LogIn = z.strictObject({ email: z.string().max(254), password: z.string().max(200) });
const UserId = z.object({ id: z.uuid() });

function sessionOf(req: FastifyRequest): ConsoleSession {
  if (!req.consoleSession) throw ConsoleErrors.noSession(null);
  return req.consoleSession;
}

/**
 * `POST /console/sessions`: the console's login, on both listeners, outside the API's
 * authentication (it is how a session starts). The token goes to the cookie only; the answer
 * holds the user, the CSRF token and when the session ends if unused.
 */
export function registerConsoleLoginRoutes(app: HttpServer, accounts: ConsoleAccounts, environment: 'sandbox' | 'production'): void {
  const test = environment === 'sandbox';
  app.post('/console/sessions', { schema: { body: LogIn, security: [] } }, async (req, reply) => {
    const { token, session } = await accounts.logIn(req.body.email, req.body.password, req.ip, environment);
    reply.header('set-cookie', sessionCookie(token, accounts.sessionPolicy.maxHours * 3600));
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(ok(session, test));
  });
}

/** The session, the console users (admin) and the audit log, behind the API's authentication. */
export function registerConsoleRoutes(app: HttpServer, accounts: ConsoleAccounts, environment: 'sandbox' | 'production'): void {
  const test = environment === 'sandbox';

  app.get('/console/session', async (req, reply) => reply.header('cache-control', 'no-store').send(ok(sessionOf(req), test)));
  app.delete('/console/session', async (req, reply) => {
    sessionOf(req);
    if (req.consoleToken) await accounts.logOut(req.consoleToken);
    return reply.header('set-cookie', clearedSessionCookie()).send(ok({ ended: true }, test));
  });

  app.get('/console/users', { schema: { querystring: Listing } }, async (req, reply) =>
    reply.send(list(await accounts.users(principalOf(req).merchantId, toPage(req.query)), test)),
  );
  app.get('/console/users/:id', { schema: { params: UserId } }, async (req, reply) =>
    reply.send(ok(await accounts.user(principalOf(req).merchantId, req.params.id), test)),
  );
  app.post('/console/users', { schema: { body: ConsoleUserCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await accounts.createUser(principalOf(req).merchantId, req.body), test)),
  );
  app.put('/console/users/:id', { schema: { params: UserId, body: ConsoleUserUpdate } }, async (req, reply) =>
    reply.send(ok(await accounts.updateUser(principalOf(req).merchantId, req.params.id, req.body), test)),
  );

  app.get('/audit', { schema: { querystring: Listing.extend(AuditFilter.shape) } }, async (req, reply) =>
    reply.send(list(await accounts.audit(principalOf(req).merchantId, req.query, toPage(req.query)), test)),
  );
}
