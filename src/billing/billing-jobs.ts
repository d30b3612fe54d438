/**
 * Billing's entry point for what runs on a timer or a queue rather than for a request: the
 * scheduler's tick (the due claim, the period rule, the invoice batch and its finalization, the
 * draft sweep, the due-retry claim, card notices, the webhook outbox relay), the reconciler's
 * sweeps (test clocks to settle) and the workers' charges, retries, card updates and webhook
 * deliveries. Code outside `src/billing` imports billing only through this file,
 * `billing-core.ts` (the API's use cases), `ports/gateway-port.ts` and `entities.ts`
 * (test/architecture.test.ts).
 */
export {
  advancePeriod,
  advancePeriods,
  stillDue,
  taxSubjectOf,
  BILLABLE_STATUSES,
  type DueSubscription,
  type PlannedPeriod,
} from './subscriptions/period-advance.ts';
export { loadTaxContexts } from './taxes/sql/batch-tax-context.ts';
export { claimDueSubscriptions } from './subscriptions/sql/claim-due.ts';
export type { InvoiceBatch } from './subscriptions/sql/invoice-batch.ts';
export { writePeriodInvoices } from './subscriptions/write-period-invoices.ts';
export { loadPeriodUsage } from './usage/sql/period-usage.ts';
export { loadUsageCorrections } from './usage/sql/late-usage.ts';
export { billEndedPeriods } from './usage/usage-so-far.ts';
export { finalizeDueDrafts } from './invoices/finalize/finalize-due-drafts.ts';
export { FINALIZE_STEPS, type FinalizeHooks, type FinalizeStep } from './invoices/finalize/finalize-hooks.ts';
export { claimDueRetryBatch } from './dunning/sql/claim-due-retries.ts';
export { ensureUsagePartitions } from './usage/usage-partitions.ts';
export { rollUpRevenueMonths } from './analytics/analytics.service.ts';
export { settleTestClocks } from './test-clocks/sql/settle-test-clocks.ts';
export { attemptCharge, type ChargeDeps, type ChargeResult } from './charges/attempt-charge.service.ts';
export { CardBusyError } from './charges/card-busy-error.ts';
export type { ChargeHooks } from './charges/charge-hooks.ts';
export { runRetry } from './charges/retry-round.ts';
export { applyCardUpdate, markAwaitingCardUpdate, notifyExpiringCards } from './cards/card-expiry.service.ts';
export { deliveryPlan, markDeliveryFailed, recordDeliveryAttempt, relayEvents } from './webhooks/webhooks.service.ts';
export { SIGNATURE_HEADER, signPayload } from './webhooks/webhook-signature.ts';
export { isPrivateAddress } from './webhooks/webhook-url.ts';
export type { CustomerLinks } from './ports/customer-links.ts';
export { EMAIL_EVENTS, EMAIL_KINDS, type EmailKind } from './events/email-kinds.ts';
export {
  claimDueEmails,
  listOutbox,
  loadEmailToSend,
  outboxMessage,
  recordEmailOutcome,
  type EmailOutcome,
  type EmailToSend,
  type OutboxEmail,
} from './emails/emails.service.ts';
export type { MerchantRef } from './ports/gateway-port.ts';
