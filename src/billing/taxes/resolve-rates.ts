import type { TaxRateSpec } from './tax-math.ts';
import { checkTaxId, EU_VAT_RULES } from '../customers/tax-ids.ts';

/**
 * Which tax rates apply to an invoice line, and whether the invoice is an EU reverse charge: the
 * one resolver both insert paths (the scheduler's batch, immediate invoices) use. Pure: the
 * context is read for it (src/billing/taxes/sql/batch-tax-context.ts).
 *
 * A line's rates, the first of these that names any:
 * 1. the item's own `tax_rate_ids` (item lines only);
 * 2. the subscription's `tax_rate_ids`;
 * 3. the `tax_rate_ids` of the plan the line bills;
 * 4. with the merchant's `automatic_tax` on, the merchant's active rates for the customer's
 *    address: every rate of the customer's country without a state, and every rate of that
 *    country naming the customer's state (both apply: a country-wide and a state or province
 *    tax stack, as Canada's GST and PST do), the country's first, each oldest first. No
 *    customer, or no address: no automatic tax.
 * Rates named explicitly keep applying after they are archived (archiving only stops new
 * objects naming them); automatic tax takes active rates only.
 *
 * Reverse charge (EU VAT, Article 196 of Council Directive 2006/112/EC): the invoice is taxed at
 * all (some line has a rate, or automatic tax is on), the customer has an `eu_vat` tax id of a
 * valid format, its address is in an EU member state, and the merchant's business address is in
 * another country, inside the EU or outside it (Article 196 makes the business customer liable
 * whenever its supplier is not established in the customer's member state: an Australian or a
 * British seller reverse-charges a French business as a German one does). Then no line is taxed
 * (`tax` 0, `reverse_charge: true`) and the invoice carries the legal note. A merchant that has
 * not set its business address never reverse-charges: Recur cannot tell it is not established in
 * the customer's country.
 */

/** A tax rate as the resolver reads it. */
export interface TaxRateRecord extends TaxRateSpec {
  merchant_id: string;
  environment: string;
  country: string | null;
  state: string | null;
  archived: boolean;
}

/** The customer of an invoice, as far as tax is concerned. */
export interface TaxCustomer {
  /** ISO 3166-1 alpha-2, upper case; null without an address. */
  country: string | null;
  state: string | null;
  tax_ids: { type: string; value: string }[];
}

/** What one subscription's invoice is taxed from. */
export interface TaxContext {
  /** The subscription's own `tax_rate_ids`. */
  subscriptionRateIds: readonly string[];
  /** Each plan's `tax_rate_ids`, by plan id (the plans the invoice's lines bill). */
  planRateIds: Readonly<Record<string, readonly string[]>>;
  /** The merchant's `automatic_tax` setting. */
  automatic: boolean;
  customer: TaxCustomer | null;
  /** The country of the merchant's business address (settings), upper case, or null. */
  merchantCountry: string | null;
  /** Every rate an explicit list may name, by id (archived ones too). */
  rates: Readonly<Record<string, TaxRateRecord>>;
  /** The merchant's active rates of the customer's country (automatic tax's candidates). */
  automaticRates: readonly TaxRateRecord[];
}

/** A context that taxes nothing: no rate named, automatic tax off. */
export const UNTAXED: TaxContext = {
  subscriptionRateIds: [],
  planRateIds: {},
  automatic: false,
  customer: null,
  merchantCountry: null,
  rates: {},
  automaticRates: [],
};

/** What a line is: an item with its own rates, or a line of a plan (subscription, setup fee, proration). */
export interface LineSource {
  planId: string;
  itemRateIds?: readonly string[];
}

/** The EU member states (ISO 3166-1 alpha-2), as the EU VAT rules of the customers room list them (Greece's prefix is EL). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(Object.values(EU_VAT_RULES).map((rule) => rule.country));

/**
 * Whether a value is an EU VAT number: the customers room's per-country format check
 * (`checkTaxId`), the one rule for it. Reverse charge asks only this.
 */
export function isEuVatId(value: string): boolean {
  return checkTaxId('eu_vat', value).ok;
}

function named(ctx: TaxContext, ids: readonly string[]): TaxRateRecord[] {
  return ids.flatMap((id) => (ctx.rates[id] ? [ctx.rates[id]] : []));
}

/** The rates of one line (the rules above). */
export function resolveLineRates(ctx: TaxContext, line: LineSource): TaxRateRecord[] {
  if (line.itemRateIds?.length) return named(ctx, line.itemRateIds);
  if (ctx.subscriptionRateIds.length) return named(ctx, ctx.subscriptionRateIds);
  const plan = ctx.planRateIds[line.planId] ?? [];
  if (plan.length) return named(ctx, plan);
  return automaticRates(ctx);
}

/** Automatic tax: the merchant's active rates for the customer's country, and its state where a rate names one. */
export function automaticRates(ctx: TaxContext): TaxRateRecord[] {
  const customer = ctx.customer;
  if (!ctx.automatic || !customer?.country) return [];
  const state = customer.state?.trim().toUpperCase() ?? null;
  return ctx.automaticRates.filter(
    (r) => !r.archived && r.country === customer.country && (r.state === null || (state !== null && r.state.toUpperCase() === state)),
  );
}

/** Whether the invoice is an EU reverse charge (`taxed`: some line has a rate). */
export function isReverseCharge(ctx: TaxContext, taxed: boolean): boolean {
  const customer = ctx.customer;
  if (!(taxed || ctx.automatic) || !customer?.country || !ctx.merchantCountry) return false;
  return (
    EU_COUNTRIES.has(customer.country) &&
    customer.country !== ctx.merchantCountry &&
    customer.tax_ids.some((t) => t.type === 'eu_vat' && typeof t.value === 'string' && isEuVatId(t.value))
  );
}

/** An invoice's lines taxed: each line's rates, and the reverse-charge flag. */
export interface ResolvedTaxes {
  taxRates: TaxRateRecord[][];
  reverseCharge: boolean;
}

/** Every line's rates, and whether the invoice is a reverse charge. */
export function resolveInvoiceTaxes(ctx: TaxContext, lines: readonly LineSource[]): ResolvedTaxes {
  const taxRates = lines.map((line) => resolveLineRates(ctx, line));
  return {
    taxRates,
    reverseCharge: isReverseCharge(
      ctx,
      taxRates.some((r) => r.length > 0),
    ),
  };
}
