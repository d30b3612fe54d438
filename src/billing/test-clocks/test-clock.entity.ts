import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow } from '../../platform/entity-columns.ts';

/** Sandbox only: a frozen "now" for the subscriptions attached to it. */
export const TestClock = defineEntity({
  name: 'TestClock',
  schema: 'billing',
  tableName: 'test_clocks',
  properties: {
    ...merchantRow(),
    frozenTime: instant(),
    status: p.string().length(10),
    createdAt: instant(),
    updatedAt: instant(),
  },
});
export type TestClock = InferEntity<typeof TestClock>;
