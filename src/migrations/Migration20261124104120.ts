import { Migration } from '@mikro-orm/migrations';

export class Migration20261124104120 extends Migration {

  override name = 'Migration20261124104120';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."subscription_items" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "subscription_id" uuid not null, "description" varchar(500) not null, "unit_amount" bigint not null, "quantity" int not null, "invoice_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "subscription_items_pending_index" on "billing"."subscription_items" ("subscription_id") where "invoice_id" is null;`);

    this.addSql(`alter table "billing"."invoices" add "kind" varchar(10) not null default 'period';`);
    // One invoice per subscription and period still; proration and one-off invoices stand beside them.
    this.addSql(`alter table "billing"."invoices" drop constraint "invoices_period_unique";`);
    this.addSql(`create unique index "invoices_period_unique" on "billing"."invoices" ("subscription_id", "period_start") where "kind" = 'period';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."subscription_items" cascade;`);

    this.addSql(`delete from "billing"."invoices" where "kind" <> 'period';`);
    this.addSql(`drop index "billing"."invoices_period_unique";`);
    this.addSql(`alter table "billing"."invoices" drop column "kind";`);
    this.addSql(`alter table "billing"."invoices" add constraint "invoices_period_unique" unique ("subscription_id", "period_start");`);
  }

}
