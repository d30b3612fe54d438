import type { AcquirerAnswer } from '../gateway/acquirer/acquirer.ts';
import type { PurchaseRecord, RefundRecord } from '../gateway-client/schemas.ts';
import { scrubCardNumbers } from '../platform/pan-scrub.ts';

// The upstream's records as the acquirer's answers (the gateway's port, src/gateway/acquirer/acquirer.ts).

export type Answered = Extract<AcquirerAnswer, { kind: 'answered' }>;

/** A refund record as an answer; a purchase record answers these fields and more. */
export function fromRefund(record: Pick<RefundRecord, 'successful' | 'response_code' | 'message' | 'authorization' | 'id'>): Answered {
  return {
    kind: 'answered',
    successful: record.successful,
    responseCode: record.response_code,
    message: record.message,
    authorization: record.authorization,
    upstreamId: record.id,
    adviceCode: null,
    adviceRetryAfter: null,
  };
}

export function fromPurchase(record: PurchaseRecord): Answered {
  return {
    ...fromRefund(record),
    rrn: record.rrn ?? null,
    ...(record.captured !== undefined ? { captured: record.captured } : {}),
    adviceCode: record.merchant_advice_code ?? null,
    adviceRetryAfter: record.merchant_advice_retry_after ? new Date(record.merchant_advice_retry_after) : null,
  };
}

export function rejected(errors: string[]): Answered {
  return {
    kind: 'answered',
    successful: false,
    responseCode: '99',
    message: scrubCardNumbers(errors.join('; ')) || 'Rejected by the upstream gateway',
    authorization: null,
    upstreamId: null,
    adviceCode: null,
    adviceRetryAfter: null,
  };
}
