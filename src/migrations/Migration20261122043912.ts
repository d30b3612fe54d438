import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043912 extends Migration {

  override name = 'Migration20261122043912';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "gateway";`);
    this.addSql(`create table "gateway"."audit_events" ("id" bigserial primary key, "merchant_id" uuid null, "environment" varchar(10) null, "action" varchar(40) not null, "actor" varchar(64) null, "detail" jsonb not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "audit_events_merchant_index" on "gateway"."audit_events" ("merchant_id", "created_at");`);

    this.addSql(`create table "gateway"."merchants" ("id" uuid not null, "name" varchar(200) not null, "id_prefix" varchar(8) not null, "currencies" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "gateway"."credentials" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "username" varchar(64) not null, "token_hash" varchar(64) not null, "failed_attempts" int not null default 0, "failure_window_start" timestamptz null, "created_at" timestamptz not null, "rotated_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "gateway"."credentials" add constraint "credentials_username_unique" unique ("username");`);
    this.addSql(`alter table "gateway"."credentials" add constraint "credentials_merchant_environment_unique" unique ("merchant_id", "environment");`);

    this.addSql(`create table "gateway"."cards" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "token" varchar(20) not null, "alias" varchar(255) null, "fingerprint" varchar(64) not null, "pan_key_id" varchar(32) not null, "pan_sealed" bytea not null, "first6" varchar(6) not null, "last4" varchar(4) not null, "pan_length" smallint not null, "card_holder" varchar(255) not null, "expiry_month" smallint not null, "expiry_year" smallint not null, "card_type" varchar(20) not null, "card_category" varchar(40) not null, "card_subcategory" varchar(40) not null, "card_issuer" varchar(100) not null, "card_country" varchar(40) not null, "transaction_count" int not null default 0, "sandbox_script" jsonb not null default '[]', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "cards_listing_index" on "gateway"."cards" ("merchant_id", "environment", "created_at");`);
    this.addSql(`alter table "gateway"."cards" add constraint "cards_token_unique" unique ("merchant_id", "environment", "token");`);
    this.addSql(`alter table "gateway"."cards" add constraint "cards_alias_unique" unique ("merchant_id", "environment", "alias");`);
    this.addSql(`alter table "gateway"."cards" add constraint "cards_fingerprint_unique" unique ("merchant_id", "environment", "fingerprint");`);

    this.addSql(`create table "gateway"."purchases" ("id" varchar(40) not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "reference" varchar(255) not null, "card_id" uuid not null, "state" varchar(10) not null, "amount" bigint not null, "currency" varchar(3) not null, "successful" boolean not null, "response_code" varchar(2) not null, "message" varchar(255) null, "authorization" varchar(12) null, "rrn" varchar(24) null, "upstream_id" varchar(64) null, "cvv_match" varchar(1) not null, "captured" boolean not null, "captured_amount" bigint not null, "refunded_amount" bigint not null default '0', "merchant_advice_code" varchar(20) null, "merchant_advice_retry_after" timestamptz null, "customer_ip" varchar(64) null, "metadata" jsonb not null, "extra" jsonb not null, "card_snapshot" jsonb not null, "transaction_date" timestamptz not null, "settlement_date" varchar(10) not null, primary key ("id"));`);
    this.addSql(`create index "purchases_listing_index" on "gateway"."purchases" ("merchant_id", "environment", "transaction_date");`);
    this.addSql(`alter table "gateway"."purchases" add constraint "purchases_reference_unique" unique ("merchant_id", "environment", "reference");`);

    this.addSql(`create table "gateway"."refunds" ("id" varchar(40) not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "reference" varchar(255) not null, "purchase_id" varchar(40) not null, "state" varchar(10) not null, "amount" bigint not null, "currency" varchar(3) not null, "successful" boolean not null, "refunded" varchar(10) not null, "response_code" varchar(2) not null, "message" varchar(255) null, "authorization" varchar(12) null, "card_snapshot" jsonb not null, "transaction_date" timestamptz not null, "settlement_date" varchar(10) not null, primary key ("id"));`);
    this.addSql(`create index "refunds_listing_index" on "gateway"."refunds" ("merchant_id", "environment", "transaction_date");`);
    this.addSql(`create index "refunds_purchase_index" on "gateway"."refunds" ("purchase_id");`);
    this.addSql(`alter table "gateway"."refunds" add constraint "refunds_reference_unique" unique ("merchant_id", "environment", "reference");`);

    this.addSql(`alter table "gateway"."credentials" add constraint "credentials_merchant_id_foreign" foreign key ("merchant_id") references "gateway"."merchants" ("id");`);

    this.addSql(`alter table "gateway"."cards" add constraint "cards_merchant_id_foreign" foreign key ("merchant_id") references "gateway"."merchants" ("id");`);

    this.addSql(`alter table "gateway"."purchases" add constraint "purchases_merchant_id_foreign" foreign key ("merchant_id") references "gateway"."merchants" ("id");`);
    this.addSql(`alter table "gateway"."purchases" add constraint "purchases_card_id_foreign" foreign key ("card_id") references "gateway"."cards" ("id");`);

    this.addSql(`alter table "gateway"."refunds" add constraint "refunds_merchant_id_foreign" foreign key ("merchant_id") references "gateway"."merchants" ("id");`);
    this.addSql(`alter table "gateway"."refunds" add constraint "refunds_purchase_id_foreign" foreign key ("purchase_id") references "gateway"."purchases" ("id");`);
  }

}
