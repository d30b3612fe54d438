import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { ok } from '../platform/http/envelope.ts';
import { HostedLinkCreate, type BillingCore } from '../billing/billing-core.ts';
import { principalOf } from './route-kit.ts';

const LinkParams = z.object({ link_id: z.string().max(64) });

/** Links to the customer pages: a new one for an invoice, a subscription or a customer; a revocation. */
export function registerHostedLinkRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/hosted_links', { schema: { body: HostedLinkCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.issueHostedLink(principalOf(req), req.body), test)),
  );
  app.post('/hosted_links/:link_id/revoke', { schema: { params: LinkParams } }, async (req, reply) =>
    reply.send(ok(await core.revokeHostedLink(principalOf(req), req.params.link_id), test)),
  );
}
