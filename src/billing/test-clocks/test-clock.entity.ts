import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';

/** Sandbox only: a frozen "now" for the subscriptions attached to it. */
export const TestClock = defineEntity({
  name: 'TestClock',
  schema: 'billing',
  tableName: 'test_clocks',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    merchantId: p.uuid(),
    environment: p.string().length(10),
    frozenTime: p.datetime().columnType('timestamptz'),
    status: p.string().length(10),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
export type TestClock = InferEntity<typeof TestClock>;
