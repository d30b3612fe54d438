import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { PageQuery, toPage } from '../platform/pagination.ts';
import { AppError } from '../platform/errors.ts';
import type { Principal } from '../platform/http/principal.ts';
import { CouponCreate, type BillingCore } from '../billing/billing-core.ts';

const Code = z.object({ code: z.string().min(1).max(64) });
const Listing = PageQuery.extend({ test: z.string().optional() });

function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('unauthenticated', 'Invalid credentials', { status: 401 });
  return req.principal;
}

/** Coupons: created once per code (201, or 409 for a code taken), read by code, archived. */
export function registerCouponRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/coupons', { schema: { body: CouponCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.createCoupon(principalOf(req), req.body), test)),
  );
  app.get('/coupons', { schema: { querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.coupons(principalOf(req), toPage(req.query)), test)),
  );
  app.get('/coupons/:code', { schema: { params: Code } }, async (req, reply) =>
    reply.send(ok(await core.coupon(principalOf(req), req.params.code), test)),
  );
  app.post('/coupons/:code/archive', { schema: { params: Code } }, async (req, reply) =>
    reply.send(ok(await core.archiveCoupon(principalOf(req), req.params.code), test)),
  );
}
