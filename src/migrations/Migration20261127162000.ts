import { Migration } from '@mikro-orm/migrations';

export class Migration20261127162000 extends Migration {

  override name = 'Migration20261127162000';

  override up(): void | Promise<void> {
    // Signed customer links are not stored; only a use (card update, once) or a revocation is.
    this.addSql(`create table "billing"."hosted_link_marks" ("merchant_id" uuid not null, "environment" varchar(20) not null, "link_id" varchar(32) not null, "mark" varchar(20) not null, "at" timestamptz not null, primary key ("merchant_id", "environment", "link_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."hosted_link_marks" cascade;`);
  }

}
