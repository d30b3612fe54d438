import { Migration } from '@mikro-orm/migrations';

export class Migration20261124141508 extends Migration {

  override name = 'Migration20261124141508';

  override up(): void | Promise<void> {
    this.addSql(`alter table "billing"."charge_attempts" add "claimed_card_token" varchar(255) null;`);
    // Attempts in flight when this runs keep counting against their card's network caps.
    this.addSql(`update "billing"."charge_attempts" a set "claimed_card_token" = s."card_token"
      from "billing"."invoices" i join "billing"."subscriptions" s on s."id" = i."subscription_id"
      where i."id" = a."invoice_id" and a."status" in ('sending', 'unknown');`);
    this.addSql(`create index "charge_attempts_in_flight_card_index" on "billing"."charge_attempts" ("claimed_card_token") where "status" in ('sending', 'unknown');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "billing"."charge_attempts_in_flight_card_index";`);
    this.addSql(`alter table "billing"."charge_attempts" drop column "claimed_card_token";`);
  }

}
