import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import type { BusinessSettings, EmailSettings, InvoicingSettings, TaxSettings } from './merchant-settings.entity.ts';
import { EMAIL_KINDS } from '../events/email-kinds.ts';

export interface Settings {
  invoicing: InvoicingSettings;
  business: BusinessSettings;
  tax: TaxSettings;
  emails: EmailSettings;
}

/** What a merchant without settings has: finalize at once (as Recur always did), `INV-` and `CN-`, one sequence. */
export const DEFAULT_SETTINGS: Settings = {
  invoicing: { draft_hours: 0, invoice_prefix: 'INV-', credit_note_prefix: 'CN-', numbering: 'merchant', late_usage: 'correct' },
  business: { legal_name: null, address: null, tax_id: null, email: null, phone: null },
  tax: { automatic_tax: false },
  // No e-mail until the merchant names its sender and turns a kind on.
  emails: {
    from: null,
    reply_to: null,
    enabled: Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, false])) as EmailSettings['enabled'],
    sandbox_delivery: 'outbox',
  },
};

interface SettingsRow {
  invoicing: Partial<InvoicingSettings> | null;
  business: Partial<BusinessSettings> | null;
  tax: Partial<TaxSettings> | null;
  emails?: Partial<EmailSettings> | null;
}

/** A stored row (or none) with every field the defaults have filled in. */
export function settingsOf(row: SettingsRow | undefined): Settings {
  return {
    invoicing: { ...DEFAULT_SETTINGS.invoicing, ...(row?.invoicing ?? {}) },
    business: { ...DEFAULT_SETTINGS.business, ...(row?.business ?? {}) },
    tax: { ...DEFAULT_SETTINGS.tax, ...(row?.tax ?? {}) },
    emails: {
      ...DEFAULT_SETTINGS.emails,
      ...(row?.emails ?? {}),
      enabled: { ...DEFAULT_SETTINGS.emails.enabled, ...(row?.emails?.enabled ?? {}) },
    },
  };
}

/** A merchant's settings in an environment (the defaults where it has set none). */
export async function loadSettings(db: Sql, merchant: MerchantRef): Promise<Settings> {
  const rows = await db.query<SettingsRow>(
    'select invoicing, business, tax, emails from billing.merchant_settings where merchant_id = $1 and environment = $2',
    [merchant.merchantId, merchant.environment],
  );
  return settingsOf(rows[0]);
}
