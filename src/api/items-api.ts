import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { ok } from '../platform/http/envelope.ts';
import { ItemCreate, type BillingCore } from '../billing/billing-core.ts';
import { principalOf } from './route-kit.ts';

const Id = z.object({ id: z.string().min(1).max(64) });
const ItemId = Id.extend({ item_id: z.string().min(1).max(64) });

/** One-off items on a subscription: on its next period invoice, or invoiced and charged now. */
export function registerItemRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/subscriptions/:id/items', { schema: { params: Id, body: ItemCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.addItem(principalOf(req), req.params.id, req.body), test)),
  );
  app.get('/subscriptions/:id/items', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.pendingItems(principalOf(req), req.params.id), test)),
  );
  app.get('/subscriptions/:id/items/:item_id', { schema: { params: ItemId } }, async (req, reply) =>
    reply.send(ok(await core.item(principalOf(req), req.params.id, req.params.item_id), test)),
  );
  app.delete('/subscriptions/:id/items/:item_id', { schema: { params: ItemId } }, async (req, reply) =>
    reply.send(ok(await core.deleteItem(principalOf(req), req.params.id, req.params.item_id), test)),
  );
}
