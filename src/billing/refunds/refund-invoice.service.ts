import { z } from 'zod';
import type { Sql, SqlPool } from '../../platform/sql.ts';
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

/**
 * Points in a refund where tests stop the process (the kill tests); production passes none:
 * - `before-call`: the refund is written (`sending`), the gateway not asked;
 * - `after-gateway`: the gateway answered, nothing recorded;
 * - `before-commit`: the outcome's record (and the credit note an approval makes) written, not committed;
 * - `after-commit`: the record committed.
 */
export const REFUND_STEPS = ['before-call', 'after-gateway', 'before-commit', 'after-commit'] as const;
export type RefundStep = (typeof REFUND_STEPS)[number];

export interface RefundHooks {
  at(step: RefundStep, reference: string): Promise<void>;
}

export interface RefundDeps {
  sql: SqlPool;
  gateway: BillingGateway;
  now(): Date;
  hooks?: RefundHooks;
}

/** A refund written (`sending`) before the gateway is called: what sending it and recording its outcome need. */
export interface ClaimedRefund {
  invoiceId: string;
  refundId: string;
  reference: string;
  purchaseId: string;
  amount: number;
  currency: string;
  subscriptionId: string;
}

/**
 * What an approved refund also writes, in the transaction that records it, with its invoice
 * locked: the credit note it makes. A refund is recorded once, so this runs once per refund.
 */
export type OnRefundApproved = (tx: Sql, merchant: MerchantRef, claimed: ClaimedRefund, now: Date) => Promise<void>;

/** What is left to refund of a paid invoice: read after the caller locked the invoice. */
export interface Refundable {
  /** The invoice's approved purchase; null for an invoice paid without one (an amount of 0). */
  purchaseId: string | null;
  /** What was paid less the refunds approved and those still in flight (their amounts are held). */
  left: number;
  /** What was paid less the refunds approved: `left` once every refund in flight has failed. */
  settledLeft: number;
  /** The refunds written so far: the next one is number `count + 1`. */
  count: number;
}

/** Refunds still in flight count against what is left, so two at once can never refund more than was paid. */
const RESERVED = `coalesce((select sum(r.amount) from billing.invoice_refunds r where r.invoice_id = i.id and r.status in ('approved', 'sending', 'unknown')), 0)`;

/**
 * Reads what is left to refund, in the caller's transaction after it locked the invoice in a
 * statement of its own: the reads then see every refund that the refunds before this one (of the
 * same invoice, at the same time) wrote. Read in the locking statement, the count and the
 * reservations were those of its snapshot, taken before it waited for the lock: two refunds took
 * one number.
 */
export async function readRefundable(tx: Sql, invoiceId: string): Promise<Refundable> {
  const rows = await tx.query<{ left: string; settled_left: string; purchase_id: string | null; n: number }>(
    `select i.amount - ${RESERVED} as left, i.amount - i.refunded_amount as settled_left,
            (select l.purchase_id from billing.ledger_entries l where l.invoice_id = i.id) as purchase_id,
            (select count(*)::int from billing.invoice_refunds r where r.invoice_id = i.id) as n
       from billing.invoices i where i.id = $1`,
    [invoiceId],
  );
  const r = rows[0]!;
  return { purchaseId: r.purchase_id, left: Number(r.left), settledLeft: Number(r.settled_left), count: r.n };
}

/**
 * The refund's own limits, with the credit notes' beside them: what a refund may take is
 * `requested`, or without one all that is left both to refund (what was paid less refunds approved
 * or in flight) and to credit (`creditLeft`: the invoice's total less its credit notes, those that
 * refunds in flight will make included). Throws when it does not fit.
 */
export function refundAmount(r: Refundable, creditLeft: number, invoiceId: string, requested?: number): number {
  const inFlight = r.settledLeft - r.left;
  const left = Math.min(r.left, creditLeft);
  const amount = requested ?? left;
  // Every refund in flight holds its amount in both limits, so this is what is left once they have all failed.
  const leftOnceSettled = Math.min(r.settledLeft, creditLeft + inFlight);
  if (r.purchaseId && inFlight > 0 && (left <= 0 || amount > left) && (requested ?? leftOnceSettled) <= leftOnceSettled) {
    // It would fit but for refunds still at the gateway (another request's, at the same time):
    // their amounts stay reserved until their outcome is known.
    throw BillingErrors.conflict(
      `Another refund of invoice ${invoiceId} is in progress: ${inFlight} is reserved until its outcome is known, ${Math.max(left, 0)} is left to refund now`,
    );
  }
  if (!r.purchaseId || r.left <= 0) throw BillingErrors.validation([`amount: nothing is left to refund on invoice ${invoiceId}`]);
  if (creditLeft <= 0) {
    throw BillingErrors.validation([`amount: nothing is left to credit on invoice ${invoiceId}: its credit notes come to its total`]);
  }
  if (amount > r.left) throw BillingErrors.validation([`amount: at most ${r.left} is left to refund on invoice ${invoiceId}`]);
  if (amount > creditLeft) throw BillingErrors.validation([`amount: at most ${creditLeft} is left to credit on invoice ${invoiceId}`]);
  return amount;
}

/**
 * Writes the refund (`sending`, with the reference `<invoice id>-r<n>` and the credit note it will
 * make), in the caller's transaction: it commits before the gateway is called.
 */
export async function claimRefund(
  tx: Sql,
  merchant: MerchantRef,
  input: {
    invoiceId: string;
    subscriptionId: string;
    currency: string;
    refundable: Refundable;
    amount: number;
    reason: string | null;
    creditNote: Record<string, unknown>;
    now: Date;
  },
): Promise<ClaimedRefund> {
  if (!input.refundable.purchaseId) throw new Error(`invoice ${input.invoiceId} has no purchase to refund`);
  const number = input.refundable.count + 1;
  const reference = `${input.invoiceId}-r${number}`;
  const inserted = await tx.query<{ id: string }>(
    `insert into billing.invoice_refunds (id, merchant_id, environment, invoice_id, number, reference, purchase_id, amount, currency, reason,
        status, credit_note, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, 'sending', $10, $11, $11) returning id`,
    [
      merchant.merchantId,
      merchant.environment,
      input.invoiceId,
      number,
      reference,
      input.refundable.purchaseId,
      input.amount,
      input.currency,
      input.reason,
      JSON.stringify(input.creditNote),
      input.now,
    ],
  );
  return {
    invoiceId: input.invoiceId,
    refundId: inserted[0]!.id,
    reference,
    purchaseId: input.refundable.purchaseId,
    amount: input.amount,
    currency: input.currency,
    subscriptionId: input.subscriptionId,
  };
}

/**
 * Sends a claimed refund and records its outcome; the approval, the invoice's `refunded_amount`,
 * `invoice.refunded` and what `onApproved` writes commit together. A refusal is a 422, an outcome
 * not known a 502 (its amount stays reserved until it is resolved).
 */
export async function settleRefund(
  deps: RefundDeps,
  merchant: MerchantRef,
  claimed: ClaimedRefund,
  onApproved: OnRefundApproved,
): Promise<void> {
  await deps.hooks?.at('before-call', claimed.reference);
  const outcome = await sendRefund(deps, merchant, claimed, onApproved);
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

/** SQL: a refund (alias `r`) without a recorded outcome, not in flight now (`before`: now − IN_FLIGHT_MS). */
const UNSETTLED = (r: string, before: string) => `(${r}.status = 'unknown' or (${r}.status = 'sending' and ${r}.updated_at < ${before}))`;

/**
 * Invoices (with their merchant) having refunds left without an outcome, at most `limit`, oldest
 * first: what the reconciler's refund sweep settles by `resolveUnsettledRefunds`.
 */
export async function invoicesWithUnsettledRefunds(
  deps: Pick<RefundDeps, 'sql' | 'now'>,
  limit: number,
): Promise<{ invoiceId: string; merchant: MerchantRef }[]> {
  const rows = await deps.sql.query<{ invoice_id: string; merchant_id: string; environment: string }>(
    `select r.invoice_id, r.merchant_id, r.environment from billing.invoice_refunds r
      where ${UNSETTLED('r', '$1')} group by 1, 2, 3 order by min(r.updated_at) limit $2`,
    [new Date(deps.now().getTime() - IN_FLIGHT_MS), limit],
  );
  return rows.map((r) => ({
    invoiceId: r.invoice_id,
    merchant: { merchantId: r.merchant_id, environment: r.environment } as MerchantRef,
  }));
}

/**
 * Refunds of this invoice whose outcome was never recorded (a lost answer, a crash after the call)
 * are sent again with their own reference before anything else: the gateway recognises a
 * reference it has seen, so a refund that went through is adopted, and one that did not is made
 * now, as first asked (with the credit note it was to make). No refund is lost and none is made
 * twice. A refund still `sending` within IN_FLIGHT_MS belongs to a request at the gateway now (a
 * concurrent refund of the same invoice): it is not sent a second time alongside it.
 */
export async function resolveUnsettledRefunds(
  deps: RefundDeps,
  merchant: MerchantRef,
  invoiceId: string,
  onApproved: OnRefundApproved,
): Promise<void> {
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
      where r.invoice_id = $1 and r.merchant_id = $2 and r.environment = $3 and ${UNSETTLED('r', '$4')} order by r.number`,
    [invoiceId, merchant.merchantId, merchant.environment, new Date(deps.now().getTime() - IN_FLIGHT_MS)],
  );
  for (const r of unsettled) {
    const claimed: ClaimedRefund = {
      invoiceId,
      refundId: r.id,
      reference: r.reference,
      purchaseId: r.purchase_id,
      amount: Number(r.amount),
      currency: r.currency,
      subscriptionId: r.subscription_id,
    };
    await sendRefund(deps, merchant, claimed, onApproved);
  }
}

/** Sends a claimed refund (again) under its reference and records its outcome; a call that fails is `unknown`. */
async function sendRefund(
  deps: RefundDeps,
  merchant: MerchantRef,
  claimed: ClaimedRefund,
  onApproved: OnRefundApproved,
): Promise<RefundOutcome> {
  const outcome: RefundOutcome = await deps.gateway
    .refund(merchant, { purchaseId: claimed.purchaseId, amount: claimed.amount, reference: claimed.reference })
    .catch((err: unknown) => ({ kind: 'unknown' as const, reason: err instanceof Error ? err.message : String(err) }));
  await deps.hooks?.at('after-gateway', claimed.reference);
  await recordOutcome(deps, merchant, claimed, outcome, onApproved);
  await deps.hooks?.at('after-commit', claimed.reference);
  return outcome;
}

async function recordOutcome(
  deps: RefundDeps,
  merchant: MerchantRef,
  claimed: ClaimedRefund,
  outcome: RefundOutcome,
  onApproved: OnRefundApproved,
): Promise<void> {
  const now = deps.now();
  await deps.sql.transaction(async (tx) => {
    // The invoice first, as every writer of its credit takes it: then the refund, the credit note.
    await tx.query('select 1 from billing.invoices where id = $1 for update', [claimed.invoiceId]);
    const gatewayRefundId = outcome.kind === 'approved' || outcome.kind === 'declined' ? outcome.refundId : null;
    const message = outcome.kind === 'approved' ? 'Approved' : outcome.kind === 'unknown' ? outcome.reason : outcome.message;
    const moved = await tx.query(
      `update billing.invoice_refunds set status = $2, gateway_refund_id = $3, message = $4, updated_at = $5
        where id = $1 and status in ('sending', 'unknown') returning id`,
      [claimed.refundId, outcome.kind, gatewayRefundId, message.slice(0, 255), now],
    );
    // Recorded once: a concurrent resolution of the same refund finds it settled and adds nothing.
    if (outcome.kind === 'approved' && moved.length > 0) {
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
      await onApproved(tx, merchant, claimed, now);
    }
    await deps.hooks?.at('before-commit', claimed.reference);
  });
}
