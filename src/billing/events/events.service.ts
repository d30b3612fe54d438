import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';

export const EVENT_TYPES = [
  'subscription.created',
  'subscription.updated',
  'subscription.paused',
  'subscription.resumed',
  'subscription.cancelled',
  'subscription.past_due',
  'subscription.completed',
  'invoice.created',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.retry_scheduled',
  'invoice.retry_capped',
  'invoice.uncollectible',
  'invoice.voided',
  'card.expiring',
  'card.expired',
  'card.updated',
  'coupon.created',
  'invoice.refunded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface NewEvent {
  merchantId: string;
  environment: string;
  type: EventType;
  data: Record<string, unknown>;
}

/**
 * Whether an event is born relayed: no endpoint of its merchant subscribes to its type, so the
 * outbox relay has nothing to make of it and never has to touch its row (most merchants' events
 * on the charge path). The predicate is the relay's own join, negated; an endpoint created while
 * the event's statement runs receives the events created after it. SQL over the given
 * expressions (merchant id, environment, type), for the caller's insert.
 */
export function bornRelayedSql(merchant: string, environment: string, type: string): string {
  return `not exists (select 1 from billing.webhook_endpoints w
                       where w.merchant_id = ${merchant} and w.environment = ${environment} and w.deleted_at is null
                         and (w.events @> to_jsonb(${type}::text) or w.events @> '"*"'::jsonb))`;
}

/**
 * An event's data as it is stored, SQL over the type and data (jsonb) expressions: a
 * `subscription.*` event carries the subscription (`data.subscription`) and, beside it at the top
 * level, its `subscription_id` and `status` (and a `subscription.cancelled` its `cancelled_at`),
 * the fields receivers read before `data.subscription` existed. Every insert of events goes through
 * here, so no writer can leave them out; what the writer put in `data` wins.
 */
export function eventDataSql(type: string, data: string): string {
  return `(case when ${type} like 'subscription.%' and jsonb_typeof(${data}->'subscription') = 'object'
      then jsonb_build_object('subscription_id', ${data}->'subscription'->'id', 'status', ${data}->'subscription'->'status')
           || case when ${type} = 'subscription.cancelled' then jsonb_build_object('cancelled_at', ${data}->'subscription'->'cancelled_at') else '{}'::jsonb end
           || ${data}
      else ${data} end)`;
}

/** Writes events in the caller's transaction (the outbox): an event exists if and only if its change does. */
export async function recordEvents(tx: Sql, now: Date, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
     select gen_random_uuid(), m, e, t, ${eventDataSql('t', 'd')}, $5, ${bornRelayedSql('m', 'e', 't')}
       from unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[]) as x(m, e, t, d)`,
    [
      events.map((e) => e.merchantId),
      events.map((e) => e.environment),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      now,
    ],
  );
}

/** Parameters of one statement, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];
  /** The placeholder of `value` (`$n`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The body of a data-modifying CTE that writes events inside the caller's statement, so that a
 * change and its events are one round trip: `events` always, and each `when` event once per row
 * the named CTE returned (a change that happened, e.g. `update … returning id`).
 */
export function insertEventsSql(
  params: Params,
  now: Date,
  events: NewEvent[],
  when: { cte: string; event: NewEvent; /** A jsonb expression over the CTE's row, merged into the data. */ dataSql?: string }[] = [],
): string {
  // One `select` per event (not `unnest` of arrays): the planner then knows the row count, and a
  // prepared statement's generic plan is as good as a custom one, so it is planned once.
  const row = (event: NewEvent, dataSql?: string) =>
    `select ${params.add(event.merchantId)}::uuid, ${params.add(event.environment)}::text, ${params.add(event.type)}::text,
       ${params.add(JSON.stringify(event.data))}::jsonb${dataSql ? ` || ${dataSql}` : ''}`;
  const rows = [...events.map((e) => row(e)), ...when.map(({ cte, event, dataSql }) => `${row(event, dataSql)} from ${cte}`)];
  return `insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
     select gen_random_uuid(), m, e, t, ${eventDataSql('t', 'd')}, ${params.add(now)}, ${bornRelayedSql('m', 'e', 't')}
       from (${rows.join(' union all ')}) as y(m, e, t, d)`;
}

export interface EventView {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export function listEvents(db: Sql, merchant: MerchantRef, page: Page, type?: string): Promise<Paginated<EventView>> {
  const params: unknown[] = [merchant.merchantId, merchant.environment];
  const filter = type ? ` and type = $${params.push(type)}` : '';
  return readPage(
    db,
    page,
    {
      select: 'select id, type, created_at, data',
      from: `from billing.events where merchant_id = $1 and environment = $2${filter}`,
      orderBy: 'order by created_at desc, id desc',
      params,
    },
    (r: { id: string; type: string; created_at: string; data: Record<string, unknown> }) => ({
      id: r.id,
      type: r.type,
      created_at: new Date(r.created_at).toISOString(),
      data: r.data,
    }),
  );
}
