import { Migration } from '@mikro-orm/migrations';

export class Migration20261124110536 extends Migration {

  override name = 'Migration20261124110536';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."credential_chains" ("merchant_id" uuid not null, "environment" varchar(10) not null, "card_token" varchar(255) not null, "tracking_id" varchar(64) not null, "created_at" timestamptz not null, primary key ("merchant_id", "environment", "card_token"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."credential_chains" cascade;`);
  }

}
