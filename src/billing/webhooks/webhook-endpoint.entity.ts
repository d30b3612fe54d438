import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow } from '../../platform/entity-columns.ts';

/** A merchant's webhook receiver. The signing secret is kept sealed (AES-256-GCM), shown once at creation. */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  schema: 'billing',
  tableName: 'webhook_endpoints',
  properties: {
    ...merchantRow(),
    url: p.string().length(2048),
    events: p.json<string[]>().columnType('jsonb'),
    secretSealed: p.blob().columnType('bytea'),
    createdAt: instant(),
    deletedAt: instant().nullable(),
  },
  indexes: [{ properties: ['merchantId', 'environment'], name: 'webhook_endpoints_merchant_index' }],
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
