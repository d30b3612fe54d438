import { z } from 'zod';
import { iso } from '../../platform/time.ts';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { merchantScope } from '../merchant-scope.ts';
import type { CreditNoteLine } from './creditable-invoice.ts';
import type { CreditNoteFilter } from './credit-note-input.ts';

/** The gateway refund a credit note made (`credit_to: refund`). */
export interface CreditNoteRefundView {
  /** The gateway's refund id (`GET /refunds/{refund_id}`). */
  refund_id: string | null;
  /** The refund's reference at the gateway: `<invoice id>-r<n>`. */
  reference: string;
  status: string;
}

export interface CreditNoteView {
  id: string;
  /** From the merchant's gap-free credit note sequence: `CN-000001`, … */
  number: string;
  invoice_id: string;
  invoice_number: string | null;
  customer_id: string | null;
  subscription_id: string;
  /** What is credited, tax included. */
  amount: number;
  /** Its tax part, in proportion to the invoice's (or its lines') tax. */
  tax: number;
  /** `amount − tax`. */
  subtotal: number;
  currency: string;
  /** The invoice lines credited (empty for a credit note of an amount). */
  lines: CreditNoteLine[];
  reason: string;
  memo: string | null;
  /** `invoice` (lowered what it owes), `refund` (back to the card) or `balance` (the customer's, else the subscription's, credit balance). */
  credit_to: string;
  refund: CreditNoteRefundView | null;
  created_at: string;
}

interface Row extends Omit<CreditNoteView, 'amount' | 'tax' | 'subtotal' | 'created_at'> {
  amount: string;
  tax: string;
  created_at: string;
}

const SELECT = `select n.id, n.number, n.invoice_id, (select i.number from billing.invoices i where i.id = n.invoice_id) as invoice_number,
  n.customer_id, n.subscription_id, n.amount, n.tax, n.currency, n.lines, n.reason, n.memo, n.credit_to, n.created_at,
  (select json_build_object('refund_id', r.gateway_refund_id, 'reference', r.reference, 'status', r.status)
     from billing.invoice_refunds r where r.id = n.invoice_refund_id) as refund`;

function toView(r: Row): CreditNoteView {
  const amount = Number(r.amount);
  const tax = Number(r.tax);
  return {
    id: r.id,
    number: r.number,
    invoice_id: r.invoice_id,
    invoice_number: r.invoice_number,
    customer_id: r.customer_id,
    subscription_id: r.subscription_id,
    amount,
    tax,
    subtotal: amount - tax,
    currency: r.currency,
    lines: r.lines,
    reason: r.reason,
    memo: r.memo,
    credit_to: r.credit_to,
    refund: r.refund,
    created_at: iso(r.created_at),
  };
}

export async function getCreditNote(db: Sql, merchant: MerchantRef, id: string): Promise<CreditNoteView> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<Row>(`${SELECT} from billing.credit_notes n where n.id = $1 and n.merchant_id = $2 and n.environment = $3`, [
        id,
        merchant.merchantId,
        merchant.environment,
      ])
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Credit note', id);
  return toView(rows[0]);
}

/** The credit note a refund made, once its approval is recorded (null before, or for a refund that failed). */
export async function creditNoteOfRefund(db: Sql, refundId: string): Promise<CreditNoteView | null> {
  const rows = await db.query<Row>(`${SELECT} from billing.credit_notes n where n.invoice_refund_id = $1`, [refundId]);
  return rows[0] ? toView(rows[0]) : null;
}

/** Newest first; filtered by invoice or customer. */
export function listCreditNotes(db: Sql, merchant: MerchantRef, page: Page, filter: CreditNoteFilter): Promise<Paginated<CreditNoteView>> {
  const scope = merchantScope('billing.credit_notes', merchant, { invoice_id: filter.invoice_id, customer_id: filter.customer_id }, 'n');
  return readPage(db, page, { select: SELECT, orderBy: 'order by n.created_at desc, n.id desc', ...scope }, toView);
}
