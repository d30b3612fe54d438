import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

/**
 * Money that went back: a refund of a paid invoice's approved purchase, written (`sending`) before
 * the gateway is called, with a reference derived from the invoice and the refund's number. The
 * ledger is the ledger entries (approved purchases) less the approved refunds here.
 */
export const InvoiceRefund = defineEntity({
  name: 'InvoiceRefund',
  schema: 'billing',
  tableName: 'invoice_refunds',
  properties: {
    ...merchantRow(),
    invoiceId: p.uuid(),
    number: p.integer(),
    reference: p.string().length(64).unique('invoice_refunds_reference_unique'),
    purchaseId: p.string().length(40),
    amount: minorUnits(),
    currency: currencyCode(),
    reason: p.string().length(500).nullable(),
    /** `sending`, `approved`, `declined`, `rejected` or `unknown`. */
    status: p.string().length(10),
    gatewayRefundId: p.string().length(40).nullable(),
    message: p.string().length(255).nullable(),
    /**
     * The credit note the refund makes once approved (`{reason, memo, tax, lines}`; its amount is
     * the refund's), kept from the claim so that whoever records the outcome writes the same note.
     * Null on refunds made before credit notes existed.
     */
    creditNote: p.json<Record<string, unknown>>().columnType('jsonb').nullable(),
    createdAt: instant(),
    updatedAt: instant(),
  },
  uniques: [{ properties: ['invoiceId', 'number'], name: 'invoice_refunds_number_unique' }],
  indexes: [
    {
      // The reconciler's unsettled_refunds sweep reads only these, every sweep interval.
      name: 'invoice_refunds_unsettled_index',
      expression: `create index "invoice_refunds_unsettled_index" on "billing"."invoice_refunds" ("updated_at") where "status" in ('sending', 'unknown')`,
    },
  ],
});
export type InvoiceRefund = InferEntity<typeof InvoiceRefund>;
