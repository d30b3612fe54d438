import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import type { BusinessSettings, InvoicingSettings, TaxSettings } from './merchant-settings.entity.ts';

export interface Settings {
  invoicing: InvoicingSettings;
  business: BusinessSettings;
  tax: TaxSettings;
}

/** What a merchant without settings has: finalize at once (as Recur always did), `INV-` and `CN-`, one sequence. */
export const DEFAULT_SETTINGS: Settings = {
  invoicing: { draft_hours: 0, invoice_prefix: 'INV-', credit_note_prefix: 'CN-', numbering: 'merchant' },
  business: { legal_name: null, address: null, tax_id: null, email: null, phone: null },
  tax: { automatic_tax: false },
};

interface SettingsRow {
  invoicing: Partial<InvoicingSettings> | null;
  business: Partial<BusinessSettings> | null;
  tax: Partial<TaxSettings> | null;
}

/** A stored row (or none) with every field the defaults have filled in. */
export function settingsOf(row: SettingsRow | undefined): Settings {
  return {
    invoicing: { ...DEFAULT_SETTINGS.invoicing, ...(row?.invoicing ?? {}) },
    business: { ...DEFAULT_SETTINGS.business, ...(row?.business ?? {}) },
    tax: { ...DEFAULT_SETTINGS.tax, ...(row?.tax ?? {}) },
  };
}

/** A merchant's settings in an environment (the defaults where it has set none). */
export async function loadSettings(db: Sql, merchant: MerchantRef): Promise<Settings> {
  const rows = await db.query<SettingsRow>(
    'select invoicing, business, tax from billing.merchant_settings where merchant_id = $1 and environment = $2',
    [merchant.merchantId, merchant.environment],
  );
  return settingsOf(rows[0]);
}
