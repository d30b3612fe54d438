import type { SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { finalizeInvoices } from '../invoices/finalize/finalize-invoices.ts';
import { lockInvoice } from './lock-invoice.ts';

export interface LifecycleDeps {
  sql: SqlPool;
  now(): Date;
  /** Charges an open invoice now, after the transaction that finalized it commits. */
  chargeNow(invoiceId: string): Promise<void>;
}

/**
 * `POST /invoices/{id}/finalize`: a draft finalized before its time, through the one
 * finalization (number, snapshots, `open` or `paid`, `invoice.finalized`), then charged at once
 * as an invoice of its own is (the sweep of owed charges takes it should this process die
 * first). Anything but a draft: 409.
 */
export async function finalizeDraft(deps: LifecycleDeps, merchant: MerchantRef, id: string): Promise<void> {
  const now = deps.now();
  const [finalized] = await deps.sql.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, merchant, id, now);
    if (invoice.status !== 'draft') throw BillingErrors.conflict(`Invoice is ${invoice.status}; only a draft can be finalized`);
    return finalizeInvoices(tx, [{ id, at: invoice.billing_now }], { now, locked: true });
  });
  if (finalized!.status === 'open') await deps.chargeNow(id);
}
