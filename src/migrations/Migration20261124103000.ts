import { Migration } from '@mikro-orm/migrations';

export class Migration20261124103000 extends Migration {

  override name = 'Migration20261124103000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "billing"."charge_attempts" add column "manual" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."charge_attempts" drop column "manual";`);
  }

}
