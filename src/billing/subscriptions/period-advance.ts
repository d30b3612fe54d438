import { intervalStartBefore, isoInstant, periodMs, type Cadence, type Interval } from '../calendar/billing-calendar.ts';
import { prorateFirstPeriod } from '../proration/proration.ts';
import type { NewEvent } from '../events/event-types.ts';
import {
  periodInvoice,
  type PendingItem,
  type PeriodUsage,
  type UsageBilled,
  type UsageCorrected,
  type UsageCorrection,
} from '../invoices/lines/period-invoice.ts';
import type { PlanPriceInput } from '../pricing/price-input.ts';
import { recurringAmount } from '../pricing/recurring-amount.ts';
import type { MeasuredUsage } from '../usage/sql/period-usage.ts';
import { heldDiscount, type HeldCoupon } from '../coupons/redeem-coupon.ts';
import { UNTAXED, type TaxContext } from '../taxes/resolve-rates.ts';
import type { TaxSubject } from '../taxes/sql/batch-tax-context.ts';

/**
 * The period rule: what a subscription whose period begins turns into (the period's invoice and
 * the subscription one period on, its cancellation at period end, or its fixed term completing).
 * Pure: no database, no clock; the scheduler claims the rows and writes what this answers.
 */

/** Subscription states that are billed when a period begins (a paused one waits, an ended one is not billed). */
export const BILLABLE_STATUSES = ['trialing', 'active', 'past_due'] as const;

/** A due subscription as the claim reads it (`claimDueSubscriptions`): instants as PostgreSQL wrote them. */
export interface DueSubscription extends HeldCoupon {
  id: string;
  merchant_id: string;
  environment: string;
  status: string;
  plan_id: string;
  next_plan_id: string | null;
  time_zone: string;
  anchor_at: string;
  next_period_index: number;
  next_charge_at: string;
  cancel_at_period_end: boolean;
  /** The plan billed from this period on (the next plan where one is set). */
  plan_amount: string;
  /** The prices of that plan: its `seats` price, if any, prices the quantity (`recurringAmount`). */
  plan_prices?: PlanPriceInput[] | null;
  plan_currency: string;
  plan_interval: Interval;
  plan_interval_count: number;
  /** JSON text: handed on to the invoice as it is. */
  plan_dunning: string;
  /** The cadence of the plan the subscription is on now. */
  current_interval: Interval;
  current_interval_count: number;
  /** The test clock's time, for a subscription on one. */
  clock_time: string | null;
  // What the period's invoice is composed of (src/billing/invoices/lines).
  plan_name: string;
  plan_setup_fee: string;
  plan_billing_cycles: number | null;
  quantity: number;
  next_quantity: number | null;
  periods_invoiced: number;
  /** The subscription's own credit; with a customer, the customer's is used instead (`advancePeriods`). */
  credit_balance: string;
  pending_items: PendingItem[] | null;
  /** The customer billed, and its credit balance as the claim read it under its lock. */
  customer_id?: string | null;
  customer_credit_balance?: string | null;
  /** It has a customer or names tax rates, or its plan does: its tax context must be read (`taxSubjectOf`). */
  tax_relevant: boolean;
  /** The usage prices of the plan billed in the period that closes (null: none, the usual case). */
  usage_prices?: PlanPriceInput[] | null;
  /** With usage prices, the start of the period that closes (null: no period closes, as at the start). */
  usage_from?: string | null;
  /** A billed range of it received late events: its invoice carries corrections (`loadUsageCorrections`). */
  late_usage?: boolean;
}

/** A closed period's measured usage of one metric (`loadPeriodUsage`), before its price. */

/**
 * The usage a due subscription's period invoice bills in arrears: for each usage price of the plan
 * billed in the closing period [`usage_from`, `next_charge_at`), the quantity measured (0 when
 * none was, or its metric is unknown to `measured`).
 */
export function periodUsageOf(row: DueSubscription, measured: readonly MeasuredUsage[] = []): PeriodUsage[] {
  if (!row.usage_prices || !row.usage_from) return [];
  const period = { start: new Date(row.usage_from), end: new Date(row.next_charge_at) };
  if (period.start >= period.end) return [];
  const byCode = new Map(measured.map((m) => [m.code, m]));
  return row.usage_prices.map((price) => {
    const m = byCode.get(price.metric_code);
    return { planId: row.plan_id, metricName: m?.name ?? price.metric_code, price, quantity: m?.quantity ?? 0, period };
  });
}

/** A subscription advanced (or cancelled, or completed), as the batch statement reads it: instants as ISO strings, or as PostgreSQL wrote them. */
export interface PeriodAdvance {
  id: string;
  plan_id: string;
  status: string;
  anchor_at: string;
  next_period_index: number;
  current_period_start: string | null;
  current_period_end: string | null;
  next_charge_at: string | null;
  cancelled_at: string | null;
  /** Quantity, period invoices and credit after this period (null: unchanged). */
  quantity: number | null;
  periods_invoiced: number | null;
  credit_balance: number | null;
  /** A held coupon counted one more period invoice (`once` and `repeating` run down, then drop). */
  coupon_used: boolean;
}

/** The invoice of the period that began, as the batch statement reads it. */
export interface PeriodInvoiceRow {
  merchant_id: string;
  environment: string;
  subscription_id: string;
  /** The subscription's customer when the invoice is written (null: none). */
  customer_id: string | null;
  plan_id: string;
  /** -1 for a first period before a billing anchor. */
  period_index: number;
  period_start: string;
  period_end: string;
  /** The amount to charge, as text (a bigint). */
  amount: string;
  currency: string;
  /** The plan's dunning policy as JSON text. */
  dunning: string;
  /** The composed invoice: lines as JSON text (an amount of 0 is paid as it is finalized, with no purchase). */
  lines: string;
  subtotal: number;
  discount: number;
  tax: number;
  /** The tax per rate, as JSON text. */
  tax_breakdown: string;
  reverse_charge: boolean;
  tax_note: string | null;
  total: number;
  credit_applied: number;
  /** The one-off items it took, as a JSON array of ids. */
  item_ids: string;
  /** The closed periods' usage it bills (recorded with it: `recordBilledUsage`); empty for a flat plan. */
  usage_billed: UsageBilled[];
  /** The corrections of late usage it bills (recorded with it: `recordUsageCorrections`). */
  usage_corrected: UsageCorrected[];
}

export interface PlannedPeriod {
  advance: PeriodAdvance;
  invoice: PeriodInvoiceRow | null;
  events: NewEvent[];
  /** When the subscription is due next (epoch ms), or null when it is not. */
  nextChargeMs: number | null;
}

/**
 * What the tax of a due subscription's period invoice is read from (`loadTaxContexts`): the plan
 * it bills, its items' rates; or null when nothing can tax it (no customer, and no rate named by
 * it, its plan or its items), so that a batch of untaxed subscriptions reads nothing more.
 */
export function taxSubjectOf(row: DueSubscription): TaxSubject | null {
  const itemRateIds = (row.pending_items ?? []).flatMap((item) => item.tax_rate_ids ?? []);
  if (!row.tax_relevant && itemRateIds.length === 0) return null;
  return { subscriptionId: row.id, planIds: [row.next_plan_id ?? row.plan_id], itemRateIds };
}

/**
 * What one due subscription turns into: the period's invoice and the subscription advanced, or
 * its cancellation or completion. `tax` is the subscription's tax context (none: untaxed).
 */
export function advancePeriod(
  row: DueSubscription,
  tax: TaxContext = UNTAXED,
  measured: readonly MeasuredUsage[] = [],
  corrections: readonly UsageCorrection[] = [],
): PlannedPeriod {
  if (row.cancel_at_period_end) return cancelledAtPeriodEnd(row);
  let anchorAt = row.anchor_at;
  let index = row.next_period_index;
  let planId = row.plan_id;
  if (row.next_plan_id) {
    // A plan change takes effect at this period boundary; a new cadence re-anchors the calendar here.
    planId = row.next_plan_id;
    if (row.plan_interval !== row.current_interval || row.plan_interval_count !== row.current_interval_count) {
      anchorAt = row.next_charge_at;
      index = 0;
    }
  }
  const cadence: Cadence = { interval: row.plan_interval, intervalCount: row.plan_interval_count, timeZone: row.time_zone };
  // Before a billing anchor: a first period from the start to the anchor, charged pro rata at the start.
  const stub = index === 0 && Date.parse(row.next_charge_at) < Date.parse(anchorAt);
  const p = stub ? { start: Date.parse(row.next_charge_at), end: Date.parse(anchorAt) } : periodMs(new Date(anchorAt), cadence, index);
  const [start, end] = [isoInstant(p.start), isoInstant(p.end)];
  const quantityNow = row.next_quantity ?? row.quantity;
  const proratedAmount = stub
    ? prorateFirstPeriod({
        amount: recurringAmount({ amount: row.plan_amount, prices: row.plan_prices }, quantityNow).amount,
        start: new Date(p.start),
        anchor: new Date(p.end),
        intervalStart: intervalStartBefore(new Date(p.end), cadence),
      }).amount
    : undefined;
  const composed = periodInvoice({
    planId,
    planName: row.plan_name,
    planAmount: Number(row.plan_amount),
    planPrices: row.plan_prices,
    setupFee: Number(row.plan_setup_fee),
    billingCycles: row.plan_billing_cycles,
    quantity: row.quantity,
    nextQuantity: row.next_quantity,
    periodsInvoiced: row.periods_invoiced,
    creditBalance: Number(row.credit_balance),
    discount: heldDiscount(row, row.plan_currency),
    proratedAmount,
    items: row.pending_items ?? [],
    period: { start: new Date(p.start), end: new Date(p.end) },
    tax,
    usage: periodUsageOf(row, measured),
    corrections,
  });
  if (composed.kind === 'completed') return completedTerm(row);
  const { invoice: bill } = composed;
  const events: NewEvent[] = [];
  if (row.status === 'trialing')
    events.push({
      merchantId: row.merchant_id,
      environment: row.environment,
      type: 'subscription.updated',
      data: { previous_status: 'trialing' },
    });
  return {
    advance: {
      id: row.id,
      plan_id: planId,
      status: row.status === 'trialing' ? 'active' : row.status,
      anchor_at: anchorAt,
      next_period_index: stub ? index : index + 1,
      current_period_start: start,
      current_period_end: end,
      next_charge_at: end,
      cancelled_at: null,
      quantity: composed.quantity,
      periods_invoiced: composed.periodsInvoiced,
      credit_balance: composed.creditBalance,
      coupon_used: row.coupon_code !== null,
    },
    invoice: {
      merchant_id: row.merchant_id,
      environment: row.environment,
      subscription_id: row.id,
      customer_id: row.customer_id ?? null,
      plan_id: planId,
      period_index: stub ? -1 : index,
      period_start: start,
      period_end: end,
      amount: String(bill.amount),
      currency: row.plan_currency,
      dunning: row.plan_dunning,
      lines: JSON.stringify(bill.lines),
      subtotal: bill.subtotal,
      total: bill.total,
      discount: bill.discount,
      tax: bill.tax,
      tax_breakdown: JSON.stringify(bill.taxBreakdown),
      reverse_charge: bill.reverseCharge,
      tax_note: bill.taxNote,
      credit_applied: bill.creditApplied,
      item_ids: JSON.stringify(composed.itemIds),
      usage_billed: composed.usageBilled,
      usage_corrected: composed.usageCorrected,
    },
    events,
    nextChargeMs: p.end,
  };
}

/**
 * The period rule over a claimed batch, in claim order. A subscription with a customer uses the
 * customer's credit, not its own: for the first of its rows the balance the claim read under the
 * customer's lock, and for each later row of that customer what the rows before it left, so that
 * credit is used once however many of a customer's subscriptions are due together (the batch
 * statement takes what the invoices applied off the customer). Its own `credit_balance` stays as
 * it is (null in the advance). Without a customer, as `advancePeriod`.
 */
export function advancePeriods(
  rows: DueSubscription[],
  taxes: ReadonlyMap<string, TaxContext> = new Map(),
  usage: ReadonlyMap<string, MeasuredUsage[]> = new Map(),
  corrections: ReadonlyMap<string, UsageCorrection[]> = new Map(),
): PlannedPeriod[] {
  const balances = new Map<string, number>();
  return rows.map((row) => {
    const customer = row.customer_id;
    const tax = taxes.get(row.id);
    const measured = usage.get(row.id);
    const corrected = corrections.get(row.id);
    if (!customer) return advancePeriod(row, tax, measured, corrected);
    const before = balances.get(customer) ?? Number(row.customer_credit_balance ?? 0);
    const planned = advancePeriod({ ...row, credit_balance: String(before) }, tax, measured, corrected);
    balances.set(customer, planned.advance.credit_balance ?? before);
    return { ...planned, advance: { ...planned.advance, credit_balance: null } };
  });
}

/** Whether the subscription is still due after this period, at `now` (its test clock's time where it has one). */
export function stillDue(planned: PlannedPeriod, row: DueSubscription, now: Date): boolean {
  const at = row.clock_time === null ? now.getTime() : Date.parse(row.clock_time);
  return planned.nextChargeMs !== null && planned.nextChargeMs <= at;
}

/** The subscription unchanged but for its status (null columns: left as they are). */
function ended(row: DueSubscription, status: 'cancelled' | 'completed', cancelledAt: string | null): PeriodAdvance {
  return {
    id: row.id,
    plan_id: row.plan_id,
    status,
    anchor_at: row.anchor_at,
    next_period_index: row.next_period_index,
    current_period_start: null,
    current_period_end: null,
    next_charge_at: null,
    cancelled_at: cancelledAt,
    quantity: null,
    periods_invoiced: null,
    credit_balance: null,
    coupon_used: false,
  };
}

/** A cancellation at period end takes effect as the period ends: no invoice. */
function cancelledAtPeriodEnd(row: DueSubscription): PlannedPeriod {
  return {
    advance: ended(row, 'cancelled', row.next_charge_at),
    invoice: null,
    events: [{ merchantId: row.merchant_id, environment: row.environment, type: 'subscription.cancelled', data: { reason: 'period_end' } }],
    nextChargeMs: null,
  };
}

/** A fixed-term plan's last invoiced period has ended: the subscription completes, with no invoice. */
function completedTerm(row: DueSubscription): PlannedPeriod {
  const at = new Date(row.next_charge_at).toISOString();
  return {
    advance: ended(row, 'completed', null),
    invoice: null,
    events: [
      {
        merchantId: row.merchant_id,
        environment: row.environment,
        type: 'subscription.completed',
        data: { subscription_id: row.id, completed_at: at, periods_invoiced: row.periods_invoiced },
      },
    ],
    nextChargeMs: null,
  };
}
