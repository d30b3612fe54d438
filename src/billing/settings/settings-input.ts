import { z } from 'zod';
import { PostalAddressInput } from '../postal-address.ts';
import { LogoInput } from './logo.ts';
import { EMAIL_KINDS, type EmailKind } from '../events/email-kinds.ts';

/** A document number's prefix: 1 to 12 letters, digits, `-`, `_` or `/` (`INV-`, `2027/`, `ACME_`). */
const Prefix = (field: string) => z.string().regex(/^[A-Za-z0-9\-_/]{1,12}$/, `${field} must be 1 to 12 letters, digits, "-", "_" or "/"`);

/** `PUT /settings/invoicing`: the fields given replace the stored ones; the others stay. */
export const InvoicingSettingsUpdate = z.strictObject({
  draft_hours: z
    .number()
    .int('draft_hours must be a whole number of hours')
    .min(0, 'draft_hours must be between 0 and 720')
    .max(720, 'draft_hours must be between 0 and 720')
    .optional(),
  invoice_prefix: Prefix('invoice_prefix').optional(),
  credit_note_prefix: Prefix('credit_note_prefix').optional(),
  numbering: z.enum(['merchant', 'customer']).optional(),
  late_usage: z.enum(['correct', 'refuse'], 'late_usage must be "correct" or "refuse"').optional(),
  test: z.boolean().optional(),
});
export type InvoicingSettingsUpdate = z.infer<typeof InvoicingSettingsUpdate>;

const Text = (max: number) => z.string().trim().min(1).max(max);

/** `PUT /settings/business`: the fields given replace the stored ones (null clears one); the others stay. */
export const BusinessSettingsUpdate = z.strictObject({
  legal_name: Text(200).nullable().optional(),
  address: PostalAddressInput.nullable().optional(),
  tax_id: Text(50).nullable().optional(),
  email: z.email('email must be an e-mail address').max(255).nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ().-]{3,40}$/, 'phone may hold only digits, spaces, "+", "(", ")", "." and "-" (3 to 40)')
    .nullable()
    .optional(),
  /** The logo the documents print (PNG or SVG, at most 256 KiB); null removes it. */
  logo: LogoInput.nullable().optional(),
  test: z.boolean().optional(),
});
export type BusinessSettingsUpdate = z.infer<typeof BusinessSettingsUpdate>;

const Address = (field: string) =>
  z
    .string()
    .trim()
    .max(255)
    .pipe(z.email(`${field} must be an e-mail address`));

/**
 * `PUT /settings/emails`: the fields given replace the stored ones (null clears `reply_to`);
 * `enabled` names the kinds it turns on or off, the others stay.
 */
export const EmailSettingsUpdate = z.strictObject({
  from: Address('from').nullable().optional(),
  reply_to: Address('reply_to').nullable().optional(),
  enabled: z
    .strictObject(
      Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, z.boolean(`enabled.${kind} must be true or false`).optional()])) as Record<
        EmailKind,
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  sandbox_delivery: z.enum(['outbox', 'smtp'], 'sandbox_delivery must be "outbox" or "smtp"').optional(),
  test: z.boolean().optional(),
});
export type EmailSettingsUpdate = z.infer<typeof EmailSettingsUpdate>;
