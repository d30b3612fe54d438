import { resolveInvoiceTaxes, UNTAXED, type LineSource, type TaxContext } from '../../taxes/resolve-rates.ts';
import { composeInvoice, type ComposedInvoice, type Discount } from './compose-invoice.ts';
import { itemLine, planLines, proratedSubscriptionLine, setupFeeLine, usageLine, type InvoiceLine } from './invoice-line.ts';
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
    })),
  };
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
  const taxes = resolveInvoiceTaxes(input.tax ?? UNTAXED, sources);
  const invoice = composeInvoice({ lines, discount: input.discount ?? null, creditBalance: input.creditBalance, ...taxes });
  // Every line here is positive: the composer can only answer with an invoice.
  if (invoice.kind !== 'invoice') throw new RangeError('a period invoice cannot be a credit');
  return {
    kind: 'invoiced',
    invoice,
    quantity,
    periodsInvoiced: input.periodsInvoiced + 1,
    creditBalance: invoice.creditBalance,
    itemIds: items.map((i) => i.id),
    usageBilled: usage.billed,
  };
}
