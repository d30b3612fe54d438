import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import { recordEvents, type NewEvent } from '../events/events.service.ts';
import type { BillingGateway, ChargeOutcome, MerchantRef } from '../ports/gateway-port.ts';
import type { ChargeHooks } from './charge-hooks.ts';
import { classifyDecline, type DeclineClass } from '../declines/decline-table.ts';
import { applyFailure, type FailureFollowUps } from '../dunning/apply-failure.service.ts';
import { DEFAULT_CAPS, type NetworkCaps } from '../dunning/dunning-policy.ts';

export interface ChargeDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  gateway: BillingGateway;
  hooks?: ChargeHooks;
  caps?: NetworkCaps;
  /** Lease of a card's retry round (RETRY_CARD_LEASE_MS). */
  retryLeaseMs?: number;
}

export interface ChargeInput {
  invoiceId: string;
  attempt: number;
}

export type ChargeResult =
  | { kind: 'skipped'; reason: string; followUps?: FailureFollowUps }
  | {
      kind: 'recorded';
      status: 'approved' | 'declined' | 'error';
      invoiceStatus: string;
      amount: number;
      currency: string;
      /** How the decline was classified (`BILLING.md`); null when approved. */
      declineClass: DeclineClass | 'error' | null;
      followUps?: FailureFollowUps;
    }
  | { kind: 'unknown'; reason: string };

/** The purchase reference of an attempt: derived, so a re-send is recognised as the same purchase. */
export function attemptReference(invoiceId: string, attempt: number): string {
  return `${invoiceId}-${attempt}`;
}

interface Claimed {
  merchant: MerchantRef;
  attemptId: string;
  reference: string;
  amount: number;
  currency: string;
  cardToken: string;
  subscriptionId: string;
  /** Billing time: the subscription's test clock where it has one. */
  billingNow: Date;
  /** The attempt was already written (a crash, a lapsed lock, a duplicate job): look it up before any re-send. */
  resumed: boolean;
}

/** A card valid through `YYYY-MM-DD` (the last day of its month) is expired from the next day on. */
export function cardExpiredAt(cardExpiry: string, at: Date): boolean {
  return at.getTime() >= new Date(`${cardExpiry}T00:00:00Z`).getTime() + 86_400_000;
}

/** Transaction 1: write the attempt (or find the unresolved one) before the gateway is called. */
async function claimAttempt(tx: Sql, now: Date, input: ChargeInput): Promise<Claimed | { skip: string; hold?: FailureFollowUps['hold'] }> {
  const invoices = await tx.query<{
    merchant_id: string;
    environment: 'sandbox' | 'production';
    status: string;
    amount: string;
    currency: string;
    attempt_count: number;
    subscription_id: string;
    card_token: string;
    card_expiry: string | null;
    held_for_card: boolean;
    billing_now: string;
  }>(
    `select i.merchant_id, i.environment, i.status, i.amount, i.currency, i.attempt_count, i.subscription_id, s.card_token,
            s.card_expiry, i.held_for_card, coalesce(c.frozen_time, $2) as billing_now
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
       left join billing.test_clocks c on c.id = s.test_clock_id
      where i.id = $1 for update of i`,
    [input.invoiceId, now],
  );
  const inv = invoices[0];
  if (!inv) return { skip: 'no such invoice' };
  if (inv.status !== 'open' && inv.status !== 'past_due') return { skip: `invoice is ${inv.status}` };
  if (inv.held_for_card) return { skip: 'held for a card update' };
  const billingNow = new Date(inv.billing_now);
  const reference = attemptReference(input.invoiceId, input.attempt);
  const existing = await tx.query<{ id: string; status: string }>(
    'select id, status from billing.charge_attempts where invoice_id = $1 and number = $2',
    [input.invoiceId, input.attempt],
  );
  const base = {
    merchant: { merchantId: inv.merchant_id, environment: inv.environment },
    reference,
    amount: Number(inv.amount),
    currency: inv.currency,
    cardToken: inv.card_token,
    subscriptionId: inv.subscription_id,
    billingNow,
  };
  if (existing[0]) {
    if (existing[0].status !== 'sending' && existing[0].status !== 'unknown') return { skip: `attempt is ${existing[0].status}` };
    return { ...base, attemptId: existing[0].id, resumed: true };
  }
  // Only the next attempt may start, and only when the last one has an outcome (never retry over an unknown).
  if (input.attempt !== inv.attempt_count + 1) return { skip: `attempt ${input.attempt} is not the next (${inv.attempt_count + 1})` };
  // No doomed purchase: a card expired on the charge date waits for new card data instead.
  if (inv.card_expiry && cardExpiredAt(inv.card_expiry, billingNow)) {
    await tx.query(
      `update billing.invoices set status = 'past_due', held_for_card = true, next_attempt_at = null,
          first_failed_at = coalesce(first_failed_at, $2), updated_at = $3 where id = $1`,
      [input.invoiceId, billingNow, now],
    );
    await tx.query(
      `update billing.subscriptions set status = 'past_due', updated_at = $2 where id = $1 and status in ('active', 'trialing')`,
      [inv.subscription_id, now],
    );
    return { skip: 'card expired on the charge date', hold: { subscriptionId: inv.subscription_id, invoiceId: input.invoiceId } };
  }
  const inserted = await tx.query<{ id: string }>(
    `insert into billing.charge_attempts (id, invoice_id, number, reference, status, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, 'sending', $4, $4) returning id`,
    [input.invoiceId, input.attempt, reference, now],
  );
  // An attempt in flight is not also due: the next retry is decided by its outcome.
  await tx.query('update billing.invoices set attempt_count = $2, next_attempt_at = null, updated_at = $3 where id = $1', [
    input.invoiceId,
    input.attempt,
    now,
  ]);
  return { ...base, attemptId: inserted[0]!.id, resumed: false };
}

/** Asks the gateway; an attempt that was already written is looked up by reference first. */
async function callGateway(deps: ChargeDeps, claimed: Claimed): Promise<ChargeOutcome> {
  if (claimed.resumed) {
    let found: ChargeOutcome | null;
    try {
      found = await deps.gateway.findPurchase(claimed.merchant, claimed.reference);
    } catch (err) {
      return { kind: 'unknown', reason: `lookup failed: ${(err as Error).message}` };
    }
    if (found) return found;
  }
  return deps.gateway.purchase(claimed.merchant, {
    reference: claimed.reference,
    amount: claimed.amount,
    currency: claimed.currency,
    cardToken: claimed.cardToken,
  });
}

/** Transaction 2: the outcome, its ledger entry and its events, together or not at all. */
async function recordOutcome(
  tx: Sql,
  now: Date,
  input: ChargeInput,
  claimed: Claimed,
  outcome: Exclude<ChargeOutcome, { kind: 'unknown' }>,
  caps: NetworkCaps,
): Promise<ChargeResult> {
  const status = outcome.kind === 'approved' ? 'approved' : outcome.kind === 'declined' ? 'declined' : 'error';
  const classification =
    outcome.kind === 'rejected'
      ? null
      : classifyDecline(
          outcome.responseCode,
          outcome.kind === 'declined' ? outcome.adviceCode : null,
          outcome.kind === 'declined' ? outcome.adviceRetryAfter : null,
          claimed.billingNow,
        );
  const cardToken = outcome.kind === 'rejected' ? null : (outcome.cardToken ?? null);
  const updated = await tx.query<{ id: string }>(
    `update billing.charge_attempts set status = $2, purchase_id = $3, response_code = $4, message = $5, advice_code = $6, decline_class = $7,
        updated_at = $8, card_token = $9, attempted_at = $10
      where id = $1 and status in ('sending', 'unknown') returning id`,
    [
      claimed.attemptId,
      status,
      outcome.kind === 'rejected' ? null : outcome.purchaseId,
      outcome.kind === 'rejected' ? null : outcome.responseCode,
      outcome.message.slice(0, 255),
      outcome.kind === 'declined' ? outcome.adviceCode : null,
      classification?.declineClass ?? null,
      now,
      cardToken,
      claimed.billingNow,
    ],
  );
  // Someone else recorded this attempt first (a duplicate delivery): nothing more to do.
  if (updated.length === 0) return { kind: 'skipped', reason: 'attempt already recorded' };
  const { merchantId, environment } = claimed.merchant;
  const events: NewEvent[] = [];
  const data = {
    invoice_id: input.invoiceId,
    subscription_id: claimed.subscriptionId,
    attempt: input.attempt,
    amount: claimed.amount,
    currency: claimed.currency,
  };
  let invoiceStatus: string;
  let followUps: FailureFollowUps | undefined;
  if (outcome.kind === 'approved') {
    await tx.query(`update billing.invoices set status = 'paid', paid_at = $2, next_attempt_at = null, updated_at = $2 where id = $1`, [
      input.invoiceId,
      now,
    ]);
    await tx.query(
      `insert into billing.ledger_entries (id, merchant_id, environment, invoice_id, attempt_id, purchase_id, amount, currency, created_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8)`,
      [merchantId, environment, input.invoiceId, claimed.attemptId, outcome.purchaseId, claimed.amount, claimed.currency, now],
    );
    events.push({ merchantId, environment, type: 'invoice.paid', data: { ...data, purchase_id: outcome.purchaseId } });
    // A subscription is past due while any invoice is; the last one paid brings it back.
    const back = await tx.query<{ id: string }>(
      `update billing.subscriptions s set status = 'active', updated_at = $2
        where s.id = $1 and s.status = 'past_due'
          and not exists (select 1 from billing.invoices i where i.subscription_id = s.id and i.status = 'past_due')
        returning s.id`,
      [claimed.subscriptionId, now],
    );
    if (back.length)
      events.push({
        merchantId,
        environment,
        type: 'subscription.updated',
        data: { subscription_id: claimed.subscriptionId, status: 'active', previous_status: 'past_due' },
      });
    invoiceStatus = 'paid';
  } else {
    const failure = await applyFailure(tx, {
      merchantId,
      environment,
      invoiceId: input.invoiceId,
      subscriptionId: claimed.subscriptionId,
      attempt: input.attempt,
      declineClass: classification?.declineClass ?? 'error',
      earliestRetryAt: classification?.earliestRetryAt ?? null,
      cardToken,
      billingNow: claimed.billingNow,
      now,
      caps,
    });
    followUps = failure.followUps;
    events.push({
      merchantId,
      environment,
      type: 'invoice.payment_failed',
      data: {
        ...data,
        response_code: outcome.kind === 'declined' ? outcome.responseCode : null,
        message: outcome.message,
        decline_class: classification?.declineClass ?? 'error',
        next_attempt_at: failure.nextAttemptAt?.toISOString() ?? null,
        final: failure.final,
      },
    });
    const moved = await tx.query<{ id: string }>(
      `update billing.subscriptions set status = 'past_due', updated_at = $2 where id = $1 and status in ('active', 'trialing') returning id`,
      [claimed.subscriptionId, now],
    );
    if (moved.length)
      events.push({
        merchantId,
        environment,
        type: 'subscription.past_due',
        data: { subscription_id: claimed.subscriptionId, invoice_id: input.invoiceId },
      });
    events.push(...failure.events);
    invoiceStatus = failure.invoiceStatus;
  }
  await recordEvents(tx, now, events);
  return {
    kind: 'recorded',
    status,
    invoiceStatus,
    amount: claimed.amount,
    currency: claimed.currency,
    declineClass: outcome.kind === 'approved' ? null : (classification?.declineClass ?? 'error'),
    followUps,
  };
}

/**
 * Charges one attempt of one invoice, exactly once however often it runs: the attempt is
 * written before the call under a reference derived from invoice and attempt, an attempt found
 * `sending` or `unknown` is looked up by that reference before any re-send, and the outcome is
 * recorded only over an unresolved attempt. A decline is a business fact and completes; only
 * infrastructure faults throw (and the queue retries them in seconds).
 */
export async function attemptCharge(deps: ChargeDeps, input: ChargeInput): Promise<ChargeResult> {
  const claimed = await deps.sql.transaction((tx) => claimAttempt(tx, deps.clock.now(), input));
  if ('skip' in claimed) return { kind: 'skipped', reason: claimed.skip, followUps: claimed.hold ? { hold: claimed.hold } : undefined };
  await deps.hooks?.at('before-call', input.invoiceId);
  const outcome = await callGateway(deps, claimed);
  await deps.hooks?.at('after-gateway', input.invoiceId);
  switch (outcome.kind) {
    case 'unknown': {
      await deps.sql.query(
        `update billing.charge_attempts set status = 'unknown', message = $2, updated_at = $3 where id = $1 and status in ('sending', 'unknown')`,
        [claimed.attemptId, outcome.reason.slice(0, 255), deps.clock.now()],
      );
      deps.logger.warn(
        { invoiceId: input.invoiceId, attempt: input.attempt, reason: outcome.reason },
        'charge outcome unknown; the reconciler will look it up',
      );
      return { kind: 'unknown', reason: outcome.reason };
    }
    case 'approved':
    case 'declined':
    case 'rejected': {
      const result = await deps.sql.transaction(async (tx) => {
        const recorded = await recordOutcome(tx, deps.clock.now(), input, claimed, outcome, deps.caps ?? DEFAULT_CAPS);
        await deps.hooks?.at('before-commit', input.invoiceId);
        return recorded;
      });
      await deps.hooks?.at('after-commit', input.invoiceId);
      return result;
    }
    default: {
      const unreachable: never = outcome;
      throw new Error(`unhandled outcome ${String(unreachable)}`);
    }
  }
}
