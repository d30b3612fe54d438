/**
 * Errors of the gateway client, one class per category mapped from the HTTP status (the model
 * is stripe-node's). `TransportError` means the request may or may not have been processed:
 * callers must look the transaction up by reference before sending it again. `classifyCallFailure`
 * (call-failure.ts) is the one reading of these classes as "processed or not".
 */
export class GatewayClientError extends Error {
  readonly status: number | null;
  readonly errors: string[];
  constructor(message: string, status: number | null, errors: string[] = [], options?: { cause?: unknown }) {
    super(message, options);
    // Each category's own class name (`AuthenticationError`, `ConnectionError`…), as stack traces and logs show it.
    this.name = new.target.name;
    this.status = status;
    this.errors = errors;
  }
}

export class AuthenticationError extends GatewayClientError {}
export class PermissionError extends GatewayClientError {}
export class NotFoundError extends GatewayClientError {}
export class InvalidRequestError extends GatewayClientError {}
/** 429: the gateway asks the caller to slow down; nothing was processed. */
export class RateLimitError extends GatewayClientError {}
export class ServerError extends GatewayClientError {}
/** Timeout or dropped connection after connecting, unreadable answer: the outcome is unknown. */
export class TransportError extends GatewayClientError {}

/**
 * A 5xx from a gateway that says nothing was processed (`pending: false`): its own upstream
 * refused it or was never reached. Nothing to look up; send again later with the same reference.
 */
export class NotProcessedError extends GatewayClientError {}

/**
 * No connection was made (refused, unreachable host, TLS handshake refused, connect timeout):
 * the request never left, so nothing was processed. Still a `TransportError` for callers that do
 * not tell the two apart, which then only look up a reference that cannot exist.
 */
export class ConnectionError extends TransportError {}

const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

/** The error code of a failed request or of its causes, when it says the connection was never made. */
export function notConnectedCode(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && NOT_CONNECTED_CODES.has(e.code)) return e.code;
  }
  return null;
}

export function errorForStatus(status: number, errors: string[]): GatewayClientError {
  const message = errors[0] ?? `gateway answered HTTP ${status}`;
  if (status === 401) return new AuthenticationError(message, status, errors);
  if (status === 403) return new PermissionError(message, status, errors);
  if (status === 404) return new NotFoundError(message, status, errors);
  if (status === 429) return new RateLimitError(message, status, errors);
  if (status >= 500) return new ServerError(message, status, errors);
  return new InvalidRequestError(message, status, errors);
}
