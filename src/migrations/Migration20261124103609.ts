import { Migration } from '@mikro-orm/migrations';

export class Migration20261124103609 extends Migration {

  override name = 'Migration20261124103609';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."coupons" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "code" varchar(64) not null, "name" varchar(200) null, "percent_off_basis_points" int null, "amount_off" bigint null, "currency" varchar(3) null, "duration" varchar(10) not null, "duration_in_periods" int null, "max_redemptions" int null, "times_redeemed" int not null default 0, "redeem_by" timestamptz null, "status" varchar(10) not null default 'active', "created_at" timestamptz not null, "archived_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "coupons_listing_index" on "billing"."coupons" ("merchant_id", "environment", "created_at");`);
    this.addSql(`alter table "billing"."coupons" add constraint "coupons_code_unique" unique ("merchant_id", "environment", "code");`);

    this.addSql(`alter table "billing"."subscriptions" add "coupon_id" uuid null, add "coupon_periods_left" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."coupons" cascade;`);

    this.addSql(`alter table "billing"."subscriptions" drop column "coupon_id", drop column "coupon_periods_left";`);
  }

}
