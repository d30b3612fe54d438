import { divideRoundHalfAwayFromZero } from '../../proration/proration.ts';
import { taxInvoice, type TaxBreakdownEntry, type TaxRateSpec } from '../../taxes/tax-math.ts';
import type { InvoiceLine } from './invoice-line.ts';

/** The legal note an EU reverse-charge invoice carries (`tax_note`). */
export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';

/** A coupon's discount, as the composer applies it. Percentages are in basis points (12.5% = 1250). */
export type Discount =
  { kind: 'percent'; basisPoints: number; description: string } | { kind: 'amount'; amount: number; description: string };

export interface ComposeInput {
  /** Every line but discounts: subscription, setup fee, proration, items. */
  lines: InvoiceLine[];
  /** The subscription's coupon, for a period invoice that it applies to. */
  discount?: Discount | null;
  /** The subscription's `credit_balance` (≥ 0): later invoices use it before the card. */
  creditBalance: number;
  /** The tax rates of each line, in the order of `lines` (src/billing/taxes/resolve-rates.ts); none: untaxed. */
  taxRates?: readonly (readonly TaxRateSpec[])[];
  /** EU reverse charge: no line is taxed, and the invoice carries the legal note. */
  reverseCharge?: boolean;
}

export interface ComposedInvoice {
  kind: 'invoice';
  /** The input lines, each with its discount share and tax, then the discount line if any. */
  lines: InvoiceLine[];
  subtotal: number;
  discount: number;
  /** Every line's tax, inclusive and exclusive (docs/tax.md). */
  tax: number;
  /** `tax` per rate; sums exactly to it. */
  taxBreakdown: TaxBreakdownEntry[];
  reverseCharge: boolean;
  /** The legal note tax law asks the invoice to carry (the reverse charge's), or null. */
  taxNote: string | null;
  /** `subtotal − discount + exclusive tax`: what the invoice is for before credit. */
  total: number;
  creditApplied: number;
  /** What the card is charged: `total − credit_applied` (≥ 0). */
  amount: number;
  /** The subscription's credit balance after this invoice. */
  creditBalance: number;
}

/** A negative net writes no invoice: it raises the subscription's credit balance. */
export interface ComposedCredit {
  kind: 'credit';
  lines: InvoiceLine[];
  /** The positive size of the credit raised. */
  credit: number;
  creditBalance: number;
}

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer: ${value}`);
}

/** The discount's positive size on a base (the invoice's positive lines), never more than `cap`. */
export function discountAmount(discount: Discount, base: number, cap: number): number {
  const raw =
    discount.kind === 'percent'
      ? Number(divideRoundHalfAwayFromZero(BigInt(base) * BigInt(discount.basisPoints), 10_000n))
      : discount.amount;
  return Math.max(0, Math.min(raw, cap));
}

/**
 * The one composer every invoice goes through (scheduled period, proration, one-off item):
 * discounts apply first, to the sum of the positive lines and never below zero; then tax, on
 * each line less its share of the discount (src/billing/taxes/tax-math.ts); then credit.
 * `total = subtotal − discount + exclusive tax`, `amount = total − credit_applied ≥ 0`, and
 * credit is used at most once: what an invoice applies leaves the balance. A negative total
 * writes no invoice: it is credit.
 */
export function composeInvoice(input: ComposeInput): ComposedInvoice | ComposedCredit {
  assertAmount(input.creditBalance, 'creditBalance');
  if (input.creditBalance < 0) throw new RangeError('creditBalance may not be negative');
  for (const line of input.lines) {
    assertAmount(line.amount, 'line amount');
    if (line.kind === 'discount') throw new RangeError('discount lines are the composer’s to write');
  }
  const rates = input.taxRates ?? input.lines.map(() => []);
  if (rates.length !== input.lines.length) throw new RangeError('taxRates must give one list of rates per line');
  const subtotal = input.lines.reduce((sum, l) => sum + l.amount, 0);
  const positive = input.lines.reduce((sum, l) => sum + Math.max(0, l.amount), 0);
  const discount = input.discount && subtotal > 0 ? discountAmount(input.discount, positive, subtotal) : 0;
  const reverseCharge = input.reverseCharge ?? false;
  const taxed = taxInvoice({ amounts: input.lines.map((l) => l.amount), rates, discount, reverseCharge });
  const total = subtotal - discount + taxed.exclusiveTax;
  const taxedLines = input.lines.map((line, i) => ({ ...line, ...taxed.lines[i]! }));
  if (total < 0) {
    const credit = -total;
    return { kind: 'credit', lines: taxedLines, credit, creditBalance: input.creditBalance + credit };
  }
  const lines =
    discount > 0
      ? [
          ...taxedLines,
          { kind: 'discount' as const, description: input.discount!.description, quantity: 1, unit_amount: -discount, amount: -discount },
        ]
      : taxedLines;
  const creditApplied = Math.min(input.creditBalance, total);
  return {
    kind: 'invoice',
    lines,
    subtotal,
    discount,
    tax: taxed.tax,
    taxBreakdown: taxed.breakdown,
    reverseCharge,
    taxNote: reverseCharge ? REVERSE_CHARGE_NOTE : null,
    total,
    creditApplied,
    amount: total - creditApplied,
    creditBalance: input.creditBalance - creditApplied,
  };
}
