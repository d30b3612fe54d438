import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { recordEvents } from '../events/events.service.ts';
import { lockCustomerCredit, setCustomerCredit } from '../customers/customer-credit.ts';
import type { NewEvent } from '../events/event-types.ts';
import { resolveInvoiceTaxes, UNTAXED, type LineSource } from '../taxes/resolve-rates.ts';
import { loadTaxContexts } from '../taxes/sql/batch-tax-context.ts';
import { composeInvoice } from './lines/compose-invoice.ts';
import type { InvoiceLine } from './lines/invoice-line.ts';
import { finalizeInvoices } from './finalize/finalize-invoices.ts';

/** A subscription row locked by the caller, as an invoice outside the period calendar needs it. */
export interface LockedSubscription {
  id: string;
  plan_id: string;
  /** The subscription's own credit (used when it has no customer). */
  credit_balance: string | number;
  /** Its customer: the credit used and raised is the customer's, and the invoice names it. */
  customer_id: string | null;
}

export type ImmediateOutcome =
  | { kind: 'invoice'; invoiceId: string; amount: number; status: 'open' | 'paid' }
  | { kind: 'credit'; credit: number; creditBalance: number };

/**
 * An invoice of its own, charged now (a one-off item with `invoice_now`, a proration): composed by
 * the one composer (tax and credit apply, coupons do not), written with the new credit balance in
 * the caller's transaction, and finalized there (never a draft: it is charged now). Each line is
 * taxed by the rates its source resolves to (`sources`, one per line: the plan it bills, an item's
 * own rates). A negative total writes no invoice and raises the credit balance instead. The
 * balance is the customer's where the subscription has one (its row locked here, after the
 * subscription's: `lockCustomerCredit`), else the subscription's own. The caller charges an
 * `open` invoice after commit.
 */
export async function writeImmediateInvoice(
  tx: Sql,
  merchant: MerchantRef,
  input: {
    subscription: LockedSubscription;
    kind: 'one_off' | 'proration' | 'final';
    lines: InvoiceLine[];
    /** What taxes each line, in the order of `lines`. */
    sources: LineSource[];
    billingNow: Date;
    now: Date;
  },
): Promise<ImmediateOutcome> {
  const sub = input.subscription;
  const contexts = await loadTaxContexts(tx, [
    {
      subscriptionId: sub.id,
      planIds: [...new Set(input.sources.map((s) => s.planId))],
      itemRateIds: input.sources.flatMap((s) => s.itemRateIds ?? []),
    },
  ]);
  const taxes = resolveInvoiceTaxes(contexts.get(sub.id) ?? UNTAXED, input.sources);
  const balance = sub.customer_id ? await lockCustomerCredit(tx, sub.customer_id) : Number(sub.credit_balance);
  const composed = composeInvoice({ lines: input.lines, creditBalance: balance, ...taxes });
  if (sub.customer_id) {
    await setCustomerCredit(tx, sub.customer_id, composed.creditBalance);
    await tx.query('update billing.subscriptions set updated_at = $2 where id = $1', [sub.id, input.now]);
  } else {
    await tx.query('update billing.subscriptions set credit_balance = $2, updated_at = $3 where id = $1', [
      sub.id,
      composed.creditBalance,
      input.now,
    ]);
  }
  if (composed.kind === 'credit') return { kind: 'credit', credit: composed.credit, creditBalance: composed.creditBalance };
  // Written as a draft and finalized at once, in this transaction: the one finalization numbers it.
  const rows = await tx.query<{ id: string; currency: string }>(
    `insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, kind, period_index, period_start, period_end,
        amount, currency, status, attempt_count, dunning, created_at, updated_at, lines, subtotal, discount, credit_applied, total,
        customer_id, tax, tax_breakdown, reverse_charge, tax_note)
     select gen_random_uuid(), $1, $2, $3, p.id, $4, -1, $5, $5, $6, p.currency, 'draft', 0, p.dunning, $7, $7, $8, $9, $10, $11, $13,
        $14, $15, $16, $17, $18
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
      sub.customer_id,
      composed.tax,
      JSON.stringify(composed.taxBreakdown),
      composed.reverseCharge,
      composed.taxNote,
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
