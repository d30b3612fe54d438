import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow } from '../../platform/entity-columns.ts';

/**
 * A tax rate: a percentage with up to 4 decimal places, kept as an integer in millionths of the
 * whole (`percentage × 10,000`: "10" = 100000, "8.875" = 88750), inclusive (the price contains it)
 * or exclusive (added on top). `country` and `state` make it apply by a customer's address where
 * the merchant taxes automatically. Rates are immutable but for archiving.
 */
export const TaxRate = defineEntity({
  name: 'TaxRate',
  schema: 'billing',
  tableName: 'tax_rates',
  properties: {
    ...merchantRow(),
    displayName: p.string().length(100),
    description: p.string().length(255).nullable(),
    /** The percentage × 10,000 (millionths of the whole): "20" = 200000, "8.875" = 88750. */
    rateMillionths: p.integer(),
    inclusive: p.boolean(),
    country: p.string().length(2).nullable(),
    state: p.string().length(10).nullable(),
    archivedAt: instant().nullable(),
    createdAt: instant(),
  },
  indexes: [
    { properties: ['merchantId', 'environment', 'createdAt'], name: 'tax_rates_listing_index' },
    {
      // Automatic tax reads a merchant's active rates of one country.
      name: 'tax_rates_automatic_index',
      expression: `create index "tax_rates_automatic_index" on "billing"."tax_rates" ("merchant_id", "environment", "country") where "archived_at" is null`,
    },
  ],
});
export type TaxRate = InferEntity<typeof TaxRate>;
