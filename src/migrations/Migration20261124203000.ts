import { Migration } from '@mikro-orm/migrations';

export class Migration20261124203000 extends Migration {

  override name = 'Migration20261124203000';

  override up(): void | Promise<void> {
    // Network caps are per card. A subscription that names its card by an alias has it resolved by
    // the gateway at each charge; one that names it by its token needs no resolution. Existing
    // subscriptions start as unknown (false): their first charge asks the gateway and learns it.
    this.addSql(`alter table "billing"."subscriptions" add "card_is_token" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."subscriptions" drop column "card_is_token";`);
  }

}
