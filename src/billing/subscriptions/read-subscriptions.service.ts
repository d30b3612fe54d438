import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { merchantScope } from '../merchant-scope.ts';
import type { SubscriptionFilter } from './subscription-input.ts';
import { SUBSCRIPTION_COLUMNS, toSubscriptionView, type SubscriptionView } from './subscription-view.ts';
import { loadSubscription } from './subscription-context.ts';

export async function getSubscription(db: Sql, merchant: MerchantRef, id: string): Promise<SubscriptionView> {
  return toSubscriptionView(await loadSubscription(db, merchant, id));
}

/** Newest first, optionally of one status or one customer. */
export function listSubscriptions(
  db: Sql,
  merchant: MerchantRef,
  page: Page,
  filter: SubscriptionFilter,
): Promise<Paginated<SubscriptionView>> {
  const scope = merchantScope('billing.subscriptions', merchant, {
    status: filter.status,
    customer_reference: filter.customer_reference,
    customer_id: filter.customer_id,
  });
  return readPage(
    db,
    page,
    { select: `select ${SUBSCRIPTION_COLUMNS}`, orderBy: 'order by created_at desc, id desc', ...scope },
    toSubscriptionView,
  );
}
