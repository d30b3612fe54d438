import { Migration } from '@mikro-orm/migrations';

export class Migration20261122061817 extends Migration {

  override name = 'Migration20261122061817';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."card_retry_leases" ("card_token" varchar(20) not null, "holder" uuid not null, "lease_until" timestamptz not null, primary key ("card_token"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."card_retry_leases" cascade;`);
  }

}
