import { Agent, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { ConnectionError, errorForStatus, notConnectedCode, NotFoundError, NotProcessedError, TransportError } from './errors.ts';
import { CardRecord, HealthRecord, PurchaseRecord, RefundRecord, envelopeOf } from './schemas.ts';

export interface GatewayClientOptions {
  /** The API base, ending in `/v1.0`. */
  baseUrl: string;
  username: string;
  token: string;
  /** PEM of a CA to trust (a self-signed local gateway); the system store otherwise. */
  ca?: string;
  timeoutMs?: number;
  /**
   * The most connections kept open to the gateway. Unbounded by default: each request in flight
   * has a connection of its own (idle ones are reused), so callers' own concurrency (the workers'
   * WORKER_CONCURRENCY, the API's requests) bounds the calls. A smaller pool queues requests
   * behind slow ones, each with its deadline running: with 50 charges in flight and 32
   * connections, an acquirer answering in 200 ms capped charging at 160/s.
   */
  connections?: number | null;
}

export interface PurchaseRequest {
  amount: number;
  currency: string;
  reference: string;
  card_token?: string;
  card_holder?: string;
  card_number?: string;
  card_expiry?: string;
  cvv?: string;
  customer_ip?: string;
  metadata?: Record<string, string>;
  extra?: Record<string, unknown>;
  /** false: an authorization, captured later with `capture`. */
  capture?: boolean;
}

/** Per-call options: `signal` bounds the call (with the client's own timeouts) and aborts it. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** A gateway answer for a transaction: approved or declined (`response.successful`) or rejected (`successful`). */
export interface TransactionAnswer<T> {
  successful: boolean;
  errors: string[];
  record: T | null;
}

const PurchaseEnvelope = envelopeOf(PurchaseRecord);
const RefundEnvelope = envelopeOf(RefundRecord);
const CardEnvelope = envelopeOf(CardRecord);
const HealthEnvelope = envelopeOf(HealthRecord);

/**
 * One undici client for a gateway of this API: Recur's own, or any compatible remote one.
 * Keep-alive pool, connect/headers/body timeouts, zod-parsed answers. It never re-sends a
 * purchase by itself: `purchaseOrRecover` looks the reference up after a transport failure.
 */
export class GatewayClient {
  readonly #base: URL;
  readonly #auth: string;
  readonly #dispatcher: Dispatcher;

  constructor(options: GatewayClientOptions) {
    this.#base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.#auth = `Basic ${Buffer.from(`${options.username}:${options.token}`).toString('base64')}`;
    const timeout = options.timeoutMs ?? 15_000;
    this.#dispatcher = new Agent({
      connections: options.connections ?? null,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(timeout, 10_000),
      headersTimeout: timeout,
      bodyTimeout: timeout,
      allowH2: false,
      connect: options.ca ? { ca: options.ca } : {},
    });
  }

  /**
   * Lets requests in flight finish for up to `graceMs`, then aborts them: a charge cut off here
   * is left `sending` or `unknown`, and is looked up by reference before any re-send.
   */
  async close(graceMs = 2_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(resolve, graceMs, 'late');
    });
    const outcome = await Promise.race([this.#dispatcher.close().then(() => 'closed' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late') await this.#dispatcher.destroy();
  }

  async #call<T extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: T,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<{ status: number; data: z.infer<T> }> {
    const url = new URL(path.replace(/^\//, ''), this.#base);
    let status: number;
    let text: string;
    try {
      const res = await request(url, {
        method,
        dispatcher: this.#dispatcher,
        headers: {
          authorization: this.#auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
      status = res.statusCode;
      text = await res.body.text();
    } catch (err) {
      const code = notConnectedCode(err);
      if (code) {
        const message = (err as Error).message;
        throw new ConnectionError(message.includes(code) ? message : `${message} (${code})`, null, [], { cause: err });
      }
      throw new TransportError(`gateway request failed: ${(err as Error).message}`, null, [], { cause: err });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      if (status >= 500) throw errorForStatus(status, []);
      throw new TransportError(`gateway answered HTTP ${status} with a body that is not JSON`, status, [], { cause: err });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const errors = Array.isArray((json as { errors?: unknown }).errors) ? (json as { errors: string[] }).errors : [];
      if (status >= 300) throw errorForStatus(status, errors);
      throw new TransportError(`gateway answer did not match the API: ${parsed.error.issues[0]?.message ?? ''}`, status);
    }
    return { status, data: parsed.data };
  }

  async #transaction<T>(
    status: number,
    data: { successful: boolean; errors: string[]; response: T | null },
  ): Promise<TransactionAnswer<T>> {
    // Purchases and refunds: 200 for approvals, declines and rejections alike; anything else is an error.
    if (status >= 500 && (data.response as { pending?: unknown } | null)?.pending === false) {
      throw new NotProcessedError(data.errors[0] ?? `gateway answered HTTP ${status}: not processed`, status, data.errors);
    }
    if (status >= 300) throw errorForStatus(status, data.errors);
    return { successful: data.successful, errors: data.errors, record: data.response };
  }

  async health(echo?: string): Promise<z.infer<typeof HealthRecord>> {
    const { status, data } = await this.#call('GET', `health${echo ? `?echo=${encodeURIComponent(echo)}` : ''}`, HealthEnvelope);
    if (status >= 300 || !data.response) throw errorForStatus(status, data.errors);
    return data.response;
  }

  async tokenize(card: {
    card_holder: string;
    card_number: string;
    card_expiry: string;
    cvv?: string;
    alias?: string;
    is_billing?: boolean;
  }): Promise<CardRecord> {
    const { status, data } = await this.#call('POST', 'credit_cards', CardEnvelope, card);
    if (status >= 300 || !data.response) throw errorForStatus(status, data.errors);
    return data.response;
  }

  async card(tokenOrAlias: string): Promise<CardRecord> {
    const { status, data } = await this.#call('GET', `credit_cards/${encodeURIComponent(tokenOrAlias)}`, CardEnvelope);
    if (status >= 300 || !data.response) throw errorForStatus(status, data.errors);
    return data.response;
  }

  async updateCard(tokenOrAlias: string, update: { card_expiry?: string; alias?: string | null }): Promise<CardRecord> {
    const { status, data } = await this.#call('PUT', `credit_cards/${encodeURIComponent(tokenOrAlias)}`, CardEnvelope, update);
    if (status >= 300 || !data.response) throw errorForStatus(status, data.errors);
    return data.response;
  }

  async purchase(purchase: PurchaseRequest, options?: CallOptions): Promise<TransactionAnswer<PurchaseRecord>> {
    const { status, data } = await this.#call('POST', 'purchases', PurchaseEnvelope, purchase, options);
    return this.#transaction(status, data);
  }

  /** The purchase with this id or merchant reference, or null when the gateway has none. */
  async findPurchase(idOrReference: string, options?: CallOptions): Promise<PurchaseRecord | null> {
    try {
      const { status, data } = await this.#call(
        'GET',
        `purchases/${encodeURIComponent(idOrReference)}`,
        PurchaseEnvelope,
        undefined,
        options,
      );
      if (status >= 300 || !data.response) throw errorForStatus(status, data.errors);
      return data.response;
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  /**
   * Sends a purchase; after a transport failure (the request may have been processed) looks it
   * up by reference and adopts what the gateway recorded. Re-sending is the caller's decision:
   * `recovered: null` means the gateway has no record of it.
   */
  async purchaseOrRecover(
    purchase: PurchaseRequest,
  ): Promise<{ answer: TransactionAnswer<PurchaseRecord> } | { recovered: PurchaseRecord | null; cause: TransportError }> {
    try {
      return { answer: await this.purchase(purchase) };
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      return { recovered: await this.findPurchase(purchase.reference), cause: err };
    }
  }

  async refund(
    refund: { transaction_id: string; amount: number; reference: string },
    options?: CallOptions,
  ): Promise<TransactionAnswer<RefundRecord>> {
    const { status, data } = await this.#call('POST', 'refunds', RefundEnvelope, refund, options);
    return this.#transaction(status, data);
  }

  /** An unmatched refund: credited to the card, with no original purchase. */
  async unmatchedRefund(
    refund: {
      amount: number;
      currency: string;
      reference: string;
      card_holder: string;
      card_number: string;
      card_expiry: string;
    },
    options?: CallOptions,
  ): Promise<TransactionAnswer<RefundRecord>> {
    const { status, data } = await this.#call('POST', 'refunds', RefundEnvelope, refund, options);
    return this.#transaction(status, data);
  }

  /** Captures an authorization (`POST /purchases/{id}/capture`); refusals answer 200 with `successful: false`. */
  async capture(purchaseId: string, amount: number, options?: CallOptions): Promise<TransactionAnswer<PurchaseRecord>> {
    const { status, data } = await this.#call(
      'POST',
      `purchases/${encodeURIComponent(purchaseId)}/capture`,
      PurchaseEnvelope,
      { amount },
      options,
    );
    return this.#transaction(status, data);
  }

  /** Voids a purchase (`POST /purchases/void`); an unknown id throws NotFoundError. */
  async voidPurchase(purchaseId: string, options?: CallOptions): Promise<TransactionAnswer<PurchaseRecord>> {
    const { status, data } = await this.#call('POST', 'purchases/void', PurchaseEnvelope, { id: purchaseId }, options);
    return this.#transaction(status, data);
  }

  /** Voids a refund (`POST /refunds/void`); an unknown id throws NotFoundError. */
  async voidRefund(refundId: string, options?: CallOptions): Promise<TransactionAnswer<RefundRecord>> {
    const { status, data } = await this.#call('POST', 'refunds/void', RefundEnvelope, { id: refundId }, options);
    return this.#transaction(status, data);
  }

  async findRefund(idOrReference: string, options?: CallOptions): Promise<RefundRecord | null> {
    try {
      const { status, data } = await this.#call('GET', `refunds/${encodeURIComponent(idOrReference)}`, RefundEnvelope, undefined, options);
      if (status >= 300 || !data.response) throw errorForStatus(status, data.errors);
      return data.response;
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }
}
