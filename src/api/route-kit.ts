import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageQuery } from '../platform/pagination.ts';
import { AppError } from '../platform/errors.ts';
import type { Principal } from '../platform/http/principal.ts';

/** A list's query: the page, and the `test` flag every billing request may carry. */
export const Listing = PageQuery.extend({ test: z.string().optional() });

/** The authenticated merchant of a billing request. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('unauthenticated', 'Invalid credentials', { status: 401 });
  return req.principal;
}

/** A document answer: `application/pdf`, to save under the document's number (`INV-000042.pdf`). */
export function sendPdf(reply: FastifyReply, doc: { pdf: Buffer; filename: string; cached: boolean }): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${doc.filename}"`)
    .header('cache-control', 'private, no-cache')
    .header('x-recur-document-cache', doc.cached ? 'hit' : 'miss')
    .send(doc.pdf);
}
