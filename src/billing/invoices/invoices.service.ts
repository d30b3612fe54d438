import { iso } from '../../platform/time.ts';
import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { PlatformErrors } from '../../platform/errors.ts';
import { merchantScope } from '../merchant-scope.ts';
import { INVOICE_STATUSES } from './invoice.entity.ts';
import type { InvoiceLine } from './lines/invoice-line.ts';

/** A day (`2026-11-01`, its midnight UTC) or an instant with its offset: a bound of `from`/`to`. */
const IssuedBound = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be a day (YYYY-MM-DD) or an ISO 8601 instant`,
    })
    .optional();

export const InvoiceFilter = z.object({
  subscription_id: z.uuid().optional(),
  customer_id: z.uuid().optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  /** Issued (finalized) at or after this day or instant. */
  from: IssuedBound('from'),
  /** Issued before this day or instant (exclusive: `from=2026-11-01&to=2026-12-01` is November). */
  to: IssuedBound('to'),
});
export type InvoiceFilter = z.infer<typeof InvoiceFilter>;

export interface AttemptView {
  number: number;
  reference: string;
  purchase_id: string | null;
  status: string;
  response_code: string | null;
  message: string | null;
  decline_class: string | null;
  advice_code: string | null;
  /** Made by `POST /invoices/{id}/retry` (outside the dunning schedule). */
  manual: boolean;
  /** When the attempt was made: its claim's billing time, never moved by its outcome. */
  created_at: string;
  /** When its outcome was recorded (billing time); null while it is unresolved. */
  resolved_at: string | null;
}

/** A tax rate's part of an invoice's tax. */
export interface TaxBreakdownView {
  tax_rate_id: string;
  display_name: string;
  percentage: string;
  inclusive: boolean;
  /** The lines' amounts this rate taxed (after discounts) and the tax it came to. */
  taxable_amount: number;
  amount: number;
}

export interface InvoiceView {
  id: string;
  /** From the merchant's gap-free sequence, given at finalization; null while a draft. */
  number: string | null;
  subscription_id: string;
  customer_id: string | null;
  kind: string;
  period_start: string;
  period_end: string;
  amount: number;
  currency: string;
  /** Each line with its `id` (`il_1`, `il_2`, …: its place on the invoice, which credit notes name). */
  lines: (InvoiceLine & { id: string })[];
  subtotal: number;
  discount: number;
  /** Every rate's tax, inclusive and exclusive; `tax_breakdown` sums to it. */
  tax: number;
  tax_breakdown: TaxBreakdownView[];
  /** `subtotal − discount + exclusive tax`. */
  total: number;
  /** What the card is charged: `total − credit_applied`, less what credit notes took off while it was owed. */
  amount_due: number;
  reverse_charge: boolean;
  /** The legal note tax law asks the invoice to carry (the EU reverse charge's, docs/tax.md), or null. */
  tax_note: string | null;
  credit_applied: number;
  /** What credit notes took off (never more than `total`). */
  credited_amount: number;
  refunded_amount: number;
  status: string;
  /** Snapshots taken at finalization: the customer billed and the merchant (null while a draft or without one). */
  bill_to: Record<string, unknown> | null;
  seller: Record<string, unknown> | null;
  /** When a draft is finalized (billing time); null once it is. */
  finalizes_at: string | null;
  finalized_at: string | null;
  next_attempt_at: string | null;
  paid_at: string | null;
  created_at: string;
  attempts: AttemptView[];
  refunds: RefundView[];
  /** Its credit notes, oldest first (`GET /credit_notes/{id}` has the whole note). */
  credit_notes: InvoiceCreditNoteView[];
}

export interface InvoiceCreditNoteView {
  id: string;
  number: string;
  amount: number;
  tax: number;
  reason: string;
  credit_to: string;
  created_at: string;
}

export interface RefundView {
  amount: number;
  reason: string | null;
  status: string;
  refund_id: string | null;
  reference: string;
  created_at: string;
}

/** The row `SELECT` reads: the view's fields, money as `bigint` text, the attempts and refunds as json (null for none). */
interface Row extends Omit<
  InvoiceView,
  | 'lines'
  | 'amount'
  | 'subtotal'
  | 'discount'
  | 'credit_applied'
  | 'refunded_amount'
  | 'attempts'
  | 'refunds'
  | 'credit_notes'
  | 'tax'
  | 'total'
  | 'credited_amount'
  | 'amount_due'
> {
  amount: string;
  tax: string;
  total: string;
  credited_amount: string;
  lines: InvoiceLine[];
  subtotal: string;
  discount: string;
  credit_applied: string;
  refunded_amount: string;
  attempts: AttemptView[] | null;
  refunds: RefundView[] | null;
  credit_notes: InvoiceCreditNoteView[] | null;
}

const SELECT = `select i.id, i.number, i.subscription_id, i.customer_id, i.kind, i.period_start, i.period_end, i.amount, i.currency, i.lines, i.subtotal, i.discount, i.credit_applied, i.refunded_amount, i.status, i.next_attempt_at, i.paid_at, i.created_at,
  i.tax, i.tax_breakdown, i.total, i.reverse_charge, i.tax_note, i.credited_amount, i.bill_to, i.seller, i.finalizes_at, i.finalized_at,
  (select json_agg(json_build_object('number', a.number, 'reference', a.reference, 'purchase_id', a.purchase_id, 'status', a.status,
     'response_code', a.response_code, 'message', a.message, 'decline_class', a.decline_class, 'advice_code', a.advice_code,
     'manual', a.manual, 'created_at', a.created_at, 'resolved_at', a.resolved_at) order by a.number) from billing.charge_attempts a where a.invoice_id = i.id) as attempts,
  (select json_agg(json_build_object('amount', r.amount, 'reason', r.reason, 'status', r.status, 'refund_id', r.gateway_refund_id,
     'reference', r.reference, 'created_at', r.created_at) order by r.number) from billing.invoice_refunds r where r.invoice_id = i.id) as refunds,
  (select json_agg(json_build_object('id', n.id, 'number', n.number, 'amount', n.amount, 'tax', n.tax, 'reason', n.reason,
     'credit_to', n.credit_to, 'created_at', n.created_at) order by n.created_at, n.number) from billing.credit_notes n where n.invoice_id = i.id) as credit_notes`;

function toView(r: Row): InvoiceView {
  return {
    id: r.id,
    number: r.number,
    subscription_id: r.subscription_id,
    customer_id: r.customer_id,
    kind: r.kind,
    period_start: iso(r.period_start),
    period_end: iso(r.period_end),
    amount: Number(r.amount),
    currency: r.currency,
    // A line's id is its place on the invoice: a finalized invoice's lines never change, a draft only gains lines at the end.
    lines: r.lines.map((line, i) => ({ id: `il_${i + 1}`, ...line })),
    subtotal: Number(r.subtotal),
    discount: Number(r.discount),
    tax: Number(r.tax),
    tax_breakdown: r.tax_breakdown,
    total: Number(r.total),
    amount_due: Number(r.amount),
    reverse_charge: r.reverse_charge,
    tax_note: r.tax_note,
    credit_applied: Number(r.credit_applied),
    credited_amount: Number(r.credited_amount),
    refunded_amount: Number(r.refunded_amount),
    status: r.status,
    bill_to: r.bill_to,
    seller: r.seller,
    finalizes_at: iso(r.finalizes_at),
    finalized_at: iso(r.finalized_at),
    next_attempt_at: iso(r.next_attempt_at),
    paid_at: iso(r.paid_at),
    created_at: iso(r.created_at),
    attempts: (r.attempts ?? []).map((a) => ({ ...a, created_at: iso(a.created_at), resolved_at: iso(a.resolved_at) })),
    refunds: (r.refunds ?? []).map((f) => ({ ...f, amount: Number(f.amount), created_at: iso(f.created_at) })),
    credit_notes: (r.credit_notes ?? []).map((n) => ({
      ...n,
      amount: Number(n.amount),
      tax: Number(n.tax),
      created_at: iso(n.created_at),
    })),
  };
}

export async function getInvoice(db: Sql, merchant: MerchantRef, id: string): Promise<InvoiceView> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<Row>(`${SELECT} from billing.invoices i where i.id = $1 and i.merchant_id = $2 and i.environment = $3`, [
        id,
        merchant.merchantId,
        merchant.environment,
      ])
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Invoice', id);
  return toView(rows[0]);
}

/** A `from`/`to` bound as an instant: a day is its midnight UTC. */
const boundOf = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/**
 * Newest first; with `subscription_id`, in period order is what a timeline wants: sort by period_start there.
 * `from`/`to` keep the invoices issued (`finalized_at`, the date printed on the invoice) in
 * `[from, to)`: a draft, not issued yet, is in no range (index `invoices_issued_index`).
 */
export function listInvoices(db: Sql, merchant: MerchantRef, page: Page, filter: InvoiceFilter): Promise<Paginated<InvoiceView>> {
  const from = filter.from ? boundOf(filter.from) : null;
  const to = filter.to ? boundOf(filter.to) : null;
  if (from && to && to.getTime() <= from.getTime()) throw PlatformErrors.validation(['to: to must be after from']);
  const scope = merchantScope(
    'billing.invoices',
    merchant,
    { subscription_id: filter.subscription_id, customer_id: filter.customer_id, status: filter.status },
    'i',
  );
  const bounds = [
    from ? ` and i.finalized_at >= $${scope.params.push(from)}` : '',
    to ? ` and i.finalized_at < $${scope.params.push(to)}` : '',
  ].join('');
  return readPage(
    db,
    page,
    { select: SELECT, orderBy: 'order by i.period_start desc, i.id desc', ...scope, from: scope.from + bounds },
    toView,
  );
}
