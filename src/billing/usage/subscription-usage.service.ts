import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import { Timestamp } from '../../platform/timestamps.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { allMetrics } from './billable-metrics.service.ts';
import { aggregateUsage } from './sql/aggregate-usage.ts';
import { priceQuantity, type AppliedTier } from '../pricing/price-models.ts';
import { toPriceModel, usagePricesOf, type PlanPriceInput } from '../pricing/price-input.ts';
import { usageFromSql } from './sql/billed-usage.ts';

export const UsageQuery = z.object({ from: Timestamp.optional(), to: Timestamp.optional(), test: z.string().optional() });
export type UsageQuery = z.infer<typeof UsageQuery>;

export interface MetricUsage {
  code: string;
  name: string;
  aggregation: string;
  status: string;
  quantity: number;
  events: number;
  /** What the quantity bills now at the subscription's plan's price for the metric; null when the plan does not price it. */
  amount: number | null;
  /** The tiers applied to that amount; null when the plan does not price the metric. */
  tiers: AppliedTier[] | null;
}

export interface SubscriptionUsage {
  subscription_id: string;
  from: string;
  to: string;
  metrics: MetricUsage[];
  /** The sum of the priced metrics' amounts: the usage the invoice closing this range would bill (before coupon and tax). */
  amount: number;
}

/**
 * A subscription's usage over [from, to) (by default its current period's usage not billed yet:
 * from the period's start, or where a plan change made now billed it to), per billable metric
 * of its merchant: the aggregated quantity, the events counted and, for the metrics its plan
 * prices, the amount it would bill now (the upcoming usage, before coupon and tax) with the tiers
 * applied, by the price functions the invoice uses. One index range scan per metric.
 */
export async function subscriptionUsage(db: Sql, merchant: MerchantRef, id: string, query: UsageQuery): Promise<SubscriptionUsage> {
  // The subscription (this merchant's, else 404), its plan's prices, its current period, and where
  // the period's unbilled usage starts (past what a plan change made now billed).
  const [sub] = z.uuid().safeParse(id).success
    ? await db.query<{
        prices: PlanPriceInput[];
        usage_from: string | null;
        current_period_start: string | null;
        current_period_end: string | null;
      }>(
        `select p.prices, ${usageFromSql('s')} as usage_from, s.current_period_start, s.current_period_end
           from billing.subscriptions s join billing.plans p on p.id = s.plan_id
          where s.id = $1 and s.merchant_id = $2 and s.environment = $3`,
        [id, merchant.merchantId, merchant.environment],
      )
    : [];
  if (!sub) throw BillingErrors.notFound('Subscription', id);
  // A `seats` price prices the quantity, not a metric (a metric named `seats` is not priced by it).
  const prices = usagePricesOf(sub.prices);
  const fromAt = query.from ?? sub.usage_from ?? sub.current_period_start;
  const toAt = query.to ?? sub.current_period_end;
  if (!fromAt || !toAt) throw BillingErrors.validation([`from: subscription ${id} has no current period; give from and to`]);
  const from = new Date(fromAt);
  const to = new Date(toAt);
  if (from >= to) throw BillingErrors.validation(['to: to must be after from']);
  const metrics = await allMetrics(db, merchant);
  const priceOf = new Map(prices.map((p) => [p.metric_code, p]));
  const usage = await Promise.all(
    metrics.map(async (m): Promise<MetricUsage> => {
      const measured = await aggregateUsage(db, id, m, from, to);
      const price = priceOf.get(m.code);
      const priced = price ? priceQuantity(toPriceModel(price), measured.quantity) : null;
      return {
        code: m.code,
        name: m.name,
        aggregation: m.aggregation,
        status: m.status,
        ...measured,
        amount: priced?.amount ?? null,
        tiers: priced?.tiers ?? null,
      };
    }),
  );
  const amount = usage.reduce((sum, m) => sum + (m.amount ?? 0), 0);
  return { subscription_id: id, from: from.toISOString(), to: to.toISOString(), metrics: usage, amount };
}
