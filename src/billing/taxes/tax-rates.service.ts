import { z } from 'zod';
import { iso } from '../../platform/time.ts';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { merchantScope } from '../merchant-scope.ts';
import { formatPercentage, parsePercentage } from './tax-math.ts';
import { CountryCode } from '../postal-address.ts';

export const TaxRateCreate = z
  .strictObject({
    display_name: z.string().trim().min(1).max(100),
    /** A decimal string with up to 4 decimal places, 0 to 100: "10", "8.875". */
    percentage: z
      .string({ error: 'percentage must be a decimal string such as "8.875"' })
      .refine(
        (p) => parsePercentage(p) !== null,
        'percentage must be a decimal string from "0" to "100" with at most 4 decimal places, such as "8.875"',
      ),
    inclusive: z.boolean(),
    country: CountryCode.optional(),
    state: z.string().trim().min(1).max(10).optional(),
    description: z.string().trim().min(1).max(255).optional(),
    test: z.boolean().optional(),
  })
  .refine((r) => r.state === undefined || r.country !== undefined, { path: ['state'], message: 'state goes with a country' });
export type TaxRateCreate = z.infer<typeof TaxRateCreate>;

export const TaxRateFilter = z.object({
  active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
});
export type TaxRateFilter = z.infer<typeof TaxRateFilter>;

export interface TaxRateView {
  id: string;
  display_name: string;
  description: string | null;
  /** The percentage as a decimal string ("8.875"), never a float. */
  percentage: string;
  inclusive: boolean;
  country: string | null;
  state: string | null;
  /** False once archived. */
  active: boolean;
  created_at: string;
  archived_at: string | null;
}

interface TaxRateRow {
  id: string;
  display_name: string;
  description: string | null;
  rate_millionths: number;
  inclusive: boolean;
  country: string | null;
  state: string | null;
  created_at: string;
  archived_at: string | null;
}

const COLUMNS = 'id, display_name, description, rate_millionths, inclusive, country, state, created_at, archived_at';

export function toTaxRateView(r: TaxRateRow): TaxRateView {
  return {
    id: r.id,
    display_name: r.display_name,
    description: r.description,
    percentage: formatPercentage(r.rate_millionths),
    inclusive: r.inclusive,
    country: r.country,
    state: r.state,
    active: r.archived_at === null,
    created_at: iso(r.created_at)!,
    archived_at: iso(r.archived_at),
  };
}

export async function createTaxRate(db: Sql, merchant: MerchantRef, input: TaxRateCreate, now: Date): Promise<TaxRateView> {
  const rows = await db.query<TaxRateRow>(
    `insert into billing.tax_rates (id, merchant_id, environment, display_name, description, rate_millionths, inclusive, country, state, created_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
    [
      merchant.merchantId,
      merchant.environment,
      input.display_name,
      input.description ?? null,
      parsePercentage(input.percentage),
      input.inclusive,
      input.country ?? null,
      input.state?.toUpperCase() ?? null,
      now,
    ],
  );
  return toTaxRateView(rows[0]!);
}

export async function getTaxRate(db: Sql, merchant: MerchantRef, id: string): Promise<TaxRateView> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<TaxRateRow>(`select ${COLUMNS} from billing.tax_rates where id = $1 and merchant_id = $2 and environment = $3`, [
        id,
        merchant.merchantId,
        merchant.environment,
      ])
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Tax rate', id);
  return toTaxRateView(rows[0]);
}

/** Newest first; `active=true` the rates new objects may name, `active=false` the archived ones. */
export function listTaxRates(db: Sql, merchant: MerchantRef, page: Page, filter: TaxRateFilter): Promise<Paginated<TaxRateView>> {
  const scope = merchantScope('billing.tax_rates', merchant);
  if (filter.active !== undefined) scope.from += ` and archived_at is ${filter.active === 'true' ? '' : 'not '}null`;
  return readPage(db, page, { select: `select ${COLUMNS}`, orderBy: 'order by created_at desc, id desc', ...scope }, toTaxRateView);
}

/**
 * Archived rates can be named on no new plan, subscription or item (422); invoices already
 * written keep them, and objects that already name one keep being taxed by it. Archiving twice
 * is harmless.
 */
export async function archiveTaxRate(db: Sql, merchant: MerchantRef, id: string, now: Date): Promise<TaxRateView> {
  await getTaxRate(db, merchant, id);
  const rows = await db.query<TaxRateRow>(
    `update billing.tax_rates set archived_at = coalesce(archived_at, $4)
      where id = $1 and merchant_id = $2 and environment = $3 returning ${COLUMNS}`,
    [id, merchant.merchantId, merchant.environment, now],
  );
  return toTaxRateView(rows[0]!);
}
