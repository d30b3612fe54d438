import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
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
