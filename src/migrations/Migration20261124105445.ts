import { Migration } from '@mikro-orm/migrations';

export class Migration20261124105445 extends Migration {

  override name = 'Migration20261124105445';

  override up(): void | Promise<void> {
    this.addSql(`create table "gateway"."auth_failures" ("key" varchar(64) not null, "failures" int not null, "window_start" timestamptz not null, primary key ("key"));`);
    this.addSql(`create index "auth_failures_window_start_index" on "gateway"."auth_failures" ("window_start");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "gateway"."auth_failures" cascade;`);
  }

}
