import type { Sql } from '../../../platform/sql.ts';
import type { Aggregation } from '../billable-metric.entity.ts';
import type { PlanPriceInput } from '../../pricing/price-input.ts';
import type { UsageCorrection, UsageCorrected } from '../../invoices/lines/period-invoice.ts';
import { aggregatePeriods, type MetricDefinition } from './aggregate-usage.ts';

interface LateRow {
  subscription_id: string;
  merchant_id: string;
  environment: string;
  metric_code: string;
  period_start: Date;
  period_end: Date;
  plan_id: string;
  billed_quantity: string;
  billed_amount: string;
  seq: number;
}

/**
 * The corrections owed to subscriptions (docs/usage.md, "Late events"): for each billed range
 * marked by a late event (`billing.usage_late_ranges`), the range re-aggregated whole, with the
 * price of the plan that billed it, what was billed of it so far (its usage line and the
 * corrections since) and the number of its next correction. Read in the transaction of the
 * invoice that bills them, which holds the subscriptions locked: one statement for the marked
 * ranges, one for their plans and metrics, one per metric for the re-aggregations (an index range
 * scan of each range). The cost grows with the ranges marked, not with the events.
 */
export async function loadUsageCorrections(tx: Sql, subscriptionIds: readonly string[]): Promise<Map<string, UsageCorrection[]>> {
  const out = new Map<string, UsageCorrection[]>();
  if (subscriptionIds.length === 0) return out;
  const late = await tx.query<LateRow>(
    `select l.subscription_id, s.merchant_id, s.environment, l.metric_code, b.period_start, b.period_end,
            coalesce(b.plan_id, i.plan_id) as plan_id,
            coalesce(c.quantity, b.quantity) as billed_quantity, b.amount + coalesce(c.amount, 0) as billed_amount,
            coalesce(c.n, 0) + 1 as seq
       from billing.usage_late_ranges l
       join billing.subscriptions s on s.id = l.subscription_id
       join billing.usage_billed_periods b
         on b.subscription_id = l.subscription_id and b.metric_code = l.metric_code and b.period_start = l.period_start
       left join billing.invoices i on i.id = b.invoice_id
       left join lateral (
         select count(*)::int as n, sum(x.amount) as amount, (array_agg(x.quantity order by x.seq desc))[1] as quantity
           from billing.usage_billed_corrections x
          where x.subscription_id = l.subscription_id and x.metric_code = l.metric_code and x.period_start = l.period_start) c on true
      where l.subscription_id = any($1::uuid[])
      order by l.subscription_id, l.metric_code, l.period_start`,
    [subscriptionIds],
  );
  if (late.length === 0) return out;
  const [plans, metrics] = await Promise.all([
    tx.query<{ id: string; prices: PlanPriceInput[] }>('select id, prices from billing.plans where id = any($1::uuid[])', [
      [...new Set(late.map((r) => r.plan_id))],
    ]),
    tx.query<MetricDefinition & { merchant_id: string; environment: string; name: string; aggregation: Aggregation }>(
      `select b.merchant_id, b.environment, b.code, b.name, b.aggregation, b.field, b.filters
         from billing.billable_metrics b
         join (select distinct * from unnest($1::uuid[], $2::text[], $3::text[]) as w(m, e, code)) w
           on b.merchant_id = w.m and b.environment = w.e and b.code = w.code`,
      [late.map((r) => r.merchant_id), late.map((r) => r.environment), late.map((r) => r.metric_code)],
    ),
  ]);
  const pricesOf = new Map(plans.map((p) => [p.id, p.prices]));
  for (const metric of metrics) {
    const ranges = late.filter(
      (r) => r.merchant_id === metric.merchant_id && r.environment === metric.environment && r.metric_code === metric.code,
    );
    const aggregated = await aggregatePeriods(
      tx,
      metric,
      ranges.map((r) => ({ subscriptionId: r.subscription_id, from: r.period_start, to: r.period_end })),
    );
    ranges.forEach((r, i) => {
      const price = (pricesOf.get(r.plan_id) ?? []).find((p) => p.metric_code === r.metric_code);
      // A plan never changes its prices (plans are immutable): a range's price is always found; a guard all the same.
      if (!price) return;
      const list = out.get(r.subscription_id) ?? [];
      list.push({
        planId: r.plan_id,
        metricName: metric.name,
        price,
        period: { start: new Date(r.period_start), end: new Date(r.period_end) },
        quantity: aggregated[i]!.quantity,
        billedQuantity: Number(r.billed_quantity),
        billedAmount: Number(r.billed_amount),
        seq: r.seq,
      });
      out.set(r.subscription_id, list);
    });
  }
  return out;
}

/** What an invoice's corrections bill, to record with it. */
export interface CorrectionRecord extends UsageCorrected {
  subscription_id: string;
  invoice_id: string;
}

/**
 * Records the corrections an invoice bills, in the transaction that writes it, and clears the
 * marks of the ranges corrected in full (a range whose negative difference did not fit the
 * invoice stays marked: the next invoice credits the rest). The primary key (the range and the
 * correction's `seq`) makes a correction billable once: two invoices billing the same one fail
 * (a bug, never a double charge). No statement without a correction.
 */
export async function recordUsageCorrections(tx: Sql, records: readonly CorrectionRecord[], now: Date): Promise<void> {
  if (records.length === 0) return;
  await tx.query(
    `insert into billing.usage_billed_corrections (subscription_id, metric_code, period_start, seq, invoice_id, quantity, amount, created_at)
     select s, c, p, n, i, q, a, $8 from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::int[], $5::uuid[], $6::bigint[], $7::bigint[])
       as r(s, c, p, n, i, q, a)`,
    [
      records.map((r) => r.subscription_id),
      records.map((r) => r.metric_code),
      records.map((r) => r.period_start),
      records.map((r) => r.seq),
      records.map((r) => r.invoice_id),
      records.map((r) => r.quantity),
      records.map((r) => r.amount),
      now,
    ],
  );
  const done = records.filter((r) => r.settled);
  if (done.length === 0) return;
  await tx.query(
    `delete from billing.usage_late_ranges l using unnest($1::uuid[], $2::text[], $3::timestamptz[]) as r(s, c, p)
      where l.subscription_id = r.s and l.metric_code = r.c and l.period_start = r.p`,
    [done.map((r) => r.subscription_id), done.map((r) => r.metric_code), done.map((r) => r.period_start)],
  );
}
