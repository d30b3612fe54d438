import { RecurNetworkError } from './errors.ts';

/** What the client passes to a fetch: plain values that Node's fetch and undici's both accept as they are. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: ArrayBuffer | undefined;
  signal: AbortSignal;
  /** `same-origin` in session mode: the browser sends the console's cookie, and only to Recur. */
  credentials?: 'same-origin';
  dispatcher?: any;
}

/**
 * What the client reads of an answer. Node's `Response` and undici's both fit, so undici's `fetch`
 * (a newer undici than the one inside Node, with its own `Response` type) needs no cast.
 */
export interface FetchResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  readonly body: { cancel(reason?: unknown): Promise<void> } | null;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

/**
 * A fetch as Node's or undici's: undici's accepts `dispatcher` (a custom CA, a proxy, pooling), as in
 * `(url, init) => fetch(url, { ...init, dispatcher: agent })`.
 */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

export interface RetryOptions {
  /** Retries after the first attempt (network error or 5xx); 2 unless told. */
  retries?: number;
  /** First backoff; doubled on each retry, with jitter. 200 ms unless told. */
  baseDelayMs?: number;
}

export interface TransportOptions {
  /** Basic credentials; absent in session mode, where the browser's cookie authenticates. */
  authorization?: string;
  /** Session mode: the CSRF token sent as `x-csrf-token` on every request but a GET or HEAD, read at each request. */
  csrfToken?: () => string | undefined;
  fetch: FetchLike;
  dispatcher?: unknown;
  retry: Required<RetryOptions>;
}

/**
 * POSTs that Recur does not deduplicate by `Idempotency-Key` (the gateway's cards, purchases and
 * refunds): repeating one blindly after a lost answer could tokenize or charge twice, so the
 * transport sends them once (a purchase is retried above it, through its reference: purchase-once.ts).
 */
const UNSAFE_TO_REPEAT = [/\/v1\.0\/credit_cards/, /\/v1\.0\/purchases/, /\/v1\.0\/refunds/, /\/v1\.0\/sandbox\//];

const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

function repeatable(method: string, url: string): boolean {
  if (method !== 'POST') return true;
  const path = new URL(url).pathname;
  return !UNSAFE_TO_REPEAT.some((pattern) => pattern.test(path));
}

/**
 * A repeated POST met its own first try still running (409, not a replay): that try's answer was
 * lost, not refused, so waiting and asking again gets it. A 409 to a first try is an answer.
 */
function stillInFlight(method: string, attempt: number, response: FetchResponse): boolean {
  return method === 'POST' && attempt > 0 && response.status === 409 && !response.headers.has('idempotent-replayed');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fetch openapi-fetch calls: adds Basic auth (or, in session mode, the CSRF token), gives every POST an `Idempotency-Key` (unless
 * the caller chose one), and repeats a request that met a network error or a 5xx with the very
 * same key, so Recur replays the first answer instead of acting twice.
 */
export function retryingFetch(options: TransportOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = new Headers(request.headers);
    if (options.authorization) headers.set('authorization', options.authorization);
    const csrfToken = options.csrfToken?.();
    if (csrfToken && request.method !== 'GET' && request.method !== 'HEAD') headers.set('x-csrf-token', csrfToken);
    // Web Crypto: Node's global and the browser's alike, so the client also runs in a browser bundle.
    if (request.method === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', globalThis.crypto.randomUUID());
    // Read once, sent as many times as needed.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const attempts = repeatable(request.method, request.url) ? options.retry.retries + 1 : 1;
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) {
        const delay = options.retry.baseDelayMs * 2 ** (attempt - 1);
        await sleep(delay / 2 + Math.random() * (delay / 2));
      }
      try {
        const response = await options.fetch(request.url, {
          method: request.method,
          headers: Object.fromEntries(headers),
          body,
          signal: request.signal,
          ...(options.csrfToken ? { credentials: 'same-origin' as const } : {}),
          ...(options.dispatcher ? { dispatcher: options.dispatcher as any } : {}),
        });
        if (!(RETRIED_STATUSES.has(response.status) || stillInFlight(request.method, attempt, response)) || attempt === attempts - 1) {
          // Node's Response or undici's: the same class at run time, whatever the types say.
          return response as unknown as Response;
        }
        await response.body?.cancel();
      } catch (err) {
        if (request.signal.aborted) throw err;
        lastError = err;
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new RecurNetworkError(`${request.method} ${new URL(request.url).pathname}: no answer after ${attempts} attempt(s): ${reason}`, {
      cause: lastError,
    });
  };
}
