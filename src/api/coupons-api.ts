import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { toPage } from '../platform/pagination.ts';
import { CouponCreate, type BillingCore } from '../billing/billing-core.ts';
import { Listing, principalOf } from './route-kit.ts';

const Code = z.object({ code: z.string().min(1).max(64) });

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
