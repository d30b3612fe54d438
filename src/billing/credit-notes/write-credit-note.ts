import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { recordEvents } from '../events/events.service.ts';
import { formatNumber, takeNumbers } from '../numbering/take-numbers.ts';
import { loadSettings } from '../settings/settings.ts';
import type { ClaimedRefund } from '../refunds/refund-invoice.service.ts';
import { CREDIT_NOTE_REASONS, type CreditNoteReason } from './credit-note.entity.ts';
import { creditNoteReasonOf } from './credit-note-input.ts';
import { lockCreditable, type CreditableInvoice } from './creditable-invoice.ts';
import { planCredit, type PlannedCredit } from './plan-credit.ts';
import { getCreditNote, type CreditNoteView } from './read-credit-notes.service.ts';

export type CreditTo = 'invoice' | 'refund' | 'balance';

/** What a credit note says besides its figures; a refund keeps it with its figures until it is approved. */
export interface CreditNoteText {
  reason: CreditNoteReason;
  memo: string | null;
}

/** The credit note a refund will make, as the refund keeps it (`invoice_refunds.credit_note`). */
export type CreditNoteDraft = CreditNoteText & Pick<PlannedCredit, 'tax' | 'lines'>;

/**
 * Numbers and writes a credit note, in the transaction that makes its credit (the invoice locked):
 * its number is taken here and only here, so a number is used if and only if its note commits
 * (the merchant's gap-free `credit_note` sequence, printed with its `credit_note_prefix`). The
 * invoice's `credited_amount` rises by the note's amount, and `credit_note.created` is written.
 */
export async function writeCreditNote(
  tx: Sql,
  merchant: MerchantRef,
  inv: CreditableInvoice,
  note: PlannedCredit & CreditNoteText & { creditTo: CreditTo; invoiceRefundId: string | null },
  now: Date,
): Promise<CreditNoteView> {
  const settings = await loadSettings(tx, merchant);
  const [taken] = await takeNumbers(tx, [{ ...merchant, kind: 'credit_note', scope: '', count: 1 }]);
  const number = formatNumber(settings.invoicing.credit_note_prefix, taken!.first);
  const inserted = await tx.query<{ id: string }>(
    `insert into billing.credit_notes (id, merchant_id, environment, invoice_id, customer_id, subscription_id, number, amount, tax, currency,
        lines, reason, credit_to, invoice_refund_id, memo, created_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
    [
      merchant.merchantId,
      merchant.environment,
      inv.id,
      inv.customerId,
      inv.subscriptionId,
      number,
      note.amount,
      note.tax,
      inv.currency,
      JSON.stringify(note.lines),
      note.reason,
      note.creditTo,
      note.invoiceRefundId,
      note.memo,
      now,
    ],
  );
  await tx.query('update billing.invoices set credited_amount = credited_amount + $2, updated_at = $3 where id = $1', [
    inv.id,
    note.amount,
    now,
  ]);
  const view = await getCreditNote(tx, merchant, inserted[0]!.id);
  await recordEvents(tx, now, [{ ...merchant, type: 'credit_note.created', data: { credit_note: view } }]);
  return view;
}

const isReason = (value: unknown): value is CreditNoteReason => (CREDIT_NOTE_REASONS as readonly unknown[]).includes(value);

/**
 * The credit note an approved refund makes (`OnRefundApproved`), in the transaction that records
 * the approval: the note the refund kept from its claim. A refund claimed before credit notes
 * existed kept none: its note is made now, of its amount, `other`, its reason as the memo.
 */
export async function writeRefundCreditNote(tx: Sql, merchant: MerchantRef, claimed: ClaimedRefund, now: Date): Promise<void> {
  const rows = await tx.query<{ credit_note: Partial<CreditNoteDraft> | null; reason: string | null }>(
    'select credit_note, reason from billing.invoice_refunds where id = $1',
    [claimed.refundId],
  );
  const kept = rows[0]?.credit_note ?? null;
  const inv = await lockCreditable(tx, merchant, claimed.invoiceId, now);
  let note: PlannedCredit & CreditNoteText;
  if (kept && isReason(kept.reason)) {
    note = { amount: claimed.amount, tax: Number(kept.tax ?? 0), lines: kept.lines ?? [], reason: kept.reason, memo: kept.memo ?? null };
  } else {
    // Its amount is already held against the total (as a refund without a note): what the other notes leave.
    const others = [...inv.notes, ...inv.pending].reduce((t, n) => t + n.amount, 0);
    const fits = others + claimed.amount <= inv.total;
    const planned = fits ? planCredit(inv, { amount: claimed.amount }, claimed.amount) : { amount: claimed.amount, tax: 0, lines: [] };
    note = { ...planned, reason: creditNoteReasonOf(rows[0]?.reason ?? undefined), memo: rows[0]?.reason ?? null };
  }
  await writeCreditNote(tx, merchant, inv, { ...note, creditTo: 'refund', invoiceRefundId: claimed.refundId }, now);
}
