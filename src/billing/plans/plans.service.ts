import { iso } from '../../platform/time.ts';
import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import { INTERVALS } from '../calendar/billing-calendar.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { CurrencyCode, minorUnits } from '../money-input.ts';
import { merchantScope } from '../merchant-scope.ts';
import { requireActiveTaxRates, TaxRateIds } from '../taxes/tax-rate-ids.ts';
import type { DunningPolicy } from './plan.entity.ts';
import { PlanPriceInput, SEATS } from '../pricing/price-input.ts';

export const DEFAULT_DUNNING: DunningPolicy = { retry_days: [1, 3, 5, 7], final_action: 'leave_past_due' };

export const DunningInput = z.strictObject({
  retry_days: z
    .array(z.number().int().min(1).max(60))
    .max(12)
    .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), 'retry_days must increase'),
  final_action: z.enum(['cancel', 'mark_unpaid', 'leave_past_due']),
});

/** A plan's prices: one per metric at most, and `seats` (the subscription's quantity) at most once (docs/pricing.md). */
export const PlanPrices = z
  .array(PlanPriceInput)
  .max(20, 'prices holds at most 20 prices')
  .superRefine((prices, ctx) => {
    const seen = new Set<string>();
    for (const [i, price] of prices.entries()) {
      if (seen.has(price.metric_code)) {
        ctx.addIssue({ code: 'custom', path: [i, 'metric_code'], message: `metric_code ${price.metric_code} is priced twice` });
      }
      seen.add(price.metric_code);
    }
  });

export const PlanCreate = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    /** The flat price per period (× quantity; with a `seats` price, a base fee once per period); 0 only for a plan that bills by its `prices`. */
    amount: minorUnits('amount', 0),
    prices: PlanPrices.optional(),
    currency: CurrencyCode,
    interval: z.enum(INTERVALS),
    interval_count: z.number().int().min(1).max(365).default(1),
    trial_days: z.number().int().min(0).max(730).default(0),
    setup_fee: minorUnits('setup_fee', 0).default(0),
    billing_cycles: z.number().int().min(1).max(1000).nullable().default(null),
    dunning: DunningInput.optional(),
    /** Tax rates for the plan's lines where the subscription names none (docs/tax.md). */
    tax_rate_ids: TaxRateIds.optional(),
    test: z.boolean().optional(),
  })
  .superRefine((plan, ctx) => {
    if (plan.amount === 0 && (plan.prices ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount must be greater than 0 (or the plan must have prices)' });
    }
  });
export type PlanCreate = z.infer<typeof PlanCreate>;

export interface PlanView {
  id: string;
  name: string;
  amount: number;
  currency: string;
  interval: string;
  interval_count: number;
  trial_days: number;
  setup_fee: number;
  billing_cycles: number | null;
  dunning: DunningPolicy;
  tax_rate_ids: string[];
  /** Usage prices, billed in arrears (docs/usage.md), and a `seats` price, billed in advance (docs/pricing.md); [] for a flat plan. */
  prices: PlanPriceInput[];
  status: string;
  created_at: string;
  archived_at: string | null;
}

/** A plan as `billing.plans` stores it: the view's fields, money as `bigint` text. */
export interface PlanRow extends Omit<PlanView, 'amount' | 'setup_fee'> {
  amount: string;
  setup_fee: string;
}

export function toPlanView(r: PlanRow): PlanView {
  return { ...r, amount: Number(r.amount), setup_fee: Number(r.setup_fee), created_at: iso(r.created_at), archived_at: iso(r.archived_at) };
}

const COLUMNS =
  'id, name, amount, currency, interval, interval_count, trial_days, setup_fee, billing_cycles, dunning, tax_rate_ids, prices, status, created_at, archived_at';

export async function createPlan(db: Sql, merchant: MerchantRef, input: PlanCreate, now: Date): Promise<PlanView> {
  await requireActiveTaxRates(db, merchant, input.tax_rate_ids);
  await requirePricedMetrics(db, merchant, input.prices ?? []);
  const rows = await db.query<PlanRow>(
    `insert into billing.plans (id, merchant_id, environment, name, amount, currency, interval, interval_count, trial_days, dunning, status, created_at, setup_fee, billing_cycles, tax_rate_ids, prices)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, 'active', $10, $11, $12, $13, $14) returning ${COLUMNS}`,
    [
      merchant.merchantId,
      merchant.environment,
      input.name,
      input.amount,
      input.currency,
      input.interval,
      input.interval_count,
      input.trial_days,
      JSON.stringify(input.dunning ?? DEFAULT_DUNNING),
      now,
      input.setup_fee,
      input.billing_cycles,
      JSON.stringify(input.tax_rate_ids ?? []),
      JSON.stringify(input.prices ?? []),
    ],
  );
  return toPlanView(rows[0]!);
}

/** Every metric a plan prices is one of the merchant's, not archived: 422 naming the price otherwise. */
async function requirePricedMetrics(db: Sql, merchant: MerchantRef, prices: PlanPriceInput[]): Promise<void> {
  if (prices.length === 0) return;
  // `seats` prices the subscription's quantity, not a metric (a metric may not be named `seats`: see below).
  const codes = prices.map((p) => p.metric_code).filter((code) => code !== SEATS);
  if (codes.length === 0) return;
  const found = await db.query<{ code: string; status: string }>(
    'select code, status from billing.billable_metrics where merchant_id = $1 and environment = $2 and code = any($3::text[])',
    [merchant.merchantId, merchant.environment, codes],
  );
  const status = new Map(found.map((m) => [m.code, m.status]));
  const errors = prices.flatMap(({ metric_code: code }, i) => {
    if (code === SEATS) return [];
    const s = status.get(code);
    if (s === undefined) return [`prices.${i}.metric_code: no billable metric has code ${code}`];
    if (s !== 'active') return [`prices.${i}.metric_code: billable metric ${code} is archived`];
    return [];
  });
  if (errors.length > 0) throw BillingErrors.validation(errors);
}

export async function findPlan(db: Sql, merchant: MerchantRef, id: string): Promise<PlanView | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const rows = await db.query<PlanRow>(`select ${COLUMNS} from billing.plans where id = $1 and merchant_id = $2 and environment = $3`, [
    id,
    merchant.merchantId,
    merchant.environment,
  ]);
  return rows[0] && toPlanView(rows[0]);
}

export async function getPlan(db: Sql, merchant: MerchantRef, id: string): Promise<PlanView> {
  const plan = await findPlan(db, merchant, id);
  if (!plan) throw BillingErrors.notFound('Plan', id);
  return plan;
}

/** The plan a subscription is to bill on: 404 when there is none, 422 when it is archived. */
export async function requireActivePlan(db: Sql, merchant: MerchantRef, id: string): Promise<PlanView> {
  const plan = await getPlan(db, merchant, id);
  if (plan.status !== 'active') throw BillingErrors.validation([`Plan ${plan.id} is archived and takes no new subscriptions`]);
  return plan;
}

export function listPlans(db: Sql, merchant: MerchantRef, page: Page): Promise<Paginated<PlanView>> {
  const scope = merchantScope('billing.plans', merchant);
  return readPage(db, page, { select: `select ${COLUMNS}`, orderBy: 'order by created_at desc, id desc', ...scope }, toPlanView);
}

/** Archived plans take no new subscriptions; existing ones keep billing on them. */
export async function archivePlan(db: Sql, merchant: MerchantRef, id: string, now: Date): Promise<PlanView> {
  await getPlan(db, merchant, id);
  const rows = await db.query<PlanRow>(
    `update billing.plans set status = 'archived', archived_at = coalesce(archived_at, $4)
      where id = $1 and merchant_id = $2 and environment = $3 returning ${COLUMNS}`,
    [id, merchant.merchantId, merchant.environment, now],
  );
  return toPlanView(rows[0]!);
}
