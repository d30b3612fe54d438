import { z } from 'zod';
import { priceQuantity } from '../../pricing/price-models.ts';
import { toPriceModel, type PlanPriceInput } from '../../pricing/price-input.ts';
import { recurringAmount, type RecurringPlan } from '../../pricing/recurring-amount.ts';

export const INVOICE_LINE_KINDS = ['subscription', 'setup_fee', 'proration', 'item', 'discount', 'usage', 'usage_correction'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** A tax rate's part of a line's tax (docs/tax.md). */
export const LineTaxRate = z.object({
  tax_rate_id: z.string(),
  display_name: z.string(),
  /** A decimal string ("8.875"), never a float. */
  percentage: z.string(),
  inclusive: z.boolean(),
  amount: z.number().int(),
});

/**
 * One line of an invoice, as stored (jsonb) and shown. Credits and discounts are negative.
 * `amount` = `unit_amount × quantity`, except for pro-rata lines, whose amount is the rounded
 * pro-rata figure (their `quantity` is the subscription's and `unit_amount` the full-period price).
 * Every line but the discount line of an invoice composed since taxes carries its share of the
 * discount (`discount_amount`), its tax (`tax_amount`, inclusive and exclusive) and the rates
 * that make it up (`tax_rates`): the composer fills them.
 */
export const InvoiceLine = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  amount: z.number().int(),
  period_start: z.string().optional(),
  period_end: z.string().optional(),
  discount_amount: z.number().int().optional(),
  tax_amount: z.number().int().optional(),
  tax_rates: z.array(LineTaxRate).optional(),
  // A usage line (docs/usage.md), or a plan's seats line (`metric_code: "seats"`, docs/pricing.md):
  // the metric, the price's model, the units billed after the free ones, and the tiers applied
  // (src/billing/pricing/price-models.ts).
  metric_code: z.string().optional(),
  model: z.string().optional(),
  free_units: z.number().int().optional(),
  billable_quantity: z.number().int().optional(),
  // A usage correction (docs/usage.md, "Late events"): what was billed of the range before it.
  previous_quantity: z.number().int().optional(),
  previous_amount: z.number().int().optional(),
  tiers: z
    .array(
      z.object({
        tier: z.number().int(),
        from_unit: z.number().int(),
        to_unit: z.number().int(),
        units: z.number().int(),
        packages: z.number().int().optional(),
        unit_amount: z.number().int(),
        flat_amount: z.number().int(),
        amount: z.number().int(),
      }),
    )
    .optional(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export interface Period {
  start: Date;
  end: Date;
}

const periodOf = (p: Period | undefined): Pick<InvoiceLine, 'period_start' | 'period_end'> =>
  p ? { period_start: p.start.toISOString(), period_end: p.end.toISOString() } : {};

/** The plan's price for a period: `plan.amount × quantity`. */
export function subscriptionLine(input: { planName: string; unitAmount: number; quantity: number; period: Period }): InvoiceLine {
  return {
    kind: 'subscription',
    description: input.quantity === 1 ? input.planName : `${input.quantity} × ${input.planName}`,
    quantity: input.quantity,
    unit_amount: input.unitAmount,
    amount: input.unitAmount * input.quantity,
    ...periodOf(input.period),
  };
}

/** A line whose amount is a pro-rata figure over part of a period (`unit_amount` is the full period's price). */
interface ProRata {
  description: string;
  unitAmount: number;
  quantity: number;
  amount: number;
  period: Period;
}

const proRataLine = (kind: InvoiceLineKind, input: ProRata): InvoiceLine => ({
  kind,
  description: input.description,
  quantity: input.quantity,
  unit_amount: input.unitAmount,
  amount: input.amount,
  ...periodOf(input.period),
});

/** A first period before a billing anchor, charged pro rata. */
export function proratedSubscriptionLine(input: Omit<ProRata, 'description'> & { planName: string }): InvoiceLine {
  return proRataLine('subscription', { ...input, description: `${input.planName} (prorated until the billing anchor)` });
}

/** The plan's setup fee: once per subscription, never multiplied by quantity. */
export function setupFeeLine(input: { planName: string; amount: number }): InvoiceLine {
  return { kind: 'setup_fee', description: `Setup fee (${input.planName})`, quantity: 1, unit_amount: input.amount, amount: input.amount };
}

/** A one-off item: `amount` is the unit amount, the line is `amount × quantity`. */
export function itemLine(input: { description: string; unitAmount: number; quantity: number }): InvoiceLine {
  return {
    kind: 'item',
    description: input.description,
    quantity: input.quantity,
    unit_amount: input.unitAmount,
    amount: input.unitAmount * input.quantity,
  };
}

/** A proration line: the credit for unused time (negative) or the charge for the rest (positive). */
export function prorationLine(input: ProRata): InvoiceLine {
  return proRataLine('proration', input);
}

/**
 * A quantity priced by a plan's price (its model's amount and the tiers applied). `unit_amount` is
 * the unit price where one price covers every unit (per_unit; volume: the tier reached; package: a
 * package's price) and 0 for graduated, whose `tiers` carry each tier's.
 */
function pricedLine(input: {
  kind: InvoiceLineKind;
  description: string;
  price: PlanPriceInput;
  quantity: number;
  period: Period;
}): InvoiceLine {
  const priced = priceQuantity(toPriceModel(input.price), input.quantity);
  const price = input.price;
  const unitAmount =
    price.model === 'graduated' ? 0 : price.model === 'volume' ? (priced.tiers[0]?.unit_amount ?? 0) : (price.unit_amount ?? 0);
  return {
    kind: input.kind,
    description: input.description,
    quantity: input.quantity,
    unit_amount: unitAmount,
    amount: priced.amount,
    ...periodOf(input.period),
    metric_code: price.metric_code,
    model: price.model,
    free_units: priced.free_units,
    billable_quantity: priced.billable_quantity,
    tiers: priced.tiers,
  };
}

/**
 * A period's usage of one metric, priced (billed in arrears, docs/usage.md): `quantity` is the
 * aggregated quantity, `amount` the price model's, `tiers` the tiers applied.
 */
export function usageLine(input: { metricName: string; price: PlanPriceInput; quantity: number; period: Period }): InvoiceLine {
  return pricedLine({ kind: 'usage', description: input.metricName, price: input.price, quantity: input.quantity, period: input.period });
}

/** How a plan at a quantity is named on a line: "Pro", "3 × Pro", or, with a seats price, "Pro (25 seats)". */
export function describePlan(plan: RecurringPlan & { name: string }, quantity: number): string {
  if (recurringAmount(plan, quantity).seats) return `${plan.name} (${quantity} ${quantity === 1 ? 'seat' : 'seats'})`;
  return quantity === 1 ? plan.name : `${quantity} × ${plan.name}`;
}

/**
 * The plan's lines of a full period, billed in advance, by the one rule of a recurring amount
 * (`recurringAmount`, docs/pricing.md): without a seats price, one line `plan.amount × quantity`;
 * with one, the flat amount once as a base fee (a `subscription` line of quantity 1, left out when
 * it is 0) and a `subscription` line with `metric_code: "seats"` showing the quantity, the model
 * and the tiers applied. The lines sum to `recurringAmount(plan, quantity).amount`.
 */
export function planLines(input: { plan: RecurringPlan & { name: string }; quantity: number; period: Period }): InvoiceLine[] {
  const recurring = recurringAmount(input.plan, input.quantity);
  if (!recurring.seats) {
    return [
      subscriptionLine({
        planName: input.plan.name,
        unitAmount: Number(input.plan.amount),
        quantity: input.quantity,
        period: input.period,
      }),
    ];
  }
  const lines: InvoiceLine[] = [];
  if (recurring.base > 0) {
    lines.push(subscriptionLine({ planName: input.plan.name, unitAmount: recurring.base, quantity: 1, period: input.period }));
  }
  lines.push(
    pricedLine({
      kind: 'subscription',
      description: `${input.plan.name} seats`,
      price: recurring.seats.price,
      quantity: input.quantity,
      period: input.period,
    }),
  );
  return lines;
}

/**
 * A correction of a range already billed (docs/usage.md, "Late events"): the range re-aggregated
 * (`quantity`, with its whole price: `tiers`, `billable_quantity`) at the price that billed it,
 * and `amount`, the difference from what was billed of it before (`previous_quantity`,
 * `previous_amount`: its usage line and the corrections since). `period_start` and `period_end`
 * are the range corrected.
 */
export function usageCorrectionLine(input: {
  metricName: string;
  price: PlanPriceInput;
  quantity: number;
  period: Period;
  previousQuantity: number;
  previousAmount: number;
  amount: number;
}): InvoiceLine {
  const whole = usageLine(input);
  return {
    ...whole,
    kind: 'usage_correction',
    description: `${input.metricName} (correction)`,
    amount: input.amount,
    previous_quantity: input.previousQuantity,
    previous_amount: input.previousAmount,
  };
}

/** What the range's usage bills now, at its price (the amount a correction compares with what was billed). */
export function usageAmount(price: PlanPriceInput, quantity: number): number {
  return priceQuantity(toPriceModel(price), quantity).amount;
}
