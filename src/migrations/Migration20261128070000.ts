import { Migration } from '@mikro-orm/migrations';

/**
 * The test-clock claim's index holds only subscriptions on a test clock. Subscriptions on the real
 * clock are claimed through `subscriptions_due_index`; each of their period advances (a non-HOT
 * update: `next_charge_at` changes) wrote an entry here too, keyed by a null clock, that nothing read.
 */
export class Migration20261128070000 extends Migration {

  override name = 'Migration20261128070000';

  override up(): void | Promise<void> {
    this.addSql(`drop index if exists "billing"."subscriptions_clock_due_index";`);
    this.addSql(`create index "subscriptions_clock_due_index" on "billing"."subscriptions" ("test_clock_id", "next_charge_at") where "test_clock_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "billing"."subscriptions_clock_due_index";`);
    this.addSql(`create index "subscriptions_clock_due_index" on "billing"."subscriptions" ("test_clock_id", "next_charge_at");`);
  }

}
