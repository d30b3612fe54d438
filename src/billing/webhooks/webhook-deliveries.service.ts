import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import { iso } from '../../platform/time.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: { number: number; status_code: number | null; error: string | null; duration_ms: number; created_at: string }[];
  created_at: string;
  delivered_at: string | null;
}

interface DeliveryRow extends Omit<DeliveryView, 'attempts'> {
  attempts: DeliveryView['attempts'] | null;
}

/** Its columns in the view's order: `deliveryView` keeps the row's. */
const DELIVERY_SELECT = `select d.id, d.event_id, e.type as event_type, d.status,
    (select json_agg(json_build_object('number', a.number, 'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms,
       'created_at', a.created_at) order by a.number) from billing.webhook_delivery_attempts a where a.delivery_id = d.id) as attempts,
    d.created_at, d.delivered_at`;
const DELIVERY_FROM = 'from billing.webhook_deliveries d join billing.events e on e.id = d.event_id';

function deliveryView(r: DeliveryRow): DeliveryView {
  return {
    ...r,
    attempts: (r.attempts ?? []).map((a) => ({ ...a, created_at: iso(a.created_at) })),
    created_at: iso(r.created_at),
    delivered_at: iso(r.delivered_at),
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
  const [row] = await db.query<DeliveryRow>(`${DELIVERY_SELECT} ${DELIVERY_FROM} where d.id = $1`, [deliveryId]);
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
  return readPage(
    db,
    page,
    {
      select: DELIVERY_SELECT,
      from: `${DELIVERY_FROM} where d.endpoint_id = $1`,
      orderBy: 'order by d.created_at desc, d.id desc',
      params: [endpointId],
    },
    deliveryView,
  );
}
