import type { ChargeOutcome, ChargeRequest, RefundOutcome } from '../billing/ports/gateway-port.ts';

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
  metadata?: Record<string, string>;
}

/** The stored-credential chain id in a purchase record's metadata; a remote record is not trusted to have one. */
function trackingIdOf(metadata: unknown): string | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const id = (metadata as Record<string, unknown>).authorization_tracking_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
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
      authorizationTrackingId: trackingIdOf(record.metadata),
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

/** A recorded refund (the gateway core's view or the client's record) as a refund outcome. */
export function refundOutcome(record: { id: string | null; successful: boolean; message: string | null }): RefundOutcome {
  if (record.successful) return { kind: 'approved', refundId: record.id! };
  return { kind: 'declined', refundId: record.id, message: record.message ?? 'Declined' };
}

/** A billing charge is a recurring card-on-file purchase: ecm 32, stored credential "S", the card's chain id once it has one. */
export function chargeExtra(request: ChargeRequest): Record<string, unknown> {
  return {
    ecm: '32',
    stored_credential_indicator: 'S',
    ...(request.authorizationTrackingId ? { authorization_tracking_id: request.authorizationTrackingId } : {}),
  };
}
