import { chargeExtra, purchaseOutcome, refundOutcome } from './purchase-outcome.ts';
import type {
  BillingGateway,
  CardSummary,
  ChargeOutcome,
  ChargeRequest,
  MerchantRef,
  RefundOutcome,
  RefundRequest,
} from '../billing/ports/gateway-port.ts';
import type { GatewayCore } from '../gateway/gateway-core.ts';
import { REFERENCE_TAKEN } from '../gateway/reference-taken.ts';
import { isAppError } from '../platform/errors.ts';

/** The upstream refused us or was never reached: an infrastructure fault, never a payment failure. */
export class UpstreamFaultError extends Error {
  readonly fault: string;
  constructor(fault: string, reason: string) {
    super(`upstream gateway fault (${fault}): ${reason}`);
    this.name = 'UpstreamFaultError';
    this.fault = fault;
  }
}

/**
 * Billing's default gateway: the gateway core in the same process, called as a trusted caller.
 * A purchase is a recurring card-on-file charge (ecm 32, stored credential "S"). The sandbox's
 * transport-fault hooks surface here as an `unknown` outcome, the same as a timeout would.
 */
export class EmbeddedBillingGateway implements BillingGateway {
  readonly #core: GatewayCore;
  constructor(core: GatewayCore) {
    this.#core = core;
  }

  async purchase(merchant: MerchantRef, request: ChargeRequest): Promise<ChargeOutcome> {
    const ctx = await this.#core.merchantContext(merchant.merchantId, merchant.environment);
    let result;
    try {
      result = await this.#core.purchase(ctx, {
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        card_token: request.cardToken,
        extra: chargeExtra(request),
      });
    } catch (err) {
      if (isAppError(err) && err.status < 500) return { kind: 'rejected', message: err.messages.join('; ') };
      throw err;
    }
    switch (result.kind) {
      case 'processed':
        if (result.fault) return { kind: 'unknown', reason: `sandbox fault: ${result.fault.kind}` };
        return purchaseOutcome(result.view);
      case 'unknown':
        return { kind: 'unknown', reason: 'the upstream gateway did not answer' };
      case 'fault':
        // Ours, not the card's: the job fails and is retried in seconds; dunning and the caps are untouched.
        throw new UpstreamFaultError(result.fault, result.reason);
      case 'rejected':
        if (result.code === REFERENCE_TAKEN) {
          // Sent before: adopt what the gateway recorded under this reference.
          const found = await this.findPurchase(merchant, request.reference);
          return found ?? { kind: 'unknown', reason: 'reference taken but not found' };
        }
        return { kind: 'rejected', message: result.errors.join('; ') };
      default: {
        const unreachable: never = result;
        throw new Error(`unhandled purchase result ${String(unreachable)}`);
      }
    }
  }

  async findPurchase(merchant: MerchantRef, reference: string): Promise<ChargeOutcome | null> {
    const ctx = await this.#core.merchantContext(merchant.merchantId, merchant.environment);
    try {
      const view = await this.#core.findPurchase(ctx, reference);
      // Failed: the upstream never recorded it, and the reference is free to be sent again.
      if (view.failed) return null;
      return purchaseOutcome(view);
    } catch (err) {
      if (isAppError(err) && err.status === 404) return null;
      throw err;
    }
  }

  async refund(merchant: MerchantRef, request: RefundRequest): Promise<RefundOutcome> {
    const ctx = await this.#core.merchantContext(merchant.merchantId, merchant.environment);
    let result;
    try {
      result = await this.#core.refund(ctx, { transaction_id: request.purchaseId, amount: request.amount, reference: request.reference });
    } catch (err) {
      if (isAppError(err) && err.status < 500) return { kind: 'rejected', message: err.messages.join('; ') };
      throw err;
    }
    switch (result.kind) {
      case 'processed':
        return refundOutcome(result.view);
      case 'unknown':
        return { kind: 'unknown', reason: 'the upstream gateway did not answer' };
      case 'fault':
        // Nothing was refunded and the reference is free: the caller retries it as an infrastructure fault.
        throw new UpstreamFaultError(result.fault, result.reason);
      case 'rejected':
        if (result.code === REFERENCE_TAKEN) {
          // Sent before: adopt what the gateway recorded under this reference.
          const found = await this.#core.findRefund(ctx, request.reference).catch(() => null);
          return found ? refundOutcome(found) : { kind: 'unknown', reason: 'reference taken but not found' };
        }
        return { kind: 'rejected', message: result.errors.join('; ') };
      default: {
        const unreachable: never = result;
        throw new Error(`unhandled refund result ${String(unreachable)}`);
      }
    }
  }

  async findCard(merchant: MerchantRef, tokenOrAlias: string): Promise<CardSummary | null> {
    const ctx = await this.#core.merchantContext(merchant.merchantId, merchant.environment);
    try {
      const card = await this.#core.card(ctx, tokenOrAlias);
      return { token: card.token, alias: card.alias, expiry: card.card_expiry, fingerprint: card.fingerprint };
    } catch (err) {
      if (isAppError(err) && err.status === 404) return null;
      throw err;
    }
  }
}
