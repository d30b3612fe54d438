import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import type { NewEvent } from './event-types.ts';
import { bornRelayedSql, eventDataSql } from './insert-events-sql.ts';

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
