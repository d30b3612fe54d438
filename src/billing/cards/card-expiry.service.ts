import type { Sql, SqlPool } from '../../platform/sql.ts';
import { recordEvents } from '../events/events.service.ts';
import type { NewEvent } from '../events/event-types.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { cardUpdateUrl, type CustomerLinks } from '../ports/customer-links.ts';

/**
 * The expiry-update worker's step: the subscription now waits for a card update, and the
 * merchant hears `card.expired` once (until the card is updated).
 */
export async function markAwaitingCardUpdate(
  sql: SqlPool,
  input: { subscriptionId: string; invoiceId: string },
  now: Date,
  links?: CustomerLinks,
): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const rows = await tx.query<{ merchant_id: string; environment: string; card_token: string; card_expiry: string | null }>(
      `update billing.subscriptions set awaiting_card_update = true, updated_at = $2
        where id = $1 and not awaiting_card_update returning merchant_id, environment, card_token, card_expiry`,
      [input.subscriptionId, now],
    );
    const sub = rows[0];
    if (!sub) return false;
    await recordEvents(tx, now, [
      {
        merchantId: sub.merchant_id,
        environment: sub.environment,
        type: 'card.expired',
        data: {
          subscription_id: input.subscriptionId,
          invoice_id: input.invoiceId,
          card_token: sub.card_token,
          card_expiry: sub.card_expiry,
          // The customer's page to give a new card (once, until it expires).
          update_url: cardUpdateUrl(links, sub.environment, input.subscriptionId, now),
        },
      },
    ]);
    return true;
  });
}

export interface ChangedCard {
  token: string;
  alias: string | null;
  /** `YYYY-MM-DD`, the last day of the expiry month. */
  expiry: string;
}

/**
 * The gateway changed a card (a new expiry, or an alias moved onto it): subscriptions on it learn
 * the expiry, stop waiting, and their held invoices are due again at once. Returns the invoices
 * to retry now.
 */
export async function applyCardUpdate(
  sql: SqlPool,
  merchant: MerchantRef,
  card: ChangedCard,
  now: Date,
): Promise<{ invoiceId: string; attempt: number }[]> {
  return sql.transaction(async (tx) => {
    const subs = await tx.query<{ id: string; test_clock_id: string | null }>(
      `update billing.subscriptions set card_expiry = $4, awaiting_card_update = false, updated_at = $5
        where merchant_id = $1 and environment = $2 and (card_token = $3 or card_token = $6)
        returning id, test_clock_id`,
      [merchant.merchantId, merchant.environment, card.token, card.expiry, now, card.alias ?? card.token],
    );
    // The card changed whether or not a subscription uses it: `card.updated` goes out either way.
    const held = await tx.query<{ id: string; attempt_count: number }>(
      `update billing.invoices i set held_for_card = false, retry_enqueued_at = $2, updated_at = $2,
          next_attempt_at = coalesce((select c.frozen_time from billing.subscriptions s join billing.test_clocks c on c.id = s.test_clock_id where s.id = i.subscription_id), $2)
        where i.subscription_id = any($1::uuid[]) and i.status = 'past_due' and i.held_for_card
        returning i.id, i.attempt_count`,
      [subs.map((s) => s.id), now],
    );
    const clocks = [...new Set(subs.map((s) => s.test_clock_id).filter((c): c is string => c !== null))];
    if (held.length && clocks.length) {
      await tx.query(`update billing.test_clocks set status = 'advancing', updated_at = $2 where id = any($1::uuid[])`, [clocks, now]);
    }
    await recordEvents(tx, now, [
      {
        ...merchant,
        type: 'card.updated',
        data: {
          card_token: card.token,
          alias: card.alias,
          card_expiry: card.expiry,
          subscription_ids: subs.map((s) => s.id),
          retried_invoice_ids: held.map((h) => h.id),
        },
      },
    ]);
    return held.map((h) => ({ invoiceId: h.id, attempt: h.attempt_count + 1 }));
  });
}

/**
 * `card.expiring`, once per charge date: for each active subscription (not already waiting for a
 * card update) whose card expires before
 * its next charge, when that charge is within `leadDays` (billing time: a test clock's where one
 * applies). Reads only cards expiring within the lead horizon, through the card-expiry index.
 */
export async function notifyExpiringCards(tx: Sql, now: Date, leadDays: number, links?: CustomerLinks): Promise<number> {
  const leadMs = leadDays * 86_400_000;
  const horizon = new Date(now.getTime() + leadMs).toISOString().slice(0, 10);
  // Real clock: a constant horizon, read through the card-expiry index. Test clocks: few rows, each at its clock's time.
  const claims = [
    `select s.id from billing.subscriptions s
      where s.test_clock_id is null and s.card_expiry < $3 and ${expiringNoticeDueSql('$1::timestamptz', '$2')}
      limit 500 for update of s skip locked`,
    `select s.id from billing.subscriptions s join billing.test_clocks c on c.id = s.test_clock_id
      where ${expiringNoticeDueSql('c.frozen_time', '$2')} and $1::timestamptz is not null and $3::text is not null
      limit 500 for update of s skip locked`,
  ];
  let total = 0;
  for (const claim of claims) {
    const rows = await tx.query<{
      id: string;
      merchant_id: string;
      environment: string;
      card_token: string;
      card_expiry: string;
      next_charge_at: string;
    }>(
      `with due as (${claim})
       update billing.subscriptions s set expiring_notified_for = s.next_charge_at from due where s.id = due.id
       returning s.id, s.merchant_id, s.environment, s.card_token, s.card_expiry, s.next_charge_at`,
      [now, leadMs, horizon],
    );
    const events: NewEvent[] = rows.map((r) => ({
      merchantId: r.merchant_id,
      environment: r.environment,
      type: 'card.expiring',
      data: {
        subscription_id: r.id,
        card_token: r.card_token,
        card_expiry: r.card_expiry,
        next_charge_at: new Date(r.next_charge_at).toISOString(),
        update_url: cardUpdateUrl(links, r.environment, r.id, now),
      },
    }));
    await recordEvents(tx, now, events);
    total += rows.length;
  }
  return total;
}

/** The `card.expiring` condition as SQL over subscription `s` at billing time `now_expr` (shared by the notice and the clock settling). */
export function expiringNoticeDueSql(nowExpr: string, leadMsExpr: string): string {
  return `s.status in ('trialing', 'active') and not s.awaiting_card_update and s.card_expiry is not null and s.next_charge_at is not null
    and (s.card_expiry::date + 1)::timestamptz <= s.next_charge_at
    and s.next_charge_at - ${leadMsExpr} * interval '1 millisecond' <= ${nowExpr}
    and s.expiring_notified_for is distinct from s.next_charge_at`;
}
