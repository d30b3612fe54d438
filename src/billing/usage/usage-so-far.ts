import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import type { PlanPriceInput } from '../pricing/price-input.ts';
import { usageLines, type PeriodUsage } from '../invoices/lines/period-invoice.ts';
import { writeImmediateInvoice, type ImmediateOutcome, type LockedSubscription } from '../invoices/immediate-invoice.service.ts';
import { metricsByCode } from './billable-metrics.service.ts';
import { aggregateUsage } from './sql/aggregate-usage.ts';
import { recordBilledUsage } from './sql/billed-usage.ts';
import type { DueSubscription } from '../subscriptions/period-advance.ts';

/** A plan's usage prices (`[]` for a flat plan). */
export async function planPrices(db: Sql, planId: string): Promise<PlanPriceInput[]> {
  const rows = await db.query<{ prices: PlanPriceInput[] }>('select prices from billing.plans where id = $1', [planId]);
  return rows[0]?.prices ?? [];
}

/**
 * A subscription's usage over [from, to) per price of `prices`, measured as the period close
 * measures it (one index range scan per metric), ready to price (`usageLines`).
 */
export async function measureUsage(
  db: Sql,
  merchant: MerchantRef,
  subscription: { id: string; plan_id: string },
  prices: readonly PlanPriceInput[],
  period: { start: Date; end: Date },
): Promise<PeriodUsage[]> {
  if (prices.length === 0 || period.start >= period.end) return [];
  const metrics = await metricsByCode(
    db,
    merchant,
    prices.map((p) => p.metric_code),
  );
  return Promise.all(
    prices.map(async (price) => {
      const metric = metrics.get(price.metric_code);
      const quantity = metric ? (await aggregateUsage(db, subscription.id, metric, period.start, period.end)).quantity : 0;
      return { planId: subscription.plan_id, metricName: metric?.name ?? price.metric_code, price, quantity, period };
    }),
  );
}

/**
 * The final invoice of a subscription that ends (cancelled now, cancelled at its period's end, its
 * fixed term completed; docs/usage.md): the usage of its last period, [current period start, the
 * end), at its plan's usage prices, in the caller's transaction, with what it bills recorded (a
 * period's usage is billed once). Nothing is written when the plan has no usage prices or the
 * usage bills 0. Written at `billingNow` and finalized (credit applied first); the caller
 * charges it after commit if it is `open`: a `final` invoice is the one invoice collected after its
 * subscription ended (src/billing/charges/collecting.ts).
 */
export async function billFinalUsage(
  tx: Sql,
  merchant: MerchantRef,
  sub: LockedSubscription & { current_period_start: string | null },
  end: Date,
  now: Date,
  billingNow: Date = end,
): Promise<ImmediateOutcome | null> {
  if (!sub.current_period_start) return null;
  const prices = await planPrices(tx, sub.plan_id);
  const usage = await measureUsage(tx, merchant, sub, prices, { start: new Date(sub.current_period_start), end });
  const { lines, sources, billed } = usageLines(usage);
  if (lines.every((l) => l.amount === 0)) return null;
  // The balance as it is now: voiding what the cancel voided may have given credit back.
  const [fresh] = await tx.query<{ credit_balance: string }>('select credit_balance from billing.subscriptions where id = $1', [sub.id]);
  const subscription = { ...sub, credit_balance: fresh!.credit_balance };
  const outcome = await writeImmediateInvoice(tx, merchant, { subscription, kind: 'final', lines, sources, billingNow, now });
  if (outcome.kind === 'invoice') {
    await recordBilledUsage(
      tx,
      billed.map((b) => ({ ...b, subscription_id: sub.id, invoice_id: outcome.invoiceId })),
      now,
    );
  }
  return outcome;
}

/**
 * The scheduler batch's subscriptions that ended at their period's end (cancelled then, or their
 * fixed term completed) with usage prices: each one's last period billed on a final invoice
 * (`billFinalUsage`), in the batch's transaction, after its write. No statement for a batch
 * without one (the usual case). Answers the final invoices owed, to charge after commit.
 */
export async function billEndedPeriods(
  tx: Sql,
  ended: readonly { row: DueSubscription; billingAt: string }[],
  now: Date,
): Promise<string[]> {
  const owed: string[] = [];
  for (const { row, billingAt } of ended) {
    if (!row.usage_prices || !row.usage_from) continue;
    const outcome = await billFinalUsage(
      tx,
      { merchantId: row.merchant_id, environment: row.environment } as MerchantRef,
      {
        id: row.id,
        plan_id: row.plan_id,
        credit_balance: row.credit_balance,
        customer_id: row.customer_id ?? null,
        current_period_start: row.usage_from,
      },
      new Date(row.next_charge_at),
      now,
      new Date(billingAt),
    );
    if (outcome?.kind === 'invoice' && outcome.status === 'open') owed.push(outcome.invoiceId);
  }
  return owed;
}
