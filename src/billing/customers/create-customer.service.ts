import type { SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { recordEvents } from '../events/events.service.ts';
import type { CustomerCreate } from './customer-input.ts';
import { addressOf, CUSTOMER_COLUMNS, toCustomerView, type CustomerRow, type CustomerView } from './customer-view.ts';
import { randomInvoicePrefix } from './invoice-prefix.ts';

/** Generated prefixes tried before giving up (each collides with odds of about n / 2 × 10^11). */
const PREFIX_TRIES = 10;

/**
 * A customer, with `customer.created` in the same transaction. Its `invoice_prefix` is the one
 * given (409 when another customer of the merchant has it, deleted ones included: issued numbers
 * carry it), or 8 random upper-case letters, drawn again on a collision.
 */
export async function createCustomer(
  db: SqlPool,
  merchant: MerchantRef,
  input: CustomerCreate,
  now: Date,
  newPrefix: () => string = randomInvoicePrefix,
): Promise<CustomerView> {
  return db.transaction(async (tx) => {
    for (let tries = 1; ; tries++) {
      const prefix = input.invoice_prefix ?? newPrefix();
      const rows = await tx.query<CustomerRow>(
        `insert into billing.customers (id, merchant_id, environment, name, email, phone, address, tax_ids, currency, locale, metadata,
            credit_balance, invoice_prefix, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $12)
         on conflict on constraint customers_invoice_prefix_unique do nothing
         returning ${CUSTOMER_COLUMNS}`,
        [
          merchant.merchantId,
          merchant.environment,
          input.name,
          input.email ?? null,
          input.phone ?? null,
          input.address ? JSON.stringify(addressOf(input.address)) : null,
          JSON.stringify(input.tax_ids ?? []),
          input.currency ?? null,
          input.locale ?? null,
          JSON.stringify(input.metadata ?? {}),
          prefix,
          now,
        ],
      );
      if (rows[0]) {
        const view = toCustomerView(rows[0]);
        await recordEvents(tx, now, [{ ...merchant, type: 'customer.created', data: { customer: view } }]);
        return view;
      }
      if (input.invoice_prefix !== undefined) throw BillingErrors.invoicePrefixTaken(prefix);
      if (tries >= PREFIX_TRIES) throw new Error(`no free invoice prefix after ${PREFIX_TRIES} tries`);
    }
  });
}
