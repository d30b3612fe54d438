import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { usagePricesOf, type PlanPriceInput } from '../pricing/price-input.ts';
import { correctionLines, usageLines, type PeriodUsage } from '../invoices/lines/period-invoice.ts';
import { writeImmediateInvoice, type ImmediateOutcome, type LockedSubscription } from '../invoices/immediate-invoice.service.ts';
import { metricsByCode } from './billable-metrics.service.ts';
import { aggregateUsage } from './sql/aggregate-usage.ts';
import { recordBilledUsage, usageFromSql } from './sql/billed-usage.ts';
import { loadUsageCorrections, recordUsageCorrections } from './sql/late-usage.ts';
import type { UsageDueRow } from './sql/period-usage.ts';

/** A plan's usage prices (`[]` for a flat plan; a `seats` price is billed in advance, not as usage). */
export async function planPrices(db: Sql, planId: string): Promise<PlanPriceInput[]> {
  const rows = await db.query<{ prices: PlanPriceInput[] }>('select prices from billing.plans where id = $1', [planId]);
  return usagePricesOf(rows[0]?.prices);
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
 * A subscription's usage not billed yet, up to `end`, at its plan's usage prices, on an invoice of
 * its own (docs/usage.md), in the caller's transaction, with what it bills recorded (a period's
 * usage is billed once): `final` when the subscription ends (cancelled now, at its period's end,
 * its fixed term completed), `proration` when its plan changes now (the usage so far at the old
 * prices). The usage starts at the current period's start, or where usage of this period was billed
 * already (`usageFromSql`). No invoice is written when the plan has no usage prices or the usage
 * bills 0; a plan change then still records the range it closes, without an invoice. Written at `billingNow` and finalized (credit applied first); the caller charges it after
 * commit if it is `open` (a `final` invoice is the one invoice collected after its subscription
 * ended: src/billing/charges/collecting.ts).
 */
export async function billUsageUntil(
  tx: Sql,
  merchant: MerchantRef,
  sub: LockedSubscription,
  input: { kind: 'final' | 'proration'; end: Date; now: Date; billingNow?: Date },
): Promise<ImmediateOutcome | null> {
  const prices = await planPrices(tx, sub.plan_id);
  if (prices.length === 0) return null;
  // The balance as it is now (voiding what a cancel voided may have given credit back), and where the usage starts.
  const [fresh] = await tx.query<{ credit_balance: string; usage_from: string | null }>(
    `select s.credit_balance, ${usageFromSql('s')} as usage_from from billing.subscriptions s where s.id = $1`,
    [sub.id],
  );
  if (!fresh?.usage_from) return null;
  const end = input.kind === 'final' ? await finalUsageEnd(tx, sub.id, prices, input.end) : input.end;
  const usage = await measureUsage(tx, merchant, sub, prices, { start: new Date(fresh.usage_from), end });
  const usageBilled = usageLines(usage);
  // A final invoice also carries the corrections of late usage still owed (a proration invoice leaves them to the period's).
  const owed = input.kind === 'final' ? ((await loadUsageCorrections(tx, [sub.id])).get(sub.id) ?? []) : [];
  const room = usageBilled.lines.reduce((sum, l) => sum + Math.max(0, l.amount), 0);
  const corrected = correctionLines(owed, room);
  const lines = [...usageBilled.lines, ...corrected.lines];
  const sources = [...usageBilled.sources, ...corrected.sources];
  const billed = usageBilled.billed;
  if (lines.every((l) => l.amount === 0)) {
    // A plan changed now still closes the usage so far at the old prices: recorded without an
    // invoice, so that the rest of the period is priced by the new plan from the change (its tiers
    // from zero), never the usage before it. An ending subscription has no later invoice to spare it from.
    if (input.kind === 'proration') {
      await recordBilledUsage(
        tx,
        billed.map((b) => ({ ...b, subscription_id: sub.id, invoice_id: null })),
        input.now,
      );
    }
    return null;
  }
  const subscription = { ...sub, credit_balance: fresh.credit_balance };
  const billingNow = input.billingNow ?? input.end;
  const outcome = await writeImmediateInvoice(tx, merchant, { subscription, kind: input.kind, lines, sources, billingNow, now: input.now });
  if (outcome.kind === 'invoice') {
    await recordBilledUsage(
      tx,
      billed.map((b) => ({ ...b, subscription_id: sub.id, invoice_id: outcome.invoiceId })),
      input.now,
    );
    await recordUsageCorrections(
      tx,
      corrected.corrected.map((c) => ({ ...c, subscription_id: sub.id, invoice_id: outcome.invoiceId })),
      input.now,
    );
  }
  return outcome;
}

/**
 * Where a final invoice's usage ends: the subscription's end, or just past its last event of a
 * priced metric if one lies at or after the end. Such an event was accepted while the subscription
 * was live (a timestamp at the very instant it was cancelled, or up to the 5 minutes ahead of its
 * clock that ingestion allows) and no later invoice exists to bill it: the last one bills it
 * (docs/usage.md, "The end"). One index probe per metric of the subscription's own events.
 */
async function finalUsageEnd(tx: Sql, subscriptionId: string, prices: readonly PlanPriceInput[], end: Date): Promise<Date> {
  // One millisecond past the last timestamp (kept to the microsecond): the first instant, as a Date holds it, after it.
  const [row] = await tx.query<{ after: number | null }>(
    `select (extract(epoch from date_trunc('milliseconds', max(e."timestamp")) + interval '1 millisecond') * 1000)::float8 as after
       from billing.usage_events e
      where e.subscription_id = $1 and e.code = any($2::text[]) and e."timestamp" >= $3`,
    [subscriptionId, prices.map((p) => p.metric_code), end],
  );
  return row?.after == null ? end : new Date(Number(row.after));
}

/** The final invoice of a subscription that ends at `end` (`billUsageUntil`). */
export function billFinalUsage(
  tx: Sql,
  merchant: MerchantRef,
  sub: LockedSubscription,
  end: Date,
  now: Date,
  billingNow: Date = end,
): Promise<ImmediateOutcome | null> {
  return billUsageUntil(tx, merchant, sub, { kind: 'final', end, now, billingNow });
}

/**
 * The scheduler batch's subscriptions that ended at their period's end (cancelled then, or their
 * fixed term completed) with usage prices: each one's last period billed on a final invoice
 * (`billFinalUsage`), in the batch's transaction, after its write. No statement for a batch
 * without one (the usual case). Answers the final invoices owed, to charge after commit.
 */
export async function billEndedPeriods(tx: Sql, ended: readonly { row: UsageDueRow; billingAt: string }[], now: Date): Promise<string[]> {
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
      },
      new Date(row.next_charge_at),
      now,
      new Date(billingAt),
    );
    if (outcome?.kind === 'invoice' && outcome.status === 'open') owed.push(outcome.invoiceId);
  }
  return owed;
}
