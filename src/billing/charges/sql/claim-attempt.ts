import type { SqlPool } from '../../../platform/sql.ts';
import { giveBackCreditSql, voidOwedInvoicesSql } from '../../invoices/void-owed.ts';
import { collectsInvoiceSql, voidedAtClaimSql } from '../collecting.ts';

/**
 * A card valid through `YYYY-MM-DD` (the last day of its month) is expired from the next day on
 * (UTC midnight): SQL over a `YYYY-MM-DD` column and a timestamptz.
 */
const CARD_EXPIRED_SQL = (expiry: string, at: string) =>
  `(${expiry} is not null and ${at} >= (${expiry}::date + 1)::timestamp at time zone 'UTC')`;

export interface ClaimRow {
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
  /** The invoice's kind: a `final` one is collected after its subscription ended. */
  kind: string;
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
    select i.id, i.xmin::text as version, i.merchant_id, i.environment, i.status, i.amount, i.currency, i.attempt_count, i.subscription_id, i.kind,
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
       -- A final invoice bills the usage of an ended subscription's last period: it is collected after the end.
       and ${collectsInvoiceSql('inv.subscription_status', 'inv.kind')}
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
    where: `i.id = $1 and inv.version = (select version from seen) and ${voidedAtClaimSql('inv.subscription_status', 'inv.kind')}
       and not exists (select 1 from existing where existing.status in ('sending', 'unknown'))`,
    reason: `'subscription_' || inv.subscription_status`,
    at: 'inv.billing_now',
    now: '$3',
  })},
  -- The credit it had used goes back where it came from, as a cancel gives it back (the
  -- subscription's row is not written elsewhere here: a held card needs a collecting subscription, this an ended one).
  ${giveBackCreditSql('ended_credit', 'ended', '$3')},
  -- No doomed purchase: a card expired on the charge date waits for new card data instead.
  held as (
    update billing.invoices i set status = 'past_due', held_for_card = true, next_attempt_at = null,
        first_failed_at = coalesce(i.first_failed_at, ready.billing_now), updated_at = $3
      from ready where i.id = $1 and ready.expired),
  held_subscription as (
    update billing.subscriptions s set status = 'past_due', updated_at = $3
      from ready where s.id = ready.subscription_id and ready.expired and s.status in ('active', 'trialing'))
  select inv.version = (select version from seen) as consistent, inv.merchant_id, inv.environment, inv.status, inv.amount, inv.currency,
         inv.attempt_count, inv.subscription_id, inv.subscription_status, inv.kind, inv.card_token, inv.card, inv.card_key, inv.held_for_card, inv.billing_now,
         coalesce((select expired from ready), false) as expired,
         (select id from existing) as existing_id, (select status from existing) as existing_status,
         (select claimed_card_token from existing) as existing_card, (select card_key from existing) as existing_card_key,
         (select id from attempt) as attempt_id,
         (select full_24h is not null or full_30d is not null from capped) as capped,
         (select full_declined from capped) as capped_by_declines,
         (select tracking_id from billing.credential_chains cc
           where cc.merchant_id = inv.merchant_id and cc.environment = inv.environment and cc.card_key = inv.card_key) as chain_id
    from inv`;

/**
 * One claim per card at a time: the claim counts the card's attempts in its cap windows, so two
 * claims on one card (its subscriptions' invoices charged side by side) must not both count
 * before either has written. A transaction-scoped advisory lock on the card, taken in a statement
 * of its own so that the claim's snapshot is taken after it.
 */
const CARD_LOCK_SQL = `select pg_advisory_xact_lock(hashtextextended(s.merchant_id::text || ':' || (case when s.card_is_token and s.card_key is not null then s.card_key else $2::text end), 0))
  from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id where i.id = $1`;

/** What one claim is asked: the attempt, its reference, the caps it counts against, the card an alias resolved to. */
export interface ClaimArgs {
  invoiceId: string;
  attempt: number;
  now: Date;
  reference: string;
  manual: boolean;
  per24Hours: number;
  per30Days: number;
  /** The token and key the subscription's alias resolves to (null: not resolved, or named by token). */
  card: { token: string; key: string } | null;
}

/**
 * The card's lock, then the claim, in one transaction sent as one message (one round trip). With
 * an alias not yet resolved the lock's key is null and no lock is taken: nothing is written then.
 * Returns the claim's row, or undefined when there is no such invoice.
 */
export async function claimAttemptRow(sql: SqlPool, a: ClaimArgs): Promise<ClaimRow | undefined> {
  const lock = { text: CARD_LOCK_SQL, types: ['uuid', 'text'], params: [a.invoiceId, a.card?.key ?? null] };
  const claim = {
    text: CLAIM_SQL,
    types: ['uuid', 'int', 'timestamptz', 'text', 'boolean', 'int', 'int', 'text', 'text'],
    params: [a.invoiceId, a.attempt, a.now, a.reference, a.manual, a.per24Hours, a.per30Days, a.card?.token ?? null, a.card?.key ?? null],
  };
  return (await sql.steps<ClaimRow>([lock, claim]))[0];
}
