/**
 * Billing's entry point for what runs on a timer or a queue rather than for a request: the
 * scheduler's tick (the due claim, the period rule, the invoice batch, the due-retry claim, card
 * notices, the webhook outbox relay) and the reconciler's sweeps (test clocks to settle). Code
 * outside `src/billing` imports billing through this file, `billing-core.ts`, `ports/gateway-port.ts`
 * or `entities.ts` only.
 */
export { advancePeriod, stillDue, BILLABLE_STATUSES, type DueSubscription, type PlannedPeriod } from './subscriptions/period-advance.ts';
export { claimDueSubscriptions } from './subscriptions/sql/claim-due.ts';
export { writeInvoiceBatch, type InvoiceBatch } from './subscriptions/sql/invoice-batch.ts';
export { claimDueRetryBatch } from './dunning/sql/claim-due-retries.ts';
export { settleTestClocks } from './test-clocks/sql/settle-test-clocks.ts';
export { notifyExpiringCards } from './cards/card-expiry.service.ts';
export { relayEvents } from './webhooks/webhooks.service.ts';
