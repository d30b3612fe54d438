import { divideRoundHalfAwayFromZero } from '../../proration/proration.ts';
import type { InvoiceLine } from './invoice-line.ts';

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
}

export interface ComposedInvoice {
  kind: 'invoice';
  /** The input lines, then the discount line if any. */
  lines: InvoiceLine[];
  subtotal: number;
  discount: number;
  /** `subtotal − discount` (tax is added by the tax rules): what the invoice is for before credit. */
  total: number;
  creditApplied: number;
  /** What the card is charged: `subtotal − discount − credit_applied` (≥ 0). */
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
 * discounts apply first, to the sum of the positive lines and never below zero, then credit.
 * `sum(lines.amount) − credit_applied = amount ≥ 0`, and credit is used at most once: what an
 * invoice applies leaves the balance.
 */
export function composeInvoice(input: ComposeInput): ComposedInvoice | ComposedCredit {
  assertAmount(input.creditBalance, 'creditBalance');
  if (input.creditBalance < 0) throw new RangeError('creditBalance may not be negative');
  for (const line of input.lines) {
    assertAmount(line.amount, 'line amount');
    if (line.kind === 'discount') throw new RangeError('discount lines are the composer’s to write');
  }
  const subtotal = input.lines.reduce((sum, l) => sum + l.amount, 0);
  if (subtotal < 0) {
    const credit = -subtotal;
    return { kind: 'credit', lines: input.lines, credit, creditBalance: input.creditBalance + credit };
  }
  const positive = input.lines.reduce((sum, l) => sum + Math.max(0, l.amount), 0);
  const discount = input.discount ? discountAmount(input.discount, positive, subtotal) : 0;
  const lines =
    discount > 0
      ? [
          ...input.lines,
          { kind: 'discount' as const, description: input.discount!.description, quantity: 1, unit_amount: -discount, amount: -discount },
        ]
      : input.lines;
  const creditApplied = Math.min(input.creditBalance, subtotal - discount);
  return {
    kind: 'invoice',
    lines,
    subtotal,
    discount,
    total: subtotal - discount,
    creditApplied,
    amount: subtotal - discount - creditApplied,
    creditBalance: input.creditBalance - creditApplied,
  };
}
