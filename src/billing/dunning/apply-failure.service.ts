import type { Sql } from '../../platform/sql.ts';
import type { NewEvent } from '../events/events.service.ts';
import type { DeclineClass } from '../declines/decline-table.ts';
import type { DunningPolicy } from '../plans/plan.entity.ts';
import { applyNetworkCaps, decideAfterDecline, type NetworkCaps } from './dunning-policy.ts';

const DAY_MS = 86_400_000;

export interface FailureInput {
  merchantId: string;
  environment: string;
  invoiceId: string;
  subscriptionId: string;
  attempt: number;
  declineClass: DeclineClass | 'error';
  earliestRetryAt: Date | null;
  /** The card the gateway charged (an alias resolved); null when it charged none. */
  cardToken: string | null;
  /** Billing time: the subscription's test clock where it has one. */
  billingNow: Date;
  now: Date;
  caps: NetworkCaps;
}

export interface FailureFollowUps {
  /** A retry to hand to the retry queue after the commit, delayed until `at` (real-clock subscriptions). */
  retry?: { invoiceId: string; attempt: number; at: Date; realClock: boolean };
  /** The subscription waits for new card data: the expiry-update queue takes it. */
  hold?: { subscriptionId: string; invoiceId: string };
}

export interface FailureResult {
  events: NewEvent[];
  followUps: FailureFollowUps;
  nextAttemptAt: Date | null;
  final: boolean;
  invoiceStatus: 'past_due' | 'uncollectible';
}

/** The declined attempts of a card, in billing time, inside the widest cap window before `at`. */
async function cardDeclines(tx: Sql, cardToken: string, at: Date): Promise<Date[]> {
  const rows = await tx.query<{ attempted_at: string }>(
    `select attempted_at from billing.charge_attempts where card_token = $1 and status = 'declined' and attempted_at > $2`,
    [cardToken, new Date(at.getTime() - 30 * DAY_MS)],
  );
  return rows.map((r) => new Date(r.attempted_at));
}

/**
 * Applies the invoice's dunning policy after a failed attempt, in the outcome's transaction:
 * schedule the next retry (never past the card's network caps, and never earlier than another
 * retry already waiting on the same card, so one card's invoices are retried together), hold the
 * invoice for new card data, or end dunning with the plan's final action.
 */
export async function applyFailure(tx: Sql, input: FailureInput): Promise<FailureResult> {
  const rows = await tx.query<{ dunning: DunningPolicy; first_failed_at: string | null; test_clock_id: string | null }>(
    `select i.dunning, i.first_failed_at, s.test_clock_id from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id where i.id = $1`,
    [input.invoiceId],
  );
  const inv = rows[0]!;
  const firstFailedAt = inv.first_failed_at ? new Date(inv.first_failed_at) : input.billingNow;
  const decision = decideAfterDecline({
    policy: inv.dunning,
    declineClass: input.declineClass,
    earliestRetryAt: input.earliestRetryAt,
    firstFailedAt,
    attempts: input.attempt,
  });
  const base = { merchantId: input.merchantId, environment: input.environment };
  const data = { invoice_id: input.invoiceId, subscription_id: input.subscriptionId };
  const events: NewEvent[] = [];

  switch (decision.kind) {
    case 'retry': {
      let at = decision.at;
      if (input.cardToken) {
        const capped = applyNetworkCaps(at, await cardDeclines(tx, input.cardToken, at), input.caps);
        if (capped.capped) {
          at = capped.at;
          events.push({
            ...base,
            type: 'invoice.retry_capped',
            data: { ...data, card_token: input.cardToken, cap: capped.capped, next_attempt_at: at.toISOString() },
          });
        }
      }
      // A real-clock retry goes to the queue as a delayed job at once; `retry_enqueued_at` = its due
      // time, so the scheduler's safety net re-sends it only if it is still owed a grace after that.
      await tx.query(
        `update billing.invoices set status = 'past_due', first_failed_at = $2, next_attempt_at = $3, retry_enqueued_at = $4, held_for_card = false,
            decline_table_version = coalesce(decline_table_version, 1), updated_at = $5
          where id = $1`,
        [input.invoiceId, firstFailedAt, at, inv.test_clock_id ? null : at, input.now],
      );
      if (input.cardToken) {
        // One card, one retry rhythm: its other waiting invoices do not pile on before this one.
        await tx.query(
          `update billing.invoices i set next_attempt_at = $3, retry_enqueued_at = null, updated_at = $4
            where i.status = 'past_due' and i.id <> $2 and i.next_attempt_at < $3
              and (select a.card_token from billing.charge_attempts a where a.invoice_id = i.id order by a.number desc limit 1) = $1`,
          [input.cardToken, input.invoiceId, at, input.now],
        );
      }
      events.push({
        ...base,
        type: 'invoice.retry_scheduled',
        data: { ...data, attempt: input.attempt + 1, next_attempt_at: at.toISOString() },
      });
      return {
        events,
        followUps: { retry: { invoiceId: input.invoiceId, attempt: input.attempt + 1, at, realClock: !inv.test_clock_id } },
        nextAttemptAt: at,
        final: false,
        invoiceStatus: 'past_due',
      };
    }
    case 'hold_for_card': {
      await tx.query(
        `update billing.invoices set status = 'past_due', first_failed_at = $2, next_attempt_at = null, held_for_card = true, updated_at = $3 where id = $1`,
        [input.invoiceId, firstFailedAt, input.now],
      );
      return {
        events,
        followUps: { hold: { subscriptionId: input.subscriptionId, invoiceId: input.invoiceId } },
        nextAttemptAt: null,
        final: false,
        invoiceStatus: 'past_due',
      };
    }
    case 'final': {
      events.push(
        ...(await applyFinalAction(tx, { ...input, finalAction: inv.dunning.final_action, reason: decision.reason, firstFailedAt })),
      );
      return {
        events,
        followUps: {},
        nextAttemptAt: null,
        final: true,
        invoiceStatus: inv.dunning.final_action === 'leave_past_due' ? 'past_due' : 'uncollectible',
      };
    }
    default: {
      const unreachable: never = decision;
      throw new Error(`unhandled decision ${String(unreachable)}`);
    }
  }
}

/** Dunning is over: `cancel` and `mark_unpaid` end the subscription's billing and write the invoice off; `leave_past_due` leaves both as they are. */
async function applyFinalAction(
  tx: Sql,
  input: FailureInput & { finalAction: DunningPolicy['final_action']; reason: 'exhausted' | 'hard_decline'; firstFailedAt: Date },
): Promise<NewEvent[]> {
  const base = { merchantId: input.merchantId, environment: input.environment };
  const data = { invoice_id: input.invoiceId, subscription_id: input.subscriptionId, reason: input.reason };
  if (input.finalAction === 'leave_past_due') {
    await tx.query(
      `update billing.invoices set status = 'past_due', first_failed_at = $2, next_attempt_at = null, updated_at = $3 where id = $1`,
      [input.invoiceId, input.firstFailedAt, input.now],
    );
    return [];
  }
  await tx.query(
    `update billing.invoices set status = 'uncollectible', first_failed_at = $2, next_attempt_at = null, updated_at = $3 where id = $1`,
    [input.invoiceId, input.firstFailedAt, input.now],
  );
  const events: NewEvent[] = [{ ...base, type: 'invoice.uncollectible', data }];
  const status = input.finalAction === 'cancel' ? 'cancelled' : 'unpaid';
  const changed = await tx.query(
    `update billing.subscriptions set status = $2::varchar, next_charge_at = null, cancelled_at = case when $2::varchar = 'cancelled' then $3 else cancelled_at end, updated_at = $4
      where id = $1 and status not in ('cancelled', 'unpaid') returning id`,
    [input.subscriptionId, status, input.billingNow, input.now],
  );
  if (changed.length) {
    events.push({
      ...base,
      type: status === 'cancelled' ? 'subscription.cancelled' : 'subscription.updated',
      data: { subscription_id: input.subscriptionId, status, reason: `dunning_${input.reason}` },
    });
  }
  return events;
}
