import type { Sql } from '../../../platform/sql.ts';
import type { UsageBilled } from '../../invoices/lines/period-invoice.ts';

/** An invoice's usage lines, as recorded: one row per subscription, metric and period. */
export interface BilledUsageRecord extends UsageBilled {
  subscription_id: string;
  /** Null for a range closed by a plan change that billed 0 (no invoice is written for nothing). */
  invoice_id: string | null;
}

/**
 * Records what invoices bill of usage, in the transaction that writes them. The primary key
 * (subscription, metric, period start) makes a period's usage billable by exactly one invoice: a
 * second invoice billing it fails its transaction (a bug, never a double charge). No statement
 * when there is nothing to record.
 */
export async function recordBilledUsage(tx: Sql, records: readonly BilledUsageRecord[], now: Date): Promise<void> {
  if (records.length === 0) return;
  await tx.query(
    `insert into billing.usage_billed_periods (subscription_id, metric_code, period_start, period_end, invoice_id, quantity, amount, created_at, plan_id)
     select s, c, ps, pe, i, q, a, $8, pl from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::uuid[], $6::bigint[], $7::bigint[], $9::uuid[])
       as r(s, c, ps, pe, i, q, a, pl)`,
    [
      records.map((r) => r.subscription_id),
      records.map((r) => r.metric_code),
      records.map((r) => r.period_start),
      records.map((r) => r.period_end),
      records.map((r) => r.invoice_id),
      records.map((r) => r.quantity),
      records.map((r) => r.amount),
      now,
      records.map((r) => r.plan_id),
    ],
  );
}

/**
 * Where a subscription's unbilled usage starts: its current period's start, or later where usage
 * of this period was billed already (a plan change made now bills the usage so far). SQL over the
 * subscription row aliased `s`: one probe of the record's primary key.
 */
export function usageFromSql(s: string): string {
  return `greatest(${s}.current_period_start, (select max(u.period_end) from billing.usage_billed_periods u where u.subscription_id = ${s}.id))`;
}
