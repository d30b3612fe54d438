import type { Sql } from '../../platform/sql.ts';
import type { PendingDeps, Resolution } from '../acquirer/pending.service.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { pendingDepsOf, type PurchaseDeps } from './purchase-deps.ts';

/**
 * A purchase or refund row by id, or by the merchant's reference (the newest one not failed: a
 * failed one left its reference free); `lock` takes its row lock in the caller's transaction.
 */
export async function findTransactionRow<Row>(
  db: Sql,
  ctx: MerchantContext,
  table: 'purchases' | 'refunds',
  columns: string,
  idOrReference: string,
  lock: boolean,
): Promise<Row | undefined> {
  if (idOrReference.length === 0 || idOrReference.length > 255) return undefined;
  const rows = await db.query<Row>(
    `select ${columns} from gateway.${table} where merchant_id = $1 and environment = $2 and (id = $3 or reference = $4)
      order by (id = $5) desc, (state <> 'failed') desc, transaction_date desc limit 1${lock ? ' for update' : ''}`,
    [ctx.merchantId, ctx.environment, idOrReference, idOrReference, idOrReference],
  );
  return rows[0];
}

/**
 * The row as the upstream has it: a pending production purchase or refund is first looked up at
 * the upstream by the reference Recur sent (its id) and settled, then read again. Any other row,
 * or one the upstream still has no answer for, is returned as it is.
 */
export async function settledAtUpstream<Row extends { id: string; state: string }>(
  deps: PurchaseDeps,
  ctx: MerchantContext,
  row: Row,
  resolve: (pending: PendingDeps) => Promise<Resolution>,
  reread: (id: string) => Promise<Row | undefined>,
): Promise<Row> {
  const pendingDeps = pendingDepsOf(deps);
  if (row.state !== 'pending' || ctx.environment !== 'production' || !pendingDeps) return row;
  if ((await resolve(pendingDeps)) === 'pending') return row;
  return (await reread(row.id)) ?? row;
}
