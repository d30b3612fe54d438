import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

/**
 * A one-off charge on a subscription: it waits for the next period invoice (`invoice_id` null
 * until then), or has an invoice of its own at once (`invoice_now`).
 */
export const SubscriptionItem = defineEntity({
  name: 'SubscriptionItem',
  schema: 'billing',
  tableName: 'subscription_items',
  properties: {
    ...merchantRow(),
    subscriptionId: p.uuid(),
    description: p.string().length(500),
    /** Tax rates for its lines (explicit: they win over automatic tax by address). */
    taxRateIds: p.json<string[]>().columnType('jsonb').default('[]'),
    unitAmount: minorUnits(),
    quantity: p.integer(),
    invoiceId: p.uuid().nullable(),
    createdAt: instant(),
  },
  indexes: [
    {
      // The scheduler reads a due subscription's pending items: only those not yet invoiced.
      name: 'subscription_items_pending_index',
      expression: `create index "subscription_items_pending_index" on "billing"."subscription_items" ("subscription_id") where "invoice_id" is null`,
    },
  ],
});
export type SubscriptionItem = InferEntity<typeof SubscriptionItem>;
