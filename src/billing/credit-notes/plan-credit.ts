import { BillingErrors } from '../errors.ts';
import { lineTaxOf, proportionalTax, type Credited } from './credit-note-tax.ts';
import type { CreditableInvoice, CreditedNote, CreditNoteLine } from './creditable-invoice.ts';

/** What a credit note asks: an amount of the invoice, or amounts of its lines (tax included either way). */
export interface CreditAsked {
  amount?: number;
  lines?: { invoice_line_id: string; amount: number }[];
}

/** A credit note's figures, before it is numbered: its amount, its tax part, its lines. */
export interface PlannedCredit {
  amount: number;
  tax: number;
  lines: CreditNoteLine[];
}

const sum = (notes: { amount: number; tax: number }[]): Credited =>
  notes.reduce((acc, n) => ({ amount: acc.amount + n.amount, tax: acc.tax + n.tax }), { amount: 0, tax: 0 });

/** Every credit note that counts, written or held by a refund at the gateway. */
const creditedNotes = (inv: CreditableInvoice): CreditedNote[] => [...inv.notes, ...inv.pending];

/** What was credited of one line so far, by the credit notes that named it. */
function creditedOfLine(inv: CreditableInvoice, lineId: string): Credited {
  return sum(
    creditedNotes(inv).flatMap((n) =>
      n.lines.filter((l) => l.invoice_line_id === lineId).map((l) => ({ amount: l.amount, tax: l.tax_amount })),
    ),
  );
}

/**
 * The lines asked, checked against the invoice (each names a line it has, one with something to
 * credit, and credits no more than is left of it: its amount plus its exclusive tax, less what
 * earlier credit notes took), with each line's tax in proportion to the line's own. Bad input is a
 * 422 naming the line.
 */
function planLines(inv: CreditableInvoice, asked: NonNullable<CreditAsked['lines']>): CreditNoteLine[] {
  return asked.map((want, i) => {
    const line = inv.lines[Number(want.invoice_line_id.slice('il_'.length)) - 1];
    if (!line) throw BillingErrors.validation([`lines.${i}.invoice_line_id: invoice ${inv.id} has no line ${want.invoice_line_id}`]);
    const taxed = lineTaxOf(line);
    if (taxed.gross <= 0) {
      throw BillingErrors.validation([`lines.${i}.invoice_line_id: line ${want.invoice_line_id} (${line.kind}) has nothing to credit`]);
    }
    const before = creditedOfLine(inv, want.invoice_line_id);
    const left = taxed.gross - before.amount;
    if (want.amount > left) {
      throw BillingErrors.validation([`lines.${i}.amount: at most ${Math.max(left, 0)} is left to credit on line ${want.invoice_line_id}`]);
    }
    return {
      invoice_line_id: want.invoice_line_id,
      description: line.description,
      amount: want.amount,
      tax_amount: proportionalTax(taxed, before, want.amount),
    };
  });
}

/** The amount a credit note asks for: its `amount`, or its lines' sum once they are checked. */
export function askedAmount(inv: CreditableInvoice, asked: CreditAsked): number {
  return asked.lines ? planLines(inv, asked.lines).reduce((total, l) => total + l.amount, 0) : asked.amount!;
}

/**
 * The credit note's figures: tax credited in proportion (`proportionalTax`), of the invoice for
 * an amount (`total` and `tax`), of each line for lines. The caller has checked that `amount`
 * fits what is left to credit. Notes by amount and notes by line on one invoice never credit more
 * tax than the invoice has: a line note's tax past what is left of it comes off its last lines.
 */
export function planCredit(inv: CreditableInvoice, asked: CreditAsked, amount: number): PlannedCredit {
  const before = sum(creditedNotes(inv));
  if (!asked.lines) {
    return { amount, tax: proportionalTax({ gross: inv.total, tax: inv.tax }, before, amount), lines: [] };
  }
  const lines = planLines(inv, asked.lines);
  let excess = lines.reduce((t, l) => t + l.tax_amount, 0) - Math.max(0, inv.tax - before.tax);
  for (let i = lines.length - 1; i >= 0 && excess > 0; i--) {
    const cut = Math.min(excess, lines[i]!.tax_amount);
    lines[i] = { ...lines[i]!, tax_amount: lines[i]!.tax_amount - cut };
    excess -= cut;
  }
  return { amount, tax: lines.reduce((t, l) => t + l.tax_amount, 0), lines };
}
