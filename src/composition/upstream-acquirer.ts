import type {
  Acquirer,
  AcquirerAnswer,
  AcquirerCapture,
  AcquirerCardRequest,
  AcquirerFollowUpAnswer,
  AcquirerLookup,
  AcquirerPurchase,
  AcquirerRefund,
  AcquirerUnmatchedRefund,
  AcquirerVoid,
  UpstreamFault,
} from '../gateway/acquirer/acquirer.ts';
import { classifyCallFailure, type CallFailure } from '../gateway-client/call-failure.ts';
import type { CallOptions, GatewayClient } from '../gateway-client/gateway-client.ts';
import { isReferenceTaken } from '../gateway-client/reference-taken.ts';
import { scrubCardNumbers } from '../platform/pan-scrub.ts';
import { fromPurchase, fromRefund, rejected, type Answered } from './upstream-answers.ts';

/** How the upstream link stands, from the last call that told: for `/readyz` and the metrics. */
export type UpstreamState = 'ok' | 'refusing' | 'unreachable' | 'unknown';

export interface UpstreamStatus {
  state: UpstreamState;
  since: Date | null;
  /** The last fault's reason (never card data: the client's messages carry statuses and codes). */
  reason: string | null;
}

export interface UpstreamAcquirerOptions {
  /** UPSTREAM_TIMEOUT_MS: the bound of a whole purchase or refund answer, lookups included. */
  timeoutMs: number;
  /** Told of every fault of ours (refused login, 429, no connection, not-a-gateway answer). */
  onFault?: (fault: UpstreamFault) => void;
}

/**
 * A definitive answer without an outcome: the upstream refused us or was never reached, and
 * processed nothing (`classifyCallFailure`: a refused connection is never processed). Null when
 * it may have processed the request: look it up by reference.
 */
function faultOf(failure: CallFailure): { fault: UpstreamFault; reason: string } | null {
  const { error } = failure;
  switch (failure.kind) {
    case 'not_connected':
      return { fault: 'not_connected', reason: error.message };
    case 'refused':
      return { fault: 'refused', reason: `upstream gateway refused our credentials (HTTP ${error.status})` };
    case 'rate_limited':
      return { fault: 'rate_limited', reason: 'upstream gateway asked us to slow down (HTTP 429)' };
    // Any other 4xx (a wrong UPSTREAM_GATEWAY_URL, a request it cannot read), or a 5xx that says so: answered, nothing processed.
    case 'rejected':
    case 'not_processed':
      return { fault: 'bad_answer', reason: `HTTP ${error.status}: ${error.message}` };
    case 'unknown':
      return null;
  }
}

/** The body of a transaction that carries the card itself. */
function cardBody(request: AcquirerCardRequest) {
  return {
    amount: request.amount,
    currency: request.currency,
    reference: request.reference,
    card_holder: request.cardHolder,
    card_number: request.cardNumber,
    card_expiry: request.cardExpiry,
  };
}

/**
 * Production's acquirer: an upstream gateway of the same API. The reference sent upstream is
 * Recur's own purchase (or refund) id, never the merchant's reference: it is unique across
 * merchants, and it is the same on every re-send and every lookup of one transaction.
 *
 * A purchase answer is bounded by `timeoutMs` as a whole: the send gets 60 % of it, and a
 * lookup by reference (after a timeout, a dropped connection, a 5xx) the rest. A reference the
 * upstream has no record of is sent once more when time remains (a late first arrival then
 * makes the second a "reference taken" rejection, and a lookup adopts the first).
 * No answer in time: `unknown`, and the gateway's resolver asks again later.
 */
export class UpstreamAcquirer implements Acquirer {
  readonly #client: GatewayClient;
  readonly #options: UpstreamAcquirerOptions;
  #status: UpstreamStatus = { state: 'unknown', since: null, reason: null };

  constructor(client: GatewayClient, options: UpstreamAcquirerOptions) {
    this.#client = client;
    this.#options = options;
  }

  status(): UpstreamStatus {
    return this.#status;
  }

  #note(state: UpstreamState, reason: string | null): void {
    if (this.#status.state !== state) this.#status = { state, since: new Date(), reason };
    else if (reason) this.#status = { ...this.#status, reason };
  }

  #fault(fault: UpstreamFault, unscrubbed: string): AcquirerAnswer {
    // A foreign upstream's message may echo what it was sent: it reaches logs and the merchant.
    const reason = scrubCardNumbers(unscrubbed);
    this.#noteFault(fault, reason);
    return { kind: 'fault', fault, reason };
  }

  #noteFault(fault: UpstreamFault, reason: string): void {
    this.#note(fault === 'not_connected' ? 'unreachable' : 'refusing', reason);
    this.#options.onFault?.(fault);
  }

  async purchase(request: AcquirerPurchase): Promise<AcquirerAnswer> {
    const body = {
      ...cardBody(request),
      ...(request.cvv ? { cvv: request.cvv } : {}),
      ...(request.customerIp ? { customer_ip: request.customerIp } : {}),
      ...(request.extra && Object.keys(request.extra).length ? { extra: request.extra } : {}),
      ...(request.capture === false ? { capture: false } : {}),
    };
    return this.#send(
      (options) => this.#client.purchase(body, options),
      (options) => this.#client.findPurchase(request.reference, options),
      fromPurchase,
      true,
    );
  }

  async refund(request: AcquirerRefund): Promise<AcquirerAnswer> {
    const body = { transaction_id: request.upstreamTransactionId, amount: request.amount, reference: request.reference };
    return this.#send(
      (options) => this.#client.refund(body, options),
      (options) => this.#client.findRefund(request.reference, options),
      fromRefund,
      false,
    );
  }

  findPurchase(reference: string): Promise<AcquirerLookup> {
    return this.#find((options) => this.#client.findPurchase(reference, options), fromPurchase);
  }

  findRefund(reference: string): Promise<AcquirerLookup> {
    return this.#find((options) => this.#client.findRefund(reference, options), fromRefund);
  }

  /** One transaction within the deadline: send, and after an ambiguous failure look up (and maybe re-send). */
  async #send<T>(
    send: (options: CallOptions) => Promise<{ successful: boolean; errors: string[]; record: T | null }>,
    find: (options: CallOptions) => Promise<T | null>,
    adopt: (record: T) => Answered,
    resend: boolean,
  ): Promise<AcquirerAnswer> {
    const started = Date.now();
    const deadline = AbortSignal.timeout(this.#options.timeoutMs);
    const remaining = () => this.#options.timeoutMs - (Date.now() - started);
    let lastFailure = 'no answer';
    for (let attempt = 0; attempt < (resend ? 2 : 1); attempt++) {
      const sendSignal = AbortSignal.any([deadline, AbortSignal.timeout(Math.max(1, Math.floor(remaining() * 0.6)))]);
      let bad = false;
      try {
        const answer = await send({ signal: sendSignal });
        this.#note('ok', null);
        if (answer.successful && answer.record) return adopt(answer.record);
        if (!isReferenceTaken(answer)) return rejected(answer.errors);
        // An earlier send arrived after all: adopt what it recorded.
        lastFailure = 'reference taken upstream';
      } catch (err) {
        const failure = classifyCallFailure(err);
        if (!failure) throw err;
        const fault = faultOf(failure);
        // Nothing was processed; on a re-send, the first send may still have been (look it up below).
        if (fault && attempt === 0) return this.#fault(fault.fault, fault.reason);
        // The upstream answered, but not as a gateway of this API: a 5xx, or a body that is not an envelope.
        bad = failure.kind === 'unknown' && failure.answered;
        lastFailure = scrubCardNumbers(failure.error.message);
      }
      if (remaining() <= 0) break;
      const found = await this.#find(find, adopt, deadline);
      if (found.kind === 'found') return found.answer;
      if (found.kind === 'unreachable') return { kind: 'unknown', reason: lastFailure };
      // The upstream answered and has no record: a 5xx or a foreign answer processed nothing.
      if (bad && attempt === 0) return this.#fault('bad_answer', `upstream gateway answered, but not with an outcome: ${lastFailure}`);
      if (remaining() <= 0) break;
    }
    return { kind: 'unknown', reason: lastFailure };
  }

  /** An unmatched refund upstream: sent once, and after no answer looked up by reference, as refunds are. */
  async unmatchedRefund(request: AcquirerUnmatchedRefund): Promise<AcquirerAnswer> {
    const body = cardBody(request);
    return this.#send(
      (options) => this.#client.unmatchedRefund(body, options),
      (options) => this.#client.findRefund(request.reference, options),
      fromRefund,
      false,
    );
  }

  /**
   * Captures an authorization upstream. After no answer (or a refusal that may be our own earlier
   * send arriving late), the purchase is looked up: captured for this amount means done; otherwise
   * `unknown` after no answer, so nothing is recorded and the capture can be sent again.
   */
  async capture(request: AcquirerCapture): Promise<AcquirerFollowUpAnswer> {
    const done = async () => {
      const found = await this.#record(() => this.#client.findPurchase(request.upstreamId, this.#bounded()));
      return found?.captured === true && found.captured_amount === request.amount;
    };
    return this.#followUp((options) => this.#client.capture(request.upstreamId, request.amount, options), done);
  }

  /** Voids a purchase or refund upstream; the same lookup rules as `capture` (voided means done). */
  async void(request: AcquirerVoid): Promise<AcquirerFollowUpAnswer> {
    const done = async () => {
      const found =
        request.target === 'purchase'
          ? await this.#record(() => this.#client.findPurchase(request.upstreamId, this.#bounded()))
          : await this.#record(() => this.#client.findRefund(request.upstreamId, this.#bounded()));
      return found?.voided === true;
    };
    const send = (options: CallOptions) =>
      request.target === 'purchase'
        ? this.#client.voidPurchase(request.upstreamId, options)
        : this.#client.voidRefund(request.upstreamId, options);
    return this.#followUp(send, done);
  }

  /** A capture or void within the deadline; a fault of ours (refused login, no connection) is a refusal that changed nothing. */
  async #followUp(
    send: (options: CallOptions) => Promise<{ successful: boolean; errors: string[] }>,
    done: () => Promise<boolean>,
  ): Promise<AcquirerFollowUpAnswer> {
    try {
      const answer = await send(this.#bounded());
      this.#note('ok', null);
      if (answer.successful) return { kind: 'answered', successful: true, errors: [] };
      // "Already captured/voided" may be an earlier send of ours that arrived late.
      if (await done()) return { kind: 'answered', successful: true, errors: [] };
      return { kind: 'answered', successful: false, errors: answer.errors.map(scrubCardNumbers) };
    } catch (err) {
      const failure = classifyCallFailure(err);
      if (!failure) throw err;
      const fault = faultOf(failure);
      if (fault) {
        const refused = this.#fault(fault.fault, fault.reason);
        return {
          kind: 'answered',
          successful: false,
          errors: [`Upstream gateway refused the request: ${refused.kind === 'fault' ? refused.reason : ''}`],
        };
      }
      if (await done()) return { kind: 'answered', successful: true, errors: [] };
      return { kind: 'unknown', reason: scrubCardNumbers(failure.error.message) };
    }
  }

  #bounded(): CallOptions {
    return { signal: AbortSignal.timeout(this.#options.timeoutMs) };
  }

  /** The upstream's record, or null when it has none or could not be asked (then nothing is taken as done). */
  async #record<T>(find: () => Promise<T | null>): Promise<T | null> {
    try {
      return await find();
    } catch (err) {
      if (classifyCallFailure(err)) return null;
      throw err;
    }
  }

  /** A lookup by reference that tells "the upstream has no such record" from "the upstream did not answer". */
  async #find<T>(
    find: (options: CallOptions) => Promise<T | null>,
    adopt: (record: T) => Answered,
    signal?: AbortSignal,
  ): Promise<AcquirerLookup> {
    try {
      const record = await find(signal ? { signal } : {});
      this.#note('ok', null);
      return record ? { kind: 'found', answer: adopt(record) } : { kind: 'absent' };
    } catch (err) {
      const failure = classifyCallFailure(err);
      if (!failure) throw err;
      const fault = faultOf(failure);
      if (fault) this.#noteFault(fault.fault, fault.reason);
      else this.#note('unreachable', failure.error.message);
      return { kind: 'unreachable', reason: fault?.reason ?? failure.error.message };
    }
  }
}
