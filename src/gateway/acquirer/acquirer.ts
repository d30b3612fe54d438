/**
 * The gateway's port to whoever authorises production transactions: an upstream gateway of the
 * same API (see src/composition/upstream-acquirer.ts). The sandbox needs none: it simulates.
 */
/** A transaction that carries the card itself: Recur's id as the reference, the opened PAN. */
export interface AcquirerCardRequest {
  reference: string;
  amount: number;
  currency: string;
  cardHolder: string;
  cardNumber: string;
  cardExpiry: string;
}

export interface AcquirerPurchase extends AcquirerCardRequest {
  cvv?: string;
  customerIp?: string;
  extra?: Record<string, unknown>;
  /** false: an authorization only, captured later with `capture`. */
  capture?: boolean;
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
      /** The retrieval reference number the upstream assigned, where it gives one. */
      rrn?: string | null;
      /** Whether the upstream captured it (false for an authorization); absent when it did not say. */
      captured?: boolean;
      upstreamId: string | null;
      adviceCode: string | null;
      adviceRetryAfter: Date | null;
    }
  /** No answer (timeout, broken connection) and no record found by reference: the outcome is not known. */
  | { kind: 'unknown'; reason: string }
  /** A fault of ours, not an outcome: the upstream refused us or was never reached, and processed nothing. */
  | { kind: 'fault'; fault: UpstreamFault; reason: string };

/**
 * Why the upstream processed nothing: our login refused (401/403), our rate refused (429), no
 * connection made (refused, TLS handshake refused), or an answer that is not this API's.
 */
export type UpstreamFault = 'refused' | 'rate_limited' | 'not_connected' | 'bad_answer';

/** The upstream's record of a reference Recur sent, for resolving a pending transaction. */
export type AcquirerLookup =
  { kind: 'found'; answer: Extract<AcquirerAnswer, { kind: 'answered' }> } | { kind: 'absent' } | { kind: 'unreachable'; reason: string };

/** The answer to a capture or a void: done, refused (with the upstream's errors), or not known. */
export type AcquirerFollowUpAnswer =
  | { kind: 'answered'; successful: boolean; errors: string[] }
  /** No answer, and a lookup did not show it done: the caller records nothing and may send it again. */
  | { kind: 'unknown'; reason: string };

export interface AcquirerCapture {
  /** The upstream's id of the authorization. */
  upstreamId: string;
  amount: number;
}

export interface AcquirerVoid {
  target: 'purchase' | 'refund';
  upstreamId: string;
}

/** A refund credited to a card with no original purchase. */
export type AcquirerUnmatchedRefund = AcquirerCardRequest;

export interface Acquirer {
  purchase(request: AcquirerPurchase): Promise<AcquirerAnswer>;
  refund(request: AcquirerRefund): Promise<AcquirerAnswer>;
  /** Looks up the purchase sent upstream under this reference (Recur's purchase id). */
  findPurchase(reference: string): Promise<AcquirerLookup>;
  /** Looks up the refund sent upstream under this reference (Recur's refund id). */
  findRefund(reference: string): Promise<AcquirerLookup>;
  capture(request: AcquirerCapture): Promise<AcquirerFollowUpAnswer>;
  void(request: AcquirerVoid): Promise<AcquirerFollowUpAnswer>;
  unmatchedRefund(request: AcquirerUnmatchedRefund): Promise<AcquirerAnswer>;
}
