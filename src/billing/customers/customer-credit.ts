import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { recordEvents } from '../events/events.service.ts';
import { CUSTOMER_COLUMNS, toCustomerView, type CustomerRow } from './customer-view.ts';

/**
 * A customer's credit is what its subscriptions' invoices use before the card, and what their
 * downgrades raise: one balance shared by all of them, in the customer's `currency` (every
 * subscription of a customer bills in it). Every path that reads the balance to change it locks
 * the customer row first, and always after the subscription rows it holds (customers in id order
 * where there are several): a subscription's lock order (owed invoices, the subscription) is
 * kept, and two writers of one customer's credit take turns, the second reading what the first
 * left. Subscriptions without a customer keep their own `credit_balance`.
 */

/** The customer's credit balance, its row locked for the rest of the transaction. */
export async function lockCustomerCredit(tx: Sql, customerId: string): Promise<number> {
  const rows = await tx.query<{ credit_balance: string }>('select credit_balance from billing.customers where id = $1 for update', [
    customerId,
  ]);
  if (!rows[0]) throw new Error(`customer ${customerId} is gone`);
  return Number(rows[0].credit_balance);
}

/** Writes the balance of a customer locked by `lockCustomerCredit`. */
export async function setCustomerCredit(tx: Sql, customerId: string, balance: number): Promise<void> {
  if (!Number.isSafeInteger(balance) || balance < 0) throw new RangeError(`a credit balance is an integer ≥ 0: ${balance}`);
  await tx.query('update billing.customers set credit_balance = $2 where id = $1', [customerId, balance]);
}

/**
 * Puts a subscription (locked by the caller) under a customer: one of this merchant and
 * environment, not deleted (otherwise 422 naming `customer_id`), whose currency is the
 * subscription's plans' (`currencies`: the plan and a pending one). A customer without a currency
 * takes the plan's, with `customer.updated`. Credit the subscription held (`credit`) moves to the
 * customer. The customer row is locked: a delete of the customer waits for this, or this finds it
 * deleted.
 */
export async function attachCustomer(
  tx: Sql,
  merchant: MerchantRef,
  customerId: string,
  subscription: { currencies: string[]; credit: number; now: Date },
): Promise<void> {
  const rows = await tx.query<CustomerRow>(
    `select ${CUSTOMER_COLUMNS} from billing.customers
      where id = $1 and merchant_id = $2 and environment = $3 and deleted_at is null for update`,
    [customerId, merchant.merchantId, merchant.environment],
  );
  const customer = rows[0];
  if (!customer) throw BillingErrors.validation([`customer_id: customer ${customerId} could not be found`]);
  const currencies = [...new Set(subscription.currencies)];
  const currency = customer.currency ?? currencies[0]!;
  const other = currencies.find((c) => c !== currency);
  if (other) {
    throw BillingErrors.validation([
      customer.currency
        ? `customer_id: customer ${customerId} is billed in ${customer.currency}, and the subscription's plan in ${other}`
        : `customer_id: the subscription's plans are in ${currencies.join(' and ')}; a customer is billed in one currency`,
    ]);
  }
  if (customer.currency === null || subscription.credit > 0) {
    const updated = await tx.query<CustomerRow>(
      `update billing.customers set currency = $2, credit_balance = credit_balance + $3,
          updated_at = case when currency is null then $4 else updated_at end
        where id = $1 returning ${CUSTOMER_COLUMNS}`,
      [customerId, currency, subscription.credit, subscription.now],
    );
    if (customer.currency === null) {
      await recordEvents(tx, subscription.now, [
        { ...merchant, type: 'customer.updated', data: { customer: toCustomerView(updated[0]!), changed: ['currency'] } },
      ]);
    }
  }
}

/**
 * Refuses a plan change of a customer's subscription to a plan in another currency than the
 * customer's (422 naming `plan_id`).
 */
export async function assertCustomerCurrency(tx: Sql, customerId: string, planCurrency: string): Promise<void> {
  const rows = await tx.query<{ currency: string | null }>('select currency from billing.customers where id = $1', [customerId]);
  const currency = rows[0]?.currency;
  if (currency && currency !== planCurrency) {
    throw BillingErrors.validation([`plan_id: the subscription's customer is billed in ${currency}, and the plan is in ${planCurrency}`]);
  }
}
