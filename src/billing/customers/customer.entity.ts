import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

/** A postal address as the API takes it (`country` is ISO 3166-1 alpha-2). */
export interface PostalAddress {
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  postal_code: string;
  country: string;
}

/** A tax id as the API takes it, checked for format per type. */
export interface TaxId {
  type: string;
  value: string;
}

/**
 * Who a merchant bills: a name, contact details, an address and tax ids (they decide the tax of
 * its invoices), and a credit balance its subscriptions' invoices use before the card. Deleting
 * keeps the row (`deleted_at`): issued invoices snapshot it, and their history names it.
 */
export const Customer = defineEntity({
  name: 'Customer',
  schema: 'billing',
  tableName: 'customers',
  properties: {
    ...merchantRow(),
    name: p.string().length(255),
    email: p.string().length(255).nullable(),
    phone: p.string().length(40).nullable(),
    address: p.json<PostalAddress>().columnType('jsonb').nullable(),
    taxIds: p.json<TaxId[]>().columnType('jsonb').default('[]'),
    currency: currencyCode().nullable(),
    locale: p.string().length(35).nullable(),
    metadata: p.json<Record<string, string>>().columnType('jsonb').default('{}'),
    /** Credit held (minor units, ≥ 0): its subscriptions' invoices use it before the card. */
    creditBalance: minorUnits().default(0),
    /** Per-customer invoice numbers (where the merchant numbers per customer) start with it; one customer per prefix. */
    invoicePrefix: p.string().length(12),
    deletedAt: instant().nullable(),
    createdAt: instant(),
    updatedAt: instant(),
  },
  indexes: [
    { properties: ['merchantId', 'environment', 'createdAt'], name: 'customers_listing_index' },
    {
      name: 'customers_email_index',
      expression: `create index "customers_email_index" on "billing"."customers" ("merchant_id", "environment", lower("email")) where "deleted_at" is null`,
    },
  ],
  uniques: [{ properties: ['merchantId', 'environment', 'invoicePrefix'], name: 'customers_invoice_prefix_unique' }],
});
export type Customer = InferEntity<typeof Customer>;
