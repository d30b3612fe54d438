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
import type { GatewayCore } from '../gateway/gateway-core.ts';
import type { PurchaseResult } from '../gateway/purchases/purchase-deps.ts';
import type { RefundResult } from '../gateway/refunds/refund-result.ts';
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

/** A request the gateway core refused outright (a 4xx: no such card, bad input): rejected, nothing charged. Anything else is thrown. */
function refusedByCore(err: unknown): { kind: 'rejected'; message: string } {
  if (isAppError(err) && err.status < 500) return { kind: 'rejected', message: err.messages.join('; ') };
  throw err;
}

/**
 * A purchase's or refund's answer other than processed. No upstream answer: `unknown`. A fault of
 * ours, not the card's: thrown, so the job fails and is retried in seconds (dunning and the caps
 * untouched; the reference is free). Rejected: `rejected`, unless its reference was taken: it was
 * sent before, so `adopt` reads what the gateway recorded under it.
 */
async function notProcessed<O>(
  result: Exclude<PurchaseResult | RefundResult, { kind: 'processed' }>,
  adopt: () => Promise<O | null>,
): Promise<O | { kind: 'unknown'; reason: string } | { kind: 'rejected'; message: string }> {
  switch (result.kind) {
    case 'unknown':
      return { kind: 'unknown', reason: 'the upstream gateway did not answer' };
    case 'fault':
      throw new UpstreamFaultError(result.fault, result.reason);
    case 'rejected':
      if (result.code !== REFERENCE_TAKEN) return { kind: 'rejected', message: result.errors.join('; ') };
      return (await adopt()) ?? { kind: 'unknown', reason: 'reference taken but not found' };
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
    let result: PurchaseResult;
    try {
      result = await this.#core.purchase(ctx, {
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        card_token: request.cardToken,
        extra: chargeExtra(request),
      });
    } catch (err) {
      return refusedByCore(err);
    }
    if (result.kind !== 'processed') return notProcessed(result, () => this.findPurchase(merchant, request.reference));
    if (result.fault) return { kind: 'unknown', reason: `sandbox fault: ${result.fault.kind}` };
    return purchaseOutcome(result.view);
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
    let result: RefundResult;
    try {
      result = await this.#core.refund(ctx, { transaction_id: request.purchaseId, amount: request.amount, reference: request.reference });
    } catch (err) {
      return refusedByCore(err);
    }
    if (result.kind === 'processed') return refundOutcome(result.view);
    return notProcessed(result, async () => {
      const found = await this.#core.findRefund(ctx, request.reference).catch(() => null);
      return found ? refundOutcome(found) : null;
    });
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

  async cardKeysByLastFour(merchant: MerchantRef, last4: string): Promise<string[]> {
    return this.#core.cardKeysByLastFour(await this.#core.merchantContext(merchant.merchantId, merchant.environment), last4);
  }

  async tokenize(merchant: MerchantRef, card: NewCard): Promise<TokenizeOutcome> {
    const ctx = await this.#core.merchantContext(merchant.merchantId, merchant.environment);
    try {
      const view = await this.#core.tokenize(ctx, {
        card_holder: card.holder,
        card_number: card.number,
        card_expiry: card.expiry,
        cvv: card.cvv,
      });
      const summary = { token: view.token, alias: view.alias, expiry: view.card_expiry, fingerprint: view.fingerprint };
      return { kind: 'stored', card: { ...summary, masked: view.card_number } };
    } catch (err) {
      if (isAppError(err) && err.status < 500) return { kind: 'invalid', messages: err.messages };
      throw err;
    }
  }
}
