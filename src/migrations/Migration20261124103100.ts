import { Migration } from '@mikro-orm/migrations';

/**
 * Pending upstream transactions are resolved: a purchase or refund the upstream never recorded
 * settles as `failed`, which frees its reference (the unique constraints become partial indexes
 * over the other states), and the resolver's backoff is kept per row.
 */
export class Migration20261124103100 extends Migration {

  override name = 'Migration20261124103100';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gateway"."purchases" drop constraint "purchases_reference_unique";`);
    this.addSql(`create unique index "purchases_reference_unique" on "gateway"."purchases" ("merchant_id", "environment", "reference") where "state" <> 'failed';`);
    this.addSql(`alter table "gateway"."refunds" drop constraint "refunds_reference_unique";`);
    this.addSql(`create unique index "refunds_reference_unique" on "gateway"."refunds" ("merchant_id", "environment", "reference") where "state" <> 'failed';`);
    this.addSql(`alter table "gateway"."purchases" add column "resolve_tries" int not null default 0, add column "resolve_after" timestamptz null;`);
    this.addSql(`alter table "gateway"."refunds" add column "resolve_tries" int not null default 0, add column "resolve_after" timestamptz null;`);
    this.addSql(`create index "purchases_pending_index" on "gateway"."purchases" ("resolve_after") where "state" = 'pending';`);
    this.addSql(`create index "refunds_pending_index" on "gateway"."refunds" ("resolve_after") where "state" = 'pending';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "gateway"."purchases_pending_index";`);
    this.addSql(`drop index "gateway"."refunds_pending_index";`);
    this.addSql(`alter table "gateway"."purchases" drop column "resolve_tries", drop column "resolve_after";`);
    this.addSql(`alter table "gateway"."refunds" drop column "resolve_tries", drop column "resolve_after";`);
    this.addSql(`drop index "gateway"."purchases_reference_unique";`);
    this.addSql(`alter table "gateway"."purchases" add constraint "purchases_reference_unique" unique ("merchant_id", "environment", "reference");`);
    this.addSql(`drop index "gateway"."refunds_reference_unique";`);
    this.addSql(`alter table "gateway"."refunds" add constraint "refunds_reference_unique" unique ("merchant_id", "environment", "reference");`);
  }

}
