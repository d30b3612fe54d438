import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

/** Money that moved: exactly one entry per approved purchase (unique), written with the outcome. */
export const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  schema: 'billing',
  tableName: 'ledger_entries',
  properties: {
    ...merchantRow(),
    invoiceId: p.uuid(),
    attemptId: p.uuid(),
    purchaseId: p.string().length(40).unique('ledger_entries_purchase_unique'),
    amount: minorUnits(),
    currency: currencyCode(),
    createdAt: instant(),
    /** Billing time: its invoice's `paid_at` (a test clock's time where one applies); revenue is counted by it. */
    bookedAt: instant(),
  },
  uniques: [{ properties: ['invoiceId'], name: 'ledger_entries_invoice_unique' }],
  indexes: [
    {
      // Revenue per month (docs/analytics.md): an index-only range scan.
      name: 'ledger_entries_booked_index',
      expression: `create index "ledger_entries_booked_index" on "billing"."ledger_entries" ("merchant_id", "environment", "booked_at") include ("amount", "currency")`,
    },
  ],
});
export type LedgerEntry = InferEntity<typeof LedgerEntry>;
