import { purchaseOutcome } from './purchase-outcome.ts';
import type {
  BillingGateway,
  CardSummary,
  ChargeOutcome,
  ChargeRequest,
  MerchantRef,
  RefundOutcome,
  RefundRequest,
} from '../billing/ports/gateway-port.ts';
import type { GatewayClient } from '../gateway-client/gateway-client.ts';
import {
  AuthenticationError,
  GatewayClientError,
  NotFoundError,
  NotProcessedError,
  PermissionError,
  RateLimitError,
  ServerError,
  TransportError,
} from '../gateway-client/errors.ts';

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
        extra: {
          ecm: '32',
          stored_credential_indicator: 'S',
          ...(request.authorizationTrackingId ? { authorization_tracking_id: request.authorizationTrackingId } : {}),
        },
      });
      if (answer.successful && answer.record) return purchaseOutcome(answer.record);
      if (answer.errors.includes('Reference is already taken')) {
        const found = await this.#client.findPurchase(request.reference);
        return found ? purchaseOutcome(found) : { kind: 'unknown', reason: 'reference taken but not found' };
      }
      return { kind: 'rejected', message: answer.errors.join('; ') || 'rejected by the gateway' };
    } catch (err) {
      if (err instanceof TransportError || err instanceof ServerError) return { kind: 'unknown', reason: err.message };
      // Our credentials or our rate, not the customer's card: an infrastructure fault. The job
      // fails and is retried; the invoice stays owed and no payment failure is recorded.
      if (err instanceof AuthenticationError || err instanceof PermissionError || err instanceof RateLimitError) throw err;
      // That gateway's own upstream refused it or was never reached: nothing charged, the same fault.
      if (err instanceof NotProcessedError) throw err;
      if (err instanceof GatewayClientError) return { kind: 'rejected', message: err.message };
      throw err;
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
      let record = answer.record;
      if (!answer.successful && answer.errors.includes('Reference is already taken')) {
        record = await this.#client.findRefund(request.reference);
        if (!record) return { kind: 'unknown', reason: 'reference taken but not found' };
      } else if (!answer.successful && (!record || record.id === null)) {
        return { kind: 'rejected', message: answer.errors.join('; ') || 'rejected by the gateway' };
      }
      if (record!.successful) return { kind: 'approved', refundId: record!.id! };
      return { kind: 'declined', refundId: record!.id, message: record!.message ?? 'Declined' };
    } catch (err) {
      if (err instanceof TransportError || err instanceof ServerError) return { kind: 'unknown', reason: err.message };
      if (err instanceof AuthenticationError || err instanceof PermissionError || err instanceof RateLimitError) throw err;
      if (err instanceof GatewayClientError) return { kind: 'rejected', message: err.message };
      throw err;
    }
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
}
