/**
 * What the scheduler, the reconciler, the queues and the workers run: billing's second entry
 * point beside `billing-core.ts` (the API's use cases). Code outside `src/billing` imports billing
 * only through these two, `ports/gateway-port.ts` and `entities.ts` (test/architecture.test.ts).
 */
export { attemptCharge, CardBusyError, type ChargeDeps, type ChargeResult } from './charges/attempt-charge.service.ts';
export type { ChargeHooks } from './charges/charge-hooks.ts';
export { runRetry } from './dunning/retry.service.ts';
export { applyCardUpdate, markAwaitingCardUpdate } from './cards/card-expiry.service.ts';
export { deliveryPlan, markDeliveryFailed, recordDeliveryAttempt } from './webhooks/webhooks.service.ts';
export { SIGNATURE_HEADER, signPayload } from './webhooks/webhook-signature.ts';
export { isPrivateAddress } from './webhooks/webhook-url.ts';
