import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow } from '../../platform/entity-columns.ts';

export const AGGREGATIONS = ['count', 'sum', 'max', 'unique_count', 'latest'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/**
 * What usage events count (docs/usage.md): events of its `code` over a period, aggregated by
 * `aggregation` over the event property `field` (none for `count`), keeping only the events whose
 * properties match `filters` (`{property: [values]}`, every property matching one of its values).
 * Codes are unique per merchant and environment; an archived metric keeps its code and refuses
 * new events.
 */
export const BillableMetric = defineEntity({
  name: 'BillableMetric',
  schema: 'billing',
  tableName: 'billable_metrics',
  properties: {
    ...merchantRow(),
    code: p.string().length(64),
    name: p.string().length(200),
    aggregation: p.string().length(16),
    field: p.string().length(100).nullable(),
    filters: p.json<Record<string, string[]>>().columnType('jsonb').default('{}'),
    status: p.string().length(10).default('active'),
    createdAt: instant(),
    archivedAt: instant().nullable(),
  },
  uniques: [{ properties: ['merchantId', 'environment', 'code'], name: 'billable_metrics_code_unique' }],
  indexes: [{ properties: ['merchantId', 'environment', 'createdAt'], name: 'billable_metrics_listing_index' }],
});
export type BillableMetric = InferEntity<typeof BillableMetric>;
