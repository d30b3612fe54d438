import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { recordEvents } from '../events/events.service.ts';
import type { NewEvent } from '../events/event-types.ts';
import { getSubscription } from '../subscriptions/read-subscriptions.service.ts';
import { backToActiveSql } from '../subscriptions/sql/back-to-active.ts';
import type { CreditableInvoice } from './creditable-invoice.ts';

/**
 * A credit note on an invoice still owed lowers what it owes (`amount`, shown as `amount_due`),
 * which the next charge of it takes. Lowered to 0, the invoice is paid with no purchase, as an
 * invoice of 0 is when it is written: dunning stops (no next attempt), `invoice.paid` with
 * `purchase_id: null` (at billing time), and its subscription, when this was its last past-due
 * invoice, is active again (`subscription.updated`, as an approved charge does it).
 */
export async function lowerOwed(tx: Sql, merchant: MerchantRef, inv: CreditableInvoice, amount: number, now: Date): Promise<void> {
  const owed = inv.owed - amount;
  if (owed > 0) {
    await tx.query('update billing.invoices set amount = $2, updated_at = $3 where id = $1', [inv.id, owed, now]);
    return;
  }
  await tx.query(
    `update billing.invoices set amount = 0, status = 'paid', paid_at = $2, next_attempt_at = null, held_for_card = false, updated_at = $3
      where id = $1`,
    [inv.id, inv.billingNow, now],
  );
  const events: NewEvent[] = [
    {
      ...merchant,
      type: 'invoice.paid',
      data: { invoice_id: inv.id, subscription_id: inv.subscriptionId, amount: 0, currency: inv.currency, purchase_id: null },
    },
  ];
  // A subscription is past due while any invoice is; the last one paid (this one) brings it back.
  const back = await tx.query<{ id: string }>(
    `with back as (${backToActiveSql({ subscriptionId: '$1', settledInvoiceId: '$2', at: '$3' })}) select id from back`,
    [inv.subscriptionId, inv.id, now],
  );
  if (back[0]) {
    const subscription = await getSubscription(tx, merchant, inv.subscriptionId);
    events.push({ ...merchant, type: 'subscription.updated', data: { subscription, previous_status: 'past_due' } });
  }
  await recordEvents(tx, inv.billingNow, events);
}

/**
 * A credit note on a paid invoice without a refund raises a credit balance that later invoices
 * use before the card: its customer's, or, for an invoice without a customer, its subscription's.
 * A deleted customer's balance would never be used, nor one kept in another currency: refused
 * (409), the card can take it instead (`refund: true`).
 */
export async function creditBalance(tx: Sql, inv: CreditableInvoice, amount: number, now: Date): Promise<void> {
  if (inv.customerId) {
    const rows = await tx.query<{ deleted_at: string | null; currency: string | null }>(
      'select deleted_at, currency from billing.customers where id = $1 for update',
      [inv.customerId],
    );
    const customer = rows[0];
    if (!customer || customer.deleted_at) {
      throw BillingErrors.conflict(
        `Customer ${inv.customerId} is deleted: its balance is used no more; refund the card instead (refund: true)`,
      );
    }
    if (customer.currency && customer.currency !== inv.currency) {
      throw BillingErrors.conflict(
        `Customer ${inv.customerId} keeps its balance in ${customer.currency}, not ${inv.currency}; refund the card instead (refund: true)`,
      );
    }
    await tx.query('update billing.customers set credit_balance = credit_balance + $2, updated_at = $3 where id = $1', [
      inv.customerId,
      amount,
      now,
    ]);
    return;
  }
  await tx.query('update billing.subscriptions set credit_balance = credit_balance + $2, updated_at = $3 where id = $1', [
    inv.subscriptionId,
    amount,
    now,
  ]);
}
