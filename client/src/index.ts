export {
  createRecurClient,
  type RecurClient,
  type RecurClientOptions,
  type RecurSession,
  type RecurRecord,
  type PostOptions,
} from './recur-client.ts';
export type { PlanCreate, SubscriptionCreate, SubscriptionUpdate, WebhookCreate, ListFilter } from './recur-client.ts';
export { RecurApiError, RecurNetworkError } from './errors.ts';
export { verifyWebhook, SIGNATURE_HEADER, type VerifyWebhookOptions } from './webhooks.ts';
export type { FetchInit, FetchLike, FetchResponse, RetryOptions } from './transport.ts';
export type { paths } from './generated/recur-api.ts';
