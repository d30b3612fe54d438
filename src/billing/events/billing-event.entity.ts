import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow } from '../../platform/entity-columns.ts';
import { EVENT_CUSTOMER_SQL, EVENT_SUBSCRIPTION_SQL } from './event-owner-sql.ts';

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
    /**
     * The order of writing, from a sequence (PostgreSQL's default; never written by Recur): breaks
     * ties of `createdAt`, since one transaction writes several events at one instant. Null for
     * the events written before it existed.
     */
    seq: p.bigint().nullable().defaultRaw(`nextval('billing.events_seq')`),
    /** Handed to the webhook deliveries (the outbox relay). */
    relayed: p.boolean().default(false),
    /** Whom the event is about, generated from its data by PostgreSQL (event-owner-sql.ts); never written by Recur. */
    subscriptionId: p.uuid().nullable().generated(`(${EVENT_SUBSCRIPTION_SQL}) stored`),
    customerId: p.uuid().nullable().generated(`(${EVENT_CUSTOMER_SQL}) stored`),
  },
  indexes: [
    { properties: ['merchantId', 'environment', 'createdAt'], name: 'events_listing_index' },
    { properties: ['merchantId', 'environment', 'type', 'createdAt'], name: 'events_type_index' },
    {
      name: 'events_subscription_index',
      expression: `create index "events_subscription_index" on "billing"."events" ("subscription_id", "created_at") where "subscription_id" is not null`,
    },
    {
      name: 'events_customer_index',
      expression: `create index "events_customer_index" on "billing"."events" ("customer_id", "created_at") where "customer_id" is not null`,
    },
    {
      name: 'events_unrelayed_index',
      expression: `create index "events_unrelayed_index" on "billing"."events" ("created_at") where "relayed" = false`,
    },
  ],
});
export type BillingEvent = InferEntity<typeof BillingEvent>;
