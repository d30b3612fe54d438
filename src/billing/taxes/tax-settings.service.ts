import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { loadSettings } from '../settings/settings.ts';
import type { TaxSettings } from '../settings/merchant-settings.entity.ts';

/** `PUT /settings/tax`: the whole of the merchant's tax settings in this environment. */
export const TaxSettingsUpdate = z.strictObject({
  /** Where no rate is named on the item, the subscription or the plan, tax by the customer's address. */
  automatic_tax: z.boolean(),
  test: z.boolean().optional(),
});
export type TaxSettingsUpdate = z.infer<typeof TaxSettingsUpdate>;

/** The merchant's tax settings (the defaults where it has set none: `automatic_tax: false`). */
export async function getTaxSettings(db: Sql, merchant: MerchantRef): Promise<TaxSettings> {
  return (await loadSettings(db, merchant)).tax;
}

/** Replaces the merchant's tax settings; its other settings are left as they are. Applies to invoices written from now on. */
export async function putTaxSettings(db: Sql, merchant: MerchantRef, input: TaxSettingsUpdate, now: Date): Promise<TaxSettings> {
  const tax: TaxSettings = { automatic_tax: input.automatic_tax };
  await db.query(
    `insert into billing.merchant_settings (merchant_id, environment, tax, updated_at) values ($1, $2, $3, $4)
     on conflict (merchant_id, environment) do update set tax = excluded.tax, updated_at = excluded.updated_at`,
    [merchant.merchantId, merchant.environment, JSON.stringify(tax), now],
  );
  return getTaxSettings(db, merchant);
}
