import { z } from 'zod';
import { SearchText } from '../search/search-terms.ts';
import { CurrencyCode } from '../money-input.ts';
import { PostalAddressInput } from '../postal-address.ts';
import { checkTaxId, TAX_ID_TYPES, type CheckedTaxId } from './tax-ids.ts';

const Metadata = z
  .record(z.string().max(100), z.string().max(1000))
  .refine((m) => Object.keys(m).length <= 50, 'metadata holds at most 50 keys');

const Name = z.string().trim().min(1, 'name may not be empty').max(255);
const Email = z.string().trim().max(255).pipe(z.email('email must be an e-mail address'));
const Phone = z
  .string()
  .trim()
  .max(40)
  .regex(/^\+?[0-9 ()./-]*[0-9][0-9 ()./-]*$/, 'phone may hold only digits, spaces, and + ( ) - . /')
  .refine((p) => p.replace(/\D/g, '').length >= 3, 'phone must hold at least 3 digits');
/** A BCP 47 language tag (`en`, `en-AU`, `fr-CA`), kept in its canonical case. */
const Locale = z
  .string()
  .trim()
  .max(35)
  .refine((l) => {
    try {
      return Intl.getCanonicalLocales(l).length === 1;
    } catch {
      return false;
    }
  }, 'locale must be a BCP 47 language tag, such as en-AU')
  .transform((l) => Intl.getCanonicalLocales(l)[0]!);
/** A tax id, checked for its type's format (a wrong one names `value`), answered normalised with its country. */
const TaxIdInput = z
  .strictObject({ type: z.enum(TAX_ID_TYPES), value: z.string().min(1).max(64) })
  .superRefine((id, ctx) => {
    const checked = checkTaxId(id.type, id.value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['value'], message: checked.problem });
  })
  .transform((id): CheckedTaxId => {
    const checked = checkTaxId(id.type, id.value);
    if (!checked.ok) throw new RangeError(checked.problem); // refused above
    return checked.taxId;
  });

/** The tax ids (a wrong one names `tax_ids.<i>.value`), each once. */
export const TaxIdsInput = z
  .array(TaxIdInput)
  .max(10, 'tax_ids holds at most 10 tax ids')
  .superRefine((ids, ctx) => {
    const seen = new Map<string, number>();
    ids.forEach((id, i) => {
      const first = seen.get(`${id.type} ${id.value}`);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: `the same tax id as tax_ids.${first}` });
      else seen.set(`${id.type} ${id.value}`, i);
    });
  });

/** A customer's own prefix for per-customer invoice numbers. */
const InvoicePrefix = z.string().regex(/^[A-Z0-9]{1,12}$/, 'invoice_prefix must be 1 to 12 upper-case letters and digits');

export const CustomerCreate = z.strictObject({
  name: Name,
  email: Email.optional(),
  phone: Phone.optional(),
  address: PostalAddressInput.optional(),
  tax_ids: TaxIdsInput.optional(),
  currency: CurrencyCode.optional(),
  locale: Locale.optional(),
  metadata: Metadata.optional(),
  invoice_prefix: InvoicePrefix.optional(),
  test: z.boolean().optional(),
});
export type CustomerCreate = z.infer<typeof CustomerCreate>;

/** Every field optional; `null` clears an optional one; `tax_ids` and `metadata` replace the whole list or map. */
export const CustomerUpdate = z.strictObject({
  name: Name.optional(),
  email: Email.nullable().optional(),
  phone: Phone.nullable().optional(),
  address: PostalAddressInput.nullable().optional(),
  tax_ids: TaxIdsInput.optional(),
  currency: CurrencyCode.nullable().optional(),
  locale: Locale.nullable().optional(),
  metadata: Metadata.optional(),
  invoice_prefix: InvoicePrefix.optional(),
  test: z.boolean().optional(),
});
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;

export const CustomerFilter = z.object({
  /** Exact match, in any case. */
  email: z.string().trim().min(1).max(255).optional(),
  /** Search (docs/api.md, "Search"): id, name, e-mail, a subscription's reference or card's last four. */
  q: SearchText.optional(),
});
export type CustomerFilter = z.infer<typeof CustomerFilter>;
