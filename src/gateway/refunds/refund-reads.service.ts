import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import { resolveRefund } from '../acquirer/pending.service.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { merchantPage } from '../merchants/merchant-page.ts';
import { findTransactionRow, settledAtUpstream } from '../purchases/transaction-lookup.ts';
import type { PurchaseDeps } from '../purchases/purchase-deps.ts';
import { REFUND_COLUMNS, toRefundView, type RefundRow, type RefundView } from './refund-view.ts';

/** A refund by id, or by reference (the newest not failed); `lock` takes its row lock in the caller's transaction. */
export function findRefundRow(db: Sql, ctx: MerchantContext, idOrReference: string, lock = false): Promise<RefundRow | undefined> {
  return findTransactionRow(db, ctx, 'refunds', REFUND_COLUMNS, idOrReference, lock);
}

/** A refund by id or reference; a pending production refund is first looked up at the upstream and settled. */
export async function getRefund(db: SqlPool, deps: PurchaseDeps, ctx: MerchantContext, idOrReference: string): Promise<RefundView> {
  const row = await findRefundRow(db, ctx, idOrReference);
  if (!row) throw GatewayErrors.refundNotFound();
  const sent = { id: row.id, amount: Number(row.amount), sentAt: new Date(row.transactionDate), purchaseId: row.purchaseId };
  const settled = await settledAtUpstream(
    deps,
    ctx,
    row,
    (pending) => resolveRefund(db, pending, sent),
    (id) => findRefundRow(db, ctx, id),
  );
  return toRefundView(settled);
}

export function listRefunds(db: Sql, ctx: MerchantContext, page: Page): Promise<Paginated<RefundView>> {
  const list = { table: 'refunds', columns: REFUND_COLUMNS, orderBy: 'transaction_date desc, id desc' };
  return merchantPage(db, ctx, page, list, toRefundView);
}
