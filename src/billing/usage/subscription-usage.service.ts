import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import { Timestamp } from '../../platform/timestamps.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { loadSubscription } from '../subscriptions/subscription-context.ts';
import { allMetrics } from './billable-metrics.service.ts';
import { aggregateUsage } from './sql/aggregate-usage.ts';

export const UsageQuery = z.object({ from: Timestamp.optional(), to: Timestamp.optional(), test: z.string().optional() });
export type UsageQuery = z.infer<typeof UsageQuery>;

export interface MetricUsage {
  code: string;
  name: string;
  aggregation: string;
  status: string;
  quantity: number;
  events: number;
}

export interface SubscriptionUsage {
  subscription_id: string;
  from: string;
  to: string;
  metrics: MetricUsage[];
}

/**
 * A subscription's usage over [from, to) (by default its current period), per billable metric
 * of its merchant: the aggregated quantity and the events counted. One index range scan per
 * metric. Amounts come with prices on plans (docs/usage.md).
 */
export async function subscriptionUsage(db: Sql, merchant: MerchantRef, id: string, query: UsageQuery): Promise<SubscriptionUsage> {
  const sub = await loadSubscription(db, merchant, id);
  const fromAt = query.from ?? sub.current_period_start;
  const toAt = query.to ?? sub.current_period_end;
  if (!fromAt || !toAt) throw BillingErrors.validation([`from: subscription ${id} has no current period; give from and to`]);
  const from = new Date(fromAt);
  const to = new Date(toAt);
  if (from >= to) throw BillingErrors.validation(['to: to must be after from']);
  const metrics = await allMetrics(db, merchant);
  const usage = await Promise.all(
    metrics.map(async (m) => ({
      code: m.code,
      name: m.name,
      aggregation: m.aggregation,
      status: m.status,
      ...(await aggregateUsage(db, id, m, from, to)),
    })),
  );
  return { subscription_id: id, from: from.toISOString(), to: to.toISOString(), metrics: usage };
}
