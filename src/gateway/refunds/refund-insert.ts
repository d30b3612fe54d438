import type { Sql } from '../../platform/sql.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { ReferenceTakenError } from '../reference-taken.ts';
import type { RefundRow } from './refund-view.ts';

/** Inserts a refund; a taken reference throws `ReferenceTakenError`. */
export async function insertRefund(tx: Sql, ctx: MerchantContext, row: RefundRow, cardId: string | null): Promise<void> {
  const inserted = await tx.query<{ id: string }>(
    `insert into gateway.refunds (id, merchant_id, environment, reference, purchase_id, state, amount, currency, successful,
        refunded, response_code, message, "authorization", card_snapshot, transaction_date, settlement_date,
        rrn, standalone, metadata, card_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     on conflict (merchant_id, environment, reference) where state <> 'failed' do nothing returning id`,
    [
      row.id,
      ctx.merchantId,
      ctx.environment,
      row.reference,
      row.purchaseId,
      row.state,
      row.amount,
      row.currency,
      row.successful,
      row.refunded,
      row.responseCode,
      row.message,
      row.authorization,
      JSON.stringify(row.cardSnapshot),
      row.transactionDate,
      row.settlementDate,
      row.rrn,
      row.standalone,
      JSON.stringify(row.metadata),
      cardId,
    ],
  );
  if (inserted.length === 0) throw new ReferenceTakenError();
}
