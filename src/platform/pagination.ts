import { z } from 'zod';

/**
 * The seed's pagination: `limit` is the page size (default 10, silently capped at 50), `offset`
 * is the page number from 1 (0 is read as 1: a widely used client sends it).
 */
export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int({ error: 'limit must be a whole number' })
    .min(0, { error: 'limit must be a whole number' })
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a page number' })
    .int({ error: 'offset must be a page number' })
    .min(0, { error: 'offset must be a page number' })
    .optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface Page {
  limit: number;
  page: number;
  /** Rows to skip. */
  skip: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;

export function toPage(query: PageQuery): Page {
  const limit = Math.min(query.limit === undefined || query.limit === 0 ? DEFAULT_PAGE_SIZE : query.limit, MAX_PAGE_SIZE);
  const page = Math.max(1, query.offset ?? 1);
  return { limit, page, skip: (page - 1) * limit };
}

export interface Paginated<T> {
  items: T[];
  total: number;
  page: Page;
}
