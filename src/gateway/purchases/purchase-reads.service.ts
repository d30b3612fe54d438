import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import { resolvePurchase } from '../acquirer/pending.service.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { merchantPage } from '../merchants/merchant-page.ts';
import type { PurchaseDeps } from './purchase-deps.ts';
import { findTransactionRow, settledAtUpstream } from './transaction-lookup.ts';
import { PURCHASE_COLUMNS, toPurchaseView, type PurchaseRow, type PurchaseView } from './purchase-view.ts';

export type FoundPurchase = PurchaseRow & { upstreamId: string | null; cardId: string };

/** A purchase by id, or by reference (the newest not failed); `lock` takes its row lock in the caller's transaction. */
export function findPurchase(db: Sql, ctx: MerchantContext, idOrReference: string, lock = false): Promise<FoundPurchase | undefined> {
  return findTransactionRow(db, ctx, 'purchases', PURCHASE_COLUMNS, idOrReference, lock);
}

/**
 * A purchase by id or reference. A pending production purchase is first looked up at the
 * upstream by the reference Recur sent (its id) and settled to what the upstream recorded.
 */
export async function getPurchase(db: SqlPool, deps: PurchaseDeps, ctx: MerchantContext, idOrReference: string): Promise<PurchaseView> {
  const row = await findPurchase(db, ctx, idOrReference);
  if (!row) throw GatewayErrors.purchaseNotFound();
  const sent = { id: row.id, amount: Number(row.amount), sentAt: new Date(row.transactionDate) };
  const settled = await settledAtUpstream(
    deps,
    ctx,
    row,
    (pending) => resolvePurchase(db, pending, sent),
    (id) => findPurchase(db, ctx, id),
  );
  return toPurchaseView(settled);
}

export function listPurchases(db: Sql, ctx: MerchantContext, page: Page): Promise<Paginated<PurchaseView>> {
  const list = { table: 'purchases', columns: PURCHASE_COLUMNS, orderBy: 'transaction_date desc, id desc' };
  return merchantPage(db, ctx, page, list, toPurchaseView);
}
