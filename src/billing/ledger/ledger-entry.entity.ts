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
  },
  uniques: [{ properties: ['invoiceId'], name: 'ledger_entries_invoice_unique' }],
});
export type LedgerEntry = InferEntity<typeof LedgerEntry>;
