import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import {
  claimRefund,
  invoicesWithUnsettledRefunds,
  readRefundable,
  refundAmount,
  resolveUnsettledRefunds,
  settleRefund,
  type ClaimedRefund,
  type InvoiceRefundInput,
  type RefundDeps,
} from '../refunds/refund-invoice.service.ts';
import { creditNoteReasonOf, type CreditNoteCreate } from './credit-note-input.ts';
import { creditInFlight, creditLeft, lockCreditable, type CreditableInvoice } from './creditable-invoice.ts';
import { askedAmount, planCredit, type CreditAsked } from './plan-credit.ts';
import { creditNoteOfRefund, type CreditNoteView } from './read-credit-notes.service.ts';
import { writeCreditNote, writeRefundCreditNote, type CreditNoteDraft, type CreditNoteText } from './write-credit-note.ts';
import { creditBalance, lowerOwed } from './credit-targets.ts';

export type CreditNoteDeps = RefundDeps;

const UNPAID = ['open', 'past_due'];

/** A credit note corrects a finalized invoice: open, past due or paid. */
function assertCreditable(inv: CreditableInvoice): void {
  if (inv.status === 'draft') {
    throw BillingErrors.conflict(`Invoice ${inv.id} is a draft: edit the draft instead (a credit note corrects a finalized invoice)`);
  }
  if (!UNPAID.includes(inv.status) && inv.status !== 'paid') {
    throw BillingErrors.conflict(`Invoice is ${inv.status}; only an open, past-due or paid invoice can be credited`);
  }
}

/**
 * The sum of an invoice's credit notes never passes its total. Credit held by refunds at the
 * gateway counts until their outcome is known: a note that would fit but for them is a 409 (ask
 * again once they are done), one that would not fit anyway a 422.
 */
function assertFits(inv: CreditableInvoice, amount: number, field: 'amount' | 'lines'): void {
  const left = creditLeft(inv);
  if (amount <= left) return;
  const inFlight = creditInFlight(inv);
  if (amount <= left + inFlight) {
    throw BillingErrors.conflict(
      `Another refund of invoice ${inv.id} is in progress: ${inFlight} is reserved until its outcome is known, ${Math.max(left, 0)} is left to credit now`,
    );
  }
  throw BillingErrors.validation([
    left > 0
      ? `${field}: at most ${left} is left to credit on invoice ${inv.id} (its credit notes never exceed its total of ${inv.total})`
      : `${field}: nothing is left to credit on invoice ${inv.id}: its credit notes come to its total of ${inv.total}`,
  ]);
}

/** What a refund with a credit note asks: the note's amount or lines and text, and the refund's own reason. */
interface RefundAsked extends CreditAsked, CreditNoteText {
  refundReason: string | null;
}

/**
 * The one way an invoice is refunded, for a credit note with `refund: true` and for
 * `POST /invoices/{id}/refund` alike: in the transaction that locked the invoice (the caller's
 * checks done), the refund's limits and the credit notes' cap are checked, the tax in proportion
 * computed, and the refund written (`sending`) with the credit note it will make; after commit it
 * is sent, and its approval writes the note (`writeRefundCreditNote`).
 */
async function claimRefundWithNote(
  deps: CreditNoteDeps,
  tx: Sql,
  merchant: MerchantRef,
  inv: CreditableInvoice,
  asked: RefundAsked,
): Promise<ClaimedRefund> {
  const refundable = await readRefundable(tx, inv.id);
  const requested = asked.lines || asked.amount !== undefined ? askedAmount(inv, asked) : undefined;
  const amount = refundAmount(refundable, creditLeft(inv), inv.id, requested);
  const planned = planCredit(inv, asked, amount);
  const creditNote: CreditNoteDraft = { reason: asked.reason, memo: asked.memo, tax: planned.tax, lines: planned.lines };
  return claimRefund(tx, merchant, {
    invoiceId: inv.id,
    subscriptionId: inv.subscriptionId,
    currency: inv.currency,
    refundable,
    amount,
    reason: asked.refundReason,
    creditNote: { ...creditNote },
    now: deps.now(),
  });
}

async function settleWithNote(deps: CreditNoteDeps, merchant: MerchantRef, claimed: ClaimedRefund): Promise<CreditNoteView> {
  await settleRefund(deps, merchant, claimed, writeRefundCreditNote);
  const note = await creditNoteOfRefund(deps.sql, claimed.refundId);
  if (!note) throw new Error(`refund ${claimed.reference} was approved without its credit note`);
  return note;
}

/**
 * `POST /invoices/{id}/credit_notes`: a credit note of a finalized invoice, for an amount or for
 * amounts of its lines, tax credited in proportion. On an invoice still owed it lowers what is
 * owed (`credit_to: invoice`); on a paid one it refunds the card through the gateway
 * (`refund: true`, `credit_to: refund`) or raises a credit balance (`credit_to: balance`). The
 * note, its number and its effect commit in one transaction (a refund's, with its approval).
 */
export async function createCreditNote(
  deps: CreditNoteDeps,
  merchant: MerchantRef,
  invoiceId: string,
  input: CreditNoteCreate,
): Promise<CreditNoteView> {
  // Refunds of this invoice left without an outcome (a crash, a lost answer) settle first: their credit counts.
  await resolveUnsettledRefunds(deps, merchant, invoiceId, writeRefundCreditNote);
  const text: CreditNoteText = { reason: input.reason, memo: input.memo ?? null };
  const asked: CreditAsked = input.lines ? { lines: input.lines } : { amount: input.amount };
  const field = input.lines ? 'lines' : 'amount';
  const done = await deps.sql.transaction(async (tx): Promise<{ note: CreditNoteView } | { claimed: ClaimedRefund }> => {
    const now = deps.now();
    const inv = await lockCreditable(tx, merchant, invoiceId, now);
    assertCreditable(inv);
    if (input.refund) {
      if (inv.status !== 'paid') {
        throw BillingErrors.validation([
          `refund: invoice ${inv.id} is ${inv.status}: nothing was paid to refund (a credit note lowers what it owes; leave refund out)`,
        ]);
      }
      return {
        claimed: await claimRefundWithNote(deps, tx, merchant, inv, { ...asked, ...text, refundReason: input.memo ?? input.reason }),
      };
    }
    const amount = askedAmount(inv, asked);
    if (UNPAID.includes(inv.status)) {
      // A charge at the gateway was claimed for what is owed now: what is owed does not move under it.
      if (inv.charging) {
        throw BillingErrors.conflict(`A charge of invoice ${inv.id} is still being resolved; issue the credit note once it has an outcome`);
      }
      if (amount > inv.owed) throw BillingErrors.validation([`${field}: at most ${inv.owed} is owed on invoice ${inv.id}`]);
    }
    assertFits(inv, amount, field);
    const planned = planCredit(inv, asked, amount);
    const creditTo = UNPAID.includes(inv.status) ? 'invoice' : 'balance';
    if (creditTo === 'invoice') await lowerOwed(tx, merchant, inv, amount, now);
    else await creditBalance(tx, inv, amount, now);
    return { note: await writeCreditNote(tx, merchant, inv, { ...planned, ...text, creditTo, invoiceRefundId: null }, now) };
  });
  return 'note' in done ? done.note : settleWithNote(deps, merchant, done.claimed);
}

/**
 * `POST /invoices/{id}/refund`: refunds all (what is left) or part of a paid invoice through the
 * gateway, with its credit note (its reason one of the five when the text is one, else `other`;
 * the text as the memo). The same path as a credit note with `refund: true`.
 */
export async function refundInvoice(
  deps: CreditNoteDeps,
  merchant: MerchantRef,
  invoiceId: string,
  input: InvoiceRefundInput,
): Promise<void> {
  await resolveUnsettledRefunds(deps, merchant, invoiceId, writeRefundCreditNote);
  const claimed = await deps.sql.transaction(async (tx) => {
    const inv = await lockCreditable(tx, merchant, invoiceId, deps.now());
    if (inv.status !== 'paid') throw BillingErrors.conflict(`Invoice is ${inv.status}; only a paid invoice can be refunded`);
    return claimRefundWithNote(deps, tx, merchant, inv, {
      amount: input.amount,
      reason: creditNoteReasonOf(input.reason),
      memo: input.reason ?? null,
      refundReason: input.reason ?? null,
    });
  });
  await settleWithNote(deps, merchant, claimed);
}

/**
 * The reconciler's refund sweep: refunds left without an outcome (a crash between the gateway's
 * answer and its record, a lost answer) are settled without waiting for the next refund or credit
 * note of their invoice, by the same resolution those run first (`resolveUnsettledRefunds`: sent
 * again under their own reference, which the gateway recognises, so a refund that went through is
 * adopted with its credit note and one that did not is made now). At most `limit` invoices a pass;
 * one whose resolution fails stays for the next pass, and the pass throws after the rest (the
 * scheduler logs it). A gateway that does not answer is no failure: the refund is recorded `unknown`.
 * Returns the invoices settled.
 */
export async function settleLeftRefunds(deps: CreditNoteDeps, limit = 100): Promise<number> {
  let settled = 0;
  const failed: unknown[] = [];
  for (const { invoiceId, merchant } of await invoicesWithUnsettledRefunds(deps, limit)) {
    try {
      await resolveUnsettledRefunds(deps, merchant, invoiceId, writeRefundCreditNote);
      settled++;
    } catch (err) {
      // Left unsettled for the next pass; the others are settled first, then the failures are told.
      failed.push(err);
    }
  }
  if (failed.length > 0)
    throw new AggregateError(failed, `unsettled_refunds: ${failed.length} invoices failed to settle (${settled} settled)`);
  return settled;
}
