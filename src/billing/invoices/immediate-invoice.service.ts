import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { recordEvents } from '../events/events.service.ts';
import type { NewEvent } from '../events/event-types.ts';
import { composeInvoice } from './lines/compose-invoice.ts';
import type { InvoiceLine } from './lines/invoice-line.ts';
import { finalizeInvoices } from './finalize/finalize-invoices.ts';

/** A subscription row locked by the caller, as an invoice outside the period calendar needs it. */
export interface LockedSubscription {
  id: string;
  plan_id: string;
  credit_balance: string | number;
}

export type ImmediateOutcome =
  | { kind: 'invoice'; invoiceId: string; amount: number; status: 'open' | 'paid' }
  | { kind: 'credit'; credit: number; creditBalance: number };

/**
 * An invoice of its own, charged now (a one-off item with `invoice_now`, a proration): composed by
 * the one composer (credit applies, coupons do not), written with the subscription's new credit
 * balance in the caller's transaction, and finalized there (never a draft: it is charged now). A
 * negative net writes no invoice and raises the credit balance instead. The caller charges an
 * `open` invoice after commit.
 */
export async function writeImmediateInvoice(
  tx: Sql,
  merchant: MerchantRef,
  input: {
    subscription: LockedSubscription;
    kind: 'one_off' | 'proration';
    lines: InvoiceLine[];
    billingNow: Date;
    now: Date;
  },
): Promise<ImmediateOutcome> {
  const sub = input.subscription;
  const composed = composeInvoice({ lines: input.lines, creditBalance: Number(sub.credit_balance) });
  await tx.query('update billing.subscriptions set credit_balance = $2, updated_at = $3 where id = $1', [
    sub.id,
    composed.creditBalance,
    input.now,
  ]);
  if (composed.kind === 'credit') return { kind: 'credit', credit: composed.credit, creditBalance: composed.creditBalance };
  // Written as a draft and finalized at once, in this transaction: the one finalization numbers it.
  const rows = await tx.query<{ id: string; currency: string }>(
    `insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, kind, period_index, period_start, period_end,
        amount, currency, status, attempt_count, dunning, created_at, updated_at, lines, subtotal, discount, credit_applied, total)
     select gen_random_uuid(), $1, $2, $3, p.id, $4, -1, $5, $5, $6, p.currency, 'draft', 0, p.dunning, $7, $7, $8, $9, $10, $11, $13
       from billing.plans p where p.id = $12
     returning id, currency`,
    [
      merchant.merchantId,
      merchant.environment,
      sub.id,
      input.kind,
      input.billingNow,
      composed.amount,
      input.now,
      JSON.stringify(composed.lines),
      composed.subtotal,
      composed.discount,
      composed.creditApplied,
      sub.plan_id,
      composed.total,
    ],
  );
  const invoice = rows[0]!;
  const events: NewEvent[] = [
    {
      ...merchant,
      type: 'invoice.created',
      data: { invoice_id: invoice.id, subscription_id: sub.id, amount: composed.amount, currency: invoice.currency, kind: input.kind },
    },
  ];
  await recordEvents(tx, input.now, events);
  const [finalized] = await finalizeInvoices(tx, [{ id: invoice.id, at: input.billingNow }], { now: input.now, locked: true });
  return { kind: 'invoice', invoiceId: invoice.id, amount: composed.amount, status: finalized!.status };
}
