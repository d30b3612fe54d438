import type { Sql } from '../../platform/sql.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';

export const EVENT_TYPES = [
  'subscription.created',
  'subscription.updated',
  'subscription.paused',
  'subscription.resumed',
  'subscription.cancelled',
  'subscription.past_due',
  'invoice.created',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.retry_scheduled',
  'invoice.retry_capped',
  'invoice.uncollectible',
  'card.expiring',
  'card.expired',
  'card.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface NewEvent {
  merchantId: string;
  environment: string;
  type: EventType;
  data: Record<string, unknown>;
}

/** Writes events in the caller's transaction (the outbox): an event exists if and only if its change does. */
export async function recordEvents(tx: Sql, now: Date, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `insert into billing.events (id, merchant_id, environment, type, data, created_at)
     select gen_random_uuid(), m, e, t, d, $5 from unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[]) as x(m, e, t, d)`,
    [
      events.map((e) => e.merchantId),
      events.map((e) => e.environment),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      now,
    ],
  );
}

export interface EventView {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export async function listEvents(db: Sql, merchant: MerchantRef, page: Page, type?: string): Promise<Paginated<EventView>> {
  const filter = type ? ' and type = $3' : '';
  const params: unknown[] = [merchant.merchantId, merchant.environment];
  if (type) params.push(type);
  const [rows, counts] = await Promise.all([
    db.query<{ id: string; type: string; created_at: string; data: Record<string, unknown> }>(
      `select id, type, created_at, data from billing.events where merchant_id = $1 and environment = $2${filter}
        order by created_at desc, id desc limit ${page.limit} offset ${page.skip}`,
      params,
    ),
    db.query<{ n: number }>(`select count(*)::int as n from billing.events where merchant_id = $1 and environment = $2${filter}`, params),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, type: r.type, created_at: new Date(r.created_at).toISOString(), data: r.data })),
    total: counts[0]?.n ?? 0,
    page,
  };
}
