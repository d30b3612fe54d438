import { Migration } from '@mikro-orm/migrations';

export class Migration20261122085538 extends Migration {

  override name = 'Migration20261122085538';

  override up(): void | Promise<void> {
    this.addSql(`drop index "billing"."invoices_subscription_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "invoices_subscription_index" on "billing"."invoices" ("subscription_id", "period_index");`);
  }

}
