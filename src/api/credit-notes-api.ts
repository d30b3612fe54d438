import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { toPage } from '../platform/pagination.ts';
import { CreditNoteCreate, CreditNoteFilter, type BillingCore } from '../billing/billing-core.ts';
import { Listing, principalOf, sendPdf } from './route-kit.ts';

// Every billing id is a UUID: anything else names no record and answers 404 (server-kit), never reaches SQL.
const Id = z.object({ id: z.uuid() });

/** Credit notes: issued against a finalized invoice (201), listed by invoice or customer, read by id. */
export function registerCreditNoteRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/invoices/:id/credit_notes', { schema: { params: Id, body: CreditNoteCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.createCreditNote(principalOf(req), req.params.id, req.body), test)),
  );
  app.get('/credit_notes', { schema: { querystring: Listing.extend(CreditNoteFilter.shape) } }, async (req, reply) =>
    reply.send(list(await core.creditNotes(principalOf(req), toPage(req.query), req.query), test)),
  );
  app.get('/credit_notes/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.creditNote(principalOf(req), req.params.id), test)),
  );
  app.get('/credit_notes/:id/pdf', { schema: { params: Id } }, async (req, reply) =>
    sendPdf(reply, await core.creditNotePdf(principalOf(req), req.params.id)),
  );
}
