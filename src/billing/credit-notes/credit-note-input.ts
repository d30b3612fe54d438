import { z } from 'zod';
import { minorUnits } from '../money-input.ts';
import { CREDIT_NOTE_REASONS, type CreditNoteReason } from './credit-note.entity.ts';

/** A line of the invoice as the invoice view names it: `il_<place>`, from 1. */
const InvoiceLineId = z.string().regex(/^il_[1-9][0-9]{0,3}$/, 'invoice_line_id is a line id of the invoice, like il_1');

export const CreditNoteLineInput = z.strictObject({
  invoice_line_id: InvoiceLineId,
  amount: minorUnits('amount', 1, 'amount must be greater than 0'),
});

/** `POST /invoices/{id}/credit_notes`: an amount, or amounts per line (each tax included). */
export const CreditNoteCreate = z
  .strictObject({
    amount: minorUnits('amount', 1, 'amount must be greater than 0').optional(),
    lines: z.array(CreditNoteLineInput).min(1, 'lines must name at least one line').max(100, 'lines names at most 100 lines').optional(),
    reason: z.enum(CREDIT_NOTE_REASONS),
    /** On a paid invoice: back to the card through the gateway (true), or to the credit balance (false, the default). */
    refund: z.boolean().optional(),
    memo: z.string().trim().min(1).max(500).optional(),
    test: z.boolean().optional(),
  })
  .superRefine((c, ctx) => {
    if ((c.amount === undefined) === (c.lines === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'give exactly one of amount and lines' });
    }
    const seen = new Set<string>();
    c.lines?.forEach((line, i) => {
      if (seen.has(line.invoice_line_id)) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'invoice_line_id'], message: `${line.invoice_line_id} is named twice` });
      }
      seen.add(line.invoice_line_id);
    });
  });
export type CreditNoteCreate = z.infer<typeof CreditNoteCreate>;

export const CreditNoteFilter = z.object({ invoice_id: z.uuid().optional(), customer_id: z.uuid().optional() });
export type CreditNoteFilter = z.infer<typeof CreditNoteFilter>;

/**
 * A refund's free-text reason as a credit note's reason: one of the five when the text is one
 * (any case, spaces or hyphens for underscores: "Duplicate", "order change"), else `other`. The
 * text itself becomes the credit note's memo, so nothing of it is lost.
 */
export function creditNoteReasonOf(text: string | undefined): CreditNoteReason {
  const key = (text ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (CREDIT_NOTE_REASONS as readonly string[]).includes(key) ? (key as CreditNoteReason) : 'other';
}
