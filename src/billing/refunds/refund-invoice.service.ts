import { z } from 'zod';
import type { SqlPool } from '../../platform/sql.ts';
import { AppError } from '../../platform/errors.ts';
import type { BillingGateway, MerchantRef, RefundOutcome } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { recordEvents } from '../events/events.service.ts';

export const InvoiceRefundInput = z.strictObject({
  amount: z.number().int('amount must be an integer in minor units').min(1, 'amount must be greater than 0').optional(),
  reason: z.string().trim().min(1).max(500).optional(),
  test: z.boolean().optional(),
});
export type InvoiceRefundInput = z.infer<typeof InvoiceRefundInput>;

export interface RefundDeps {
  sql: SqlPool;
  gateway: BillingGateway;
  now(): Date;
}

interface Claimed {
  invoiceId: string;
  refundId: string;
  reference: string;
  purchaseId: string;
  amount: number;
  currency: string;
  subscriptionId: string;
}

/** Refunds still in flight count against what is left, so two at once can never refund more than was paid. */
const RESERVED = `coalesce((select sum(r.amount) from billing.invoice_refunds r where r.invoice_id = i.id and r.status in ('approved', 'sending', 'unknown')), 0)`;

/**
 * Refunds all or part of a paid invoice through the gateway: a refund of its approved purchase.
 * The refund row (`sending`, with its reference) commits before the gateway is called; the
 * outcome, the invoice's `refunded_amount` and `invoice.refunded` commit together after it.
 */
export async function refundInvoice(deps: RefundDeps, merchant: MerchantRef, invoiceId: string, input: InvoiceRefundInput): Promise<void> {
  await resolveUnsettled(deps, merchant, invoiceId);
  const now = deps.now();
  const claimed = await deps.sql.transaction(async (tx): Promise<Claimed> => {
    if (!z.uuid().safeParse(invoiceId).success) throw BillingErrors.notFound('Invoice', invoiceId);
    // The invoice's lock in a statement of its own: the reads below then see every refund that
    // the refunds before this one (of the same invoice, at the same time) wrote. Read in the
    // locking statement, the count and the reservations were those of its snapshot, taken before
    // it waited for the lock: two refunds took one number.
    const locked = await tx.query(
      'select 1 from billing.invoices i where i.id = $1 and i.merchant_id = $2 and i.environment = $3 for update of i',
      [invoiceId, merchant.merchantId, merchant.environment],
    );
    if (!locked[0]) throw BillingErrors.notFound('Invoice', invoiceId);
    const rows = await tx.query<{
      status: string;
      amount: string;
      currency: string;
      subscription_id: string;
      left: string;
      settled_left: string;
      purchase_id: string | null;
      n: number;
    }>(
      `select i.status, i.amount, i.currency, i.subscription_id, i.amount - ${RESERVED} as left, i.amount - i.refunded_amount as settled_left,
              (select l.purchase_id from billing.ledger_entries l where l.invoice_id = i.id) as purchase_id,
              (select count(*)::int from billing.invoice_refunds r where r.invoice_id = i.id) as n
         from billing.invoices i where i.id = $1`,
      [invoiceId],
    );
    const inv = rows[0]!;
    if (inv.status !== 'paid') throw BillingErrors.conflict(`Invoice is ${inv.status}; only a paid invoice can be refunded`);
    const left = Number(inv.left);
    const settledLeft = Number(inv.settled_left);
    const amount = input.amount ?? left;
    const inFlight = settledLeft - left;
    if (inv.purchase_id && inFlight > 0 && (left <= 0 || amount > left) && (input.amount ?? settledLeft) <= settledLeft) {
      // It would fit but for refunds still at the gateway (another request's, at the same time):
      // their amounts stay reserved until their outcome is known.
      throw BillingErrors.conflict(
        `Another refund of invoice ${invoiceId} is in progress: ${inFlight} is reserved until its outcome is known, ${Math.max(left, 0)} is left to refund now`,
      );
    }
    if (!inv.purchase_id || left <= 0) throw BillingErrors.validation([`amount: nothing is left to refund on invoice ${invoiceId}`]);
    if (amount > left) throw BillingErrors.validation([`amount: at most ${left} is left to refund on invoice ${invoiceId}`]);
    const number = inv.n + 1;
    const reference = `${invoiceId}-r${number}`;
    const inserted = await tx.query<{ id: string }>(
      `insert into billing.invoice_refunds (id, merchant_id, environment, invoice_id, number, reference, purchase_id, amount, currency, reason,
          status, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, 'sending', $10, $10) returning id`,
      [
        merchant.merchantId,
        merchant.environment,
        invoiceId,
        number,
        reference,
        inv.purchase_id,
        amount,
        inv.currency,
        input.reason ?? null,
        now,
      ],
    );
    return {
      invoiceId,
      refundId: inserted[0]!.id,
      reference,
      purchaseId: inv.purchase_id,
      amount,
      currency: inv.currency,
      subscriptionId: inv.subscription_id,
    };
  });
  const outcome = await sendRefund(deps, merchant, claimed);
  switch (outcome.kind) {
    case 'approved':
      return;
    case 'declined':
    case 'rejected':
      throw new AppError('refund_failed', `The gateway refused the refund: ${outcome.message}`, { status: 422 });
    case 'unknown':
      throw new AppError(
        'refund_unknown',
        `The refund's outcome is not known yet (reference ${claimed.reference}); its amount stays reserved`,
        {
          status: 502,
        },
      );
    default: {
      const unreachable: never = outcome;
      throw new Error(`unhandled refund outcome ${String(unreachable)}`);
    }
  }
}

/**
 * How long a refund may stay `sending` because the request that wrote it is still at the gateway
 * (its calls time out well before): a younger one is another request's, in progress, and is left
 * to it; an older one was left by a crash.
 */
const IN_FLIGHT_MS = 60_000;

/**
 * Refunds of this invoice whose outcome was never recorded (a lost answer, a crash after the call)
 * are sent again with their own reference before anything else: the gateway recognises a
 * reference it has seen, so a refund that went through is adopted, and one that did not is made
 * now, as first asked. No refund is lost and none is made twice. A refund still `sending` within
 * IN_FLIGHT_MS belongs to a request at the gateway now (a concurrent refund of the same invoice):
 * it is not sent a second time alongside it.
 */
async function resolveUnsettled(deps: RefundDeps, merchant: MerchantRef, invoiceId: string): Promise<void> {
  if (!z.uuid().safeParse(invoiceId).success) return;
  const unsettled = await deps.sql.query<{
    id: string;
    reference: string;
    purchase_id: string;
    amount: string;
    currency: string;
    subscription_id: string;
  }>(
    `select r.id, r.reference, r.purchase_id, r.amount, r.currency, i.subscription_id
       from billing.invoice_refunds r join billing.invoices i on i.id = r.invoice_id
      where r.invoice_id = $1 and r.merchant_id = $2 and r.environment = $3
        and (r.status = 'unknown' or (r.status = 'sending' and r.updated_at < $4)) order by r.number`,
    [invoiceId, merchant.merchantId, merchant.environment, new Date(deps.now().getTime() - IN_FLIGHT_MS)],
  );
  for (const r of unsettled) {
    const claimed: Claimed = {
      invoiceId,
      refundId: r.id,
      reference: r.reference,
      purchaseId: r.purchase_id,
      amount: Number(r.amount),
      currency: r.currency,
      subscriptionId: r.subscription_id,
    };
    await sendRefund(deps, merchant, claimed);
  }
}

/** Sends a claimed refund (again) under its reference and records its outcome; a call that fails is `unknown`. */
async function sendRefund(deps: RefundDeps, merchant: MerchantRef, claimed: Claimed): Promise<RefundOutcome> {
  const outcome: RefundOutcome = await deps.gateway
    .refund(merchant, { purchaseId: claimed.purchaseId, amount: claimed.amount, reference: claimed.reference })
    .catch((err: unknown) => ({ kind: 'unknown' as const, reason: err instanceof Error ? err.message : String(err) }));
  await recordOutcome(deps, merchant, claimed, outcome);
  return outcome;
}

async function recordOutcome(deps: RefundDeps, merchant: MerchantRef, claimed: Claimed, outcome: RefundOutcome): Promise<void> {
  const now = deps.now();
  await deps.sql.transaction(async (tx) => {
    const gatewayRefundId = outcome.kind === 'approved' || outcome.kind === 'declined' ? outcome.refundId : null;
    const message = outcome.kind === 'approved' ? 'Approved' : outcome.kind === 'unknown' ? outcome.reason : outcome.message;
    const moved = await tx.query(
      `update billing.invoice_refunds set status = $2, gateway_refund_id = $3, message = $4, updated_at = $5
        where id = $1 and status in ('sending', 'unknown') returning id`,
      [claimed.refundId, outcome.kind, gatewayRefundId, message.slice(0, 255), now],
    );
    // Recorded once: a concurrent resolution of the same refund finds it settled and adds nothing.
    if (outcome.kind !== 'approved' || moved.length === 0) return;
    await tx.query('update billing.invoices set refunded_amount = refunded_amount + $2, updated_at = $3 where id = $1', [
      claimed.invoiceId,
      claimed.amount,
      now,
    ]);
    await recordEvents(tx, now, [
      {
        ...merchant,
        type: 'invoice.refunded',
        data: {
          invoice_id: claimed.invoiceId,
          subscription_id: claimed.subscriptionId,
          amount: claimed.amount,
          currency: claimed.currency,
          refund_id: gatewayRefundId,
          reference: claimed.reference,
        },
      },
    ]);
  });
}
