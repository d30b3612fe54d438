import { prepared, type Sql } from '../../platform/sql.ts';
import { Params } from '../../platform/sql-params.ts';
import { insertEventsSql } from '../events/insert-events-sql.ts';
import type { NewEvent } from '../events/event-types.ts';
import type { DeclineClass } from '../declines/decline-table.ts';
import type { DunningPolicy } from '../plans/plan.entity.ts';
import { subscriptionJsonSql } from '../subscriptions/subscription-view.ts';
import { giveBackVoidedCredit, voidOwedInvoicesSql, type VoidedCredit } from '../invoices/void-owed.ts';
import { applyNetworkCaps, decideAfterDecline, type NetworkCaps } from './dunning-policy.ts';
import { billFinalUsage } from '../usage/usage-so-far.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';

const DAY_MS = 86_400_000;

export interface FailureInput {
  merchantId: string;
  environment: string;
  invoiceId: string;
  subscriptionId: string;
  attempt: number;
  /** The invoice's attempts that count against the dunning schedule (manual retries do not). */
  scheduledAttempts: number;
  declineClass: DeclineClass | 'error';
  earliestRetryAt: Date | null;
  /** The card the gateway charged (an alias resolved); null when it charged none. */
  cardToken: string | null;
  /** What the card counts as (`cardKey` of the gateway port: its fingerprint, or its token): caps and rhythm are per key. */
  cardKey: string;
  /** Billing time: the subscription's test clock where it has one. */
  billingNow: Date;
  now: Date;
  caps: NetworkCaps;
  /** The invoice's dunning policy, its first failure so far and its subscription's test clock (read with the outcome). */
  dunning: DunningPolicy;
  firstFailedAt: Date | null;
  testClockId: string | null;
  /** The failed attempt's own event (`invoice.payment_failed`), written with the failure's once the decision is known. */
  outcomeEvent(decided: { nextAttemptAt: Date | null; final: boolean }): NewEvent;
}

export interface FailureFollowUps {
  /** A retry to hand to the retry queue after the commit, delayed until `at` (real-clock subscriptions). */
  retry?: {
    invoiceId: string;
    attempt: number;
    at: Date;
    realClock: boolean;
    /** The network cap that deferred it, if one did. */ cap?: '24h' | '30d' | null;
  };
  /** The subscription waits for new card data: the expiry-update queue takes it. */
  hold?: { subscriptionId: string; invoiceId: string };
  /** The final invoice of the usage of a subscription the final action ended, to charge after the commit. */
  charge?: { invoiceId: string };
}

export interface FailureResult {
  followUps: FailureFollowUps;
  nextAttemptAt: Date | null;
  final: boolean;
  invoiceStatus: 'past_due' | 'uncollectible';
}

/** The declined attempts of a card, in billing time, inside the widest cap window before `at`. */
async function cardDeclines(tx: Sql, cardKey: string, at: Date): Promise<Date[]> {
  const rows = await tx.query<{ attempted_at: string }>(
    prepared(`select attempted_at from billing.charge_attempts where card_key = $1 and status = 'declined' and attempted_at > $2`),
    [cardKey, new Date(at.getTime() - 30 * DAY_MS)],
  );
  return rows.map((r) => new Date(r.attempted_at));
}

/**
 * Locks every row the failure's statement may write, in one order: the invoices (this one, the
 * card's other past-due ones, the subscription's other owed ones) by id, then the subscription.
 * Written by the statement alone, each failure took its locks in the order its sub-statements
 * happened to run (its own invoice, the subscription, then the others): two failures recorded at
 * once on one card or one subscription each held what the other waited for (deadlock, 40P01).
 */
async function lockInOrder(tx: Sql, input: FailureInput): Promise<void> {
  await tx.query(
    prepared(`select i.id from billing.invoices i
       where i.id = $1 or (i.subscription_id = $2 and i.status in ('open', 'past_due'))
          or (i.status = 'past_due' and i.id in (select a.invoice_id from billing.charge_attempts a where a.card_token = $3))
       order by i.id for update`),
    [input.invoiceId, input.subscriptionId, input.cardToken],
  );
  await tx.query(prepared('select 1 from billing.subscriptions where id = $1 for update'), [input.subscriptionId]);
}

/**
 * Applies the invoice's dunning policy after a failed attempt, in the outcome's transaction:
 * schedule the next retry (never past the card's network caps, and never earlier than another
 * retry already waiting on the same card, so one card's invoices are retried together), hold the
 * invoice for new card data, or end dunning with the plan's final action. The subscription is
 * past due while an invoice is (unless the final action ended it). The writes and their events
 * are one statement; only a retry on a known card reads first (its network caps).
 */
export async function applyFailure(tx: Sql, input: FailureInput): Promise<FailureResult> {
  await lockInOrder(tx, input);
  const firstFailedAt = input.firstFailedAt ?? input.billingNow;
  const decision = decideAfterDecline({
    policy: input.dunning,
    declineClass: input.declineClass,
    earliestRetryAt: input.earliestRetryAt,
    firstFailedAt,
    attempts: input.scheduledAttempts,
  });
  const base = { merchantId: input.merchantId, environment: input.environment };
  const data = { invoice_id: input.invoiceId, subscription_id: input.subscriptionId };
  const params = new Params();
  const [invoiceId, now] = [params.add(input.invoiceId), params.add(input.now)];
  const steps: string[] = [];
  const events: NewEvent[] = [];
  let result: FailureResult;
  // The final action's end of the subscription, when it ends it (`cancel`, `mark_unpaid`).
  let ended: { status: 'cancelled' | 'unpaid'; reason: string } | null = null;

  switch (decision.kind) {
    case 'retry': {
      // A slot the schedule already passed (the attempt was deferred or made by hand) is due now,
      // and the caps count from now, this attempt included: a deferral always lies ahead.
      let at = decision.at < input.billingNow ? input.billingNow : decision.at;
      if (input.cardToken) {
        const capped = applyNetworkCaps(at, await cardDeclines(tx, input.cardKey, at), input.caps);
        if (capped.capped) {
          at = capped.at;
          events.push({
            ...base,
            type: 'invoice.retry_capped',
            data: { ...data, card_token: input.cardToken, cap: capped.capped, next_attempt_at: at.toISOString() },
          });
        }
      }
      const next = params.add(at);
      // A real-clock retry goes to the queue as a delayed job at once; `retry_enqueued_at` = its due
      // time, so the scheduler's safety net re-sends it only if it is still owed a grace after that.
      steps.push(
        `update billing.invoices set status = 'past_due', first_failed_at = ${params.add(firstFailedAt)}, next_attempt_at = ${next},
            retry_enqueued_at = ${params.add(input.testClockId ? null : at)}::timestamptz, held_for_card = false,
            decline_table_version = coalesce(decline_table_version, 1), updated_at = ${now}
          where id = ${invoiceId} and status in ('open', 'past_due')`,
      );
      if (input.cardToken) {
        // One card, one retry rhythm: its other waiting invoices do not pile on before this one.
        // (Candidates through the card's attempts, by index, instead of every past-due invoice.)
        const card = params.add(input.cardKey);
        steps.push(
          `update billing.invoices i set next_attempt_at = ${next}, retry_enqueued_at = null, updated_at = ${now}
            where i.id in (select a.invoice_id from billing.charge_attempts a where a.card_key = ${card})
              and i.status = 'past_due' and i.id <> ${invoiceId} and i.next_attempt_at < ${next}
              and (select a.card_key from billing.charge_attempts a where a.invoice_id = i.id order by a.number desc limit 1) = ${card}`,
        );
      }
      events.push({
        ...base,
        type: 'invoice.retry_scheduled',
        data: { ...data, attempt: input.attempt + 1, next_attempt_at: at.toISOString() },
      });
      result = {
        followUps: { retry: { invoiceId: input.invoiceId, attempt: input.attempt + 1, at, realClock: !input.testClockId } },
        nextAttemptAt: at,
        final: false,
        invoiceStatus: 'past_due',
      };
      break;
    }
    case 'hold_for_card': {
      steps.push(
        `update billing.invoices set status = 'past_due', first_failed_at = ${params.add(firstFailedAt)}, next_attempt_at = null,
            held_for_card = true, updated_at = ${now} where id = ${invoiceId} and status in ('open', 'past_due')`,
      );
      result = {
        followUps: { hold: { subscriptionId: input.subscriptionId, invoiceId: input.invoiceId } },
        nextAttemptAt: null,
        final: false,
        invoiceStatus: 'past_due',
      };
      break;
    }
    case 'final': {
      // Dunning is over: `cancel` and `mark_unpaid` end the subscription's billing and write the
      // invoice off; `leave_past_due` leaves both as they are.
      const finalAction = input.dunning.final_action;
      const writtenOff = finalAction !== 'leave_past_due';
      steps.push(
        `update billing.invoices set status = '${writtenOff ? 'uncollectible' : 'past_due'}', first_failed_at = ${params.add(firstFailedAt)},
            next_attempt_at = null, updated_at = ${now} where id = ${invoiceId} and status in ('open', 'past_due')`,
      );
      if (writtenOff) {
        events.push({ ...base, type: 'invoice.uncollectible', data: { ...data, reason: decision.reason } });
        ended = { status: finalAction === 'cancel' ? 'cancelled' : 'unpaid', reason: decision.reason };
      }
      result = { followUps: {}, nextAttemptAt: null, final: true, invoiceStatus: writtenOff ? 'uncollectible' : 'past_due' };
      break;
    }
    default: {
      const unreachable: never = decision;
      throw new Error(`unhandled decision ${String(unreachable)}`);
    }
  }
  const outcome = input.outcomeEvent({ nextAttemptAt: result.nextAttemptAt, final: result.final });
  const subscriptionId = params.add(input.subscriptionId);
  // The subscription is past due while an invoice is, unless the final action ended it (an ended
  // subscription is not also moved to past due: it is no longer active or trialing).
  const subscription = ended
    ? {
        sql: `update billing.subscriptions set status = '${ended.status}', next_charge_at = null,
                 cancelled_at = ${ended.status === 'cancelled' ? params.add(input.billingNow) : 'cancelled_at'}, updated_at = ${now}
               where id = ${subscriptionId} and status not in ('cancelled', 'unpaid') returning *`,
        event: {
          ...base,
          type: ended.status === 'cancelled' ? ('subscription.cancelled' as const) : ('subscription.updated' as const),
          data: { reason: `dunning_${ended.reason}` },
        },
      }
    : {
        sql: `update billing.subscriptions set status = 'past_due', updated_at = ${now}
               where id = ${subscriptionId} and status in ('active', 'trialing') returning *`,
        event: { ...base, type: 'subscription.past_due' as const, data: { invoice_id: input.invoiceId } },
      };
  const when: { cte: string; event: NewEvent; dataSql: string }[] = [
    {
      cte: 'subscription',
      event: subscription.event,
      dataSql: `jsonb_build_object('subscription', ${subscriptionJsonSql('subscription')})`,
    },
  ];
  // A subscription the final action ended is collected no more: its other owed invoices (periods
  // a catch-up invoiced before this outcome) are voided, as a cancel would.
  const voided = ended
    ? `, ${voidOwedInvoicesSql({
        name: 'voided',
        where: `i.subscription_id = ${subscriptionId} and i.id <> ${invoiceId} and exists (select 1 from subscription)`,
        reason: params.add(`subscription_${ended.status}`),
        at: params.add(input.billingNow),
        now,
      })}`
    : '';
  // Each step touches its own rows (this invoice, the card's other invoices, the subscription).
  const rows = await tx.query<{ voided: VoidedCredit[] | null; ended_now: boolean }>(
    prepared(`with ${steps.map((sql, i) => `step${i} as (${sql})`).join(', ')},
          subscription as (${subscription.sql})${voided},
          events as (${insertEventsSql(params, input.billingNow, [outcome, ...events], when)})
     select ${ended ? `(select json_agg(voided) from voided where credit_applied > 0)` : 'null'} as voided,
            exists (select 1 from subscription) as ended_now`),
    params.values,
  );
  // The credit the voided invoices had used goes back where it came from, as a cancel gives it back
  // (a statement of its own: the subscription's row was written by the one above).
  const given = rows[0]?.voided;
  if (given?.length) await giveBackVoidedCredit(tx, given, input.now);
  // A subscription the final action ended bills the usage of its last, partial period on a final
  // invoice, as a cancel now does (usage-priced plans only), once: when this outcome ended it. Its
  // row is locked by the update above, so no usage batch can add an event the invoice misses.
  if (ended && rows[0]?.ended_now) {
    const [sub] = await tx.query<{ id: string; plan_id: string; credit_balance: string; customer_id: string | null }>(
      'select id, plan_id, credit_balance, customer_id from billing.subscriptions where id = $1',
      [input.subscriptionId],
    );
    const merchant = { merchantId: input.merchantId, environment: input.environment } as MerchantRef;
    const final = sub ? await billFinalUsage(tx, merchant, sub, input.billingNow, input.now, input.billingNow) : null;
    if (final?.kind === 'invoice' && final.status === 'open')
      result.followUps = { ...result.followUps, charge: { invoiceId: final.invoiceId } };
  }
  return result;
}
