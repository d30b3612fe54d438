import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow } from '../../platform/entity-columns.ts';

/** The outbox: every state change writes one in the same transaction. */
export const BillingEvent = defineEntity({
  name: 'BillingEvent',
  schema: 'billing',
  tableName: 'events',
  properties: {
    ...merchantRow(),
    type: p.string().length(40),
    data: p.json<Record<string, unknown>>().columnType('jsonb'),
    createdAt: instant(),
    /** Handed to the webhook deliveries (the outbox relay). */
    relayed: p.boolean().default(false),
  },
  indexes: [
    { properties: ['merchantId', 'environment', 'createdAt'], name: 'events_listing_index' },
    { properties: ['merchantId', 'environment', 'type', 'createdAt'], name: 'events_type_index' },
    {
      name: 'events_unrelayed_index',
      expression: `create index "events_unrelayed_index" on "billing"."events" ("created_at") where "relayed" = false`,
    },
    {
      // A subscription's events (its timeline): `data.subscription_id`, or `data.subscription.id` for subscription events.
      name: 'events_subscription_index',
      expression: `create index "events_subscription_index" on "billing"."events" ("merchant_id", "environment", (coalesce("data"->>'subscription_id', "data"->'subscription'->>'id'))) where coalesce("data"->>'subscription_id', "data"->'subscription'->>'id') is not null`,
    },
  ],
});
export type BillingEvent = InferEntity<typeof BillingEvent>;
