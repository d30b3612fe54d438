import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { merchantScope } from '../merchant-scope.ts';
import type { CustomerFilter } from './customer-input.ts';
import { customerMatches, type SearchTerms } from '../search/search-terms.ts';
import { CUSTOMER_COLUMNS, toCustomerView, type CustomerRow, type CustomerView } from './customer-view.ts';

/**
 * A customer of this merchant and environment that is not deleted, or a 404 (a deleted one is
 * gone from the API). With `lock`, its row is locked for the transaction (`for update`).
 */
export async function loadCustomer(db: Sql, merchant: MerchantRef, id: string, lock = false): Promise<CustomerRow> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<CustomerRow>(
        `select ${CUSTOMER_COLUMNS} from billing.customers
          where id = $1 and merchant_id = $2 and environment = $3 and deleted_at is null${lock ? ' for update' : ''}`,
        [id, merchant.merchantId, merchant.environment],
      )
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Customer', id);
  return rows[0];
}

export async function getCustomer(db: Sql, merchant: MerchantRef, id: string): Promise<CustomerView> {
  return toCustomerView(await loadCustomer(db, merchant, id));
}

/** Newest first, deleted ones left out; `email` matches exactly, in any case; `search` as `q` (search-terms.ts). */
export function listCustomers(
  db: Sql,
  merchant: MerchantRef,
  page: Page,
  filter: CustomerFilter,
  search: SearchTerms | null = null,
): Promise<Paginated<CustomerView>> {
  const scope = merchantScope('billing.customers', merchant, {}, 'customers');
  const params = [...scope.params];
  let from = `${scope.from} and deleted_at is null`;
  // The expression of customers_email_index, so the filter reads the index.
  if (filter.email) from += ` and lower(email) = lower($${params.push(filter.email)})`;
  if (search) from += ` and ${customerMatches('customers', search, params)}`;
  return readPage(
    db,
    page,
    { select: `select ${CUSTOMER_COLUMNS}`, from, orderBy: 'order by created_at desc, id desc', params },
    toCustomerView,
  );
}
