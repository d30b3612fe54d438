import type { SqlPool } from '../../platform/sql.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { followUp, refusal, unsettled, type AuthorizationResult } from '../purchases/follow-up.ts';
import type { PurchaseDeps } from '../purchases/purchase-deps.ts';
import { findRefundRow } from './refund-reads.service.ts';
import { toRefundView, type RefundView } from './refund-view.ts';

/** `POST /refunds/void`: voids an unsettled refund and releases its amount on the purchase. */
export async function voidRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  id: string,
): Promise<AuthorizationResult<RefundView>> {
  return followUp(
    db,
    deps,
    ctx,
    async (tx) => {
      const row = await findRefundRow(tx, ctx, id, true);
      if (!row) throw GatewayErrors.voidTargetNotFound('Refund');
      const view = toRefundView(row);
      if (!row.successful || row.state !== 'completed') return refusal(view, 'Only an approved refund can be voided');
      if (row.voided) return refusal(view, 'The refund has already been voided');
      if (!unsettled(row.settlementDate, deps.clock.now())) return refusal(view, 'A settled refund cannot be voided');
      // A production refund was sent upstream with its id as the reference; the upstream voids by either.
      return { upstreamId: row.id, view, id: row.id };
    },
    (upstreamId) => deps.acquirer!.void({ target: 'refund', upstreamId }),
    async (q, refundId) => {
      // One statement: the first void (the guard) releases the amount on the purchase, atomically.
      await q.query(
        `with r as (update gateway.refunds set voided = true where id = $1 and not voided returning amount, purchase_id)
         update gateway.purchases p set refunded_amount = p.refunded_amount - r.amount from r where p.id = r.purchase_id`,
        [refundId],
      );
      return { ...toRefundView((await findRefundRow(q, ctx, refundId))!), message: 'Voided' };
    },
  );
}
