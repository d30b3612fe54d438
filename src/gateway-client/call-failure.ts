import {
  AuthenticationError,
  ConnectionError,
  GatewayClientError,
  NotProcessedError,
  PermissionError,
  RateLimitError,
  ServerError,
  TransportError,
} from './errors.ts';

/**
 * What a failed call says about the request it carried. `processed: false`: the gateway cannot
 * have processed it, and it may be sent again as it is. `processed: 'maybe'`: look the reference up
 * before any re-send.
 *
 * - `not_connected`: no connection was made (refused, unreachable host, connect timeout, TLS
 *   handshake refused). **Connection refused means not processed**: the client writes no byte of a
 *   request before its connection is up, and undici never re-sends a POST on another connection,
 *   so a refused connect left nothing at the gateway. A connection that drops after the request
 *   was written is a `TransportError` of another kind: `unknown`.
 * - `refused` (401/403) and `rate_limited` (429): the gateway read the request and refused us.
 * - `not_processed`: a 5xx that says so (`pending: false`): that gateway's own upstream refused it.
 * - `rejected`: any other 4xx: the gateway answered, and did not take the request.
 * - `unknown`: a timeout or a dropped connection after sending, a 5xx, an answer that is not this
 *   API's. `answered` says whether the gateway gave an HTTP status (it answered, not with an outcome).
 */
export type CallFailure =
  | { kind: 'not_connected' | 'refused' | 'rate_limited' | 'not_processed' | 'rejected'; processed: false; error: GatewayClientError }
  | { kind: 'unknown'; processed: 'maybe'; answered: boolean; error: GatewayClientError };

/**
 * The one reading of the gateway client's errors, shared by both billing adapters' remote side and
 * the upstream acquirer; each maps it to its own outcomes. Null for an error that is not the
 * client's (a bug, an abort of ours): the caller rethrows it.
 */
export function classifyCallFailure(error: unknown): CallFailure | null {
  if (!(error instanceof GatewayClientError)) return null;
  if (error instanceof ConnectionError) return { kind: 'not_connected', processed: false, error };
  if (error instanceof TransportError) return { kind: 'unknown', processed: 'maybe', answered: error.status !== null, error };
  if (error instanceof AuthenticationError || error instanceof PermissionError) return { kind: 'refused', processed: false, error };
  if (error instanceof RateLimitError) return { kind: 'rate_limited', processed: false, error };
  if (error instanceof NotProcessedError) return { kind: 'not_processed', processed: false, error };
  if (error instanceof ServerError) return { kind: 'unknown', processed: 'maybe', answered: true, error };
  return { kind: 'rejected', processed: false, error };
}
