import { Plan } from './plans/plan.entity.ts';
import { Coupon } from './coupons/coupon.entity.ts';
import { SubscriptionItem } from './items/subscription-item.entity.ts';
import { InvoiceRefund } from './refunds/invoice-refund.entity.ts';
import { Subscription } from './subscriptions/subscription.entity.ts';
import { Invoice } from './invoices/invoice.entity.ts';
import { ChargeAttempt } from './charges/charge-attempt.entity.ts';
import { LedgerEntry } from './ledger/ledger-entry.entity.ts';
import { BillingEvent } from './events/billing-event.entity.ts';
import { TestClock } from './test-clocks/test-clock.entity.ts';
import { IdempotencyKey } from './idempotency/idempotency-key.entity.ts';
import { CredentialChain } from './charges/credential-chain.ts';
import { CardRetryLease } from './dunning/card-retry-lease.entity.ts';
import { Customer } from './customers/customer.entity.ts';
import { TaxRate } from './taxes/tax-rate.entity.ts';
import { MerchantSettings } from './settings/merchant-settings.entity.ts';
import { NumberSequence } from './numbering/number-sequence.entity.ts';
import { CreditNote } from './credit-notes/credit-note.entity.ts';
import { BillableMetric } from './usage/billable-metric.entity.ts';
import { WebhookEndpoint } from './webhooks/webhook-endpoint.entity.ts';
import { MrrMovement } from './analytics/mrr-movement.entity.ts';
import { RevenueMonth } from './analytics/revenue-month.entity.ts';
import { HostedLinkMark } from './hosted/hosted-link-mark.entity.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhooks/webhook-delivery.entity.ts';
import { Email } from './emails/email.entity.ts';

/** Every table of the billing module (schema `billing`). */
export const billingEntities = [
  Plan,
  Subscription,
  Invoice,
  ChargeAttempt,
  LedgerEntry,
  BillingEvent,
  TestClock,
  IdempotencyKey,
  WebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  CardRetryLease,
  CredentialChain,
  Coupon,
  SubscriptionItem,
  InvoiceRefund,
  Customer,
  MrrMovement,
  RevenueMonth,
  HostedLinkMark,
  TaxRate,
  MerchantSettings,
  NumberSequence,
  CreditNote,
  BillableMetric,
  Email,
];
