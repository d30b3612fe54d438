import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';
import type { DunningPolicy } from '../plans/plan.entity.ts';
import type { InvoiceLine } from './lines/invoice-line.ts';

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'past_due', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What a subscription owes for one period: exactly one per subscription and period (unique). */
export const Invoice = defineEntity({
  name: 'Invoice',
  schema: 'billing',
  tableName: 'invoices',
  properties: {
    ...merchantRow(),
    subscriptionId: p.uuid(),
    /** The subscription's customer when the invoice was written (null: a subscription without one). */
    customerId: p.uuid().nullable(),
    planId: p.uuid(),
    /** `period` (one per subscription and period), `proration` (a change effective now) or `one_off` (items invoiced now). */
    kind: p.string().length(10).default('period'),
    periodIndex: p.integer(),
    periodStart: instant(),
    periodEnd: instant(),
    /** What the card is charged: `subtotal − discount − credit_applied` (≥ 0). */
    amount: minorUnits(),
    currency: currencyCode(),
    /** The lines the amount is composed of (credits and discounts negative): `sum(lines) − credit_applied = amount`. */
    lines: p.json<InvoiceLine[]>().columnType('jsonb').default('[]'),
    subtotal: minorUnits().default(0),
    discount: minorUnits().default(0),
    creditApplied: minorUnits().default(0),
    refundedAmount: minorUnits().default(0),
    /** Tax of the lines (inclusive and exclusive), and its breakdown per rate (`{tax_rate_id, …, amount}`). */
    tax: minorUnits().default(0),
    taxBreakdown: p.json<unknown[]>().columnType('jsonb').default('[]'),
    /** `subtotal − discount + exclusive tax`: what the invoice is for before credit. */
    total: minorUnits().default(0),
    /** Tax is the buyer's to account for (EU reverse charge): the invoice carries the legal note. */
    reverseCharge: p.boolean().default(false),
    /** The legal note tax law asks the invoice to carry (the reverse charge's), as it was printed; null for none. */
    taxNote: p.string().length(500).nullable(),
    /** What credit notes took off the invoice (never more than `total`). */
    creditedAmount: minorUnits().default(0),
    /** From the merchant's gap-free sequence, given at finalization (null while a draft). */
    number: p.string().length(40).nullable(),
    /** Snapshots taken at finalization: the customer billed and the merchant's legal details. */
    billTo: p.json<Record<string, unknown>>().columnType('jsonb').nullable(),
    seller: p.json<Record<string, unknown>>().columnType('jsonb').nullable(),
    /** A draft is finalized (numbered, then charged) at this billing time. */
    finalizesAt: instant().nullable(),
    finalizedAt: instant().nullable(),
    status: p.string().length(14),
    attemptCount: p.integer().default(0),
    /** The dunning policy the invoice started under; a later plan change does not alter it. */
    dunning: p.json<DunningPolicy>().columnType('jsonb'),
    /** When the next automatic retry is due (billing time: a test clock's where one applies). */
    nextAttemptAt: instant().nullable(),
    /** Billing time of the first failed attempt: the dunning schedule counts from it. */
    firstFailedAt: instant().nullable(),
    /** The retry job for `next_attempt_at` was handed to the queue (real time). */
    retryEnqueuedAt: instant().nullable(),
    /** Held until the card is updated (expired card, or a decline that needs new card data). */
    heldForCard: p.boolean().default(false),
    /** The decline-table version the invoice's dunning started under. */
    declineTableVersion: p.integer().nullable(),
    paidAt: instant().nullable(),
    createdAt: instant(),
    updatedAt: instant(),
  },
  // Also the index of a subscription's invoices (every read filters on subscription_id, and lists
  // them by period_start): a second one on (subscription_id, period_index) only cost writes.
  indexes: [
    {
      // One invoice per subscription and period; proration and one-off invoices stand beside them.
      name: 'invoices_period_unique',
      expression: `create unique index "invoices_period_unique" on "billing"."invoices" ("subscription_id", "period_start") where "kind" = 'period'`,
    },
    { properties: ['merchantId', 'environment', 'createdAt'], name: 'invoices_listing_index' },
    {
      name: 'invoices_retry_due_index',
      expression: `create index "invoices_retry_due_index" on "billing"."invoices" ("next_attempt_at") where "status" = 'past_due' and "next_attempt_at" is not null`,
    },
    {
      name: 'invoices_number_unique',
      expression: `create unique index "invoices_number_unique" on "billing"."invoices" ("merchant_id", "environment", "number") where "number" is not null`,
    },
    {
      name: 'invoices_draft_due_index',
      expression: `create index "invoices_draft_due_index" on "billing"."invoices" ("finalizes_at") where "status" = 'draft'`,
    },
    {
      name: 'invoices_customer_index',
      expression: `create index "invoices_customer_index" on "billing"."invoices" ("customer_id", "created_at") where "customer_id" is not null`,
    },
    {
      // GET /invoices?from=&to=: the invoices issued (finalized) in a range of days.
      name: 'invoices_issued_index',
      expression: `create index "invoices_issued_index" on "billing"."invoices" ("merchant_id", "environment", "finalized_at") where "finalized_at" is not null`,
    },
    {
      name: 'invoices_open_index',
      expression: `create index "invoices_open_index" on "billing"."invoices" ("created_at") where "status" = 'open'`,
    },
    // The analytics (docs/analytics.md): invoices by the month they first failed, and those past due.
    {
      name: 'invoices_first_failed_index',
      expression: `create index "invoices_first_failed_index" on "billing"."invoices" ("merchant_id", "environment", "first_failed_at") include ("currency", "status", "amount") where "first_failed_at" is not null`,
    },
    {
      name: 'invoices_past_due_index',
      expression: `create index "invoices_past_due_index" on "billing"."invoices" ("merchant_id", "environment") where "status" = 'past_due'`,
    },
  ],
});
export type Invoice = InferEntity<typeof Invoice>;
