import { z } from 'zod';
import { SearchText } from '../search/search-terms.ts';
import { DateOrTimestamp, Timestamp } from '../../platform/timestamps.ts';
import { isValidTimeZone } from '../calendar/billing-calendar.ts';
import { BillingErrors } from '../errors.ts';
import { TaxRateIds } from '../taxes/tax-rate-ids.ts';
import { MAX_LINE_AMOUNT, lineFits, type RecurringPlan } from '../pricing/recurring-amount.ts';
import { SUBSCRIPTION_STATUSES } from './subscription.entity.ts';

const Metadata = z
  .record(z.string().max(100), z.string().max(1000))
  .refine((m) => Object.keys(m).length <= 50, 'metadata holds at most 50 keys');
const StartDate = DateOrTimestamp;
const Quantity = z
  .number()
  .int('quantity must be an integer')
  .min(1, 'quantity must be at least 1')
  .max(100_000, 'quantity must be at most 100,000');

/** A 422 naming `quantity` when the plan at that quantity would bill past `MAX_LINE_AMOUNT` (`lineFits`). */
export function assertLineFits(plan: RecurringPlan, quantity: number): void {
  if (!lineFits(plan, quantity)) {
    throw BillingErrors.validation([`quantity: the plan's amount at this quantity may not exceed ${MAX_LINE_AMOUNT} minor units`]);
  }
}

export const SubscriptionCreate = z.strictObject({
  plan_id: z.string().min(1).max(64),
  card_token: z.string().min(1).max(255),
  customer_reference: z.string().trim().min(1).max(255),
  /** The customer billed: one of this merchant and environment, not deleted (its credit pays the invoices first). */
  customer_id: z.uuid().optional(),
  quantity: Quantity.optional(),
  coupon: z.string().min(1).max(64).optional(),
  /** Periods start on the anchor's day and time; the first, from the start to the anchor, is prorated. */
  billing_anchor: Timestamp.optional(),
  start_date: StartDate.optional(),
  time_zone: z.string().refine(isValidTimeZone, 'time_zone must be an IANA time zone, such as Europe/London').optional(),
  metadata: Metadata.optional(),
  test_clock_id: z.uuid().optional(),
  /** Tax rates for the subscription's lines, before the plan's (docs/tax.md). */
  tax_rate_ids: TaxRateIds.optional(),
  test: z.boolean().optional(),
});
export type SubscriptionCreate = z.infer<typeof SubscriptionCreate>;

export const SubscriptionUpdate = z
  .strictObject({
    card_token: z.string().min(1).max(255).optional(),
    /** Another customer, or null for none (credit the subscription held moves to the customer it joins). */
    customer_id: z.uuid().nullable().optional(),
    metadata: Metadata.optional(),
    plan_id: z.string().min(1).max(64).optional(),
    quantity: Quantity.optional(),
    /** A coupon code to redeem (replacing any held), or null to remove the one held. */
    coupon: z.string().min(1).max(64).nullable().optional(),
    /** When a `plan_id` or `quantity` change takes effect: from the next period (the default), or now, prorated. */
    effective: z.enum(['next_period', 'now']).optional(),
    prorate: z.boolean().optional(),
    /** Replaces the subscription's tax rates for invoices written from now on ([] falls back to the plan's). */
    tax_rate_ids: TaxRateIds.optional(),
    test: z.boolean().optional(),
  })
  .refine((u) => (u.effective === undefined && u.prorate === undefined) || u.plan_id !== undefined || u.quantity !== undefined, {
    path: ['effective'],
    message: 'effective and prorate apply to a plan_id or quantity change',
  })
  .refine((u) => u.prorate === undefined || u.effective === 'now', {
    path: ['prorate'],
    message: 'prorate applies to a change effective now',
  });
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;

export const SubscriptionCancel = z.strictObject({ at_period_end: z.boolean().optional(), test: z.boolean().optional() });
export const SubscriptionFilter = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  customer_reference: z.string().max(255).optional(),
  customer_id: z.uuid().optional(),
  /** Search (docs/api.md, "Search"): id, reference, card's last four, customer's name or e-mail. */
  q: SearchText.optional(),
});
export type SubscriptionFilter = z.infer<typeof SubscriptionFilter>;
