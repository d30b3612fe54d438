import { z } from 'zod';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';

export const HOLD_REASONS = ['network_cap', 'card_update'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** `GET /dunning/holds`'s filter: one reason, or both. */
export const HoldFilter = z.object({ reason: z.enum(HOLD_REASONS, { error: 'reason must be network_cap or card_update' }).optional() });
export type HoldFilter = z.infer<typeof HoldFilter>;

/**
 * A past-due invoice whose card may not be charged now:
 * - `network_cap`: the card's network caps (BILLING.md: declines per 24 hours and per 30 days)
 *   deferred its retry; `held_until` is when the windows leave room again (the `next_attempt_at`
 *   the `invoice.retry_capped` event announced, still the invoice's own), `held_since` that event.
 * - `card_update`: the card expired or its issuer asked for new details; the invoice waits for a
 *   card update (`PUT /credit_cards/{token}` or the card-update page), with no time set
 *   (`held_until` null), and is retried at once when it comes.
 */
export interface DunningHold {
  reason: HoldReason;
  card_token: string;
  invoice_id: string;
  subscription_id: string;
  customer_id: string | null;
  amount: number;
  currency: string;
  /** The cap that was reached (`network_cap` only): as the `invoice.retry_capped` event names it. */
  cap: string | null;
  held_since: string | null;
  held_until: string | null;
}

interface HoldRow {
  reason: HoldReason;
  card_token: string;
  invoice_id: string;
  subscription_id: string;
  customer_id: string | null;
  amount: string;
  currency: string;
  cap: string | null;
  held_since: string | null;
  held_until: string | null;
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The holds of a merchant's environment, the ones ending soonest first (those waiting for a card,
 * with no end, last), paginated. A cap's hold holds while the invoice is past due, not held for
 * a card, and its next attempt is still the one the latest `invoice.retry_capped` event set and
 * lies after the billing time (a test clock's, for its subscriptions).
 */
export async function listDunningHolds(
  db: Sql,
  m: MerchantRef,
  filter: HoldFilter,
  page: Page,
  now: Date,
): Promise<Paginated<DunningHold>> {
  const wanted = (reason: HoldReason) => filter.reason === undefined || filter.reason === reason;
  const parts: string[] = [];
  if (wanted('network_cap')) {
    parts.push(`select 'network_cap' as reason, s.card_token, i.id as invoice_id, i.subscription_id, s.customer_id, i.amount, i.currency,
              e.data->>'cap' as cap, e.created_at as held_since, i.next_attempt_at as held_until
         from billing.invoices i
         join billing.subscriptions s on s.id = i.subscription_id
         left join billing.test_clocks c on c.id = s.test_clock_id
         cross join lateral (
           -- Read through the invoice's subscription (events_subscription_index: an invoice.retry_capped
           -- event names its subscription_id), not through all the merchant's capped events.
           select ev.data, ev.created_at from billing.events ev
            where ev.subscription_id = i.subscription_id and ev.merchant_id = i.merchant_id and ev.environment = i.environment
              and ev.type = 'invoice.retry_capped' and ev.data->>'invoice_id' = i.id::text
            order by ev.created_at desc limit 1) e
        where i.merchant_id = $1 and i.environment = $2 and i.status = 'past_due' and not i.held_for_card
          and i.next_attempt_at > coalesce(c.frozen_time, $3)
          and (e.data->>'next_attempt_at')::timestamptz = i.next_attempt_at`);
  }
  if (wanted('card_update')) {
    parts.push(`select 'card_update' as reason, s.card_token, i.id as invoice_id, i.subscription_id, s.customer_id, i.amount, i.currency,
              null as cap, null::timestamptz as held_since, null::timestamptz as held_until
         from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
        where i.merchant_id = $1 and i.environment = $2 and i.status = 'past_due' and i.held_for_card and $3::timestamptz is not null`);
  }
  return readPage<HoldRow, DunningHold>(
    db,
    page,
    {
      select: 'select h.*',
      from: `from (${parts.join(' union all ')}) h`,
      orderBy: 'order by h.held_until asc nulls last, h.invoice_id',
      params: [m.merchantId, m.environment, now],
    },
    (r) => ({
      reason: r.reason,
      card_token: r.card_token,
      invoice_id: r.invoice_id,
      subscription_id: r.subscription_id,
      customer_id: r.customer_id,
      amount: Number(r.amount),
      currency: r.currency,
      cap: r.cap,
      held_since: iso(r.held_since),
      held_until: iso(r.held_until),
    }),
  );
}
