import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant } from '../../platform/entity-columns.ts';
import type { EmailKind } from '../events/email-kinds.ts';

/** How a merchant's invoices are drafted and numbered (`PUT /settings/invoicing`). */
export interface InvoicingSettings {
  /** Period invoices stay drafts this long before they are finalized and charged (0: at once). */
  draft_hours: number;
  invoice_prefix: string;
  credit_note_prefix: string;
  /** `merchant`: one sequence per merchant and environment; `customer`: one per customer. */
  numbering: 'merchant' | 'customer';
  /**
   * A usage event whose timestamp falls in a range already billed (docs/usage.md, "Late events"):
   * `correct` bills it on the next invoice as a correction line, `refuse` refuses it (`period_invoiced`).
   */
  late_usage: 'correct' | 'refuse';
}

/** The merchant's own legal details, printed as the seller on every invoice (`PUT /settings/business`). */
export interface BusinessSettings {
  legal_name: string | null;
  address: Record<string, unknown> | null;
  tax_id: string | null;
  email: string | null;
  phone: string | null;
}

/** `GET /settings/business`: the legal details and the logo the documents print (null for none). */
export interface BusinessSettingsView extends BusinessSettings {
  logo: LogoView | null;
}

/** What the settings answer says of the logo (its bytes stay out of every answer). */
export interface LogoView {
  content_type: 'image/png' | 'image/svg+xml';
  /** Its size as uploaded, in bytes. */
  size: number;
  /** Hex SHA-256 of the bytes uploaded: a client can tell whether its logo is the one set. */
  sha256: string;
}

/** How invoices are taxed (`PUT /settings/tax`). */
export interface TaxSettings {
  /** Rates apply by the customer's address (country, then state) where no rate is named explicitly. */
  automatic_tax: boolean;
}

/** What a merchant's customers receive by e-mail, and from whom (`PUT /settings/emails`). */
export interface EmailSettings {
  /** The sender's address (the merchant's own domain: docs/emails.md); null until set. */
  from: string | null;
  reply_to: string | null;
  /** Each kind of e-mail, on or off (all off until the merchant turns one on). */
  enabled: Record<EmailKind, boolean>;
  /**
   * Where sandbox and test-clock e-mails go: `outbox` (the default) keeps them in the local outbox,
   * never at a real address; `smtp` sends them through the SMTP relay like production's.
   */
  sandbox_delivery: 'outbox' | 'smtp';
}

/** A merchant's settings per environment; a merchant without a row has the defaults. */
export const MerchantSettings = defineEntity({
  name: 'MerchantSettings',
  schema: 'billing',
  tableName: 'merchant_settings',
  properties: {
    merchantId: p.uuid().primary(),
    environment: environmentName().primary(),
    invoicing: p.json<Partial<InvoicingSettings>>().columnType('jsonb').default('{}'),
    business: p.json<Partial<BusinessSettings>>().columnType('jsonb').default('{}'),
    tax: p.json<Partial<TaxSettings>>().columnType('jsonb').default('{}'),
    emails: p.json<Partial<EmailSettings>>().columnType('jsonb').default('{}'),
    /** The logo as uploaded (PNG or SVG), apart from `business`: the invoices' seller snapshots never copy it. */
    logo: p.blob().columnType('bytea').nullable(),
    logoContentType: p.string().length(20).nullable(),
    /** The PNG the documents draw: the logo itself, or the SVG rasterized once when it was set. */
    logoPng: p.blob().columnType('bytea').nullable(),
    updatedAt: instant(),
  },
});
export type MerchantSettings = InferEntity<typeof MerchantSettings>;
