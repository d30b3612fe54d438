import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/recur-api.ts';
import { RecurApiError } from './errors.ts';
import { retryingFetch, type FetchLike, type RetryOptions } from './transport.ts';
import { purchaseOnce } from './purchase-once.ts';

/** One record as Recur answers it; the fields of each resource are listed in docs/api.md. */
export type RecurRecord = Record<string, unknown> & { id?: string };

type JsonBody<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
/** A list's filters, without the paging parameters the iterator manages itself. */
export type ListFilter<P extends keyof paths> = Omit<QueryOf<P>, 'offset'>;

export type PlanCreate = JsonBody<'/v1.0/plans', 'post'>;
export type SubscriptionCreate = JsonBody<'/v1.0/subscriptions', 'post'>;
export type SubscriptionUpdate = JsonBody<'/v1.0/subscriptions/{id}', 'put'>;
export type WebhookCreate = JsonBody<'/v1.0/webhooks', 'post'>;

/**
 * Session mode, for a page served by Recur itself (the console): no Authorization header; the
 * browser sends its session cookie (`credentials: 'same-origin'`), and every request but a GET
 * carries `x-csrf-token`. The token is read at each request, so a login can set it later.
 */
export interface RecurSession {
  csrfToken: string | undefined;
}

interface CommonOptions {
  /** The listener's address, e.g. `https://billing.internal:8443` (a trailing `/v1.0` is fine). */
  baseUrl: string;
  /** Network errors and 5xx are retried with the same Idempotency-Key; POSTs Recur cannot deduplicate are not. */
  retry?: RetryOptions;
  /** Node's fetch unless told; pass undici's `fetch` with a `dispatcher` for a private CA or a proxy. */
  fetch?: FetchLike;
  dispatcher?: unknown;
}

/** Merchant API credentials (Basic auth), or a console session. */
export type RecurClientOptions =
  | (CommonOptions & { username: string; apiToken: string; session?: undefined })
  | (CommonOptions & { session: RecurSession; username?: undefined; apiToken?: undefined });

function basicAuthorization(username: string, apiToken: string): string {
  const bytes = new TextEncoder().encode(`${username}:${apiToken}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Per-call options of a POST. */
export interface PostOptions {
  /** Chosen by the client (a UUID) unless told; pass your own to deduplicate across processes. */
  idempotencyKey?: string;
}

interface Envelope {
  successful?: boolean;
  response?: unknown;
  errors?: unknown;
  total_pages?: number;
}

type Outcome = { data?: unknown; error?: unknown; response: Response };

/** A document's bytes on success (the PDF, not an envelope); a RecurApiError carrying the envelope's `errors` otherwise. */
async function pdfOf(call: Promise<Outcome>): Promise<Uint8Array> {
  const outcome = await call;
  if (!outcome.response.ok || !(outcome.data instanceof ArrayBuffer)) return unwrap<never>(Promise.resolve(outcome));
  return new Uint8Array(outcome.data);
}

/** The envelope's `response` on success; a RecurApiError carrying its `errors` otherwise. */
async function unwrap<T>(call: Promise<Outcome>): Promise<T> {
  const { data, error, response } = await call;
  const envelope = (data ?? error) as Envelope | undefined;
  if (!response.ok || !envelope || envelope.successful === false) {
    const errors = Array.isArray(envelope?.errors) ? envelope.errors.map(String) : [];
    throw new RecurApiError(response.status, errors, envelope ?? null);
  }
  return envelope.response as T;
}

async function* pages<T>(fetchPage: (page: number) => Promise<Outcome>): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { data, error, response } = await fetchPage(page);
    const envelope = (data ?? error) as Envelope | undefined;
    if (!response.ok || !envelope || envelope.successful === false) {
      const errors = Array.isArray(envelope?.errors) ? envelope.errors.map(String) : [];
      throw new RecurApiError(response.status, errors, envelope ?? null);
    }
    const items = Array.isArray(envelope.response) ? (envelope.response as T[]) : [];
    yield* items;
    if (items.length === 0 || page >= (envelope.total_pages ?? page)) return;
  }
}

const idem = (options?: PostOptions) => (options?.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {});

/**
 * Recur's billing and gateway API, typed from its OpenAPI document. `api` is the raw typed
 * client for any endpoint (`client.api.GET('/v1.0/events', ...)`); the resource helpers unwrap
 * envelopes, raise RecurApiError and iterate pages with `for await`.
 */
export function createRecurClient(options: RecurClientOptions) {
  const origin = options.baseUrl.replace(/\/+$/, '').replace(/\/v1\.0$/, '');
  const session = options.session;
  const api: Client<paths> = createClient<paths>({
    baseUrl: origin,
    fetch: retryingFetch({
      ...(session ? { csrfToken: () => session.csrfToken } : { authorization: basicAuthorization(options.username, options.apiToken) }),
      // Called unbound, the browser's fetch throws (Illegal invocation): wrapped.
      fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init) as unknown as ReturnType<FetchLike>),
      dispatcher: options.dispatcher,
      retry: { retries: options.retry?.retries ?? 2, baseDelayMs: options.retry?.baseDelayMs ?? 200 },
    }),
  });
  const byId = (id: string) => ({ params: { path: { id } } });
  const retry = { retries: options.retry?.retries ?? 2, baseDelayMs: options.retry?.baseDelayMs ?? 200 };
  /** A purchase by id or reference; null when the gateway has none. */
  const findPurchase = async (key: string): Promise<RecurRecord | null> => {
    try {
      return await unwrap<RecurRecord>(api.GET('/v1.0/purchases/{key}', { params: { path: { key } } }));
    } catch (err) {
      if (err instanceof RecurApiError && err.status === 404) return null;
      throw err;
    }
  };

  return {
    api,
    plans: {
      create: (body: PlanCreate, o?: PostOptions) => unwrap<RecurRecord>(api.POST('/v1.0/plans', { body, headers: idem(o) })),
      get: (id: string) => unwrap<RecurRecord>(api.GET('/v1.0/plans/{id}', byId(id))),
      archive: (id: string, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/plans/{id}/archive', { ...byId(id), headers: idem(o) })),
      list: (filter: ListFilter<'/v1.0/plans'> = {}) =>
        pages<RecurRecord>((offset) => api.GET('/v1.0/plans', { params: { query: { ...filter, offset } } })),
    },
    subscriptions: {
      create: (body: SubscriptionCreate, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/subscriptions', { body, headers: idem(o) })),
      get: (id: string) => unwrap<RecurRecord>(api.GET('/v1.0/subscriptions/{id}', byId(id))),
      update: (id: string, body: SubscriptionUpdate) => unwrap<RecurRecord>(api.PUT('/v1.0/subscriptions/{id}', { ...byId(id), body })),
      pause: (id: string, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/subscriptions/{id}/pause', { ...byId(id), headers: idem(o) })),
      resume: (id: string, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/subscriptions/{id}/resume', { ...byId(id), headers: idem(o) })),
      cancel: (id: string, body: JsonBody<'/v1.0/subscriptions/{id}/cancel', 'post'> = {}, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/subscriptions/{id}/cancel', { ...byId(id), body, headers: idem(o) })),
      list: (filter: ListFilter<'/v1.0/subscriptions'> = {}) =>
        pages<RecurRecord>((offset) => api.GET('/v1.0/subscriptions', { params: { query: { ...filter, offset } } })),
    },
    invoices: {
      get: (id: string) => unwrap<RecurRecord>(api.GET('/v1.0/invoices/{id}', byId(id))),
      /** The finalized invoice as a PDF document (a draft: RecurApiError 409). */
      pdf: (id: string) => pdfOf(api.GET('/v1.0/invoices/{id}/pdf', { ...byId(id), parseAs: 'arrayBuffer' })),
      retry: (id: string, o?: PostOptions) => unwrap<RecurRecord>(api.POST('/v1.0/invoices/{id}/retry', { ...byId(id), headers: idem(o) })),
      list: (filter: ListFilter<'/v1.0/invoices'> = {}) =>
        pages<RecurRecord>((offset) => api.GET('/v1.0/invoices', { params: { query: { ...filter, offset } } })),
    },
    creditNotes: {
      /** The credit note as a PDF document. */
      pdf: (id: string) => pdfOf(api.GET('/v1.0/credit_notes/{id}/pdf', { ...byId(id), parseAs: 'arrayBuffer' })),
    },
    hostedLinks: {
      /** A signed link to the invoice page (`invoice`) or the card-update page (`card_update`: a subscription or a customer). */
      create: (body: JsonBody<'/v1.0/hosted_links', 'post'>, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/hosted_links', { body, headers: idem(o) })),
      /** Its page answers 410 from now on. */
      revoke: (linkId: string, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/hosted_links/{link_id}/revoke', { params: { path: { link_id: linkId } }, headers: idem(o) })),
    },
    events: {
      list: (filter: ListFilter<'/v1.0/events'> = {}) =>
        pages<RecurRecord>((offset) => api.GET('/v1.0/events', { params: { query: { ...filter, offset } } })),
    },
    webhooks: {
      create: (body: WebhookCreate, o?: PostOptions) => unwrap<RecurRecord>(api.POST('/v1.0/webhooks', { body, headers: idem(o) })),
      list: (filter: ListFilter<'/v1.0/webhooks'> = {}) =>
        pages<RecurRecord>((offset) => api.GET('/v1.0/webhooks', { params: { query: { ...filter, offset } } })),
    },
    cards: {
      /** Tokenizes a card; sent once (Recur does not deduplicate it), so a lost answer surfaces as an error. */
      create: (body: JsonBody<'/v1.0/credit_cards', 'post'>) => unwrap<RecurRecord>(api.POST('/v1.0/credit_cards', { body })),
      get: (key: string) => unwrap<RecurRecord>(api.GET('/v1.0/credit_cards/{key}', { params: { path: { key } } })),
      list: () => pages<RecurRecord>((offset) => api.GET('/v1.0/credit_cards', { params: { query: { offset } } })),
    },
    purchases: {
      /** After a lost answer, looked up by its reference before any re-send under that reference: charged once. */
      create: (body: JsonBody<'/v1.0/purchases', 'post'>) =>
        purchaseOnce(
          body.reference,
          () => unwrap<RecurRecord>(api.POST('/v1.0/purchases', { body })),
          (reference) => findPurchase(reference),
          retry,
        ),
      get: (key: string) => unwrap<RecurRecord>(api.GET('/v1.0/purchases/{key}', { params: { path: { key } } })),
      list: () => pages<RecurRecord>((offset) => api.GET('/v1.0/purchases', { params: { query: { offset } } })),
    },
    dunning: {
      /** The past-due invoices whose card is held: by a network cap (until `held_until`) or waiting for a card update. */
      holds: (filter: ListFilter<'/v1.0/dunning/holds'> = {}) =>
        pages<RecurRecord>((offset) => api.GET('/v1.0/dunning/holds', { params: { query: { ...filter, offset } } })),
    },
    credentials: {
      /** The merchant's API credentials in this environment: never a token. */
      list: () => unwrap<RecurRecord[]>(api.GET('/v1.0/credentials')),
      get: (id: string) => unwrap<RecurRecord>(api.GET('/v1.0/credentials/{id}', byId(id))),
      /** A new API token, in `api_token` of this answer only; the old token is refused from the next request on. */
      rotate: (id: string, o?: PostOptions) =>
        unwrap<RecurRecord>(api.POST('/v1.0/credentials/{id}/rotate', { ...byId(id), headers: idem(o) })),
    },
    audit: {
      /** The console's audit log, newest first: each change made (or refused) with a console session, its object before and after. */
      list: (filter: ListFilter<'/v1.0/audit'> = {}) =>
        pages<RecurRecord>((offset) => api.GET('/v1.0/audit', { params: { query: { ...filter, offset } } })),
    },
  };
}

export type RecurClient = ReturnType<typeof createRecurClient>;
