import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { ok } from '../platform/http/envelope.ts';
import { DraftLineCreate, type BillingCore } from '../billing/billing-core.ts';
import { principalOf, sendPdf } from './route-kit.ts';

const Id = z.object({ id: z.uuid() });

/** An invoice's lifecycle: a draft gains lines and is finalized early; a draft or an owed invoice is voided. */
export function registerInvoiceLifecycleRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/invoices/:id/finalize', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.finalizeInvoice(principalOf(req), req.params.id), test)),
  );
  app.post('/invoices/:id/lines', { schema: { params: Id, body: DraftLineCreate } }, async (req, reply) =>
    reply.send(ok(await core.addInvoiceLine(principalOf(req), req.params.id, req.body), test)),
  );
  app.get('/invoices/:id/pdf', { schema: { params: Id } }, async (req, reply) =>
    sendPdf(reply, await core.invoicePdf(principalOf(req), req.params.id)),
  );
  app.post('/invoices/:id/void', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.voidInvoice(principalOf(req), req.params.id), test)),
  );
}
