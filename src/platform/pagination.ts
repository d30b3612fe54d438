import { z } from 'zod';
import type { Sql } from './sql.ts';

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

/** One page of a list: the `select` that reads its rows and the `from … where …` both it and the count share. */
export interface PageStatement {
  /** `select …` up to (not including) `from`. */
  select: string;
  /** `from <table> [alias] [joins] where …`: the rows counted and read. */
  from: string;
  /** `order by …` (without `limit`/`offset`, which the page adds). */
  orderBy: string;
  params: unknown[];
}

/**
 * Reads one page and the total count of a list, the one way every list in Recur is paged: the
 * rows and the count run side by side on the pool, newest first is the caller's `orderBy`.
 */
export async function readPage<Row, T>(db: Sql, page: Page, statement: PageStatement, toView: (row: Row) => T): Promise<Paginated<T>> {
  const { select, from, orderBy, params } = statement;
  const [rows, counts] = await Promise.all([
    db.query<Row>(`${select} ${from} ${orderBy} limit ${page.limit} offset ${page.skip}`, params),
    db.query<{ n: number }>(`select count(*)::int as n ${from}`, params),
  ]);
  return { items: rows.map(toView), total: counts[0]?.n ?? 0, page };
}
