import type {
  Acquirer,
  AcquirerAnswer,
  AcquirerCapture,
  AcquirerFollowUpAnswer,
  AcquirerPurchase,
  AcquirerRefund,
  AcquirerUnmatchedRefund,
  AcquirerVoid,
} from '../gateway/acquirer/acquirer.ts';
import { GatewayClient } from '../gateway-client/gateway-client.ts';
import { GatewayClientError, ServerError, TransportError } from '../gateway-client/errors.ts';
import type { PurchaseRecord, RefundRecord } from '../gateway-client/schemas.ts';

function fromPurchase(record: PurchaseRecord): AcquirerAnswer {
  return {
    kind: 'answered',
    successful: record.successful,
    responseCode: record.response_code,
    message: record.message,
    authorization: record.authorization,
    upstreamId: record.id,
    adviceCode: record.merchant_advice_code ?? null,
    adviceRetryAfter: record.merchant_advice_retry_after ? new Date(record.merchant_advice_retry_after) : null,
  };
}

function fromRefund(record: RefundRecord): AcquirerAnswer {
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

function rejected(errors: string[]): AcquirerAnswer {
  return {
    kind: 'answered',
    successful: false,
    responseCode: '99',
    message: errors.join('; ') || 'Rejected by the upstream gateway',
    authorization: null,
    upstreamId: null,
    adviceCode: null,
    adviceRetryAfter: null,
  };
}

/** An answer that may or may not have been acted on: a transport failure or a server error. */
function ambiguous(err: unknown): err is GatewayClientError {
  return err instanceof TransportError || err instanceof ServerError;
}

/**
 * Production's acquirer: an upstream gateway of the same API. The reference sent is Recur's
 * purchase id, unique across merchants. After a transport failure or a server error the purchase
 * is looked up by reference; if the upstream has no record it is sent once more with the same
 * reference (a late first arrival then makes the second a "Reference is already taken"
 * rejection, and the lookup after it finds the first). No answer, or still nothing: `unknown`,
 * and the purchase stays pending for a lookup later.
 */
export class UpstreamAcquirer implements Acquirer {
  readonly #client: GatewayClient;
  constructor(client: GatewayClient) {
    this.#client = client;
  }

  async purchase(request: AcquirerPurchase): Promise<AcquirerAnswer> {
    const body = {
      amount: request.amount,
      currency: request.currency,
      reference: request.reference,
      card_holder: request.cardHolder,
      card_number: request.cardNumber,
      card_expiry: request.cardExpiry,
      ...(request.cvv ? { cvv: request.cvv } : {}),
      ...(request.customerIp ? { customer_ip: request.customerIp } : {}),
      ...(request.extra && Object.keys(request.extra).length ? { extra: request.extra } : {}),
      ...(request.capture === false ? { capture: false } : {}),
    };
    let lastFailure = 'no answer';
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const answer = await this.#client.purchase(body);
        if (answer.successful && answer.record) return fromPurchase(answer.record);
        if (answer.errors.includes('Reference is already taken')) {
          // An earlier send arrived after all: adopt what it recorded.
          const found = await this.#lookup(() => this.#client.findPurchase(request.reference));
          if (found.kind === 'found') return fromPurchase(found.record);
          return { kind: 'unknown', reason: 'reference taken upstream but not found' };
        }
        return rejected(answer.errors);
      } catch (err) {
        if (!ambiguous(err)) {
          // 401, 403, 404, 422: the upstream refused the request; nothing was charged.
          if (err instanceof GatewayClientError) return rejected([`Upstream gateway refused the request: ${err.message}`]);
          throw err;
        }
        lastFailure = err.message;
      }
      const found = await this.#lookup(() => this.#client.findPurchase(request.reference));
      if (found.kind === 'found') return fromPurchase(found.record);
      if (found.kind === 'unreachable') return { kind: 'unknown', reason: lastFailure };
      // Not found: send once more with the same reference (a late first arrival makes it a rejection).
    }
    return { kind: 'unknown', reason: lastFailure };
  }

  async refund(request: AcquirerRefund): Promise<AcquirerAnswer> {
    try {
      const answer = await this.#client.refund({
        transaction_id: request.upstreamTransactionId,
        amount: request.amount,
        reference: request.reference,
      });
      if (answer.successful && answer.record) return fromRefund(answer.record);
      return rejected(answer.errors);
    } catch (err) {
      if (!ambiguous(err)) {
        if (err instanceof GatewayClientError) return rejected([`Upstream gateway refused the request: ${err.message}`]);
        throw err;
      }
      const found = await this.#lookup(() => this.#client.findRefund(request.reference));
      return found.kind === 'found' ? fromRefund(found.record) : { kind: 'unknown', reason: err.message };
    }
  }

  /** An unmatched refund upstream; after no answer it is looked up by reference, as refunds are. */
  async unmatchedRefund(request: AcquirerUnmatchedRefund): Promise<AcquirerAnswer> {
    try {
      const answer = await this.#client.unmatchedRefund({
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        card_holder: request.cardHolder,
        card_number: request.cardNumber,
        card_expiry: request.cardExpiry,
      });
      if (answer.successful && answer.record) return fromRefund(answer.record);
      return rejected(answer.errors);
    } catch (err) {
      if (!ambiguous(err)) {
        if (err instanceof GatewayClientError) return rejected([`Upstream gateway refused the request: ${err.message}`]);
        throw err;
      }
      const found = await this.#lookup(() => this.#client.findRefund(request.reference));
      return found.kind === 'found' ? fromRefund(found.record) : { kind: 'unknown', reason: err.message };
    }
  }

  /**
   * Captures an authorization upstream. After no answer (or a refusal that may be our own earlier
   * send arriving late), the purchase is looked up: captured for this amount means done; otherwise
   * `unknown` after no answer, so nothing is recorded and the capture can be sent again.
   */
  async capture(request: AcquirerCapture): Promise<AcquirerFollowUpAnswer> {
    const done = async () => {
      const found = await this.#lookup(() => this.#client.findPurchase(request.upstreamId));
      return found.kind === 'found' && found.record.captured === true && found.record.captured_amount === request.amount;
    };
    return this.#followUp(() => this.#client.capture(request.upstreamId, request.amount), done);
  }

  /** Voids a purchase or refund upstream; the same lookup rules as `capture` (voided means done). */
  async void(request: AcquirerVoid): Promise<AcquirerFollowUpAnswer> {
    const done = async () => {
      const found =
        request.target === 'purchase'
          ? await this.#lookup(() => this.#client.findPurchase(request.upstreamId))
          : await this.#lookup(() => this.#client.findRefund(request.upstreamId));
      return found.kind === 'found' && found.record.voided === true;
    };
    const send = () =>
      request.target === 'purchase' ? this.#client.voidPurchase(request.upstreamId) : this.#client.voidRefund(request.upstreamId);
    return this.#followUp(send, done);
  }

  async #followUp(
    send: () => Promise<{ successful: boolean; errors: string[] }>,
    done: () => Promise<boolean>,
  ): Promise<AcquirerFollowUpAnswer> {
    try {
      const answer = await send();
      if (answer.successful) return { kind: 'answered', successful: true, errors: [] };
      // "Already captured/voided" may be an earlier send of ours that arrived late.
      if (await done()) return { kind: 'answered', successful: true, errors: [] };
      return { kind: 'answered', successful: false, errors: answer.errors };
    } catch (err) {
      if (!ambiguous(err)) {
        if (err instanceof GatewayClientError)
          return { kind: 'answered', successful: false, errors: [`Upstream gateway refused the request: ${err.message}`] };
        throw err;
      }
      if (await done()) return { kind: 'answered', successful: true, errors: [] };
      return { kind: 'unknown', reason: err.message };
    }
  }

  /** A lookup by reference that tells "the upstream has no such record" from "the upstream did not answer". */
  async #lookup<T>(find: () => Promise<T | null>): Promise<{ kind: 'found'; record: T } | { kind: 'absent' } | { kind: 'unreachable' }> {
    try {
      const record = await find();
      return record ? { kind: 'found', record } : { kind: 'absent' };
    } catch (err) {
      if (ambiguous(err)) return { kind: 'unreachable' };
      throw err;
    }
  }
}
