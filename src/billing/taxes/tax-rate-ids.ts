import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';

/** The most tax rates one plan, subscription or item may name. */
export const MAX_TAX_RATE_IDS = 10;

/** `tax_rate_ids` as plans, subscriptions and items take it: up to 10 rate ids, each once. */
export const TaxRateIds = z
  .array(z.uuid())
  .max(MAX_TAX_RATE_IDS, `tax_rate_ids may name at most ${MAX_TAX_RATE_IDS} rates`)
  .superRefine((ids, ctx) => {
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `tax rate ${id} is named twice` });
    });
  });

/**
 * Each id names an active rate of this merchant and environment, or the whole request is a 422
 * naming every bad one as `tax_rate_ids[i]` (nothing is written). Read in the caller's
 * transaction where it has one.
 */
export async function requireActiveTaxRates(db: Sql, merchant: MerchantRef, ids: readonly string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const rows = await db.query<{ id: string; archived: boolean }>(
    `select id, archived_at is not null as archived from billing.tax_rates
      where id = any($1::uuid[]) and merchant_id = $2 and environment = $3`,
    [ids, merchant.merchantId, merchant.environment],
  );
  const found = new Map(rows.map((r) => [r.id, r.archived]));
  const problems = ids.flatMap((id, i) => {
    const archived = found.get(id);
    if (archived === undefined) return [`tax_rate_ids[${i}]: no tax rate ${id}`];
    return archived ? [`tax_rate_ids[${i}]: tax rate ${id} is archived and can be named on no new object`] : [];
  });
  if (problems.length) throw BillingErrors.validation(problems);
}
