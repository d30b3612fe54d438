import type { SqlPool } from '../../platform/sql.ts';
import type { AcquirerAnswer } from '../acquirer/acquirer.ts';
import { settleRefund } from '../acquirer/pending.service.ts';
import type { PurchaseDeps } from '../purchases/purchase-deps.ts';
import type { RefundResult } from './refund-result.ts';
import { toRefundView, type RefundRow, type RefundView } from './refund-view.ts';

/** The snapshot's `YYYY-MM-DD` (last day of the month) as the `MM/YYYY` a request takes. */
export function upstreamExpiry(snapshotExpiry: string): string {
  return `${snapshotExpiry.slice(5, 7)}/${snapshotExpiry.slice(0, 4)}`;
}

/** Sends a pending refund upstream and records the answer; a refused refund of a purchase releases its amount. */
export async function upstreamRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  row: RefundRow,
  purchaseId: string | null,
  notMade: RefundView,
  send: () => Promise<AcquirerAnswer>,
): Promise<RefundResult> {
  const answer = await send();
  if (answer.kind === 'unknown') {
    deps.logger.warn({ refundId: row.id, reason: answer.reason }, 'upstream refund outcome unknown; left pending');
    return { kind: 'unknown', view: toRefundView(row) };
  }
  if (answer.kind === 'fault') {
    // Nothing reached the upstream: no record, the amount released, the reference free again.
    await db.transaction(async (tx) => {
      const deleted = await tx.query(`delete from gateway.refunds where id = $1 and state = 'pending' returning id`, [row.id]);
      if (deleted.length === 1 && purchaseId !== null) {
        await tx.query('update gateway.purchases set refunded_amount = refunded_amount - $1 where id = $2', [
          Number(row.amount),
          purchaseId,
        ]);
      }
    });
    deps.logger.warn({ reference: row.id, fault: answer.fault, reason: answer.reason }, 'upstream refund not made');
    return { kind: 'fault', fault: answer.fault, reason: answer.reason, view: { ...notMade, pending: false } };
  }
  await settleRefund(db, { id: row.id, amount: Number(row.amount), sentAt: new Date(row.transactionDate), purchaseId }, answer);
  return {
    kind: 'processed',
    view: toRefundView({
      ...row,
      state: 'completed',
      successful: answer.successful,
      refunded: answer.successful ? 'Approved' : 'Declined',
      responseCode: answer.responseCode,
      message: answer.message,
      authorization: answer.authorization,
      rrn: answer.rrn ?? row.rrn,
    }),
  };
}
