import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';

/** Money that moved: exactly one entry per approved purchase (unique), written with the outcome. */
export const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  schema: 'billing',
  tableName: 'ledger_entries',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    merchantId: p.uuid(),
    environment: p.string().length(10),
    invoiceId: p.uuid(),
    attemptId: p.uuid(),
    purchaseId: p.string().length(40).unique('ledger_entries_purchase_unique'),
    amount: p.bigint('number'),
    currency: p.string().length(3),
    createdAt: p.datetime().columnType('timestamptz'),
  },
  uniques: [{ properties: ['invoiceId'], name: 'ledger_entries_invoice_unique' }],
});
export type LedgerEntry = InferEntity<typeof LedgerEntry>;
