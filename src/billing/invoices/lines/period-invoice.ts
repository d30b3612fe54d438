import { resolveInvoiceTaxes, UNTAXED, type LineSource, type TaxContext } from '../../taxes/resolve-rates.ts';
import { composeInvoice, type ComposedInvoice, type Discount } from './compose-invoice.ts';
import {
  itemLine,
  planLines,
  proratedSubscriptionLine,
  setupFeeLine,
  usageAmount,
  usageCorrectionLine,
  usageLine,
  type InvoiceLine,
} from './invoice-line.ts';
import { recurringAmount } from '../../pricing/recurring-amount.ts';
import type { PlanPriceInput } from '../../pricing/price-input.ts';

/** A closed period's usage of one priced metric, to bill in arrears (`usageLine`). */
export interface PeriodUsage {
  /** The plan the usage was priced on (the one billed during the period): its tax rates tax the line. */
  planId: string;
  metricName: string;
  price: PlanPriceInput;
  quantity: number;
  period: { start: Date; end: Date };
}

/** What an invoice bills of a metric's usage: recorded with the invoice, unique per subscription, metric and period. */
export interface UsageBilled {
  metric_code: string;
  period_start: string;
  period_end: string;
  quantity: number;
  amount: number;
  /** The plan whose price billed it (a later correction prices the range at it). */
  plan_id: string;
}

/** The usage lines of closed periods, each with the plan whose rates tax it, and what they bill. */
export function usageLines(usage: readonly PeriodUsage[]): { lines: InvoiceLine[]; sources: LineSource[]; billed: UsageBilled[] } {
  const lines = usage.map((u) => usageLine(u));
  return {
    lines,
    sources: usage.map((u) => ({ planId: u.planId })),
    billed: usage.map((u, i) => ({
      metric_code: u.price.metric_code,
      period_start: u.period.start.toISOString(),
      period_end: u.period.end.toISOString(),
      quantity: u.quantity,
      amount: lines[i]!.amount,
      plan_id: u.planId,
    })),
  };
}

/** A billed range that received late events (`loadUsageCorrections`): re-aggregated, with what was billed of it so far. */
export interface UsageCorrection {
  /** The plan that priced the range: its price prices the correction, its tax rates tax it. */
  planId: string;
  metricName: string;
  price: PlanPriceInput;
  period: { start: Date; end: Date };
  /** The range's quantity now (all its events). */
  quantity: number;
  /** What was billed of it so far: its usage line, and the corrections since. */
  billedQuantity: number;
  billedAmount: number;
  /** The number of this correction of the range (1 for the first). */
  seq: number;
}

/** A correction an invoice bills: recorded with it, unique per range and `seq`. */
export interface UsageCorrected {
  metric_code: string;
  period_start: string;
  seq: number;
  quantity: number;
  amount: number;
  /** The range is billed in full now (its mark is cleared); false while a credit is still owed to it. */
  settled: boolean;
}

/**
 * The correction lines of an invoice (docs/usage.md, "Late events"): per range, the difference
 * between what its quantity bills now and what was billed of it. A difference of 0 is no line (the
 * range's new quantity is recorded all the same). A positive one is a line. A negative one (a
 * `latest` or `sum` that went down, a volume tier reached that is cheaper) is a negative line,
 * but never more than `room`, what the invoice's other positive lines leave: an invoice is never
 * below zero, and what does not fit stays owed to the range (recorded as credited so far, its
 * mark kept) for the next invoice to credit.
 */
export function correctionLines(
  corrections: readonly UsageCorrection[],
  room: number,
): { lines: InvoiceLine[]; sources: LineSource[]; corrected: UsageCorrected[] } {
  const lines: InvoiceLine[] = [];
  const sources: LineSource[] = [];
  const corrected: UsageCorrected[] = [];
  const priced = corrections.map((c) => ({ c, difference: usageAmount(c.price, c.quantity) - c.billedAmount }));
  let left = room + priced.reduce((sum, p) => sum + Math.max(0, p.difference), 0);
  for (const { c, difference } of priced) {
    const amount = difference >= 0 ? difference : -Math.min(-difference, left);
    if (amount < 0) left += amount;
    const record = {
      metric_code: c.price.metric_code,
      period_start: c.period.start.toISOString(),
      seq: c.seq,
      quantity: c.quantity,
      amount,
      settled: amount === difference,
    };
    // Nothing billed and nothing learnt: no record either (a credit that finds no room waits).
    if (amount === 0 && !record.settled) continue;
    corrected.push(record);
    if (amount === 0) continue;
    lines.push(
      usageCorrectionLine({
        metricName: c.metricName,
        price: c.price,
        quantity: c.quantity,
        period: c.period,
        previousQuantity: c.billedQuantity,
        previousAmount: c.billedAmount,
        amount,
      }),
    );
    sources.push({ planId: c.planId });
  }
  return { lines, sources, corrected };
}

/** A one-off item waiting for the next period invoice. */
export interface PendingItem {
  id: string;
  description: string;
  unit_amount: number | string;
  quantity: number;
  /** The item's own tax rates (before the subscription's and the plan's). */
  tax_rate_ids?: string[] | null;
}

/** What the scheduler knows of a subscription whose period begins. */
export interface PeriodInput {
  /** The plan billed for the period (its `tax_rate_ids` tax the plan's lines). */
  planId: string;
  planName: string;
  planAmount: number;
  /** The plan's prices: a `seats` price prices the quantity (docs/pricing.md); usage prices are billed through `usage`. */
  planPrices?: readonly PlanPriceInput[] | null;
  setupFee: number;
  /** The plan's `billing_cycles` (null: until cancelled). */
  billingCycles: number | null;
  quantity: number;
  /** A quantity change for the next period, taking effect at this boundary. */
  nextQuantity: number | null;
  periodsInvoiced: number;
  creditBalance: number;
  discount?: Discount | null;
  /** One-off items waiting for this invoice, in the order they were added. */
  items?: PendingItem[];
  period: { start: Date; end: Date };
  /** A first period before a billing anchor: the pro-rata amount of the period's recurring amount (`recurringAmount`). */
  proratedAmount?: number;
  /** What the invoice is taxed from (src/billing/taxes/resolve-rates.ts); none: untaxed. */
  tax?: TaxContext;
  /** The usage of the period that closes as this one begins, per priced metric (billed in arrears). */
  usage?: readonly PeriodUsage[];
  /** Billed ranges that received late events, corrected on this invoice. */
  corrections?: readonly UsageCorrection[];
}

/** The plan's term has run: the subscription is `completed`, no invoice is written. */
export interface PeriodCompleted {
  kind: 'completed';
}

export interface PeriodInvoiced {
  kind: 'invoiced';
  invoice: ComposedInvoice;
  /** The subscription after this period's invoice: its quantity, its count of period invoices, its credit. */
  quantity: number;
  periodsInvoiced: number;
  creditBalance: number;
  /** The items this invoice took. */
  itemIds: string[];
  /** The usage it bills, per metric and period. */
  usageBilled: UsageBilled[];
  /** The corrections it bills, per range. */
  usageCorrected: UsageCorrected[];
}

/**
 * The invoice of a period that begins (the one composer every path shares): the plan's lines at
 * the subscription's quantity (`planLines`: its flat amount, and its seats price if it has one),
 * the setup fee on the first period invoice only, the items, the usage of the period that closed
 * (arrears), the coupon, tax (each line's rates resolved from `tax`), then credit. A plan with `billing_cycles`
 * N completes when its N-th invoiced period ends, that is when period N + 1 would begin.
 */
export function periodInvoice(input: PeriodInput): PeriodCompleted | PeriodInvoiced {
  if (input.billingCycles !== null && input.periodsInvoiced >= input.billingCycles) return { kind: 'completed' };
  const quantity = input.nextQuantity ?? input.quantity;
  const plan = { name: input.planName, amount: input.planAmount, prices: input.planPrices ?? [] };
  const recurring = recurringAmount(plan, quantity);
  // A prorated first period is one line; with a seats price its unit_amount is the whole period's recurring amount.
  const lines: InvoiceLine[] =
    input.proratedAmount === undefined
      ? planLines({ plan, quantity, period: input.period })
      : [
          proratedSubscriptionLine({
            planName: input.planName,
            unitAmount: recurring.seats ? recurring.amount : input.planAmount,
            quantity,
            amount: input.proratedAmount,
            period: input.period,
          }),
        ];
  if (input.periodsInvoiced === 0 && input.setupFee > 0) lines.push(setupFeeLine({ planName: input.planName, amount: input.setupFee }));
  const planId = input.planId;
  const sources: LineSource[] = lines.map(() => ({ planId }));
  const items = input.items ?? [];
  for (const item of items) {
    lines.push(itemLine({ description: item.description, unitAmount: Number(item.unit_amount), quantity: item.quantity }));
    sources.push({ planId, itemRateIds: item.tax_rate_ids ?? [] });
  }
  const usage = usageLines(input.usage ?? []);
  lines.push(...usage.lines);
  sources.push(...usage.sources);
  const compose = (corrections: readonly UsageCorrection[]) => {
    const room = lines.reduce((sum, l) => sum + Math.max(0, l.amount), 0);
    const corrected = correctionLines(corrections, room);
    const all = [...sources, ...corrected.sources];
    const taxes = resolveInvoiceTaxes(input.tax ?? UNTAXED, all);
    const composed = composeInvoice({
      lines: [...lines, ...corrected.lines],
      discount: input.discount ?? null,
      creditBalance: input.creditBalance,
      ...taxes,
    });
    return { composed, corrected: corrected.corrected };
  };
  let { composed: invoice, corrected } = compose(input.corrections ?? []);
  // A negative correction is held within the other lines, but a tax rate of its own may still tip
  // the total below zero: the invoice is then written without the credits, which stay owed.
  if (invoice.kind !== 'invoice') {
    ({ composed: invoice, corrected } = compose(
      (input.corrections ?? []).filter((c) => usageAmount(c.price, c.quantity) >= c.billedAmount),
    ));
  }
  // Every other line here is positive: the composer can only answer with an invoice.
  if (invoice.kind !== 'invoice') throw new RangeError('a period invoice cannot be a credit');
  return {
    kind: 'invoiced',
    invoice,
    quantity,
    periodsInvoiced: input.periodsInvoiced + 1,
    creditBalance: invoice.creditBalance,
    itemIds: items.map((i) => i.id),
    usageBilled: usage.billed,
    usageCorrected: corrected,
  };
}
