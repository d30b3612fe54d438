import type { Sql, SqlPool } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import { resolveRefund } from '../acquirer/pending.service.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { pendingDepsOf, type PurchaseDeps } from '../purchases/purchase-deps.ts';
import { REFUND_COLUMNS, toRefundView, type RefundRow, type RefundView } from './refund-view.ts';

/** A refund by id, or by reference (the newest not failed); `lock` takes its row lock in the caller's transaction. */
export async function findRefundRow(db: Sql, ctx: MerchantContext, idOrReference: string, lock = false): Promise<RefundRow | undefined> {
  if (idOrReference.length === 0 || idOrReference.length > 255) return undefined;
  const rows = await db.query<RefundRow>(
    `select ${REFUND_COLUMNS} from gateway.refunds where merchant_id = $1 and environment = $2 and (id = $3 or reference = $4)
      order by (id = $5) desc, (state <> 'failed') desc, transaction_date desc limit 1${lock ? ' for update' : ''}`,
    [ctx.merchantId, ctx.environment, idOrReference, idOrReference, idOrReference],
  );
  return rows[0];
}

/** A refund by id or reference; a pending production refund is first looked up at the upstream and settled. */
export async function getRefund(db: SqlPool, deps: PurchaseDeps, ctx: MerchantContext, idOrReference: string): Promise<RefundView> {
  let row = await findRefundRow(db, ctx, idOrReference);
  if (!row) throw GatewayErrors.refundNotFound();
  const pendingDeps = pendingDepsOf(deps);
  if (row.state === 'pending' && ctx.environment === 'production' && pendingDeps) {
    const refund = { id: row.id, amount: Number(row.amount), sentAt: new Date(row.transactionDate), purchaseId: row.purchaseId };
    if ((await resolveRefund(db, pendingDeps, refund)) !== 'pending') row = (await findRefundRow(db, ctx, row.id)) ?? row;
  }
  return toRefundView(row);
}

export function listRefunds(db: Sql, ctx: MerchantContext, page: Page): Promise<Paginated<RefundView>> {
  const statement = {
    select: `select ${REFUND_COLUMNS}`,
    from: 'from gateway.refunds where merchant_id = $1 and environment = $2',
    orderBy: 'order by transaction_date desc, id desc',
    params: [ctx.merchantId, ctx.environment],
  };
  return readPage(db, page, statement, toRefundView);
}
