import { Migration } from '@mikro-orm/migrations';

/**
 * An event's webhook deliveries (the subscription's timeline lists the deliveries of its events,
 * found by the events' generated `subscription_id`, Migration20261128050000).
 */
export class Migration20261128040000 extends Migration {

  override name = 'Migration20261128040000';

  override up(): void | Promise<void> {
    this.addSql(`create index "webhook_deliveries_event_index" on "billing"."webhook_deliveries" ("event_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "billing"."webhook_deliveries_event_index";`);
  }

}
