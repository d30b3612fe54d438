import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantContext } from './credentials.service.ts';

/** One page of a merchant's rows of `table` in its environment (cards, purchases, refunds), through `readPage`. */
export function merchantPage<Row, T>(
  db: Sql,
  ctx: MerchantContext,
  page: Page,
  list: { table: string; columns: string; orderBy: string },
  toView: (row: Row) => T,
): Promise<Paginated<T>> {
  const statement = {
    select: `select ${list.columns}`,
    from: `from gateway.${list.table} where merchant_id = $1 and environment = $2`,
    orderBy: `order by ${list.orderBy}`,
    params: [ctx.merchantId, ctx.environment],
  };
  return readPage(db, page, statement, toView);
}
