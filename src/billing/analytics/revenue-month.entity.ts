import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant } from '../../platform/entity-columns.ts';

/**
 * One closed month's revenue figures of a merchant and environment, per currency (docs/analytics.md,
 * "Cost"): written by `fillRevenueMonths` once the month is closed, deleted by the triggers of
 * migration 20261127193000 when a row of that month arrives late. Never edited by hand.
 */
export const RevenueMonth = defineEntity({
  name: 'RevenueMonth',
  schema: 'billing',
  tableName: 'revenue_months',
  properties: {
    merchantId: p.uuid().primary(),
    environment: environmentName().primary(),
    month: p.date().primary(),
    /** `{currency: {collected, refunded, failed: {decline_class: {attempts, amount}}}}`, minor units. */
    figures: p.json<Record<string, unknown>>(),
    computedAt: instant(),
  },
});
export type RevenueMonth = InferEntity<typeof RevenueMonth>;
