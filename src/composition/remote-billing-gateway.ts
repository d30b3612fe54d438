import { chargeExtra, purchaseOutcome, refundOutcome } from './purchase-outcome.ts';
import type {
  BillingGateway,
  CardSummary,
  ChargeOutcome,
  ChargeRequest,
  MerchantRef,
  NewCard,
  TokenizeOutcome,
  RefundOutcome,
  RefundRequest,
} from '../billing/ports/gateway-port.ts';
import { classifyCallFailure } from '../gateway-client/call-failure.ts';
import type { GatewayClient } from '../gateway-client/gateway-client.ts';
import { InvalidRequestError, NotFoundError } from '../gateway-client/errors.ts';
import { isReferenceTaken } from '../gateway-client/reference-taken.ts';

/**
 * A failed call as billing's outcome (`classifyCallFailure` reads the error). Processed maybe:
 * `unknown`, looked up by reference before any re-send. The gateway answered and refused the
 * request itself: `rejected`. Nothing processed for a reason of ours (no connection made, our
 * credentials or rate refused, that gateway's upstream unreachable): an infrastructure fault,
 * thrown, so the job fails and is retried in seconds; the invoice stays owed, no payment failure.
 */
function failedCall(err: unknown): { kind: 'unknown'; reason: string } | { kind: 'rejected'; message: string } {
  const failure = classifyCallFailure(err);
  if (failure?.kind === 'unknown') return { kind: 'unknown', reason: failure.error.message };
  if (failure?.kind === 'rejected') return { kind: 'rejected', message: failure.error.message };
  throw err;
}

/**
 * Billing against a gateway in another process or company, through the undici gateway client,
 * with one set of credentials for the merchant it bills. A timeout or dropped connection after
 * the request left is `unknown`; the charge processor looks the reference up before any re-send.
 */
export class RemoteBillingGateway implements BillingGateway {
  readonly #client: GatewayClient;
  constructor(client: GatewayClient) {
    this.#client = client;
  }

  async purchase(_merchant: MerchantRef, request: ChargeRequest): Promise<ChargeOutcome> {
    try {
      const answer = await this.#client.purchase({
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        card_token: request.cardToken,
        extra: chargeExtra(request),
      });
      if (answer.successful && answer.record) return purchaseOutcome(answer.record);
      if (isReferenceTaken(answer)) {
        // Sent before: adopt what the gateway recorded under this reference.
        const found = await this.#client.findPurchase(request.reference);
        return found ? purchaseOutcome(found) : { kind: 'unknown', reason: 'reference taken but not found' };
      }
      return { kind: 'rejected', message: answer.errors.join('; ') || 'rejected by the gateway' };
    } catch (err) {
      return failedCall(err);
    }
  }

  async findPurchase(_merchant: MerchantRef, reference: string): Promise<ChargeOutcome | null> {
    const record = await this.#client.findPurchase(reference);
    // Failed: that gateway's upstream never recorded it, and the reference may be sent again.
    return record && !record.failed ? purchaseOutcome(record) : null;
  }

  async refund(_merchant: MerchantRef, request: RefundRequest): Promise<RefundOutcome> {
    try {
      const answer = await this.#client.refund({
        transaction_id: request.purchaseId,
        amount: request.amount,
        reference: request.reference,
      });
      if (isReferenceTaken(answer)) {
        // Sent before: adopt what the gateway recorded under this reference.
        const found = await this.#client.findRefund(request.reference);
        return found ? refundOutcome(found) : { kind: 'unknown', reason: 'reference taken but not found' };
      }
      if (!answer.successful && (!answer.record || answer.record.id === null)) {
        return { kind: 'rejected', message: answer.errors.join('; ') || 'rejected by the gateway' };
      }
      return refundOutcome(answer.record!);
    } catch (err) {
      return failedCall(err);
    }
  }

  /** The gateway's API lists cards but cannot search them by their digits: billing searches without them. */
  async cardKeysByLastFour(): Promise<null> {
    return null;
  }

  async findCard(_merchant: MerchantRef, tokenOrAlias: string): Promise<CardSummary | null> {
    try {
      const card = await this.#client.card(tokenOrAlias);
      // A gateway of this API other than Recur shows no fingerprint: billing then counts the card by its token.
      return {
        token: card.token,
        alias: card.alias,
        expiry: card.card_expiry,
        ...(card.fingerprint ? { fingerprint: card.fingerprint } : {}),
      };
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  async tokenize(_merchant: MerchantRef, card: NewCard): Promise<TokenizeOutcome> {
    try {
      const record = await this.#client.tokenize({
        card_holder: card.holder,
        card_number: card.number,
        card_expiry: card.expiry,
        cvv: card.cvv,
      });
      const summary = {
        token: record.token,
        alias: record.alias,
        expiry: record.card_expiry,
        ...(record.fingerprint ? { fingerprint: record.fingerprint } : {}),
      };
      return { kind: 'stored', card: { ...summary, masked: record.card_number } };
    } catch (err) {
      if (err instanceof InvalidRequestError) return { kind: 'invalid', messages: err.errors.length ? err.errors : [err.message] };
      throw err;
    }
  }
}
