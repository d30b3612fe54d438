import { formatAmount, formatMoney } from '../../platform/money-format.ts';
import type { CreditNoteView } from '../credit-notes/read-credit-notes.service.ts';
import type { InvoiceView } from '../invoices/invoices.service.ts';
import type { Column, DocumentModel } from './render-pdf.ts';

/**
 * The invoice and credit-note documents as models for render-pdf.ts, read off the API's own
 * views (the same figures `GET /invoices/{id}` answers, never computed again): money in the
 * currency's minor units (`AUD 29.00`, `JPY 1,500`), dates as ISO 8601 days (UTC), English labels.
 */

const STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  paid: 'Paid',
  past_due: 'Past due',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

const CREDIT_TO_LABELS: Record<string, string> = {
  invoice: 'Taken off the amount due',
  refund: 'Refunded to the card',
  balance: 'Added to the credit balance',
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

interface Address {
  line1?: string;
  line2?: string | null;
  city?: string;
  state?: string | null;
  postal_code?: string;
  country?: string;
}

function addressLines(address: unknown): string[] {
  if (!address || typeof address !== 'object') return [];
  const a = address as Address;
  return [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), [a.state, a.country].filter(Boolean).join(', ')].filter(
    (l): l is string => typeof l === 'string' && l !== '',
  );
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The seller snapshot: legal name, address, tax id, e-mail and phone (those it has). */
export function sellerLines(seller: Record<string, unknown> | null): string[] {
  if (!seller) return [];
  const taxId = text(seller['tax_id']);
  return [
    text(seller['legal_name']),
    ...addressLines(seller['address']),
    taxId ? `Tax ID ${taxId}` : null,
    text(seller['email']),
    text(seller['phone']),
  ].filter((l): l is string => l !== null);
}

/** The bill-to snapshot: the customer's name, address, tax ids, e-mail and phone. */
export function billToLines(billTo: Record<string, unknown> | null): string[] {
  if (!billTo) return [];
  const taxIds = Array.isArray(billTo['tax_ids']) ? (billTo['tax_ids'] as { value?: unknown }[]) : [];
  return [
    text(billTo['name']),
    ...addressLines(billTo['address']),
    ...taxIds.map((t) => (text(t.value) ? `Tax ID ${String(t.value)}` : null)),
    text(billTo['email']),
    text(billTo['phone']),
  ].filter((l): l is string => l !== null);
}

const LINE_COLUMNS = (currency: string): Column[] => [
  { label: 'Description', width: 40, align: 'left' },
  { label: 'Qty', width: 7, align: 'right' },
  { label: `Unit price (${currency})`, width: 15, align: 'right' },
  { label: 'Discount', width: 12, align: 'right' },
  { label: 'Tax', width: 11, align: 'right' },
  { label: `Amount (${currency})`, width: 15, align: 'right' },
];

/** The tax rates' lines: `VAT 19%` (`incl.` for an inclusive rate), what it taxed, what it came to. */
function taxRows(invoice: InvoiceView): string[][] {
  return invoice.tax_breakdown.map((t) => [
    `${t.display_name} ${t.percentage}%${t.inclusive ? ' incl.' : ''}`,
    formatAmount(t.taxable_amount, invoice.currency),
    formatAmount(t.amount, invoice.currency),
  ]);
}

export function invoiceDocument(invoice: InvoiceView, logo: Buffer | null): DocumentModel {
  const c = invoice.currency;
  const money = (v: number) => formatMoney(v, c);
  const totals: DocumentModel['totals'] = [[`Subtotal`, money(invoice.subtotal), false]];
  if (invoice.discount !== 0) totals.push(['Discount', money(-invoice.discount), false]);
  const inclusiveOnly = invoice.tax_breakdown.length > 0 && invoice.tax_breakdown.every((t) => t.inclusive);
  totals.push([inclusiveOnly ? 'Tax (included)' : 'Tax', money(invoice.tax), false]);
  totals.push(['Total', money(invoice.total), true]);
  if (invoice.credit_applied !== 0) totals.push(['Credit applied', money(-invoice.credit_applied), false]);
  if (invoice.credited_amount !== 0) totals.push(['Credited (credit notes)', money(-invoice.credited_amount), false]);
  if (invoice.status === 'paid') totals.push(['Amount paid', money(invoice.amount_due), true]);
  else if (invoice.status === 'void') totals.push(['Amount due (void)', money(0), true]);
  else totals.push(['Amount due', money(invoice.amount_due), true]);
  if (invoice.refunded_amount !== 0) totals.push(['Refunded', money(-invoice.refunded_amount), false]);

  const facts: [string, string][] = [
    ['Status', STATUS_LABELS[invoice.status] ?? invoice.status],
    ['Issued', day(invoice.finalized_at)],
    ['Period', `${day(invoice.period_start)} – ${day(invoice.period_end)}`],
  ];
  if (invoice.paid_at) facts.push(['Paid', day(invoice.paid_at)]);

  return {
    title: 'Invoice',
    number: invoice.number ?? '',
    facts,
    seller: sellerLines(invoice.seller),
    billTo: billToLines(invoice.bill_to),
    columns: LINE_COLUMNS(c),
    rows: invoice.lines.map((l) => [
      l.description,
      String(l.quantity),
      formatAmount(l.unit_amount, c),
      l.discount_amount ? formatAmount(-l.discount_amount, c) : '',
      l.tax_amount ? formatAmount(l.tax_amount, c) : '',
      formatAmount(l.amount, c),
    ]),
    taxes: taxRows(invoice),
    totals,
    notes: invoice.tax_note ? [invoice.tax_note] : [],
    footer: `Invoice ${invoice.number ?? ''} · ${invoice.id}`,
    logo,
    createdAt: new Date(invoice.finalized_at ?? invoice.created_at),
    author: text(invoice.seller?.['legal_name']) ?? 'Recur',
  };
}

/** A credit note, with the seller and bill-to of the invoice it corrects (a credit note has no snapshots of its own). */
export function creditNoteDocument(note: CreditNoteView, invoice: InvoiceView, logo: Buffer | null): DocumentModel {
  const c = note.currency;
  const rows =
    note.lines.length > 0
      ? note.lines.map((l) => [l.description, formatAmount(l.tax_amount, c), formatAmount(l.amount, c)])
      : [[`Credit on invoice ${note.invoice_number ?? ''}`, formatAmount(note.tax, c), formatAmount(note.amount, c)]];
  const notes = [`Reason: ${note.reason.replaceAll('_', ' ')}`];
  if (note.memo) notes.push(note.memo);
  if (invoice.tax_note) notes.push(invoice.tax_note);
  return {
    title: 'Credit note',
    number: note.number,
    facts: [
      ['Issued', day(note.created_at)],
      ['Invoice', note.invoice_number ?? ''],
      ['Credited', CREDIT_TO_LABELS[note.credit_to] ?? note.credit_to],
    ],
    seller: sellerLines(invoice.seller),
    billTo: billToLines(invoice.bill_to),
    columns: [
      { label: 'Description', width: 60, align: 'left' },
      { label: `Tax (${c})`, width: 18, align: 'right' },
      { label: `Amount (${c})`, width: 22, align: 'right' },
    ],
    rows,
    taxes: [],
    totals: [
      ['Subtotal', formatMoney(note.subtotal, c), false],
      ['Tax', formatMoney(note.tax, c), false],
      ['Total credited', formatMoney(note.amount, c), true],
    ],
    notes,
    footer: `Credit note ${note.number} · ${note.id}`,
    logo,
    createdAt: new Date(note.created_at),
    author: text(invoice.seller?.['legal_name']) ?? 'Recur',
  };
}
