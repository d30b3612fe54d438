import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { recordEvents } from '../events/events.service.ts';
import type { CustomerUpdate } from './customer-input.ts';
import { addressOf, CUSTOMER_COLUMNS, toCustomerView, type CustomerRow, type CustomerView } from './customer-view.ts';
import { loadCustomer } from './read-customers.service.ts';

/** Subscription statuses that still bill (a customer with one cannot be deleted, nor change its currency). */
export const ENDED_SUBSCRIPTION_STATUSES = ['cancelled', 'completed'] as const;

/** How many of the customer's subscriptions are not cancelled or completed. */
export async function liveSubscriptionCount(db: Sql, customerId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from billing.subscriptions where customer_id = $1 and status <> all($2::text[])`,
    [customerId, ENDED_SUBSCRIPTION_STATUSES],
  );
  return rows[0]!.n;
}

/**
 * Changes the fields given (`null` clears an optional one; `tax_ids` and `metadata` are replaced
 * whole), with `customer.updated` naming them, in one transaction. The currency is the currency of
 * the customer's credit and subscriptions: it changes only while there are neither. The invoice
 * prefix changes only until an invoice of the customer carries a number.
 */
export async function updateCustomer(
  db: SqlPool,
  merchant: MerchantRef,
  id: string,
  input: CustomerUpdate,
  now: Date,
): Promise<CustomerView> {
  return db.transaction(async (tx) => {
    const current = await loadCustomer(tx, merchant, id, true);
    const changed = Object.keys(input).filter((k) => k !== 'test');
    if (changed.length === 0) return toCustomerView(current);
    if (input.currency !== undefined && input.currency !== current.currency) {
      if (Number(current.credit_balance) > 0) {
        throw BillingErrors.validation([`currency: the customer holds credit in ${current.currency}, so its currency cannot change`]);
      }
      const live = await liveSubscriptionCount(tx, id);
      if (live > 0) {
        throw BillingErrors.validation([
          `currency: the customer has subscriptions billed in ${current.currency}, so its currency cannot change`,
        ]);
      }
    }
    if (input.invoice_prefix !== undefined && input.invoice_prefix !== current.invoice_prefix) {
      const numbered = await tx.query('select 1 from billing.invoices where customer_id = $1 and number is not null limit 1', [id]);
      if (numbered.length > 0) throw BillingErrors.conflict('invoice_prefix cannot change once invoices of the customer carry numbers');
    }
    const keep = <T>(given: T | undefined, was: T): T => (given === undefined ? was : given);
    const address = keep(input.address, current.address);
    let rows: CustomerRow[];
    try {
      rows = await tx.query<CustomerRow>(
        `update billing.customers set name = $2, email = $3, phone = $4, address = $5, tax_ids = $6, currency = $7, locale = $8,
            metadata = $9, invoice_prefix = $10, updated_at = $11
          where id = $1 returning ${CUSTOMER_COLUMNS}`,
        [
          id,
          keep(input.name, current.name),
          keep(input.email, current.email),
          keep(input.phone, current.phone),
          address === null ? null : JSON.stringify(addressOf(address)),
          JSON.stringify(keep(input.tax_ids, current.tax_ids)),
          keep(input.currency, current.currency),
          keep(input.locale, current.locale),
          JSON.stringify(keep(input.metadata, current.metadata)),
          keep(input.invoice_prefix, current.invoice_prefix),
          now,
        ],
      );
    } catch (err) {
      if ((err as { constraint?: string }).constraint === 'customers_invoice_prefix_unique') {
        throw BillingErrors.invoicePrefixTaken(input.invoice_prefix!);
      }
      throw err;
    }
    const view = toCustomerView(rows[0]!);
    await recordEvents(tx, now, [{ ...merchant, type: 'customer.updated', data: { customer: view, changed } }]);
    return view;
  });
}
