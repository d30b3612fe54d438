import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant } from '../../platform/entity-columns.ts';

/** How a merchant's invoices are drafted and numbered (`PUT /settings/invoicing`). */
export interface InvoicingSettings {
  /** Period invoices stay drafts this long before they are finalized and charged (0: at once). */
  draft_hours: number;
  invoice_prefix: string;
  credit_note_prefix: string;
  /** `merchant`: one sequence per merchant and environment; `customer`: one per customer. */
  numbering: 'merchant' | 'customer';
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
    /** The logo as uploaded (PNG or SVG), apart from `business`: the invoices' seller snapshots never copy it. */
    logo: p.blob().columnType('bytea').nullable(),
    logoContentType: p.string().length(20).nullable(),
    /** The PNG the documents draw: the logo itself, or the SVG rasterized once when it was set. */
    logoPng: p.blob().columnType('bytea').nullable(),
    updatedAt: instant(),
  },
});
export type MerchantSettings = InferEntity<typeof MerchantSettings>;
