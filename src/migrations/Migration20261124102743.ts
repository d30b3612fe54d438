import { Migration } from '@mikro-orm/migrations';

export class Migration20261124102743 extends Migration {

  override name = 'Migration20261124102743';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gateway"."merchants" add "unmatched_refunds" boolean not null default false;`);

    this.addSql(`alter table "gateway"."purchases" add "voided" boolean not null default false, add "authorization_tracking_id" varchar(64) not null default '';`);

    this.addSql(`alter table "gateway"."refunds" add "card_id" uuid null, add "standalone" boolean not null default false, add "voided" boolean not null default false, add "rrn" varchar(24) null, add "metadata" jsonb not null default '{}';`);
    this.addSql(`alter table "gateway"."refunds" add constraint "refunds_card_id_foreign" foreign key ("card_id") references "gateway"."cards" ("id");`);
    this.addSql(`alter table "gateway"."refunds" alter column "purchase_id" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gateway"."refunds" drop constraint "refunds_card_id_foreign";`);
    this.addSql(`alter table "gateway"."merchants" drop column "unmatched_refunds";`);

    this.addSql(`alter table "gateway"."purchases" drop column "voided", drop column "authorization_tracking_id";`);

    this.addSql(`alter table "gateway"."refunds" drop column "card_id", drop column "standalone", drop column "voided", drop column "rrn", drop column "metadata";`);
    this.addSql(`alter table "gateway"."refunds" alter column "purchase_id" set not null;`);
  }

}
