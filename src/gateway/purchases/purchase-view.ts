import { decimalAmount } from '../money.ts';
import { scrubCardNumbers } from '../../platform/pan-scrub.ts';
import type { CardSnapshot } from './purchase.entity.ts';
import type { PurchaseEcho } from './purchase-input.ts';

/** A purchase row as read with raw SQL (int8 and timestamptz arrive as strings). */
export interface PurchaseRow {
  id: string;
  reference: string;
  state: string;
  amount: number | string;
  currency: string;
  successful: boolean;
  responseCode: string;
  message: string | null;
  authorization: string | null;
  rrn: string | null;
  cvvMatch: string;
  captured: boolean;
  capturedAmount: number | string;
  refundedAmount: number | string;
  voided: boolean;
  authorizationTrackingId: string;
  merchantAdviceCode: string | null;
  merchantAdviceRetryAfter: Date | string | null;
  customerIp: string | null;
  metadata: Record<string, string>;
  extra: Record<string, unknown>;
  cardSnapshot: CardSnapshot;
  transactionDate: Date | string;
  settlementDate: string;
}

export const PURCHASE_COLUMNS = `id, reference, state, amount, currency, successful, response_code as "responseCode",
  message, "authorization", rrn, cvv_match as "cvvMatch", captured, captured_amount as "capturedAmount",
  refunded_amount as "refundedAmount", voided, authorization_tracking_id as "authorizationTrackingId", merchant_advice_code as "merchantAdviceCode",
  merchant_advice_retry_after as "merchantAdviceRetryAfter", customer_ip as "customerIp", metadata, extra,
  card_snapshot as "cardSnapshot", transaction_date as "transactionDate", settlement_date as "settlementDate",
  upstream_id as "upstreamId", card_id as "cardId"`;

export interface PurchaseView {
  id: string | null;
  transaction_id: string | null;
  authorization: string | null;
  card_number: string | null;
  card_holder: string | null;
  card_expiry: string | null;
  card_token: string | null;
  card_type: string | null;
  card_category: string | null;
  card_subcategory: string | null;
  amount: number | null;
  decimal_amount: number | null;
  successful: boolean;
  message: string | null;
  reference: string | null;
  currency: string | null;
  response_code: string;
  transaction_date: string | null;
  settlement_date: string | null;
  captured: boolean;
  captured_amount: number;
  refunded_amount: number;
  rrn: string | null;
  cvv_match: string;
  /** The request's metadata with `authorization_tracking_id` and `original_transaction_reference` added. */
  metadata: Record<string, string>;
  addendum_data: Record<string, never>;
  voided: boolean;
  customer_ip?: string | null;
  extra?: Record<string, unknown>;
  merchant_advice_code?: string;
  merchant_advice_retry_after?: string;
  pending?: boolean;
  /** Production only: never recorded by the upstream gateway; nothing was charged and the reference is free again. */
  failed?: boolean;
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** What the real gateway answers in a purchase's metadata: the sent keys plus the stored-credential chain's id. */
function recordMetadata(metadata: Record<string, string>, trackingId: string): Record<string, string> {
  return { original_transaction_reference: '', ...metadata, authorization_tracking_id: trackingId };
}

export function toPurchaseView(row: PurchaseRow): PurchaseView {
  const amount = Number(row.amount);
  const view: PurchaseView = {
    id: row.id,
    transaction_id: row.id,
    authorization: row.authorization,
    card_number: row.cardSnapshot.card_number,
    card_holder: row.cardSnapshot.card_holder,
    card_expiry: row.cardSnapshot.card_expiry,
    card_token: row.cardSnapshot.card_token,
    card_type: row.cardSnapshot.card_type,
    card_category: row.cardSnapshot.card_category ?? '',
    card_subcategory: row.cardSnapshot.card_subcategory ?? '',
    amount,
    decimal_amount: decimalAmount(amount, row.currency),
    successful: row.successful,
    message: row.message,
    reference: row.reference,
    currency: row.currency,
    response_code: row.responseCode,
    transaction_date: iso(row.transactionDate),
    // An approved authorization not captured yet is in no settlement: null, as the real gateway's.
    settlement_date: row.successful && !row.captured ? null : row.settlementDate,
    captured: row.captured,
    captured_amount: Number(row.capturedAmount),
    refunded_amount: Number(row.refundedAmount),
    rrn: row.rrn,
    cvv_match: row.cvvMatch,
    metadata: recordMetadata(row.metadata, row.authorizationTrackingId),
    addendum_data: {},
    voided: row.voided,
    customer_ip: row.customerIp,
    extra: row.extra,
  };
  if (row.merchantAdviceCode) view.merchant_advice_code = row.merchantAdviceCode;
  if (row.merchantAdviceRetryAfter) view.merchant_advice_retry_after = iso(row.merchantAdviceRetryAfter);
  if (row.state === 'pending') view.pending = true;
  if (row.state === 'failed') view.failed = true;
  return view;
}

const scrub = (text: string | null) => (text === null ? null : scrubCardNumbers(text));

/**
 * The would-be record of a rejected purchase: `successful: false`, code 99, no message or
 * authorization. What it echoes of the request is scrubbed: a card number sent in the wrong
 * field never comes back. As the real gateway's, it carries an id (`id`: never stored, nothing
 * can be found under it) and the fields of a valid card (`echo.card`).
 */
export function rejectedPurchaseView(echo: PurchaseEcho, id: string | null = null): PurchaseView {
  const card = echo.card;
  return {
    id,
    transaction_id: id,
    authorization: null,
    card_number: card?.number ?? echo.cardNumber,
    card_holder: card ? card.holder : scrub(echo.cardHolder),
    card_expiry: card?.expiry ?? null,
    card_token: card?.token ?? scrub(echo.cardToken),
    card_type: card?.type ?? null,
    card_category: card?.category ?? null,
    card_subcategory: card?.subcategory ?? null,
    amount: echo.amount,
    decimal_amount: echo.amount !== null && echo.currency !== null ? decimalAmount(echo.amount, echo.currency) : null,
    successful: false,
    message: null,
    reference: scrub(echo.reference),
    currency: echo.currency ?? (echo.sentCurrency === null ? 'XXX' : scrubCardNumbers(echo.sentCurrency)),
    response_code: '99',
    transaction_date: null,
    settlement_date: null,
    captured: false,
    captured_amount: 0,
    refunded_amount: 0,
    rrn: null,
    cvv_match: 'U',
    metadata: recordMetadata(Object.fromEntries(Object.entries(echo.metadata).map(([k, v]) => [k, scrubCardNumbers(v)])), ''),
    addendum_data: {},
    voided: false,
  };
}
