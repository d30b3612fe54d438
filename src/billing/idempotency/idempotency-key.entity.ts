import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant } from '../../platform/entity-columns.ts';

/** A POST's Idempotency-Key: the first response is replayed for a repeat with the same body. */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  schema: 'billing',
  tableName: 'idempotency_keys',
  properties: {
    merchantId: p.uuid().primary(),
    environment: environmentName().primary(),
    key: p.string().length(255).primary(),
    requestHash: p.string().length(64),
    state: p.string().length(10),
    responseStatus: p.integer().nullable(),
    responseBody: p.json<unknown>().columnType('jsonb').nullable(),
    createdAt: instant(),
  },
  primaryKeys: ['merchantId', 'environment', 'key'],
});
export type IdempotencyKey = InferEntity<typeof IdempotencyKey>;
