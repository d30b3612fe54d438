import type { Acquirer, AcquirerAnswer, AcquirerPurchase, AcquirerRefund } from '../gateway/acquirer/acquirer.ts';
import { GatewayClient } from '../gateway-client/gateway-client.ts';
import { TransportError } from '../gateway-client/errors.ts';
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

/**
 * Production's acquirer: an upstream gateway of the same API. The reference sent is Recur's
 * purchase id, unique across merchants. After a transport failure the purchase is looked up by
 * reference; if the upstream has no record it is sent once more with the same reference (a late
 * first arrival then makes the second a "Reference is already taken" rejection, and the lookup
 * after it finds the first). Still nothing: `unknown`, and the purchase stays pending.
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
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await this.#client.purchaseOrRecover(body);
      if ('answer' in result) {
        const { answer } = result;
        if (answer.successful && answer.record) return fromPurchase(answer.record);
        if (answer.errors.includes('Reference is already taken')) {
          const found = await this.#client.findPurchase(request.reference);
          if (found) return fromPurchase(found);
        }
        return rejected(answer.errors);
      }
      if (result.recovered) return fromPurchase(result.recovered);
      if (attempt === 1) return { kind: 'unknown', reason: result.cause.message };
    }
    return { kind: 'unknown', reason: 'no answer' };
  }

  async refund(request: AcquirerRefund): Promise<AcquirerAnswer> {
    try {
      const answer = await this.#client.refund({ transaction_id: request.upstreamTransactionId, amount: request.amount, reference: request.reference });
      if (answer.successful && answer.record) return fromRefund(answer.record);
      return rejected(answer.errors);
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      const found = await this.#client.findRefund(request.reference);
      return found ? fromRefund(found) : { kind: 'unknown', reason: err.message };
    }
  }
}
