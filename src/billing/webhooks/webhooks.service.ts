import type { Sql } from '../../platform/sql.ts';
import { openText } from '../../platform/seal.ts';
import { secretAad } from './webhook-endpoints.service.ts';
import { emailsFromEventsSql } from '../emails/email-outbox-sql.ts';

/**
 * The outbox relay, one batch in one statement: up to `limit` events not yet relayed become one
 * delivery per subscribed endpoint, and are marked relayed together. Events no endpoint subscribed
 * to were born relayed (`bornRelayedSql`), so only events that have somewhere to go are read and
 * updated here. In the same statement, the events that cause an e-mail the merchant turned on
 * become pending e-mails (emails/email-outbox-sql.ts), the e-mail's outbox record. Returns how many events the batch took (fewer than `limit`: none are waiting but
 * those another relay holds) and the deliveries to hand to the webhook queue.
 */
export async function relayEvents(tx: Sql, now: Date, limit: number): Promise<{ events: number; deliveries: string[]; emails: number }> {
  const rows = await tx.query<{ events: number; deliveries: string[] | null; emails: number }>(
    `with ev as (
       select id, merchant_id, environment, type, data from billing.events where not relayed order by created_at, seq limit $1 for update skip locked),
     marked as (update billing.events e set relayed = true from ev where e.id = ev.id returning e.id),
     delivered as (
       insert into billing.webhook_deliveries (id, endpoint_id, event_id, status, attempts, created_at)
       select gen_random_uuid(), w.id, ev.id, 'pending', 0, $2
         from ev join billing.webhook_endpoints w
           on w.merchant_id = ev.merchant_id and w.environment = ev.environment and w.deleted_at is null
          and (w.events @> to_jsonb(ev.type) or w.events @> '"*"'::jsonb)
       on conflict on constraint webhook_deliveries_event_unique do nothing
       returning id),
     mailed as (${emailsFromEventsSql('ev', '$2')})
     select (select count(*) from marked)::int as events, (select array_agg(id)::text[] from delivered) as deliveries,
            (select count(*) from mailed)::int as emails`,
    [limit, now],
  );
  return { events: rows[0]?.events ?? 0, deliveries: rows[0]?.deliveries ?? [], emails: rows[0]?.emails ?? 0 };
}

export interface DeliveryPlan {
  url: string;
  secret: string;
  body: string;
  eventId: string;
  eventType: string;
  attempts: number;
  environment: 'sandbox' | 'production';
}

/** What to send for a pending delivery, or null when there is nothing to send (delivered, cancelled, endpoint deleted). */
export async function deliveryPlan(db: Sql, key: Buffer, deliveryId: string): Promise<DeliveryPlan | null> {
  const rows = await db.query<{
    status: string;
    attempts: number;
    url: string;
    secret_sealed: Buffer;
    endpoint_id: string;
    merchant_id: string;
    environment: 'sandbox' | 'production';
    deleted_at: string | null;
    event_id: string;
    type: string;
    data: unknown;
    created_at: string;
  }>(
    `select d.status, d.attempts, w.url, w.secret_sealed, w.id as endpoint_id, w.merchant_id, w.environment, w.deleted_at,
            e.id as event_id, e.type, e.data, e.created_at
       from billing.webhook_deliveries d join billing.webhook_endpoints w on w.id = d.endpoint_id join billing.events e on e.id = d.event_id
      where d.id = $1`,
    [deliveryId],
  );
  const r = rows[0];
  if (!r || r.status !== 'pending' || r.deleted_at) return null;
  const merchant = { merchantId: r.merchant_id, environment: r.environment };
  return {
    url: r.url,
    secret: openText(key, r.secret_sealed, secretAad(merchant, r.endpoint_id)),
    body: JSON.stringify({
      id: r.event_id,
      type: r.type,
      created_at: new Date(r.created_at).toISOString(),
      livemode: r.environment === 'production',
      data: r.data,
    }),
    eventId: r.event_id,
    eventType: r.type,
    attempts: r.attempts,
    environment: r.environment,
  };
}

/** Records one try; a 2xx delivers it. */
export async function recordDeliveryAttempt(
  db: Sql,
  deliveryId: string,
  attempt: { number: number; statusCode: number | null; error: string | null; durationMs: number },
  now: Date,
): Promise<void> {
  const delivered = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  await db.query(
    `insert into billing.webhook_delivery_attempts (id, delivery_id, number, status_code, error, duration_ms, created_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6)`,
    [deliveryId, attempt.number, attempt.statusCode, attempt.error?.slice(0, 500) ?? null, attempt.durationMs, now],
  );
  await db.query(
    `update billing.webhook_deliveries set attempts = greatest(attempts, $2), last_status_code = $3, last_error = $4,
        status = case when $5 then 'delivered' else status end, delivered_at = case when $5 then $6 else delivered_at end
      where id = $1`,
    [deliveryId, attempt.number, attempt.statusCode, attempt.error?.slice(0, 500) ?? null, delivered, now],
  );
}

export async function markDeliveryFailed(db: Sql, deliveryId: string): Promise<void> {
  await db.query(`update billing.webhook_deliveries set status = 'failed' where id = $1 and status = 'pending'`, [deliveryId]);
}
