import type { SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { recordEvents } from '../events/events.service.ts';
import { CUSTOMER_COLUMNS, toCustomerView, type CustomerRow, type CustomerView } from './customer-view.ts';
import { loadCustomer } from './read-customers.service.ts';
import { liveSubscriptionCount } from './update-customer.service.ts';

/**
 * Deletes a customer whose subscriptions are all cancelled or completed (409
 * `customer_has_subscriptions` otherwise), with `customer.deleted`. The row stays (`deleted_at`):
 * its invoices and subscriptions keep naming it, its invoice prefix stays taken; the API answers
 * 404 for it from then on, and no subscription can take it. The customer row is locked first, as
 * a subscription that takes the customer locks it: one of the two waits for the other.
 */
export async function deleteCustomer(db: SqlPool, merchant: MerchantRef, id: string, now: Date): Promise<CustomerView> {
  return db.transaction(async (tx) => {
    await loadCustomer(tx, merchant, id, true);
    const live = await liveSubscriptionCount(tx, id);
    if (live > 0) throw BillingErrors.customerHasSubscriptions(id, live);
    const rows = await tx.query<CustomerRow>(
      `update billing.customers set deleted_at = $2, updated_at = $2 where id = $1 returning ${CUSTOMER_COLUMNS}`,
      [id, now],
    );
    const view = toCustomerView(rows[0]!);
    await recordEvents(tx, now, [{ ...merchant, type: 'customer.deleted', data: { customer: view } }]);
    return view;
  });
}
