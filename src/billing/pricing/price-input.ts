import { z } from 'zod';
import { minorUnits } from '../money-input.ts';
import { PRICE_MODELS, type PriceModel } from './price-models.ts';

/** Quantities a price counts in (units, `up_to`, `free_units`, `package_size`): whole and at most 10^12. */
const MAX_UNITS = 1_000_000_000_000;
const units = (field: string, min: number) =>
  z.number().int(`${field} must be an integer`).min(min, `${field} must be at least ${min}`).max(MAX_UNITS);

export const TierInput = z.strictObject({
  up_to: units('up_to', 1).nullable(),
  unit_amount: minorUnits('unit_amount', 0),
  flat_amount: minorUnits('flat_amount', 0).optional(),
});

/**
 * A tier list as prices take it: at least one tier, `up_to` strictly ascending, and only the
 * last tier without a ceiling (`up_to: null`), so that every quantity falls in exactly one tier.
 */
export const TierList = z
  .array(TierInput)
  .min(1, 'tiers needs at least one tier')
  .max(100, 'tiers holds at most 100 tiers')
  .superRefine((tiers, ctx) => {
    for (const [i, tier] of tiers.entries()) {
      const last = i === tiers.length - 1;
      if (last && tier.up_to !== null) {
        ctx.addIssue({ code: 'custom', path: [i, 'up_to'], message: 'the last tier has up_to null (no ceiling)' });
      }
      if (!last && tier.up_to === null) {
        ctx.addIssue({ code: 'custom', path: [i, 'up_to'], message: 'only the last tier may have up_to null' });
      }
      const previous = i > 0 ? tiers[i - 1]!.up_to : null;
      if (tier.up_to !== null && previous !== null && tier.up_to <= previous) {
        ctx.addIssue({ code: 'custom', path: [i, 'up_to'], message: `up_to must be greater than the previous tier's (${previous})` });
      }
    }
  });

/** A price model's fields as the API takes them (a plan's price adds the metric it prices). */
const PRICE_MODEL_FIELDS = {
  model: z.enum(PRICE_MODELS),
  unit_amount: minorUnits('unit_amount', 0).optional(),
  tiers: TierList.optional(),
  package_size: units('package_size', 1).optional(),
  free_units: units('free_units', 0).optional(),
};

type PriceModelFields = z.infer<z.ZodObject<typeof PRICE_MODEL_FIELDS>>;

/** The rules between a model and its fields, for every schema that takes a price model. */
function checkPriceModel(p: PriceModelFields, ctx: z.RefinementCtx): void {
  const tiered = p.model === 'graduated' || p.model === 'volume';
  if (tiered && p.tiers === undefined)
    ctx.addIssue({ code: 'custom', path: ['tiers'], message: `tiers is required with model ${p.model}` });
  if (!tiered && p.tiers !== undefined)
    ctx.addIssue({ code: 'custom', path: ['tiers'], message: `tiers goes only with graduated and volume` });
  if (!tiered && p.unit_amount === undefined) {
    ctx.addIssue({ code: 'custom', path: ['unit_amount'], message: `unit_amount is required with model ${p.model}` });
  }
  if (tiered && p.unit_amount !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['unit_amount'], message: 'unit_amount goes in the tiers with graduated and volume' });
  }
  if ((p.model === 'package') !== (p.package_size !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['package_size'], message: 'package_size is required with, and only with, model package' });
  }
}

export const PriceModelInput = z.strictObject(PRICE_MODEL_FIELDS).superRefine(checkPriceModel);
export type PriceModelInput = z.infer<typeof PriceModelInput>;

/** A checked price input as the price functions take it. */
export function toPriceModel(input: PriceModelInput): PriceModel {
  const free = input.free_units === undefined ? {} : { free_units: input.free_units };
  switch (input.model) {
    case 'per_unit':
      return { model: 'per_unit', unit_amount: input.unit_amount!, ...free };
    case 'package':
      return { model: 'package', unit_amount: input.unit_amount!, package_size: input.package_size!, ...free };
    default:
      return { model: input.model, tiers: input.tiers!, ...free };
  }
}

/** What a plan's price prices: the quantity of a subscription (`seats`), or a billable metric's usage. */
export const SEATS = 'seats';

/**
 * A price on a plan (docs/pricing.md): `metric_code` names a billable metric of the merchant (its
 * usage, billed in arrears) or is `seats` (the subscription's quantity); the model's fields beside it.
 */
export const PlanPriceInput = z
  .strictObject({ metric_code: z.string().min(1, 'metric_code is required').max(64), ...PRICE_MODEL_FIELDS })
  .superRefine(checkPriceModel);
export type PlanPriceInput = z.infer<typeof PlanPriceInput>;

/** A plan's `seats` price, if it has one (at most one: `PlanPrices`). */
export function seatsPriceOf(prices: readonly PlanPriceInput[] | null | undefined): PlanPriceInput | null {
  return prices?.find((p) => p.metric_code === SEATS) ?? null;
}

/** A plan's usage prices: every price but `seats` (billed in arrears, docs/usage.md). */
export function usagePricesOf(prices: readonly PlanPriceInput[] | null | undefined): PlanPriceInput[] {
  return (prices ?? []).filter((p) => p.metric_code !== SEATS);
}
