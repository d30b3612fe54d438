import { iso } from '../../platform/time.ts';
import type { PostalAddress } from './customer.entity.ts';
import type { CheckedTaxId } from './tax-ids.ts';

/** A customer as the API answers it and as its events carry it. */
export interface CustomerView {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: PostalAddress | null;
  /** Normalised, each with the country it implies. */
  tax_ids: CheckedTaxId[];
  currency: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  /** Credit (minor units of `currency`, ≥ 0) its subscriptions' invoices use before the card. */
  credit_balance: number;
  invoice_prefix: string;
  created_at: string;
  updated_at: string;
}

/** The row `CUSTOMER_COLUMNS` reads: the view's fields, money as `bigint` text. */
export interface CustomerRow extends Omit<CustomerView, 'credit_balance'> {
  credit_balance: string;
  deleted_at: string | null;
}

export const CUSTOMER_COLUMNS = `id, name, email, phone, address, tax_ids, currency, locale, metadata, credit_balance, invoice_prefix,
  created_at, updated_at, deleted_at`;

export function toCustomerView(r: CustomerRow): CustomerView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    address: r.address === null ? null : addressOf(r.address),
    tax_ids: r.tax_ids,
    currency: r.currency,
    locale: r.locale,
    metadata: r.metadata,
    credit_balance: Number(r.credit_balance),
    invoice_prefix: r.invoice_prefix,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** An address with every field present (the optional ones null), in one order: as stored and as shown. */
export function addressOf(a: PostalAddress): PostalAddress {
  return { line1: a.line1, line2: a.line2 ?? null, city: a.city, state: a.state ?? null, postal_code: a.postal_code, country: a.country };
}
