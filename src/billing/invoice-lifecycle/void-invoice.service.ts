import type { MerchantRef } from '../ports/gateway-port.ts';
import { Params } from '../../platform/sql-params.ts';
import { BillingErrors } from '../errors.ts';
import { insertEventsSql } from '../events/insert-events-sql.ts';
import { giveBackVoidedCredit, voidOwedInvoicesSql, type VoidedCredit } from '../invoices/void-owed.ts';
import { backToActiveSql } from '../subscriptions/sql/back-to-active.ts';
import { subscriptionJsonSql } from '../subscriptions/subscription-view.ts';
import { lockInvoice } from './lock-invoice.ts';
import type { LifecycleDeps } from './finalize-draft.service.ts';

/**
 * `POST /invoices/{id}/void`: a draft (it never gets a number), or an `open` or `past_due`
 * invoice (it keeps its number), becomes `void` by the one rule that voids owed invoices, with
 * `invoice.voided` (reason `requested`). Its retries are dropped; a charge job still queued
 * finds it void and makes no attempt. Refused (409): a paid, void or uncollectible invoice, and
 * one whose attempt is at the gateway now (it may be approved: void it once it has an outcome).
 *
 * What the invoice held is given back in the same transaction:
 * - the credit it used (`credit_applied`) returns to where it came from: its customer's balance
 *   (an invoice written for a customer), else its subscription's;
 * - a subscription past due because of this invoice alone comes back to `active`, with
 *   `subscription.updated` (`previous_status: "past_due"`), as when the last past-due invoice is paid.
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
    const billingNow = new Date(invoice.billing_now);
    const params = new Params();
    const [invoiceId, at, subscriptionId] = [params.add(id), params.add(now), params.add(invoice.subscription_id)];
    const voided = voidOwedInvoicesSql({
      name: 'voided',
      where: `i.id = ${invoiceId}`,
      reason: `'requested'`,
      at: params.add(billingNow),
      now: at,
    });
    const back = backToActiveSql({ subscriptionId, settledInvoiceId: invoiceId, at, when: 'exists (select 1 from voided)' });
    const events = insertEventsSql(
      params,
      billingNow,
      [],
      [
        {
          cte: 'back',
          event: { ...merchant, type: 'subscription.updated', data: { previous_status: 'past_due' } },
          dataSql: `jsonb_build_object('subscription', ${subscriptionJsonSql('back')})`,
        },
      ],
    );
    const given = await tx.query<VoidedCredit>(
      `with ${voided}, back as (${back}), back_events as (${events}) select customer_id, subscription_id, credit_applied from voided`,
      params.values,
    );
    await giveBackVoidedCredit(tx, given, now);
  });
}
