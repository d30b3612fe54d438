/**
 * The gateway's port to whoever authorises production transactions: an upstream gateway of the
 * same API (see src/composition/upstream-acquirer.ts). The sandbox needs none: it simulates.
 */
export interface AcquirerPurchase {
  reference: string;
  amount: number;
  currency: string;
  cardHolder: string;
  cardNumber: string;
  cardExpiry: string;
  cvv?: string;
  customerIp?: string;
  extra?: Record<string, unknown>;
}

export interface AcquirerRefund {
  reference: string;
  /** The upstream's transaction id of the purchase being refunded. */
  upstreamTransactionId: string;
  amount: number;
}

export type AcquirerAnswer =
  | {
      kind: 'answered';
      successful: boolean;
      responseCode: string;
      message: string | null;
      authorization: string | null;
      upstreamId: string | null;
      adviceCode: string | null;
      adviceRetryAfter: Date | null;
    }
  /** No answer (timeout, broken connection) and no record found by reference: the outcome is not known. */
  | { kind: 'unknown'; reason: string };

export interface Acquirer {
  purchase(request: AcquirerPurchase): Promise<AcquirerAnswer>;
  refund(request: AcquirerRefund): Promise<AcquirerAnswer>;
}
