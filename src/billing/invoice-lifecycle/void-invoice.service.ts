import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { voidOwedInvoicesSql } from '../invoices/void-owed.ts';
import { lockInvoice } from './lock-invoice.ts';
import type { LifecycleDeps } from './finalize-draft.service.ts';

/**
 * `POST /invoices/{id}/void`: a draft (it never gets a number), or an `open` or `past_due`
 * invoice (it keeps its number), becomes `void` by the one rule that voids owed invoices, with
 * `invoice.voided` (reason `requested`). Its retries are dropped; a charge job still queued
 * finds it void and makes no attempt. Refused (409): a paid, void or uncollectible invoice, and
 * one whose attempt is at the gateway now (it may be approved: void it once it has an outcome).
 */
export async function voidInvoice(deps: Pick<LifecycleDeps, 'sql' | 'now'>, merchant: MerchantRef, id: string): Promise<void> {
  const now = deps.now();
  await deps.sql.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, merchant, id, now);
    if (!['draft', 'open', 'past_due'].includes(invoice.status)) {
      throw BillingErrors.conflict(`Invoice is ${invoice.status}; only a draft, open or past-due invoice can be voided`);
    }
    if (invoice.in_flight) {
      throw BillingErrors.conflict('A charge of this invoice is at the gateway; void it once the attempt has an outcome');
    }
    await tx.query(
      `with ${voidOwedInvoicesSql({ name: 'voided', where: 'i.id = $1', reason: `'requested'`, at: '$3', now: '$2' })}
       select count(*) from voided`,
      [id, now, invoice.billing_now],
    );
  });
}
