import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { SqlPool } from '../platform/sql.ts';
import type { Page } from '../platform/pagination.ts';
import type { BillingGateway, MerchantRef } from './ports/gateway-port.ts';
import { searchTerms } from './search/search-terms.ts';
import { archivePlan, createPlan, getPlan, listPlans, type PlanCreate } from './plans/plans.service.ts';
import type { SubscriptionCreate, SubscriptionFilter, SubscriptionUpdate } from './subscriptions/subscription-input.ts';
import type { SubscriptionDeps } from './subscriptions/subscription-context.ts';
import { createSubscription } from './subscriptions/create-subscription.service.ts';
import { getSubscription, listSubscriptions } from './subscriptions/read-subscriptions.service.ts';
import { subscriptionTimeline } from './subscriptions/subscription-timeline.service.ts';
import { listDunningHolds, type HoldFilter } from './dunning/dunning-holds.service.ts';
import { previewSubscriptionUpdate, updateSubscription } from './subscriptions/update-subscription.service.ts';
import { pauseSubscription, resumeSubscription } from './subscriptions/pause-resume.service.ts';
import { cancelSubscription } from './subscriptions/cancel-subscription.service.ts';
import { getInvoice, listInvoices, type InvoiceFilter } from './invoices/invoices.service.ts';
import { addItem, deleteItem, getItem, listPendingItems, type ItemCreate, type ItemDeps } from './items/items.service.ts';
import { attemptCharge } from './charges/attempt-charge.service.ts';
import { moveSubscriptions, type MoveSubscriptions } from './plans/move-subscriptions.service.ts';
import type { InvoiceRefundInput } from './refunds/refund-invoice.service.ts';
import { createCreditNote, refundInvoice, settleLeftRefunds, type CreditNoteDeps } from './credit-notes/create-credit-note.service.ts';
import { getCreditNote, listCreditNotes } from './credit-notes/read-credit-notes.service.ts';
import {
  mrrAnalytics,
  pastDueAnalytics,
  renewalsAnalytics,
  revenueAnalytics,
  type MonthRange,
  type RenewalWindow,
} from './analytics/analytics.service.ts';
import type { CreditNoteCreate, CreditNoteFilter } from './credit-notes/credit-note-input.ts';
import { archiveCoupon, createCoupon, getCoupon, listCoupons, type CouponCreate } from './coupons/coupons.service.ts';
import { listEvents, type EventFilter } from './events/events.service.ts';
import { advanceTestClock, createTestClock, getTestClock } from './test-clocks/test-clocks.service.ts';
import { claimIdempotencyKey, completeIdempotencyKey } from './idempotency/idempotency.service.ts';
import type { ChargeDeps, ChargeResult } from './charges/attempt-charge.service.ts';
import { retryInvoiceNow } from './charges/retry-now.service.ts';
import type { UrlPolicy } from './webhooks/webhook-url.ts';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, type WebhookCreate } from './webhooks/webhook-endpoints.service.ts';
import { listDeliveries, retryDelivery } from './webhooks/webhook-deliveries.service.ts';
import type { CustomerCreate, CustomerFilter, CustomerUpdate } from './customers/customer-input.ts';
import { createCustomer } from './customers/create-customer.service.ts';
import { getCustomer, listCustomers, loadCustomer } from './customers/read-customers.service.ts';
import { updateCustomer } from './customers/update-customer.service.ts';
import { deleteCustomer } from './customers/delete-customer.service.ts';
import {
  archiveTaxRate,
  createTaxRate,
  getTaxRate,
  listTaxRates,
  type TaxRateCreate,
  type TaxRateFilter,
} from './taxes/tax-rates.service.ts';
import { getTaxSettings, putTaxSettings, type TaxSettingsUpdate } from './taxes/tax-settings.service.ts';
import { creditNotePdf, invoicePdf, type DocumentDeps } from './documents/documents.service.ts';
import { DocumentCache } from './documents/document-cache.ts';
import { DocumentRenderer } from './documents/document-renderer.ts';
import {
  getBusinessSettings,
  getEmailSettings,
  getInvoicingSettings,
  updateBusinessSettings,
  updateEmailSettings,
  updateInvoicingSettings,
} from './settings/settings.service.ts';
import type { BusinessSettingsUpdate, EmailSettingsUpdate, InvoicingSettingsUpdate } from './settings/settings-input.ts';
import { getEmail, listCustomerEmails } from './emails/emails.service.ts';
import { finalizeDraft, type LifecycleDeps } from './invoice-lifecycle/finalize-draft.service.ts';
import { addDraftLine, type DraftLineCreate } from './invoice-lifecycle/add-draft-line.service.ts';
import { voidInvoice } from './invoice-lifecycle/void-invoice.service.ts';
import {
  archiveBillableMetric,
  createBillableMetric,
  getBillableMetric,
  listBillableMetrics,
  type BillableMetricCreate,
} from './usage/billable-metrics.service.ts';
import { ingestUsageEvents } from './usage/ingest-usage.service.ts';
import { subscriptionUsage, type UsageQuery } from './usage/subscription-usage.service.ts';
import type { CustomerLinks } from './ports/customer-links.ts';
import type { NewCard } from './ports/gateway-port.ts';
import { findLinkObject, type LinkObject } from './hosted/link-objects.service.ts';
import { linkMark, markLinkUsed, revokeLink } from './hosted/link-marks.service.ts';
import { issueHostedLink, type HostedLinkCreate } from './hosted/issue-link.service.ts';
import { updateCardFromLink, type CustomerCardDeps } from './hosted/customer-card.service.ts';

// The schemas of the API's bodies and queries (each the one source of its type), for `src/api`.
export { PlanCreate } from './plans/plans.service.ts';
export { MoveSubscriptions } from './plans/move-subscriptions.service.ts';
export { SubscriptionCancel, SubscriptionCreate, SubscriptionFilter, SubscriptionUpdate } from './subscriptions/subscription-input.ts';
export { InvoiceFilter } from './invoices/invoices.service.ts';
export { HoldFilter } from './dunning/dunning-holds.service.ts';
export { InvoiceRefundInput } from './refunds/refund-invoice.service.ts';
export { CreditNoteCreate, CreditNoteFilter } from './credit-notes/credit-note-input.ts';
export { CouponCreate } from './coupons/coupons.service.ts';
export { ItemCreate } from './items/items.service.ts';
export { EVENT_TYPES } from './events/event-types.ts';
export { TestClockInput } from './test-clocks/test-clocks.service.ts';
export { WebhookCreate } from './webhooks/webhook-endpoints.service.ts';
export { requestHash } from './idempotency/idempotency.service.ts';
export { CustomerCreate, CustomerFilter, CustomerUpdate } from './customers/customer-input.ts';
export { TaxRateCreate, TaxRateFilter } from './taxes/tax-rates.service.ts';
export { TaxSettingsUpdate } from './taxes/tax-settings.service.ts';
export { BusinessSettingsUpdate, EmailSettingsUpdate, InvoicingSettingsUpdate } from './settings/settings-input.ts';
export { DraftLineCreate } from './invoice-lifecycle/add-draft-line.service.ts';
export { BillableMetricCreate } from './usage/billable-metrics.service.ts';
export { UsageEventsBody } from './usage/usage-event-input.ts';
export { UsageQuery } from './usage/subscription-usage.service.ts';
export { MonthRange, RenewalWindow } from './analytics/analytics.service.ts';
export { HostedLinkCreate } from './hosted/issue-link.service.ts';
export type { LinkObject } from './hosted/link-objects.service.ts';
export type { CustomerCardOutcome, TriedInvoice } from './hosted/customer-card.service.ts';
export type { CustomerLinks } from './ports/customer-links.ts';

export interface BillingCoreDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  gateway: BillingGateway;
  /** Asks the scheduler to look for due work now (a new subscription, an advanced clock). */
  pokeScheduler(): void;
  /** The charge path's dependencies, for retries the API starts. */
  charge: ChargeDeps;
  /** Hands what a charge decided (a retry, a card hold) to the queues after its commit. */
  afterCharge(results: ChargeResult[]): Promise<void>;
  webhookKey: Buffer;
  webhookUrlPolicy: UrlPolicy;
  /** Hands deliveries to the webhook queue again, clearing jobs that spent their tries. */
  resendWebhooks(deliveryIds: string[]): Promise<void>;
  /** Signs the customer links (hosted invoice and card-update pages) that the merchant's API hands out. */
  links?: CustomerLinks;
}

/**
 * An invoice of its own (a proration, an item, a finalized draft) is charged in the request, as a
 * manual retry is; the sweep takes it if this process dies first.
 */
export function chargeInRequest(charge: ChargeDeps, afterCharge: (results: ChargeResult[]) => Promise<void>) {
  return async (invoiceId: string) => afterCharge([await attemptCharge(charge, { invoiceId, attempt: 1 })]);
}

/** The billing API's use cases, each one service function with its dependencies passed in. */
export class BillingCore {
  readonly #deps: BillingCoreDeps;
  readonly #subs: SubscriptionDeps;
  readonly #items: ItemDeps;
  readonly #credit: CreditNoteDeps;
  readonly #lifecycle: LifecycleDeps;
  readonly #documents: DocumentDeps;
  readonly #card: CustomerCardDeps;
  constructor(deps: BillingCoreDeps) {
    this.#deps = deps;
    const chargeNow = chargeInRequest(deps.charge, deps.afterCharge);
    this.#subs = { sql: deps.sql, gateway: deps.gateway, now: () => deps.clock.now(), chargeNow };
    this.#items = { sql: deps.sql, now: () => deps.clock.now(), chargeNow };
    this.#credit = { sql: deps.sql, gateway: deps.gateway, now: () => deps.clock.now() };
    this.#lifecycle = { sql: deps.sql, now: () => deps.clock.now(), chargeNow };
    const renderer = new DocumentRenderer();
    this.#documents = { sql: deps.sql, cache: new DocumentCache(), render: (model) => renderer.render(model) };
    this.#card = {
      sql: deps.sql,
      gateway: deps.gateway,
      pointAt: (m, id, cardToken) => updateSubscription(this.#subs, m, id, { card_token: cardToken }),
      retry: (m, id) => this.retryInvoice(m, id),
      chargeOpen: async (m, id, attempt) => {
        await deps.afterCharge([await attemptCharge(deps.charge, { invoiceId: id, attempt })]);
        return getInvoice(deps.sql, m, id);
      },
    };
  }

  createPlan = (m: MerchantRef, input: PlanCreate) => createPlan(this.#deps.sql, m, input, this.#deps.clock.now());
  plan = (m: MerchantRef, id: string) => getPlan(this.#deps.sql, m, id);
  plans = (m: MerchantRef, page: Page) => listPlans(this.#deps.sql, m, page);
  archivePlan = (m: MerchantRef, id: string) => archivePlan(this.#deps.sql, m, id, this.#deps.clock.now());
  moveSubscriptions = (m: MerchantRef, id: string, input: MoveSubscriptions) =>
    moveSubscriptions(this.#deps.sql, m, id, input, this.#deps.clock.now());

  createSubscription = async (m: MerchantRef, input: SubscriptionCreate) => {
    const created = await createSubscription(this.#subs, m, input);
    this.#deps.pokeScheduler();
    return created;
  };
  subscription = (m: MerchantRef, id: string) => getSubscription(this.#deps.sql, m, id);
  subscriptionTimeline = (m: MerchantRef, id: string, page: Page) => subscriptionTimeline(this.#deps.sql, m, id, page);
  subscriptions = async (m: MerchantRef, page: Page, filter: SubscriptionFilter) =>
    listSubscriptions(this.#deps.sql, m, page, filter, filter.q ? await searchTerms(this.#deps.gateway, m, filter.q) : null);
  updateSubscription = (m: MerchantRef, id: string, input: SubscriptionUpdate) => updateSubscription(this.#subs, m, id, input);
  previewSubscriptionUpdate = (m: MerchantRef, id: string, input: SubscriptionUpdate) =>
    previewSubscriptionUpdate(this.#subs, m, id, input);
  pauseSubscription = (m: MerchantRef, id: string) => pauseSubscription(this.#subs, m, id);
  resumeSubscription = async (m: MerchantRef, id: string) => {
    const resumed = await resumeSubscription(this.#subs, m, id);
    this.#deps.pokeScheduler();
    return resumed;
  };
  cancelSubscription = (m: MerchantRef, id: string, atPeriodEnd: boolean) => cancelSubscription(this.#subs, m, id, atPeriodEnd);

  createCustomer = (m: MerchantRef, input: CustomerCreate) => createCustomer(this.#deps.sql, m, input, this.#deps.clock.now());
  customer = (m: MerchantRef, id: string) => getCustomer(this.#deps.sql, m, id);
  customers = async (m: MerchantRef, page: Page, filter: CustomerFilter) =>
    listCustomers(this.#deps.sql, m, page, filter, filter.q ? await searchTerms(this.#deps.gateway, m, filter.q) : null);
  updateCustomer = (m: MerchantRef, id: string, input: CustomerUpdate) =>
    updateCustomer(this.#deps.sql, m, id, input, this.#deps.clock.now());
  deleteCustomer = (m: MerchantRef, id: string) => deleteCustomer(this.#deps.sql, m, id, this.#deps.clock.now());
  /** A customer's subscriptions and invoices: 404 for a customer unknown or deleted. */
  customerSubscriptions = async (m: MerchantRef, id: string, page: Page) => {
    await loadCustomer(this.#deps.sql, m, id);
    return listSubscriptions(this.#deps.sql, m, page, { customer_id: id });
  };
  customerInvoices = async (m: MerchantRef, id: string, page: Page) => {
    await loadCustomer(this.#deps.sql, m, id);
    return listInvoices(this.#deps.sql, m, page, { customer_id: id });
  };

  createCoupon = (m: MerchantRef, input: CouponCreate) => createCoupon(this.#deps.sql, m, input, this.#deps.clock.now());
  coupon = (m: MerchantRef, code: string) => getCoupon(this.#deps.sql, m, code);
  coupons = (m: MerchantRef, page: Page) => listCoupons(this.#deps.sql, m, page);
  archiveCoupon = (m: MerchantRef, code: string) => archiveCoupon(this.#deps.sql, m, code, this.#deps.clock.now());

  createBillableMetric = (m: MerchantRef, input: BillableMetricCreate) =>
    createBillableMetric(this.#deps.sql, m, input, this.#deps.clock.now());
  billableMetric = (m: MerchantRef, key: string) => getBillableMetric(this.#deps.sql, m, key);
  billableMetrics = (m: MerchantRef, page: Page) => listBillableMetrics(this.#deps.sql, m, page);
  archiveBillableMetric = (m: MerchantRef, key: string) => archiveBillableMetric(this.#deps.sql, m, key, this.#deps.clock.now());
  /** Usage events, one or a batch: each answered accepted, duplicate or refused (docs/usage.md). */
  ingestUsage = (m: MerchantRef, events: unknown[]) => ingestUsageEvents(this.#deps.sql, m, events, this.#deps.clock.now());
  subscriptionUsage = (m: MerchantRef, id: string, query: UsageQuery) => subscriptionUsage(this.#deps.sql, m, id, query);
  mrrAnalytics = (m: MerchantRef, range: MonthRange) => mrrAnalytics(this.#deps.sql, m, range, this.#deps.clock.now());
  revenueAnalytics = (m: MerchantRef, range: MonthRange) => revenueAnalytics(this.#deps.sql, m, range, this.#deps.clock.now());
  pastDueAnalytics = (m: MerchantRef) => pastDueAnalytics(this.#deps.sql, m);
  renewalsAnalytics = (m: MerchantRef, window: RenewalWindow) => renewalsAnalytics(this.#deps.sql, m, window, this.#deps.clock.now());

  createTaxRate = (m: MerchantRef, input: TaxRateCreate) => createTaxRate(this.#deps.sql, m, input, this.#deps.clock.now());
  taxRate = (m: MerchantRef, id: string) => getTaxRate(this.#deps.sql, m, id);
  taxRates = (m: MerchantRef, page: Page, filter: TaxRateFilter) => listTaxRates(this.#deps.sql, m, page, filter);
  archiveTaxRate = (m: MerchantRef, id: string) => archiveTaxRate(this.#deps.sql, m, id, this.#deps.clock.now());
  taxSettings = (m: MerchantRef) => getTaxSettings(this.#deps.sql, m);
  putTaxSettings = (m: MerchantRef, input: TaxSettingsUpdate) => putTaxSettings(this.#deps.sql, m, input, this.#deps.clock.now());

  addItem = async (m: MerchantRef, subscriptionId: string, input: ItemCreate) => {
    const item = await addItem(this.#items, m, subscriptionId, input);
    return { ...item, invoice: item.invoice_id && input.invoice_now ? await getInvoice(this.#deps.sql, m, item.invoice_id) : null };
  };
  pendingItems = (m: MerchantRef, subscriptionId: string) => listPendingItems(this.#deps.sql, m, subscriptionId);
  item = (m: MerchantRef, subscriptionId: string, itemId: string) => getItem(this.#deps.sql, m, subscriptionId, itemId);
  deleteItem = (m: MerchantRef, subscriptionId: string, itemId: string) => deleteItem(this.#items, m, subscriptionId, itemId);

  refundInvoice = async (m: MerchantRef, id: string, input: InvoiceRefundInput) => {
    await refundInvoice(this.#credit, m, id, input);
    return getInvoice(this.#deps.sql, m, id);
  };
  createCreditNote = (m: MerchantRef, invoiceId: string, input: CreditNoteCreate) => createCreditNote(this.#credit, m, invoiceId, input);
  /** Settles refunds left without an outcome (the reconciler's `unsettled_refunds` sweep); answers how many invoices it settled. */
  settleLeftRefunds = (limit?: number) => settleLeftRefunds(this.#credit, limit);
  creditNote = (m: MerchantRef, id: string) => getCreditNote(this.#deps.sql, m, id);
  creditNotes = (m: MerchantRef, page: Page, filter: CreditNoteFilter) => listCreditNotes(this.#deps.sql, m, page, filter);
  invoice = (m: MerchantRef, id: string) => getInvoice(this.#deps.sql, m, id);
  finalizeInvoice = async (m: MerchantRef, id: string) => {
    await finalizeDraft(this.#lifecycle, m, id);
    return getInvoice(this.#deps.sql, m, id);
  };
  addInvoiceLine = async (m: MerchantRef, id: string, input: DraftLineCreate) => {
    await addDraftLine(this.#lifecycle, m, id, input);
    return getInvoice(this.#deps.sql, m, id);
  };
  voidInvoice = async (m: MerchantRef, id: string) => {
    await voidInvoice(this.#lifecycle, m, id);
    return getInvoice(this.#deps.sql, m, id);
  };
  invoices = (m: MerchantRef, page: Page, filter: InvoiceFilter) => listInvoices(this.#deps.sql, m, page, filter);
  events = (m: MerchantRef, page: Page, filter: EventFilter) => listEvents(this.#deps.sql, m, page, filter);
  dunningHolds = (m: MerchantRef, page: Page, filter: HoldFilter) =>
    listDunningHolds(this.#deps.sql, m, filter, page, this.#deps.clock.now());
  retryInvoice = async (m: MerchantRef, id: string) => {
    const result = await retryInvoiceNow(this.#deps.charge, m, id);
    await this.#deps.afterCharge([result]);
    return getInvoice(this.#deps.sql, m, id);
  };

  createWebhook = (m: MerchantRef, input: WebhookCreate) =>
    createWebhook(this.#deps.sql, m, input, {
      key: this.#deps.webhookKey,
      policy: this.#deps.webhookUrlPolicy,
      now: this.#deps.clock.now(),
    });
  webhook = (m: MerchantRef, id: string) => getWebhook(this.#deps.sql, m, id);
  webhooks = (m: MerchantRef, page: Page) => listWebhooks(this.#deps.sql, m, page);
  deleteWebhook = (m: MerchantRef, id: string) => deleteWebhook(this.#deps.sql, m, id, this.#deps.clock.now());
  webhookDeliveries = (m: MerchantRef, id: string, page: Page) => listDeliveries(this.#deps.sql, m, id, page);
  retryWebhookDelivery = async (m: MerchantRef, id: string, deliveryId: string) => {
    const delivery = await retryDelivery(this.#deps.sql, m, id, deliveryId);
    await this.#deps.resendWebhooks([delivery.id]);
    return delivery;
  };

  invoicingSettings = (m: MerchantRef) => getInvoicingSettings(this.#deps.sql, m);
  updateInvoicingSettings = (m: MerchantRef, input: InvoicingSettingsUpdate) =>
    updateInvoicingSettings(this.#deps.sql, m, input, this.#deps.clock.now());
  businessSettings = (m: MerchantRef) => getBusinessSettings(this.#deps.sql, m);
  updateBusinessSettings = (m: MerchantRef, input: BusinessSettingsUpdate) =>
    updateBusinessSettings(this.#deps.sql, m, input, this.#deps.clock.now());

  emailSettings = (m: MerchantRef) => getEmailSettings(this.#deps.sql, m);
  updateEmailSettings = (m: MerchantRef, input: EmailSettingsUpdate) =>
    updateEmailSettings(this.#deps.sql, m, input, this.#deps.clock.now());
  /** A customer's e-mails (404 for a customer unknown or deleted), and one e-mail with its text. */
  customerEmails = (m: MerchantRef, id: string, page: Page) => listCustomerEmails(this.#deps.sql, m, id, page);
  email = (m: MerchantRef, id: string) => getEmail(this.#deps.sql, m, id);

  /** Rendered on request, cached by version (documents/): a repeated download is not rendered again. */
  invoicePdf = (m: MerchantRef, id: string) => invoicePdf(this.#documents, m, id);
  creditNotePdf = (m: MerchantRef, id: string) => creditNotePdf(this.#documents, m, id);

  createTestClock = (m: MerchantRef, frozenTime: Date) => createTestClock(this.#deps.sql, m, frozenTime, this.#deps.clock.now());
  testClock = (m: MerchantRef, id: string) => getTestClock(this.#deps.sql, m, id);
  advanceTestClock = async (m: MerchantRef, id: string, to: Date) => {
    const clock = await advanceTestClock(this.#deps.sql, m, id, to, this.#deps.clock.now());
    this.#deps.pokeScheduler();
    return clock;
  };

  /** The hosted pages' use cases: the object a verified link names, what became of the link, a new card from the customer. */
  linkObject = (link: { purpose: 'invoice' | 'card_update'; objectId: string; environment: 'sandbox' | 'production' }) =>
    findLinkObject(this.#deps.sql, link);
  linkMark = (m: MerchantRef, linkId: string) => linkMark(this.#deps.sql, m, linkId);
  markLinkUsed = (m: MerchantRef, linkId: string) => markLinkUsed(this.#deps.sql, m, linkId, this.#deps.clock.now());
  issueHostedLink = (m: MerchantRef, input: HostedLinkCreate) =>
    issueHostedLink(this.#deps.sql, this.#deps.links, m, input, this.#deps.clock.now());
  revokeHostedLink = (m: MerchantRef, linkId: string) => revokeLink(this.#deps.sql, m, linkId, this.#deps.clock.now());
  updateCardFromLink = (object: LinkObject, card: NewCard, onlyInvoice?: string) =>
    updateCardFromLink(this.#card, object, card, onlyInvoice);

  claimIdempotencyKey = (m: MerchantRef, key: string, hash: string) =>
    claimIdempotencyKey(this.#deps.sql, m, key, hash, this.#deps.clock.now());
  completeIdempotencyKey = (m: MerchantRef, key: string, status: number, body: unknown) =>
    completeIdempotencyKey(this.#deps.sql, m, key, status, body);
}
