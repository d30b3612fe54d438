import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, uuidKey } from '../../platform/entity-columns.ts';

/** One event to one endpoint: delivered once it answers 2xx, retried with backoff for about three days. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  schema: 'billing',
  tableName: 'webhook_deliveries',
  properties: {
    id: uuidKey(),
    endpointId: p.uuid(),
    eventId: p.uuid(),
    status: p.string().length(10),
    attempts: p.integer().default(0),
    lastStatusCode: p.integer().nullable(),
    lastError: p.string().length(500).nullable(),
    createdAt: instant(),
    deliveredAt: instant().nullable(),
  },
  uniques: [{ properties: ['endpointId', 'eventId'], name: 'webhook_deliveries_event_unique' }],
  indexes: [
    { properties: ['endpointId', 'createdAt'], name: 'webhook_deliveries_listing_index' },
    // An event's deliveries (a subscription's timeline).
    { properties: ['eventId'], name: 'webhook_deliveries_event_index' },
  ],
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;

/** Every try at a delivery, as it happened. */
export const WebhookDeliveryAttempt = defineEntity({
  name: 'WebhookDeliveryAttempt',
  schema: 'billing',
  tableName: 'webhook_delivery_attempts',
  properties: {
    id: uuidKey(),
    deliveryId: p.uuid(),
    number: p.integer(),
    statusCode: p.integer().nullable(),
    error: p.string().length(500).nullable(),
    durationMs: p.integer(),
    createdAt: instant(),
  },
  indexes: [{ properties: ['deliveryId', 'number'], name: 'webhook_delivery_attempts_index' }],
});
export type WebhookDeliveryAttempt = InferEntity<typeof WebhookDeliveryAttempt>;
