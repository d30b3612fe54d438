import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, environmentName, instant, minorUnits } from '../../platform/entity-columns.ts';

/**
 * A change of one subscription's monthly recurring revenue (docs/analytics.md), written by the
 * trigger on billing.subscriptions (migration 20261127165000) and never by code: `new`,
 * `expansion`, `contraction`, `churn` or `reactivation`, at billing time.
 */
export const MrrMovement = defineEntity({
  name: 'MrrMovement',
  schema: 'billing',
  tableName: 'mrr_movements',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    merchantId: p.uuid(),
    environment: environmentName(),
    subscriptionId: p.uuid(),
    customerId: p.uuid().nullable(),
    currency: currencyCode(),
    at: instant(),
    mrrBefore: minorUnits(),
    mrrAfter: minorUnits(),
    kind: p.string().length(12),
  },
  indexes: [
    { properties: ['merchantId', 'environment', 'at'], name: 'mrr_movements_merchant_index' },
    { properties: ['subscriptionId', 'at'], name: 'mrr_movements_subscription_index' },
  ],
});
export type MrrMovement = InferEntity<typeof MrrMovement>;
