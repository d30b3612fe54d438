import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import type { PlanPriceInput } from '../pricing/price-input.ts';
import { currencyCode, instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

export interface DunningPolicy {
  retry_days: number[];
  final_action: 'cancel' | 'mark_unpaid' | 'leave_past_due';
}

/** A price and a cadence. Plans are immutable once created (a price change is a new plan); they can be archived. */
export const Plan = defineEntity({
  name: 'Plan',
  schema: 'billing',
  tableName: 'plans',
  properties: {
    ...merchantRow(),
    name: p.string().length(200),
    amount: minorUnits(),
    /** Tax rates for its lines (explicit: they win over automatic tax by address). */
    taxRateIds: p.json<string[]>().columnType('jsonb').default('[]'),
    /** Prices (`PlanPriceInput`): usage prices billed in arrears (docs/usage.md), a `seats` price billed in advance (docs/pricing.md); [] for a flat plan. */
    prices: p.json<PlanPriceInput[]>().columnType('jsonb').default('[]'),
    currency: currencyCode(),
    interval: p.string().length(5),
    intervalCount: p.integer(),
    trialDays: p.integer().default(0),
    /** Charged once, on the subscription's first charged period invoice; not multiplied by quantity. */
    setupFee: minorUnits().default(0),
    /** Period invoices before the subscription is `completed`; null bills until cancelled. */
    billingCycles: p.integer().nullable(),
    dunning: p.json<DunningPolicy>().columnType('jsonb'),
    status: p.string().length(10).default('active'),
    createdAt: instant(),
    archivedAt: instant().nullable(),
  },
  indexes: [{ properties: ['merchantId', 'environment', 'createdAt'], name: 'plans_listing_index' }],
});
export type Plan = InferEntity<typeof Plan>;
