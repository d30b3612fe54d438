import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import type { InvoiceLine } from '../invoices/lines/invoice-line.ts';

/** A line of a credit note: the invoice line it credits, and how much of it (tax included). */
export interface CreditNoteLine {
  invoice_line_id: string;
  description: string;
  amount: number;
  tax_amount: number;
}

/** A credit note of the invoice as its credit counts: one written, or one a refund at the gateway will write. */
export interface CreditedNote {
  amount: number;
  tax: number;
  lines: CreditNoteLine[];
}

/** An invoice as a credit note reads it, locked by the reader's transaction. */
export interface CreditableInvoice {
  id: string;
  number: string | null;
  status: string;
  subscriptionId: string;
  customerId: string | null;
  currency: string;
  /** What it owes (`amount`, shown as `amount_due`): what its card is charged. */
  owed: number;
  total: number;
  tax: number;
  /** As stored; the view's `il_<n>` is the line at place n (from 1). */
  lines: (InvoiceLine & Record<string, unknown>)[];
  /** Its credit notes, oldest first. */
  notes: CreditedNote[];
  /** The credit notes its refunds still at the gateway will write once approved: their amounts are held. */
  pending: CreditedNote[];
  /** Refunds with no credit note (made before credit notes existed): they count against the total all the same. */
  uncreditedRefunds: { settled: number; inFlight: number };
  /** A charge attempt is at the gateway (`sending`) or of unknown outcome: what it owes may not move under it. */
  charging: boolean;
  /** Billing time: the subscription's test clock where it has one. */
  billingNow: Date;
}

/** What may still be credited: the total less every credit note, written or held by a refund at the gateway, and refunds without one. */
export function creditLeft(inv: CreditableInvoice): number {
  const noted = [...inv.notes, ...inv.pending].reduce((sum, n) => sum + n.amount, 0);
  return inv.total - noted - inv.uncreditedRefunds.settled - inv.uncreditedRefunds.inFlight;
}

/** Of what is held against the total, what refunds at the gateway hold: free again if they fail. */
export function creditInFlight(inv: CreditableInvoice): number {
  return inv.pending.reduce((sum, n) => sum + n.amount, 0) + inv.uncreditedRefunds.inFlight;
}

interface Row {
  id: string;
  number: string | null;
  status: string;
  subscription_id: string;
  customer_id: string | null;
  currency: string;
  amount: string;
  total: string;
  tax: string;
  lines: CreditableInvoice['lines'];
  notes: CreditedNote[];
  pending: { amount: number; tax: number | null; lines: CreditNoteLine[] | null }[];
  uncredited_settled: string;
  uncredited_in_flight: string;
  charging: boolean;
  billing_now: string;
}

// A refund's credit note exists once it is approved; until then the refund keeps it (`credit_note`).
const UNCREDITED = `from billing.invoice_refunds r where r.invoice_id = i.id and r.credit_note is null
   and not exists (select 1 from billing.credit_notes n where n.invoice_refund_id = r.id)`;

const READ = `select i.id, i.number, i.status, i.subscription_id, i.customer_id, i.currency, i.amount, i.total, i.tax, i.lines,
    coalesce(c.frozen_time, $2) as billing_now,
    exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown')) as charging,
    coalesce((select json_agg(json_build_object('amount', n.amount, 'tax', n.tax, 'lines', n.lines) order by n.created_at, n.number)
                from billing.credit_notes n where n.invoice_id = i.id), '[]') as notes,
    coalesce((select json_agg(json_build_object('amount', r.amount, 'tax', r.credit_note->'tax', 'lines', r.credit_note->'lines') order by r.number)
                from billing.invoice_refunds r where r.invoice_id = i.id and r.status in ('sending', 'unknown') and r.credit_note is not null), '[]') as pending,
    (select coalesce(sum(r.amount), 0) ${UNCREDITED} and r.status = 'approved') as uncredited_settled,
    (select coalesce(sum(r.amount), 0) ${UNCREDITED} and r.status in ('sending', 'unknown')) as uncredited_in_flight
  from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
  left join billing.test_clocks c on c.id = s.test_clock_id
 where i.id = $1`;

/**
 * Locks the invoice (in a statement of its own, so that the reads after it see every credit note
 * and refund written by those that held the lock before) and reads what a credit note of it
 * needs. Every writer of an invoice's credit takes this lock first: credit notes, refunds and
 * their records, and the charge's claim, are taken one after the other.
 */
export async function lockCreditable(tx: Sql, merchant: MerchantRef, invoiceId: string, now: Date): Promise<CreditableInvoice> {
  if (!z.uuid().safeParse(invoiceId).success) throw BillingErrors.notFound('Invoice', invoiceId);
  const locked = await tx.query(
    'select 1 from billing.invoices i where i.id = $1 and i.merchant_id = $2 and i.environment = $3 for update',
    [invoiceId, merchant.merchantId, merchant.environment],
  );
  if (!locked[0]) throw BillingErrors.notFound('Invoice', invoiceId);
  const r = (await tx.query<Row>(READ, [invoiceId, now]))[0]!;
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    subscriptionId: r.subscription_id,
    customerId: r.customer_id,
    currency: r.currency,
    owed: Number(r.amount),
    total: Number(r.total),
    tax: Number(r.tax),
    lines: r.lines,
    notes: r.notes.map((n) => ({ amount: Number(n.amount), tax: Number(n.tax), lines: n.lines ?? [] })),
    pending: r.pending.map((n) => ({ amount: Number(n.amount), tax: Number(n.tax ?? 0), lines: n.lines ?? [] })),
    uncreditedRefunds: { settled: Number(r.uncredited_settled), inFlight: Number(r.uncredited_in_flight) },
    charging: r.charging,
    billingNow: new Date(r.billing_now),
  };
}
