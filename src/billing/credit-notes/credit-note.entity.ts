import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

export const CREDIT_NOTE_REASONS = ['duplicate', 'fraudulent', 'order_change', 'product_unsatisfactory', 'other'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

/**
 * A correction of a finalized invoice, numbered from its own sequence: it lowers what an open
 * invoice owes, or, on a paid one, refunds through the gateway or credits the customer's balance.
 * `amount = subtotal + tax` (tax credited in proportion); credit notes of an invoice never sum
 * past its total.
 */
export const CreditNote = defineEntity({
  name: 'CreditNote',
  schema: 'billing',
  tableName: 'credit_notes',
  properties: {
    ...merchantRow(),
    invoiceId: p.uuid(),
    customerId: p.uuid().nullable(),
    subscriptionId: p.uuid(),
    number: p.string().length(40),
    /** What is credited, tax included. */
    amount: minorUnits(),
    /** Its tax part (in proportion to the invoice's tax). */
    tax: minorUnits().default(0),
    currency: currencyCode(),
    lines: p.json<unknown[]>().columnType('jsonb').default('[]'),
    reason: p.string().length(24),
    /** Where the credit went: `invoice` (lowered what it owes), `refund` (back to the card), `balance` (the customer's credit). */
    creditTo: p.string().length(10),
    /** The invoice refund it made (`credit_to = refund`). */
    invoiceRefundId: p.uuid().nullable(),
    memo: p.string().length(500).nullable(),
    createdAt: instant(),
  },
  uniques: [{ properties: ['merchantId', 'environment', 'number'], name: 'credit_notes_number_unique' }],
  indexes: [
    { properties: ['merchantId', 'environment', 'createdAt'], name: 'credit_notes_listing_index' },
    { properties: ['invoiceId'], name: 'credit_notes_invoice_index' },
  ],
});
export type CreditNote = InferEntity<typeof CreditNote>;
