import type { Sql } from '../../../platform/sql.ts';
import type { Aggregation } from '../billable-metric.entity.ts';
import type { PlanPriceInput } from '../../pricing/price-input.ts';
import { aggregatePeriods, type MetricDefinition, type UsagePeriod } from './aggregate-usage.ts';

type MetricRow = MetricDefinition & { merchant_id: string; environment: string; name: string };

/** A metric's quantity measured over the period a due subscription's invoice closes. */
export interface MeasuredUsage {
  code: string;
  name: string;
  quantity: number;
}

/** What usage billing reads of a subscription the scheduler's batch has due (the subscriptions' `DueSubscription` is one). */
export interface UsageDueRow {
  id: string;
  merchant_id: string;
  environment: string;
  plan_id: string;
  next_charge_at: string;
  credit_balance: string;
  customer_id?: string | null;
  /** The usage prices of the plan billed for the closing period, and where its unbilled usage starts. */
  usage_prices?: PlanPriceInput[] | null;
  usage_from?: string | null;
}

/**
 * The usage each due subscription's period invoice bills in arrears: per usage price of the plan
 * billed in the period that closes, [`usage_from`, `next_charge_at`), aggregated. A batch with no
 * usage-priced subscription (the usual case) costs no statement; otherwise one to read the
 * metrics, and one per metric for all the batch's periods (`aggregatePeriods`: an index range scan
 * per period, so the cost grows with each subscription's own events). Archived metrics still
 * aggregate: their events were accepted before the archive.
 */
export async function loadPeriodUsage(tx: Sql, rows: readonly UsageDueRow[]): Promise<Map<string, MeasuredUsage[]>> {
  const out = new Map<string, MeasuredUsage[]>();
  const priced = rows.filter((r) => r.usage_prices && r.usage_from && Date.parse(r.usage_from) < Date.parse(r.next_charge_at));
  if (priced.length === 0) return out;
  const wanted = priced.flatMap((r) => r.usage_prices!.map((p) => ({ m: r.merchant_id, e: r.environment, code: p.metric_code })));
  const metrics = await tx.query<MetricRow & { aggregation: Aggregation }>(
    `select b.merchant_id, b.environment, b.code, b.name, b.aggregation, b.field, b.filters
       from billing.billable_metrics b
       join (select distinct * from unnest($1::uuid[], $2::text[], $3::text[]) as w(m, e, code)) w
         on b.merchant_id = w.m and b.environment = w.e and b.code = w.code`,
    [wanted.map((w) => w.m), wanted.map((w) => w.e), wanted.map((w) => w.code)],
  );
  for (const metric of metrics) {
    const subs = priced.filter(
      (r) =>
        r.merchant_id === metric.merchant_id &&
        r.environment === metric.environment &&
        r.usage_prices!.some((p) => p.metric_code === metric.code),
    );
    const periods: UsagePeriod[] = subs.map((r) => ({
      subscriptionId: r.id,
      from: new Date(r.usage_from!),
      to: new Date(r.next_charge_at),
    }));
    const aggregated = await aggregatePeriods(tx, metric, periods);
    subs.forEach((r, i) => {
      const list = out.get(r.id) ?? [];
      list.push({ code: metric.code, name: metric.name, quantity: aggregated[i]!.quantity });
      out.set(r.id, list);
    });
  }
  return out;
}
