import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import type { BusinessSettingsView, EmailSettings, InvoicingSettings, LogoView } from './merchant-settings.entity.ts';
import { BillingErrors } from '../errors.ts';
import { checkLogo, logoView } from './logo.ts';
import { loadSettings, settingsOf, type Settings } from './settings.ts';
import { BusinessSettingsUpdate, EmailSettingsUpdate, InvoicingSettingsUpdate } from './settings-input.ts';

/** The sections this room writes; `tax` is the tax rules' own (`PUT /settings/tax`). */
type Section = 'invoicing' | 'business' | 'emails';

/**
 * Replaces the fields given in one section of the merchant's settings, in one statement (an
 * upsert: a merchant without a row gets one). The stored section and the fields merge in
 * PostgreSQL (`||`), so two updates of different fields at once both stand, and the other
 * sections (`tax` included) are never written. Answers the settings with the defaults filled in.
 */
async function updateSection(db: Sql, merchant: MerchantRef, section: Section, fields: object, now: Date): Promise<Settings> {
  // `emails.enabled` merges one level down: turning one kind on leaves the others as they are.
  const rows = await db.query<{ invoicing: object; business: object; tax: object; emails: object }>(
    `insert into billing.merchant_settings as ms (merchant_id, environment, invoicing, business, tax, emails, updated_at)
     values ($1, $2, case when $3 = 'invoicing' then $4::jsonb else '{}' end, case when $3 = 'business' then $4::jsonb else '{}' end, '{}',
             case when $3 = 'emails' then $4::jsonb else '{}' end, $5)
     on conflict (merchant_id, environment) do update
       set invoicing = case when $3 = 'invoicing' then ms.invoicing || excluded.invoicing else ms.invoicing end,
           business = case when $3 = 'business' then ms.business || excluded.business else ms.business end,
           emails = case when $3 = 'emails' then ms.emails || excluded.emails
                           || jsonb_build_object('enabled', coalesce(ms.emails->'enabled', '{}') || coalesce(excluded.emails->'enabled', '{}'))
                         else ms.emails end,
           updated_at = excluded.updated_at
     returning invoicing, business, tax, emails`,
    [merchant.merchantId, merchant.environment, section, JSON.stringify(fields), now],
  );
  return settingsOf(rows[0]);
}

export async function getInvoicingSettings(db: Sql, merchant: MerchantRef): Promise<InvoicingSettings> {
  return (await loadSettings(db, merchant)).invoicing;
}

export async function updateInvoicingSettings(
  db: Sql,
  merchant: MerchantRef,
  body: InvoicingSettingsUpdate,
  now: Date,
): Promise<InvoicingSettings> {
  const { test: _test, ...fields } = InvoicingSettingsUpdate.parse(body);
  return (await updateSection(db, merchant, 'invoicing', fields, now)).invoicing;
}

async function loadLogo(db: Sql, merchant: MerchantRef): Promise<LogoView | null> {
  const rows = await db.query<{ logo_content_type: string | null; logo: Buffer | null }>(
    'select logo_content_type, logo from billing.merchant_settings where merchant_id = $1 and environment = $2',
    [merchant.merchantId, merchant.environment],
  );
  return logoView(rows[0]?.logo_content_type ?? null, rows[0]?.logo ?? null);
}

/** The PNG the merchant's documents draw (its logo, an SVG one rasterized), or null. */
export async function documentLogo(db: Sql, merchant: MerchantRef): Promise<Buffer | null> {
  const rows = await db.query<{ logo_png: Buffer | null }>(
    'select logo_png from billing.merchant_settings where merchant_id = $1 and environment = $2',
    [merchant.merchantId, merchant.environment],
  );
  return rows[0]?.logo_png ?? null;
}

export async function getBusinessSettings(db: Sql, merchant: MerchantRef): Promise<BusinessSettingsView> {
  const [settings, logo] = await Promise.all([loadSettings(db, merchant), loadLogo(db, merchant)]);
  return { ...settings.business, logo };
}

export async function updateBusinessSettings(
  db: Sql,
  merchant: MerchantRef,
  body: BusinessSettingsUpdate,
  now: Date,
): Promise<BusinessSettingsView> {
  const { test: _test, logo, ...fields } = BusinessSettingsUpdate.parse(body);
  // Checked (and an SVG rasterized) before anything is written: a bad logo changes nothing.
  const checked = logo ? checkLogo(logo) : logo;
  const business = (await updateSection(db, merchant, 'business', fields, now)).business;
  if (checked !== undefined) {
    // The row exists now (the upsert above); the logo lives beside `business`, never inside it.
    await db.query(
      `update billing.merchant_settings set logo = $3, logo_content_type = $4, logo_png = $5, updated_at = $6
        where merchant_id = $1 and environment = $2`,
      [merchant.merchantId, merchant.environment, checked?.bytes ?? null, checked?.contentType ?? null, checked?.png ?? null, now],
    );
  }
  return { ...business, logo: await loadLogo(db, merchant) };
}

export async function getEmailSettings(db: Sql, merchant: MerchantRef): Promise<EmailSettings> {
  return (await loadSettings(db, merchant)).emails;
}

/**
 * `PUT /settings/emails`: the fields given replace the stored ones (`enabled` kind by kind). A
 * merchant turns a kind on only with a sender: `from` given now or stored before (else 422 naming
 * `from`, nothing written).
 */
export async function updateEmailSettings(db: Sql, merchant: MerchantRef, body: EmailSettingsUpdate, now: Date): Promise<EmailSettings> {
  const { test: _test, ...fields } = EmailSettingsUpdate.parse(body);
  const turningOn = Object.values(fields.enabled ?? {}).some((on) => on === true);
  if (turningOn && fields.from === undefined && (await loadSettings(db, merchant)).emails.from === null) {
    throw BillingErrors.validation(['from: a sender address is needed before e-mails are turned on']);
  }
  if (fields.from === null) {
    const current = await loadSettings(db, merchant);
    const on = Object.entries({ ...current.emails.enabled, ...(fields.enabled ?? {}) }).some(([, v]) => v);
    if (on) throw BillingErrors.validation(['from: e-mails are turned on; turn them off before removing the sender']);
  }
  return (await updateSection(db, merchant, 'emails', fields, now)).emails;
}
