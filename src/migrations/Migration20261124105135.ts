import { Migration } from '@mikro-orm/migrations';

export class Migration20261124105135 extends Migration {

  override name = 'Migration20261124105135';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."invoice_refunds" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "invoice_id" uuid not null, "number" int not null, "reference" varchar(64) not null, "purchase_id" varchar(40) not null, "amount" bigint not null, "currency" varchar(3) not null, "reason" varchar(500) null, "status" varchar(10) not null, "gateway_refund_id" varchar(40) null, "message" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "billing"."invoice_refunds" add constraint "invoice_refunds_reference_unique" unique ("reference");`);
    this.addSql(`alter table "billing"."invoice_refunds" add constraint "invoice_refunds_number_unique" unique ("invoice_id", "number");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."invoice_refunds" cascade;`);
  }

}
