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
/** The quantity expression and the filters of a metric's aggregation, its values as parameters from `$<first>`. */
function aggregationParts(metric: MetricDefinition, first: number): { quantity: string; filters: string; extra: unknown[] } {
  const extra: unknown[] = [];
  const param = (value: unknown) => `$${first - 1 + extra.push(value)}`;
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
  return { quantity, filters, extra };
}

/** The statement of `aggregateUsage`: $1 the subscription, $2 the code, $3 and $4 the range, then `extra`. */
export function aggregationStatement(metric: MetricDefinition): { text: string; extra: unknown[] } {
  const { quantity, filters, extra } = aggregationParts(metric, 5);
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

export interface UsagePeriod {
  subscriptionId: string;
  from: Date;
  to: Date;
}

/**
 * Many periods' usage of one metric in one statement (what closing a batch of periods needs):
 * each period is its own index range scan (a lateral subquery per period, partitions pruned at
 * run time), so the cost is the sum of the periods' own events, in one round trip. Answers in
 * the order of `periods`.
 */
export async function aggregatePeriods(db: Sql, metric: MetricDefinition, periods: UsagePeriod[]): Promise<AggregatedUsage[]> {
  if (periods.length === 0) return [];
  const { quantity, filters, extra } = aggregationParts(metric, 5);
  const rows = await db.query<{ n: number; quantity: string; events: string }>(
    `select p.n, a.quantity, a.events
       from unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) with ordinality as p(subscription_id, from_at, to_at, n)
       cross join lateral (
         select ${quantity} as quantity, count(*) as events from billing.usage_events
          where subscription_id = p.subscription_id and code = $4 and "timestamp" >= p.from_at and "timestamp" < p.to_at${filters}
       ) a
      order by p.n`,
    [periods.map((p) => p.subscriptionId), periods.map((p) => p.from), periods.map((p) => p.to), metric.code, ...extra],
  );
  return rows.map((r) => ({ quantity: Number(r.quantity), events: Number(r.events) }));
}
