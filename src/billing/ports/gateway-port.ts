/**
 * Billing's port to a payment gateway (DESIGN.md): billing never reaches into gateway internals.
 * Two adapters implement it in the composition root: embedded (the in-process gateway core,
 * the default) and remote (the undici gateway client against a gateway URL).
 */
export interface MerchantRef {
  merchantId: string;
  environment: 'sandbox' | 'production';
}

export interface ChargeRequest {
  /** Derived from invoice and attempt number: a re-send with it is recognised by the gateway. */
  reference: string;
  amount: number;
  currency: string;
  /** A token or an alias. */
  cardToken: string;
  /** The card's stored-credential chain id, from its first approved charge; absent on that first one. */
  authorizationTrackingId?: string;
}

/** Money movements return a closed union that includes `unknown` (CONVENTIONS.md habit 4). */
export type ChargeOutcome =
  | {
      kind: 'approved';
      purchaseId: string;
      responseCode: string;
      message: string;
      cardToken?: string;
      /** The stored-credential chain id the gateway answered (empty or absent when it gave none). */
      authorizationTrackingId?: string;
    }
  | {
      kind: 'declined';
      purchaseId: string;
      /** The card the gateway charged: an alias resolved to its token. */
      cardToken?: string;
      responseCode: string;
      message: string;
      adviceCode: string | null;
      adviceRetryAfter: Date | null;
    }
  /** The gateway refused the request (no such card, currency not permitted…): nothing was charged. */
  | { kind: 'rejected'; message: string }
  /** The request may or may not have been processed: look it up by reference before any re-send. */
  | { kind: 'unknown'; reason: string };

export interface RefundRequest {
  /** The approved purchase's id at the gateway. */
  purchaseId: string;
  amount: number;
  /** Derived from the invoice and the refund's number: a re-send with it is recognised. */
  reference: string;
}

/** A refund's outcome: a closed union with `unknown`, as a charge's. */
export type RefundOutcome =
  | { kind: 'approved'; refundId: string }
  | { kind: 'declined'; refundId: string | null; message: string }
  | { kind: 'rejected'; message: string }
  | { kind: 'unknown'; reason: string };

export interface CardSummary {
  token: string;
  alias: string | null;
  /** `YYYY-MM-DD`, the last day of the expiry month. */
  expiry: string;
  /**
   * The card's fingerprint: the same for every token of one card (each tokenization issues a new
   * token), never the number. Absent where the gateway exposes none.
   */
  fingerprint?: string;
}

/**
 * What billing counts a card by (network caps, the card's retry rhythm, its attempts in flight):
 * its fingerprint, so that every token and alias of one card count together; the token where the
 * gateway exposes no fingerprint (then two tokens of one card count apart).
 */
export function cardKey(card: Pick<CardSummary, 'token' | 'fingerprint'>): string {
  return card.fingerprint ?? card.token;
}

/** A card a customer typed into a hosted page: held in memory for the one tokenize call, never stored or logged. */
export interface NewCard {
  holder: string;
  number: string;
  /** `MM/YY` or `MM/YYYY`, as typed. */
  expiry: string;
  cvv: string;
}

/** The vault's answer to a new card: stored (the number masked), or refused with the gateway's messages. */
export type TokenizeOutcome = { kind: 'stored'; card: CardSummary & { masked: string } } | { kind: 'invalid'; messages: string[] };

export interface BillingGateway {
  purchase(merchant: MerchantRef, request: ChargeRequest): Promise<ChargeOutcome>;
  /** The purchase recorded under this reference, or null when the gateway has none. Throws when the gateway cannot be asked. */
  findPurchase(merchant: MerchantRef, reference: string): Promise<ChargeOutcome | null>;
  /** Refunds all or part of an approved purchase. */
  refund(merchant: MerchantRef, request: RefundRequest): Promise<RefundOutcome>;
  /** The card a token or alias names for this merchant, or null. */
  findCard(merchant: MerchantRef, tokenOrAlias: string): Promise<CardSummary | null>;
  /**
   * The tokens and aliases of this merchant's cards whose number ends in `last4`, for search; null
   * when the gateway cannot search its vault by them (a remote gateway of this API).
   */
  cardKeysByLastFour(merchant: MerchantRef, last4: string): Promise<string[] | null>;
  /** Stores a new card in the gateway's vault (the CVV checked and dropped there). */
  tokenize(merchant: MerchantRef, card: NewCard): Promise<TokenizeOutcome>;
}
