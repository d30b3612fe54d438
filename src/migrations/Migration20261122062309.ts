import { Migration } from '@mikro-orm/migrations';

export class Migration20261122062309 extends Migration {

  override name = 'Migration20261122062309';

  override up(): void | Promise<void> {
    this.addSql(`create index "subscriptions_card_expiry_index" on "billing"."subscriptions" ("card_expiry") where "card_expiry" is not null and not "awaiting_card_update" and "status" in ('trialing', 'active');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "billing"."subscriptions_card_expiry_index";`);
  }

}
