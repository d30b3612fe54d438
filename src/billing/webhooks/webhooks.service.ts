import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import { openText, sealText } from '../../platform/seal.ts';
import { EVENT_TYPES } from '../events/event-types.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { checkWebhookUrl, type UrlPolicy } from './webhook-url.ts';

export const WebhookCreate = z.strictObject({
  url: z.string().min(1).max(2048),
  events: z
    .array(z.enum([...EVENT_TYPES, '*']))
    .min(1)
    .max(EVENT_TYPES.length + 1),
  test: z.boolean().optional(),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  created_at: string;
}

interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  created_at: string;
}

const view = (r: EndpointRow): WebhookView => ({
  id: r.id,
  url: r.url,
  events: r.events,
  created_at: new Date(r.created_at).toISOString(),
});
const aadOf = (merchant: MerchantRef, id: string) => `${merchant.merchantId}|${merchant.environment}|${id}`;

/** Creates an endpoint; its signing secret is returned here only, and kept sealed. */
export async function createWebhook(
  db: Sql,
  merchant: MerchantRef,
  input: WebhookCreate,
  deps: { key: Buffer; policy: UrlPolicy; now: Date },
): Promise<WebhookView & { secret: string }> {
  // Production endpoints never reach private networks, whatever the deployment allows the sandbox.
  const policy = merchant.environment === 'production' ? { allowPrivateNetworks: false, allowHttp: false } : deps.policy;
  const problems = checkWebhookUrl(input.url, policy);
  if (problems.length) throw BillingErrors.validation(problems);
  const id = (await db.query<{ id: string }>('select gen_random_uuid() as id'))[0]!.id;
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const rows = await db.query<EndpointRow>(
    `insert into billing.webhook_endpoints (id, merchant_id, environment, url, events, secret_sealed, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, url, events, created_at`,
    [
      id,
      merchant.merchantId,
      merchant.environment,
      input.url,
      JSON.stringify([...new Set(input.events)]),
      sealText(deps.key, secret, aadOf(merchant, id)),
      deps.now,
    ],
  );
  return { ...view(rows[0]!), secret };
}

async function load(db: Sql, merchant: MerchantRef, id: string): Promise<EndpointRow> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<EndpointRow>(
        `select id, url, events, created_at from billing.webhook_endpoints where id = $1 and merchant_id = $2 and environment = $3 and deleted_at is null`,
        [id, merchant.merchantId, merchant.environment],
      )
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Webhook', id);
  return rows[0];
}

export async function getWebhook(db: Sql, merchant: MerchantRef, id: string): Promise<WebhookView> {
  return view(await load(db, merchant, id));
}

export async function listWebhooks(db: Sql, merchant: MerchantRef, page: Page): Promise<Paginated<WebhookView>> {
  const where = 'merchant_id = $1 and environment = $2 and deleted_at is null';
  const [rows, counts] = await Promise.all([
    db.query<EndpointRow>(
      `select id, url, events, created_at from billing.webhook_endpoints where ${where} order by created_at desc, id desc limit $3 offset $4`,
      [merchant.merchantId, merchant.environment, page.limit, page.skip],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from billing.webhook_endpoints where ${where}`, [
      merchant.merchantId,
      merchant.environment,
    ]),
  ]);
  return { items: rows.map(view), total: counts[0]?.n ?? 0, page };
}

/** Stops deliveries to the endpoint; its delivery history stays readable. */
export async function deleteWebhook(db: Sql, merchant: MerchantRef, id: string, now: Date): Promise<{ id: string; deleted: true }> {
  await load(db, merchant, id);
  await db.query('update billing.webhook_endpoints set deleted_at = $2 where id = $1', [id, now]);
  await db.query(`update billing.webhook_deliveries set status = 'cancelled' where endpoint_id = $1 and status = 'pending'`, [id]);
  return { id, deleted: true };
}

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: { number: number; status_code: number | null; error: string | null; duration_ms: number; created_at: string }[];
  created_at: string;
  delivered_at: string | null;
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: DeliveryView['attempts'] | null;
  created_at: string;
  delivered_at: string | null;
}

const DELIVERY_SELECT = `select d.id, d.event_id, e.type as event_type, d.status, d.created_at, d.delivered_at,
    (select json_agg(json_build_object('number', a.number, 'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms,
       'created_at', a.created_at) order by a.number) from billing.webhook_delivery_attempts a where a.delivery_id = d.id) as attempts
  from billing.webhook_deliveries d join billing.events e on e.id = d.event_id`;

function deliveryView(r: DeliveryRow): DeliveryView {
  return {
    id: r.id,
    event_id: r.event_id,
    event_type: r.event_type,
    status: r.status,
    attempts: (r.attempts ?? []).map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })),
    created_at: new Date(r.created_at).toISOString(),
    delivered_at: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
  };
}

/**
 * Sends a failed delivery again: it becomes `pending` and gets a fresh set of tries (the caller
 * hands it to the queue). Idempotent: a delivery already pending stays as it is and is handed
 * over again (its job id collapses). A delivered one, or one of a deleted endpoint, is a 409.
 */
export async function retryDelivery(db: Sql, merchant: MerchantRef, endpointId: string, deliveryId: string): Promise<DeliveryView> {
  if (!z.uuid().safeParse(endpointId).success) throw BillingErrors.notFound('Webhook', endpointId);
  if (!z.uuid().safeParse(deliveryId).success) throw BillingErrors.notFound('Webhook delivery', deliveryId);
  const [found] = await db.query<{ status: string; deleted_at: string | null }>(
    `select d.status, w.deleted_at from billing.webhook_deliveries d join billing.webhook_endpoints w on w.id = d.endpoint_id
      where d.id = $1 and w.id = $2 and w.merchant_id = $3 and w.environment = $4`,
    [deliveryId, endpointId, merchant.merchantId, merchant.environment],
  );
  if (!found) throw BillingErrors.notFound('Webhook delivery', deliveryId);
  if (found.deleted_at) throw BillingErrors.conflict(`Webhook ${endpointId} is deleted: its deliveries cannot be retried`);
  if (found.status === 'delivered') throw BillingErrors.conflict(`Webhook delivery ${deliveryId} is already delivered`);
  if (found.status !== 'pending' && found.status !== 'failed') {
    throw BillingErrors.conflict(`Webhook delivery ${deliveryId} is ${found.status} and cannot be retried`);
  }
  await db.query(`update billing.webhook_deliveries set status = 'pending' where id = $1 and status = 'failed'`, [deliveryId]);
  const [row] = await db.query<DeliveryRow>(`${DELIVERY_SELECT} where d.id = $1`, [deliveryId]);
  return deliveryView(row!);
}

export async function listDeliveries(db: Sql, merchant: MerchantRef, endpointId: string, page: Page): Promise<Paginated<DeliveryView>> {
  if (!z.uuid().safeParse(endpointId).success) throw BillingErrors.notFound('Webhook', endpointId);
  const owned = await db.query('select 1 from billing.webhook_endpoints where id = $1 and merchant_id = $2 and environment = $3', [
    endpointId,
    merchant.merchantId,
    merchant.environment,
  ]);
  if (!owned.length) throw BillingErrors.notFound('Webhook', endpointId);
  const [rows, counts] = await Promise.all([
    db.query<DeliveryRow>(`${DELIVERY_SELECT} where d.endpoint_id = $1 order by d.created_at desc, d.id desc limit $2 offset $3`, [
      endpointId,
      page.limit,
      page.skip,
    ]),
    db.query<{ n: number }>('select count(*)::int as n from billing.webhook_deliveries where endpoint_id = $1', [endpointId]),
  ]);
  return {
    items: rows.map(deliveryView),
    total: counts[0]?.n ?? 0,
    page,
  };
}

/**
 * The outbox relay, one batch in one statement: up to `limit` events not yet relayed become one
 * delivery per subscribed endpoint, and are marked relayed together. Events no endpoint subscribed
 * to were born relayed (`bornRelayedSql`), so only events that have somewhere to go are read and
 * updated here. Returns how many events the batch took (fewer than `limit`: none are waiting but
 * those another relay holds) and the deliveries to hand to the webhook queue.
 */
export async function relayEvents(tx: Sql, now: Date, limit: number): Promise<{ events: number; deliveries: string[] }> {
  const rows = await tx.query<{ events: number; deliveries: string[] | null }>(
    `with ev as (
       select id, merchant_id, environment, type from billing.events where not relayed order by created_at limit $1 for update skip locked),
     marked as (update billing.events e set relayed = true from ev where e.id = ev.id returning e.id),
     delivered as (
       insert into billing.webhook_deliveries (id, endpoint_id, event_id, status, attempts, created_at)
       select gen_random_uuid(), w.id, ev.id, 'pending', 0, $2
         from ev join billing.webhook_endpoints w
           on w.merchant_id = ev.merchant_id and w.environment = ev.environment and w.deleted_at is null
          and (w.events @> to_jsonb(ev.type) or w.events @> '"*"'::jsonb)
       on conflict on constraint webhook_deliveries_event_unique do nothing
       returning id)
     select (select count(*) from marked)::int as events, (select array_agg(id)::text[] from delivered) as deliveries`,
    [limit, now],
  );
  return { events: rows[0]?.events ?? 0, deliveries: rows[0]?.deliveries ?? [] };
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
    secret: openText(key, r.secret_sealed, aadOf(merchant, r.endpoint_id)),
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
