import type { Sql } from '../../../platform/sql.ts';
import type { Aggregation } from '../billable-metric.entity.ts';

export interface MetricDefinition {
  code: string;
  aggregation: Aggregation;
  field: string | null;
  filters: Record<string, string[]>;
}

export interface AggregatedUsage {
  /** The aggregated quantity (0 when no event matched). */
  quantity: number;
  /** The events that matched. */
  events: number;
}

/**
 * The statement aggregating one subscription's events of one metric over [from, to): an index
 * range scan of `usage_events_aggregation_index` (subscription, code, timestamp) in the
 * partitions the range touches, so its cost grows with that subscription's own events in the
 * range, not with the table. `count` counts events; `sum` and `max` read the integer property
 * `field`; `unique_count` counts its distinct values; `latest` takes the value of the last event
 * (by timestamp, then transaction id). Filters keep events whose property, as text, is one of
 * its values.
 */
export function aggregationStatement(metric: MetricDefinition): { text: string; extra: unknown[] } {
  const extra: unknown[] = [];
  const param = (value: unknown) => `$${4 + extra.push(value)}`;
  const value = metric.field === null ? '' : `(properties ->> ${param(metric.field)})`;
  const quantity = {
    count: 'count(*)',
    sum: `coalesce(sum(${value}::bigint), 0)`,
    max: `coalesce(max(${value}::bigint), 0)`,
    unique_count: `count(distinct ${value})`,
    latest: `coalesce((array_agg(${value}::bigint order by "timestamp" desc, transaction_id desc))[1], 0)`,
  }[metric.aggregation];
  const filters = Object.entries(metric.filters)
    .map(([property, values]) => ` and properties ->> ${param(property)} = any(${param(values)}::text[])`)
    .join('');
  return {
    text: `select ${quantity} as quantity, count(*) as events from billing.usage_events
            where subscription_id = $1 and code = $2 and "timestamp" >= $3 and "timestamp" < $4${filters}`,
    extra,
  };
}

/** One subscription's usage of one metric over [from, to). */
export async function aggregateUsage(
  db: Sql,
  subscriptionId: string,
  metric: MetricDefinition,
  from: Date,
  to: Date,
): Promise<AggregatedUsage> {
  const { text, extra } = aggregationStatement(metric);
  const rows = await db.query<{ quantity: string; events: string }>(text, [subscriptionId, metric.code, from, to, ...extra]);
  return { quantity: Number(rows[0]!.quantity), events: Number(rows[0]!.events) };
}
