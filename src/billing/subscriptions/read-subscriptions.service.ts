import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { merchantScope } from '../merchant-scope.ts';
import type { SubscriptionFilter } from './subscription-input.ts';
import { subscriptionMatches, type SearchTerms } from '../search/search-terms.ts';
import { SUBSCRIPTION_COLUMNS, toSubscriptionView, type SubscriptionView } from './subscription-view.ts';
import { loadSubscription } from './subscription-context.ts';

export async function getSubscription(db: Sql, merchant: MerchantRef, id: string): Promise<SubscriptionView> {
  return toSubscriptionView(await loadSubscription(db, merchant, id));
}

/** Newest first, optionally of one status or one customer; `search` as `q` (search-terms.ts). */
export function listSubscriptions(
  db: Sql,
  merchant: MerchantRef,
  page: Page,
  filter: SubscriptionFilter,
  search: SearchTerms | null = null,
): Promise<Paginated<SubscriptionView>> {
  const scope = merchantScope(
    'billing.subscriptions',
    merchant,
    { status: filter.status, customer_reference: filter.customer_reference, customer_id: filter.customer_id },
    'subscriptions',
  );
  const params = [...scope.params];
  const from = search ? `${scope.from} and ${subscriptionMatches('subscriptions', search, params)}` : scope.from;
  return readPage(
    db,
    page,
    { select: `select ${SUBSCRIPTION_COLUMNS}`, orderBy: 'order by created_at desc, id desc', from, params },
    toSubscriptionView,
  );
}
