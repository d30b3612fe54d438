import { decimalAmount } from '../money.ts';
import { iso } from '../purchases/purchase-view.ts';
import type { CardSnapshot } from '../purchases/purchase.entity.ts';
import { scrubCardNumbers } from '../../platform/pan-scrub.ts';

/** A refund row as read with raw SQL. */
export interface RefundRow {
  id: string;
  reference: string;
  /** null for an unmatched (standalone) refund. */
  purchaseId: string | null;
  state: string;
  amount: number | string;
  currency: string;
  successful: boolean;
  refunded: string;
  responseCode: string;
  message: string | null;
  authorization: string | null;
  rrn: string | null;
  standalone: boolean;
  voided: boolean;
  metadata: Record<string, string>;
  cardSnapshot: CardSnapshot;
  transactionDate: Date | string;
  settlementDate: string;
}

export const REFUND_COLUMNS = `id, reference, purchase_id as "purchaseId", state, amount, currency, successful, refunded,
  response_code as "responseCode", message, "authorization", rrn, standalone, voided, metadata,
  card_snapshot as "cardSnapshot", transaction_date as "transactionDate", settlement_date as "settlementDate"`;

export interface RefundView {
  id: string | null;
  transaction_id: string | null;
  authorization: string | null;
  amount: number | null;
  decimal_amount: number | null;
  refunded: 'Approved' | 'Declined' | 'Error' | 'Voided' | null;
  message: string | null;
  successful: boolean;
  reference: string | null;
  currency: string | null;
  card_number: string | null;
  card_holder: string | null;
  card_expiry: string | null;
  card_type: string | null;
  card_token: string | null;
  transaction_date: string | null;
  settlement_date: string | null;
  response_code: string;
  original_transaction_id: string | null;
  rrn: string | null;
  /** true for an unmatched refund, credited to a card without an original purchase. */
  standalone: boolean;
  voided: boolean;
  metadata: Record<string, string>;
  pending?: boolean;
  /** Never recorded upstream: nothing refunded, the reference free again. */
  failed?: boolean;
}

export function toRefundView(row: RefundRow): RefundView {
  const amount = Number(row.amount);
  const view: RefundView = {
    id: row.id,
    transaction_id: row.id,
    authorization: row.authorization,
    amount,
    decimal_amount: decimalAmount(amount, row.currency),
    // A voided refund reads "Voided", as the real gateway's.
    refunded: row.voided ? 'Voided' : (row.refunded as RefundView['refunded']),
    message: row.message,
    successful: row.successful,
    reference: row.reference,
    currency: row.currency,
    card_number: row.cardSnapshot.card_number,
    card_holder: row.cardSnapshot.card_holder,
    card_expiry: row.cardSnapshot.card_expiry,
    card_type: row.cardSnapshot.card_type,
    card_token: row.cardSnapshot.card_token,
    transaction_date: iso(row.transactionDate),
    settlement_date: row.settlementDate,
    response_code: row.responseCode,
    original_transaction_id: row.purchaseId,
    rrn: row.rrn,
    standalone: row.standalone,
    voided: row.voided,
    metadata: row.metadata,
  };
  if (row.state === 'pending') view.pending = true;
  if (row.state === 'failed') view.failed = true;
  return view;
}

export function rejectedRefundView(
  amount: number | null,
  reference: string | null,
  transactionId: string | null,
  metadata: Record<string, string> = {},
): RefundView {
  return {
    id: null,
    transaction_id: null,
    authorization: null,
    amount,
    decimal_amount: null,
    refunded: null,
    message: null,
    successful: false,
    reference: reference && scrubCardNumbers(reference),
    currency: null,
    card_number: null,
    card_holder: null,
    card_expiry: null,
    card_type: null,
    card_token: null,
    transaction_date: null,
    settlement_date: null,
    response_code: '99',
    original_transaction_id: transactionId && scrubCardNumbers(transactionId),
    rrn: null,
    standalone: false,
    voided: false,
    metadata: Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, scrubCardNumbers(v)])),
  };
}
