import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { loadSubscription } from './subscription-context.ts';

/**
 * A subscription's timeline (docs/api.md, "GET /subscriptions/{id}/timeline"): what happened to it
 * and to its invoices, newest first, read from the records themselves (the subscription, its MRR
 * movements, invoices, charge attempts, refunds and credit notes), so that a support person sees
 * why a charge failed and what Recur will do next without reading events. Times are billing
 * times (a test clock's for its subscriptions), except refunds and their credit notes, made at
 * the time of the request (as in the analytics).
 */
export interface TimelineEntry {
  at: string;
  /** What happened: `subscription.started`, `mrr.expansion`, `invoice.paid`, `attempt.declined`, … (the table in docs/api.md). */
  type: string;
  invoice_id: string | null;
  /** The entry's own facts (amounts in minor units): see each type in docs/api.md. */
  details: Record<string, unknown>;
}

interface TimelineRow {
  at: string;
  type: string;
  invoice_id: string | null;
  details: Record<string, unknown>;
}

/**
 * The subscription's events ($1 its id, $2 and $3 its merchant and environment): those naming it
 * (the generated column `subscription_id`, src/billing/events/event-owner-sql.ts, and its index), and the `card.updated` events of its card, which name every
 * subscription on the card.
 */
const SUBSCRIPTION_EVENTS = `
  select e.id, e.type, e.data, e.created_at from billing.events e
   where e.subscription_id = $1 and e.merchant_id = $2 and e.environment = $3
  union all
  select e.id, e.type, e.data, e.created_at from billing.events e
   where e.merchant_id = $2 and e.environment = $3 and e.type = 'card.updated' and e.data->'subscription_ids' ? $1::text`;

/** Each source, one `select at, type, invoice_id, details, rank`; rank orders entries of one instant in the order they happen. */
const SOURCES = `
  select s.start_at as at, 'subscription.started' as type, null::uuid as invoice_id,
         jsonb_build_object('plan_id', s.plan_id, 'quantity', s.quantity, 'customer_id', s.customer_id, 'customer_reference', s.customer_reference) as details, 0 as rank
    from billing.subscriptions s where s.id = $1
  union all
  select s.trial_end, 'subscription.trial_end', null, '{}'::jsonb, 1 from billing.subscriptions s where s.id = $1 and s.trial_end is not null
  union all
  select s.paused_at, 'subscription.paused', null, '{}'::jsonb, 1 from billing.subscriptions s where s.id = $1 and s.paused_at is not null
  union all
  select s.cancelled_at, 'subscription.cancelled', null, jsonb_build_object('status', s.status), 9 from billing.subscriptions s where s.id = $1 and s.cancelled_at is not null
  union all
  select m.at, 'mrr.' || m.kind, null, jsonb_build_object('currency', m.currency, 'mrr_before', m.mrr_before, 'mrr_after', m.mrr_after), 2
    from billing.mrr_movements m where m.subscription_id = $1
  union all
  -- A draft (kept before it is finalized, settings/invoicing): from its period's start until it finalizes.
  select i.period_start, 'invoice.draft', i.id, jsonb_build_object('finalizes_at', i.finalizes_at, 'total', i.total, 'currency', i.currency), 3
    from billing.invoices i where i.subscription_id = $1 and i.status = 'draft'
  union all
  select i.finalized_at, 'invoice.finalized', i.id,
         jsonb_build_object('number', i.number, 'kind', i.kind, 'period_start', i.period_start, 'period_end', i.period_end,
                            'total', i.total, 'amount_due', i.amount, 'currency', i.currency), 4
    from billing.invoices i where i.subscription_id = $1 and i.finalized_at is not null
  union all
  select i.paid_at, 'invoice.paid', i.id, jsonb_build_object('number', i.number, 'amount', i.amount, 'currency', i.currency), 6
    from billing.invoices i where i.subscription_id = $1 and i.paid_at is not null
  union all
  select i.updated_at, 'invoice.' || i.status, i.id, jsonb_build_object('number', i.number, 'amount', i.amount, 'currency', i.currency), 7
    from billing.invoices i where i.subscription_id = $1 and i.status in ('void', 'uncollectible')
  union all
  -- What dunning will do next: the retry scheduled, or the hold until the card is updated.
  select i.next_attempt_at, 'invoice.retry_scheduled', i.id, jsonb_build_object('number', i.number, 'attempts_so_far', i.attempt_count), 8
    from billing.invoices i where i.subscription_id = $1 and i.status = 'past_due' and i.next_attempt_at is not null and not i.held_for_card
  union all
  select i.updated_at, 'invoice.held_for_card', i.id, jsonb_build_object('number', i.number), 8
    from billing.invoices i where i.subscription_id = $1 and i.status = 'past_due' and i.held_for_card
  union all
  select coalesce(a.attempted_at, a.created_at), 'attempt.' || a.status, a.invoice_id,
         jsonb_build_object('attempt', a.number, 'manual', a.manual, 'response_code', a.response_code, 'message', a.message,
                            'decline_class', a.decline_class, 'advice_code', a.advice_code, 'card_token', a.card_token), 5
    from billing.charge_attempts a where a.invoice_id in (select id from billing.invoices where subscription_id = $1)
  union all
  select r.created_at, 'refund.' || r.status, r.invoice_id, jsonb_build_object('amount', r.amount, 'currency', r.currency, 'reason', r.reason), 10
    from billing.invoice_refunds r where r.invoice_id in (select id from billing.invoices where subscription_id = $1)
  union all
  select c.created_at, 'credit_note.created', c.invoice_id, jsonb_build_object('number', c.number, 'amount', c.amount, 'currency', c.currency, 'credit_to', c.credit_to), 11
    from billing.credit_notes c where c.subscription_id = $1
  union all
  -- A network cap hit: the retry deferred until the card's windows leave room (invoice.retry_capped).
  select e.created_at, 'invoice.retry_capped', (e.data->>'invoice_id')::uuid,
         jsonb_build_object('cap', e.data->'cap', 'next_attempt_at', e.data->'next_attempt_at', 'card_token', e.data->'card_token'), 8
    from (${SUBSCRIPTION_EVENTS}) e where e.type = 'invoice.retry_capped'
  union all
  -- The card updated (a new expiry or alias), and the held invoices it released.
  select e.created_at, 'card.updated', null,
         jsonb_build_object('card_token', e.data->'card_token', 'card_expiry', e.data->'card_expiry', 'retried_invoice_ids', e.data->'retried_invoice_ids'), 1
    from (${SUBSCRIPTION_EVENTS}) e where e.type = 'card.updated'
  union all
  -- Each webhook delivery of the subscription's events: its status and tries (it may be resent).
  select d.created_at, 'webhook.delivery', (e.data->>'invoice_id')::uuid,
         jsonb_build_object('delivery_id', d.id, 'webhook_id', d.endpoint_id, 'event_id', e.id, 'event_type', e.type, 'status', d.status,
                            'attempts', d.attempts, 'last_status_code', d.last_status_code, 'delivered_at', d.delivered_at), 12
    from (${SUBSCRIPTION_EVENTS}) e join billing.webhook_deliveries d on d.event_id = e.id`;

/** Newest first; entries of one instant in the order they happen, the latest first. */
export async function subscriptionTimeline(db: Sql, merchant: MerchantRef, id: string, page: Page): Promise<Paginated<TimelineEntry>> {
  const sub = await loadSubscription(db, merchant, id);
  return readPage<TimelineRow, TimelineEntry>(
    db,
    page,
    {
      select: 'select t.at, t.type, t.invoice_id, t.details',
      from: `from (${SOURCES}) t`,
      orderBy: 'order by t.at desc, t.rank desc, t.invoice_id',
      params: [sub.id, merchant.merchantId, merchant.environment],
    },
    (r) => ({ at: new Date(r.at).toISOString(), type: r.type, invoice_id: r.invoice_id, details: r.details }),
  );
}
