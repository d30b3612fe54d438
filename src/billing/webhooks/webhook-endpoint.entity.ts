import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';

/** A merchant's webhook receiver. The signing secret is kept sealed (AES-256-GCM), shown once at creation. */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  schema: 'billing',
  tableName: 'webhook_endpoints',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    merchantId: p.uuid(),
    environment: p.string().length(10),
    url: p.string().length(2048),
    events: p.json<string[]>().columnType('jsonb'),
    secretSealed: p.blob().columnType('bytea'),
    createdAt: p.datetime().columnType('timestamptz'),
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
  },
  indexes: [{ properties: ['merchantId', 'environment'], name: 'webhook_endpoints_merchant_index' }],
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
