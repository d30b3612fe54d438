import type { ChargeOutcome } from '../billing/ports/gateway-port.ts';

/** The fields of a purchase record that billing reads; the gateway core's view and the client's record both have them. */
export interface PurchaseFields {
  id: string | null;
  successful: boolean;
  response_code: string;
  message: string | null;
  card_token: string | null;
  merchant_advice_code?: string;
  merchant_advice_retry_after?: string;
  pending?: boolean;
}

/** A recorded purchase as a charge outcome; a purchase still pending at the gateway is `unknown`. */
export function purchaseOutcome(record: PurchaseFields): ChargeOutcome {
  if (record.pending) return { kind: 'unknown', reason: 'purchase pending at the gateway' };
  const cardToken = record.card_token ?? undefined;
  if (record.successful) {
    return {
      kind: 'approved',
      purchaseId: record.id!,
      responseCode: record.response_code,
      message: record.message ?? 'Approved',
      cardToken,
    };
  }
  return {
    kind: 'declined',
    purchaseId: record.id!,
    cardToken,
    responseCode: record.response_code,
    message: record.message ?? 'Declined',
    adviceCode: record.merchant_advice_code ?? null,
    adviceRetryAfter: record.merchant_advice_retry_after ? new Date(record.merchant_advice_retry_after) : null,
  };
}
