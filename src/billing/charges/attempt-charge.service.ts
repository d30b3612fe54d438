import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { prepared, type Sql, type SqlPool, type Step } from '../../platform/sql.ts';
import { insertEventsSql, Params, type NewEvent } from '../events/events.service.ts';
import { voidOwedInvoicesSql } from '../invoices/void-owed.ts';
import { cardKey, type BillingGateway, type ChargeOutcome, type MerchantRef } from '../ports/gateway-port.ts';
import type { ChargeHooks } from './charge-hooks.ts';
import { keepChainId } from './credential-chain.ts';
import { classifyDecline, type DeclineClass } from '../declines/decline-table.ts';
import { applyFailure, type FailureFollowUps } from '../dunning/apply-failure.service.ts';
import { DEFAULT_CAPS, type NetworkCaps } from '../dunning/dunning-policy.ts';
import { deferForCaps } from '../dunning/cap-deferral.service.ts';
import type { DunningPolicy } from '../plans/plan.entity.ts';
import { subscriptionJsonSql } from '../subscriptions/subscription-view.ts';

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
  /** A manual retry (`POST /invoices/{id}/retry`): outside the dunning schedule. */
  manual?: boolean;
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
  /** The card's stored-credential chain id, sent with the purchase; null before its first approval. */
  chainId: string | null;
  /** What the attempt counts against (`cardKey` of the gateway port: the card's fingerprint, or its token). */
  cardKey: string;
}

/**
 * A card valid through `YYYY-MM-DD` (the last day of its month) is expired from the next day on
 * (UTC midnight): SQL over a `YYYY-MM-DD` column and a timestamptz.
 */
const CARD_EXPIRED_SQL = (expiry: string, at: string) =>
  `(${expiry} is not null and ${at} >= (${expiry}::date + 1)::timestamp at time zone 'UTC')`;

interface ClaimRow {
  /** The invoice locked in its latest version is the one this statement's snapshot read. */
  consistent: boolean;
  merchant_id: string;
  environment: 'sandbox' | 'production';
  status: string;
  amount: string;
  currency: string;
  attempt_count: number;
  subscription_id: string;
  subscription_status: string;
  /** The subscription's card as it names it: a token or an alias. */
  card_token: string;
  /** The card's token the claim charges: the name when it is a token, else the resolution given; null when an alias awaits one. */
  card: string | null;
  /** The card's key the claim counted against (its fingerprint, or its token); null until the gateway gave it. */
  card_key: string | null;
  held_for_card: boolean;
  billing_now: string;
  expired: boolean;
  existing_id: string | null;
  existing_status: string | null;
  /** The card token the attempt already written was claimed against. */
  existing_card: string | null;
  /** The card key the attempt already written counts against (null on attempts from before keys). */
  existing_card_key: string | null;
  attempt_id: string | null;
  /** The card's network caps left no room for this attempt now, its attempts in flight counted as declines. */
  capped: boolean;
  /** Its declines alone fill a window (not only attempts still in flight). */
  capped_by_declines: boolean;
  /** The card's stored-credential chain id (`credential-chain.ts`), when an approval gave it one. */
  chain_id: string | null;
}

/**
 * Subscription states whose invoices are collected. A cancelled, paused or unpaid subscription is
 * never charged, whatever job is still queued for it: the claim reads the state in the statement
 * that writes the attempt (cancelling and pausing touch the owed invoices, so a claim racing them
 * runs again over the new state).
 */
export const COLLECTING = ['trialing', 'active', 'past_due'] as const;

/**
 * Transaction 1, one statement: lock the invoice, and either write the attempt (`sending`, with its
 * reference) and mark the invoice's attempt in flight, or hold the invoice when the card expired on
 * the charge date, or change nothing; then commit, before the gateway is called.
 *
 * The lock is taken on the invoice's latest version while the rest of the statement reads its
 * snapshot. Every transaction that writes an attempt or its outcome also updates the invoice, so
 * when the locked version is not the one the snapshot saw (another delivery of this job committed
 * in between), the statement writes nothing and runs again with a fresh snapshot.
 */
const CLAIM_SQL = `
  with inv as (
    select i.id, i.xmin::text as version, i.merchant_id, i.environment, i.status, i.amount, i.currency, i.attempt_count, i.subscription_id,
           s.card_token, case when s.card_is_token then s.card_token else $8::text end as card,
           case when s.card_is_token and s.card_key is not null then s.card_key else $9::text end as card_key, s.card_expiry, s.status as subscription_status, i.held_for_card, coalesce(c.frozen_time, $3) as billing_now
      from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
      left join billing.test_clocks c on c.id = s.test_clock_id
     where i.id = $1 for update of i),
  seen as (select xmin::text as version from billing.invoices where id = $1),
  existing as (select id, status, claimed_card_token, card_key from billing.charge_attempts where invoice_id = $1 and number = $2),
  ready as (
    -- Only the next attempt may start, and only when the last one has an outcome (never retry over an unknown).
    select inv.*, ${CARD_EXPIRED_SQL('inv.card_expiry', 'inv.billing_now')} as expired from inv
     where inv.version = (select version from seen) and inv.status in ('open', 'past_due') and not inv.held_for_card
       and inv.subscription_status in (${COLLECTING.map((st) => `'${st}'`).join(', ')})
       and not exists (select 1 from existing) and inv.attempt_count + 1 = $2),
  -- The card's network caps: its declined attempts, and those still in flight (they may decline),
  -- in each sliding window ending now. A full window frees once its oldest counted attempt leaves
  -- it; the attempt is then not made (the caller defers the invoice to then).
  -- The card is its key, the fingerprint the gateway gives (its token where it gives none): caps are
  -- per card, whatever token or alias a subscription names it by. Each attempt records the key it
  -- was claimed against; one in flight is found through the per-card index of attempts in flight.
  -- Its merchant is checked per attempt, in a scalar subquery the planner cannot turn into a join:
  -- as a join, a plan made without statistics read every invoice of the merchant, per claim.)
  card_attempts as (
    select a.attempted_at, true as declined from billing.charge_attempts a, inv
     where a.card_key = inv.card_key and a.status = 'declined'
       and a.attempted_at > inv.billing_now - interval '30 days' and a.attempted_at <= inv.billing_now
    union all
    select a.attempted_at, false from billing.charge_attempts a, inv
     where a.card_key = inv.card_key and a.status in ('sending', 'unknown')
       and (select i2.merchant_id from billing.invoices i2 where i2.id = a.invoice_id) = inv.merchant_id
       and a.attempted_at > inv.billing_now - interval '30 days' and a.attempted_at <= inv.billing_now),
  capped as (
    select (select attempted_at from card_attempts where attempted_at > inv.billing_now - interval '24 hours'
             order by attempted_at desc offset $6::int - 1 limit 1) as full_24h,
           (select attempted_at from card_attempts order by attempted_at desc offset $7::int - 1 limit 1) as full_30d,
           (select count(*) from card_attempts where declined and attempted_at > inv.billing_now - interval '24 hours') >= $6::int
             or (select count(*) from card_attempts where declined) >= $7::int as full_declined
      from inv),
  attempt as (
    insert into billing.charge_attempts (id, invoice_id, number, reference, status, manual, claimed_card_token, card_key, attempted_at, created_at, updated_at)
    select gen_random_uuid(), $1, $2, $4, 'sending', $5, ready.card, ready.card_key, ready.billing_now, ready.billing_now, $3
      from ready, capped where not ready.expired and ready.card is not null and ready.card_key is not null
       and capped.full_24h is null and capped.full_30d is null
    returning id),
  -- An attempt in flight is not also due: the next retry is decided by its outcome.
  in_flight as (
    update billing.invoices set attempt_count = $2, next_attempt_at = null, updated_at = $3
     where id = $1 and exists (select 1 from attempt)),
  -- A subscription that ended (cancelled, unpaid, completed) is collected no more: an invoice still
  -- owed when its charge comes (one a catch-up wrote while the subscription was ending) is voided here.
  ${voidOwedInvoicesSql({
    name: 'ended',
    from: 'inv',
    where: `i.id = $1 and inv.version = (select version from seen) and inv.subscription_status in ('cancelled', 'unpaid', 'completed')
       and not exists (select 1 from existing where existing.status in ('sending', 'unknown'))`,
    reason: `'subscription_' || inv.subscription_status`,
    at: 'inv.billing_now',
    now: '$3',
  })},
  -- No doomed purchase: a card expired on the charge date waits for new card data instead.
  held as (
    update billing.invoices i set status = 'past_due', held_for_card = true, next_attempt_at = null,
        first_failed_at = coalesce(i.first_failed_at, ready.billing_now), updated_at = $3
      from ready where i.id = $1 and ready.expired),
  held_subscription as (
    update billing.subscriptions s set status = 'past_due', updated_at = $3
      from ready where s.id = ready.subscription_id and ready.expired and s.status in ('active', 'trialing'))
  select inv.version = (select version from seen) as consistent, inv.merchant_id, inv.environment, inv.status, inv.amount, inv.currency,
         inv.attempt_count, inv.subscription_id, inv.subscription_status, inv.card_token, inv.card, inv.card_key, inv.held_for_card, inv.billing_now,
         coalesce((select expired from ready), false) as expired,
         (select id from existing) as existing_id, (select status from existing) as existing_status,
         (select claimed_card_token from existing) as existing_card, (select card_key from existing) as existing_card_key,
         (select id from attempt) as attempt_id,
         (select full_24h is not null or full_30d is not null from capped) as capped,
         (select full_declined from capped) as capped_by_declines,
         (select tracking_id from billing.credential_chains cc
           where cc.merchant_id = inv.merchant_id and cc.environment = inv.environment and cc.card_key = inv.card_key) as chain_id
    from inv`;

/** The card's attempts in flight fill a cap window: the charge is tried again shortly (the queue's transport retry). */
export class CardBusyError extends Error {
  override name = 'CardBusyError';
}

/** Why an attempt the card's network caps refused was not made. */
export const CAPPED_REASON = 'the card is at a network cap';

/** A statement that found the invoice changed under its snapshot runs again; this many times at most. */
const CLAIM_TRIES = 10;

/**
 * One claim per card at a time: the claim counts the card's attempts in its cap windows, so two
 * claims on one card (its subscriptions' invoices charged side by side) must not both count
 * before either has written. A transaction-scoped advisory lock on the card, taken in a statement
 * of its own so that the claim's snapshot is taken after it.
 */
const CARD_LOCK_SQL = `select pg_advisory_xact_lock(hashtextextended(s.merchant_id::text || ':' || (case when s.card_is_token and s.card_key is not null then s.card_key else $2::text end), 0))
  from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id where i.id = $1`;

type ClaimOutcome =
  | Claimed
  | { skip: string; hold?: FailureFollowUps['hold']; capped?: { billingNow: Date; cardToken: string; cardKey: string } }
  /** The card's key (or, for an alias, the card) is not known yet: the claim wrote nothing until the gateway says which card that is. */
  | { resolve: string; merchant: MerchantRef; subscriptionId: string };

/**
 * Transaction 1: write the attempt (or find the unresolved one) before the gateway is called.
 * `card`: the token the subscription's alias resolves to (null on the first pass: a subscription
 * that names its card by token needs no resolution, and one that names it by alias gets
 * `resolve` back without anything written).
 */
async function claimAttempt(
  sql: SqlPool,
  now: Date,
  input: ChargeInput,
  caps: NetworkCaps,
  card: { token: string; key: string } | null,
): Promise<ClaimOutcome> {
  const reference = attemptReference(input.invoiceId, input.attempt);
  // The card's lock, then the claim, in one transaction sent as one message (one round trip).
  // With an alias not yet resolved the lock's key is null and no lock is taken: nothing is written then.
  const lock = { text: CARD_LOCK_SQL, types: ['uuid', 'text'], params: [input.invoiceId, card?.key ?? null] };
  const claim = {
    text: CLAIM_SQL,
    types: ['uuid', 'int', 'timestamptz', 'text', 'boolean', 'int', 'int', 'text', 'text'],
    params: [
      input.invoiceId,
      input.attempt,
      now,
      reference,
      input.manual ?? false,
      caps.per24Hours,
      caps.per30Days,
      card?.token ?? null,
      card?.key ?? null,
    ],
  };
  let inv: ClaimRow | undefined;
  for (let tries = 1; ; tries++) {
    inv = (await sql.steps<ClaimRow>([lock, claim]))[0];
    if (!inv || inv.consistent) break;
    if (tries >= CLAIM_TRIES) throw new Error(`invoice ${input.invoiceId} kept changing while its attempt was claimed`);
  }
  if (!inv) return { skip: 'no such invoice' };
  const base = {
    merchant: { merchantId: inv.merchant_id, environment: inv.environment },
    reference,
    amount: Number(inv.amount),
    currency: inv.currency,
    // The purchase names the card the caps were counted against (an alias moved since is charged next time).
    cardToken: inv.card ?? inv.card_token,
    subscriptionId: inv.subscription_id,
    billingNow: new Date(inv.billing_now),
    chainId: inv.chain_id,
    cardKey: inv.card_key ?? inv.card ?? inv.card_token,
  };
  // An attempt already written may have moved money: it is looked up and recorded whatever
  // happened since (an invoice voided by a cancel while it was at the gateway is still paid by it).
  if (inv.existing_id && (inv.existing_status === 'sending' || inv.existing_status === 'unknown')) {
    return {
      ...base,
      cardToken: inv.existing_card ?? inv.card_token,
      cardKey: inv.existing_card_key ?? inv.existing_card ?? inv.card_token,
      attemptId: inv.existing_id,
      resumed: true,
    };
  }
  if (inv.status !== 'open' && inv.status !== 'past_due') return { skip: `invoice is ${inv.status}` };
  if (inv.held_for_card) return { skip: 'held for a card update' };
  if (!(COLLECTING as readonly string[]).includes(inv.subscription_status)) return { skip: `subscription is ${inv.subscription_status}` };
  if (inv.existing_id) return { skip: `attempt is ${inv.existing_status}` };
  if (input.attempt !== inv.attempt_count + 1) return { skip: `attempt ${input.attempt} is not the next (${inv.attempt_count + 1})` };
  if (inv.expired) {
    return { skip: 'card expired on the charge date', hold: { subscriptionId: inv.subscription_id, invoiceId: input.invoiceId } };
  }
  if (inv.card === null || inv.card_key === null)
    return { resolve: inv.card_token, merchant: base.merchant, subscriptionId: inv.subscription_id };
  if (inv.capped && !inv.capped_by_declines) {
    // Only attempts still at the gateway fill the window: they may well be approved. Not a day's
    // deferral but a short wait: the queue runs the job again in seconds.
    throw new CardBusyError(`card of invoice ${input.invoiceId} has attempts in flight up to its network cap`);
  }
  if (inv.capped) return { skip: CAPPED_REASON, capped: { billingNow: base.billingNow, cardToken: inv.card, cardKey: inv.card_key } };
  if (!inv.attempt_id) throw new Error(`attempt ${input.attempt} of invoice ${input.invoiceId} was neither written nor refused`);
  return { ...base, attemptId: inv.attempt_id, resumed: false };
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
    ...(claimed.chainId ? { authorizationTrackingId: claimed.chainId } : {}),
  });
}

type Resolved = Exclude<ChargeOutcome, { kind: 'unknown' }>;

/** What the attempt row records of an outcome (the resolution of a `sending` or `unknown` attempt). */
function attemptOutcome(claimed: Claimed, outcome: Resolved) {
  const classification =
    outcome.kind === 'rejected'
      ? null
      : classifyDecline(
          outcome.responseCode,
          outcome.kind === 'declined' ? outcome.adviceCode : null,
          outcome.kind === 'declined' ? outcome.adviceRetryAfter : null,
          claimed.billingNow,
        );
  return {
    status: outcome.kind === 'approved' ? 'approved' : outcome.kind === 'declined' ? 'declined' : 'error',
    classification,
    cardToken: outcome.kind === 'rejected' ? null : (outcome.cardToken ?? null),
  } as const;
}

/**
 * Records an outcome over the attempt only while it is unresolved (`sending` or `unknown`): a
 * duplicate delivery that comes second finds it resolved and changes nothing. SQL for a CTE
 * named `recorded`, which returns the attempt's id when this statement recorded it.
 * The attempt keeps the time of its claim (`attempted_at`, the time its caps were counted at);
 * the billing time of this record is `resolved_at`, later when a worker died in between and the
 * job was taken up again after the clock moved on.
 */
function recordAttemptSql(params: Params, now: Date, claimed: Claimed, outcome: Resolved): string {
  const { status, classification, cardToken } = attemptOutcome(claimed, outcome);
  return `update billing.charge_attempts set status = ${params.add(status)}, purchase_id = ${params.add(outcome.kind === 'rejected' ? null : outcome.purchaseId)},
        response_code = ${params.add(outcome.kind === 'rejected' ? null : outcome.responseCode)}, message = ${params.add(outcome.message.slice(0, 255))},
        advice_code = ${params.add(outcome.kind === 'declined' ? outcome.adviceCode : null)}, decline_class = ${params.add(classification?.declineClass ?? null)},
        updated_at = ${params.add(now)}, card_token = ${params.add(cardToken)}, resolved_at = ${params.add(claimed.billingNow)}
      where id = ${params.add(claimed.attemptId)} and status in ('sending', 'unknown') returning id`;
}

/**
 * Transaction 2 of an approved charge, one statement: the attempt, the invoice paid, its ledger
 * entry, the subscription back to active when this was its last past-due invoice, and their events,
 * all or nothing, and all of it only over an unresolved attempt. The common case of a charge.
 */
async function recordApproved(
  run: (text: string, values: Step['params']) => Promise<{ recorded: boolean }[]>,
  now: Date,
  input: ChargeInput,
  claimed: Claimed,
  outcome: Extract<Resolved, { kind: 'approved' }>,
): Promise<ChargeResult> {
  const { merchantId, environment } = claimed.merchant;
  const params = new Params();
  const recorded = recordAttemptSql(params, now, claimed, outcome);
  const [invoiceId, at, subscriptionId] = [params.add(input.invoiceId), params.add(now), params.add(claimed.subscriptionId)];
  // Paid at billing time (a test clock's where one applies), as its events are.
  const paidAt = params.add(claimed.billingNow);
  const paid: NewEvent = {
    merchantId,
    environment,
    type: 'invoice.paid',
    data: {
      invoice_id: input.invoiceId,
      subscription_id: claimed.subscriptionId,
      attempt: input.attempt,
      amount: claimed.amount,
      currency: claimed.currency,
      purchase_id: outcome.purchaseId,
    },
  };
  const active: NewEvent = {
    merchantId,
    environment,
    type: 'subscription.updated',
    data: { previous_status: 'past_due' },
  };
  const rows = await run(
    `with recorded as (${recorded}),
     paid as (
       update billing.invoices set status = 'paid', paid_at = ${paidAt}, next_attempt_at = null, updated_at = ${at}
        where id = ${invoiceId} and exists (select 1 from recorded)),
     ledger as (
       insert into billing.ledger_entries (id, merchant_id, environment, invoice_id, attempt_id, purchase_id, amount, currency, created_at)
       select gen_random_uuid(), ${params.add(merchantId)}, ${params.add(environment)}, ${invoiceId}, recorded.id, ${params.add(outcome.purchaseId)},
              ${params.add(claimed.amount)}, ${params.add(claimed.currency)}, ${at} from recorded),
     -- A subscription is past due while any invoice is; the last one paid (this one) brings it back.
     back as (
       update billing.subscriptions s set status = 'active', updated_at = ${at}
        where s.id = ${subscriptionId} and s.status = 'past_due' and exists (select 1 from recorded)
          and not exists (select 1 from billing.invoices i where i.subscription_id = s.id and i.status = 'past_due' and i.id <> ${invoiceId})
        returning s.*),
     events as (${insertEventsSql(
       params,
       claimed.billingNow,
       [],
       [
         { cte: 'recorded', event: paid },
         { cte: 'back', event: active, dataSql: `jsonb_build_object('subscription', ${subscriptionJsonSql('back')})` },
       ],
     )})
     select exists (select 1 from recorded) as recorded`,
    params.values as Step['params'],
  );
  // Someone else recorded this attempt first (a duplicate delivery): nothing more to do.
  if (!rows[0]?.recorded) return { kind: 'skipped', reason: 'attempt already recorded' };
  return {
    kind: 'recorded',
    status: 'approved',
    invoiceStatus: 'paid',
    amount: claimed.amount,
    currency: claimed.currency,
    declineClass: null,
    followUps: undefined,
  };
}

/** Transaction 2 of a declined or refused charge: the attempt, then dunning's decision and its writes (two or three statements). */
async function recordFailure(
  tx: Sql,
  now: Date,
  input: ChargeInput,
  claimed: Claimed,
  outcome: Exclude<Resolved, { kind: 'approved' }>,
  caps: NetworkCaps,
): Promise<ChargeResult> {
  const params = new Params();
  const recorded = recordAttemptSql(params, now, claimed, outcome);
  const rows = await tx.query<{
    recorded: boolean;
    dunning: DunningPolicy;
    first_failed_at: string | null;
    test_clock_id: string | null;
    manual_attempts: number;
  }>(
    prepared(`with recorded as (${recorded})
     select exists (select 1 from recorded) as recorded, i.dunning, i.first_failed_at, s.test_clock_id,
            (select count(*)::int from billing.charge_attempts a where a.invoice_id = i.id and a.manual) as manual_attempts
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id where i.id = ${params.add(input.invoiceId)}`),
    params.values,
  );
  // Someone else recorded this attempt first (a duplicate delivery): nothing more to do.
  if (!rows[0]?.recorded) return { kind: 'skipped', reason: 'attempt already recorded' };
  const inv = rows[0];
  const { merchantId, environment } = claimed.merchant;
  const { classification, cardToken } = attemptOutcome(claimed, outcome);
  const declineClass = classification?.declineClass ?? 'error';
  const failure = await applyFailure(tx, {
    merchantId,
    environment,
    invoiceId: input.invoiceId,
    subscriptionId: claimed.subscriptionId,
    attempt: input.attempt,
    // Manual retries do not use up the schedule: only the others count.
    scheduledAttempts: input.attempt - inv.manual_attempts,
    declineClass,
    earliestRetryAt: classification?.earliestRetryAt ?? null,
    cardToken,
    cardKey: claimed.cardKey,
    billingNow: claimed.billingNow,
    now,
    caps,
    dunning: inv.dunning,
    firstFailedAt: inv.first_failed_at ? new Date(inv.first_failed_at) : null,
    testClockId: inv.test_clock_id,
    outcomeEvent: (decided) => ({
      merchantId,
      environment,
      type: 'invoice.payment_failed',
      data: {
        invoice_id: input.invoiceId,
        subscription_id: claimed.subscriptionId,
        attempt: input.attempt,
        amount: claimed.amount,
        currency: claimed.currency,
        response_code: outcome.kind === 'declined' ? outcome.responseCode : null,
        message: outcome.message,
        decline_class: declineClass,
        next_attempt_at: decided.nextAttemptAt?.toISOString() ?? null,
        final: decided.final,
      },
    }),
  });
  return {
    kind: 'recorded',
    status: outcome.kind === 'declined' ? 'declined' : 'error',
    invoiceStatus: failure.invoiceStatus,
    amount: claimed.amount,
    currency: claimed.currency,
    declineClass,
    followUps: failure.followUps,
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
  const caps = deps.caps ?? DEFAULT_CAPS;
  let claimed = await claimAttempt(deps.sql, deps.clock.now(), input, caps, null);
  if ('resolve' in claimed) {
    // Network caps are per card: an alias is counted as the card it names now, and every token of
    // one card as that card (its fingerprint). A card the gateway no longer has is tried by its
    // name (the purchase is refused, and dunning follows).
    const found = await deps.gateway.findCard(claimed.merchant, claimed.resolve);
    const card = found ? { token: found.token, key: cardKey(found) } : { token: claimed.resolve, key: claimed.resolve };
    if (found?.token === claimed.resolve) {
      // The name is the card's own token: later claims need not ask again.
      await deps.sql.query('update billing.subscriptions set card_is_token = true, card_key = $3 where id = $1 and card_token = $2', [
        claimed.subscriptionId,
        card.token,
        card.key,
      ]);
    }
    claimed = await claimAttempt(deps.sql, deps.clock.now(), input, caps, card);
    if ('resolve' in claimed) throw new Error(`the card of invoice ${input.invoiceId} was not resolved`);
  }
  if ('skip' in claimed) {
    if (claimed.capped) {
      const retry = await deferForCaps(deps.sql, deps.clock.now(), input, claimed.capped, caps);
      return { kind: 'skipped', reason: claimed.skip, followUps: retry ? { retry } : undefined };
    }
    return { kind: 'skipped', reason: claimed.skip, followUps: claimed.hold ? { hold: claimed.hold } : undefined };
  }
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
    case 'approved': {
      // One statement is its own transaction; with test hooks it runs in an explicit one, so that
      // a process can be stopped between the statement and its commit.
      const hooks = deps.hooks;
      const result = hooks
        ? await deps.sql.transaction(async (tx) => {
            const run = (text: string, values: Step['params']) => tx.query<{ recorded: boolean }>(prepared(text), [...values]);
            const recorded = await recordApproved(run, deps.clock.now(), input, claimed, outcome);
            await hooks.at('before-commit', input.invoiceId);
            return recorded;
          })
        : await recordApproved(
            // PostgreSQL would plan this statement afresh for every charge (0.4 ms, more than running it).
            (text, values) => deps.sql.steps<{ recorded: boolean }>([{ text, params: values }], { genericPlans: true }),
            deps.clock.now(),
            input,
            claimed,
            outcome,
          );
      await deps.hooks?.at('after-commit', input.invoiceId);
      // Outside the money statement: a lost chain id is only re-learned from the next approval.
      // A card whose chain was known and that answered with it has nothing new to keep.
      const sameChain = claimed.chainId !== null && outcome.authorizationTrackingId === claimed.chainId;
      if (outcome.authorizationTrackingId && !sameChain) {
        await keepChainId(deps.sql, claimed.merchant, claimed.cardKey, outcome.authorizationTrackingId, deps.clock.now());
      }
      return result;
    }
    case 'declined':
    case 'rejected': {
      const result = await deps.sql.transaction(async (tx) => {
        const recorded = await recordFailure(tx, deps.clock.now(), input, claimed, outcome, deps.caps ?? DEFAULT_CAPS);
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
