import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, environmentName, instant, minorUnits } from '../../platform/entity-columns.ts';
import { Merchant } from '../merchants/merchant.entity.ts';
import { Card } from '../cards/card.entity.ts';
import { Purchase, type CardSnapshot } from '../purchases/purchase.entity.ts';

export const Refund = defineEntity({
  name: 'Refund',
  schema: 'gateway',
  tableName: 'refunds',
  properties: {
    /** `<merchant prefix>-R-<8 uppercase alphanumerics>`. */
    id: p.string().length(40).primary(),
    merchant: () => p.manyToOne(Merchant),
    environment: environmentName(),
    reference: p.string().length(255),
    /** Absent for an unmatched (standalone) refund, credited to a card directly. */
    purchase: () => p.manyToOne(Purchase).nullable().deleteRule('no action'),
    card: () => p.manyToOne(Card).nullable().deleteRule('no action'),
    standalone: p.boolean().default(false),
    voided: p.boolean().default(false),
    rrn: p.string().length(24).nullable(),
    metadata: p.json<Record<string, string>>().columnType('jsonb').default('{}'),
    /** pending while an upstream call is in flight; completed once its answer is recorded. */
    state: p.string().length(10),
    /** The resolver's backoff for a pending production transaction: lookups so far, and the next one's time. */
    resolveTries: p.integer().default(0),
    resolveAfter: instant().nullable(),
    amount: minorUnits(),
    currency: currencyCode(),
    successful: p.boolean(),
    refunded: p.string().length(10),
    responseCode: p.string().length(2),
    message: p.string().length(255).nullable(),
    authorization: p.string().length(12).nullable(),
    cardSnapshot: p.json<CardSnapshot>().columnType('jsonb'),
    transactionDate: instant(),
    settlementDate: p.string().length(10),
  },
  // A failed transaction (never recorded upstream) frees its reference.
  uniques: [
    {
      name: 'refunds_reference_unique',
      expression: `create unique index "refunds_reference_unique" on "gateway"."refunds" ("merchant_id", "environment", "reference") where "state" <> 'failed'`,
    },
  ],
  indexes: [
    { properties: ['merchant', 'environment', 'transactionDate'], name: 'refunds_listing_index' },
    { properties: ['purchase'], name: 'refunds_purchase_index' },
  ],
});
export type Refund = InferEntity<typeof Refund>;
