import { Migration } from '@mikro-orm/migrations';

/**
 * A subscription's events by its id (the subscription's timeline reads its caps hit and the
 * webhook deliveries of its events, by event): invoice and card events name it in `data.subscription_id`,
 * subscription events in `data.subscription.id`.
 */
export class Migration20261128040000 extends Migration {

  override name = 'Migration20261128040000';

  override up(): void | Promise<void> {
    this.addSql(`create index "events_subscription_index" on "billing"."events" ("merchant_id", "environment", (coalesce("data"->>'subscription_id', "data"->'subscription'->>'id'))) where coalesce("data"->>'subscription_id', "data"->'subscription'->>'id') is not null;`);
    this.addSql(`create index "webhook_deliveries_event_index" on "billing"."webhook_deliveries" ("event_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "billing"."webhook_deliveries_event_index";`);
    this.addSql(`drop index if exists "billing"."events_subscription_index";`);
  }

}
