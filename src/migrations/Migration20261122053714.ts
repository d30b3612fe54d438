import { Migration } from '@mikro-orm/migrations';

export class Migration20261122053714 extends Migration {

  override name = 'Migration20261122053714';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."webhook_deliveries" ("id" uuid not null, "endpoint_id" uuid not null, "event_id" uuid not null, "status" varchar(10) not null, "attempts" int not null default 0, "last_status_code" int null, "last_error" varchar(500) null, "created_at" timestamptz not null, "delivered_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "webhook_deliveries_listing_index" on "billing"."webhook_deliveries" ("endpoint_id", "created_at");`);
    this.addSql(`alter table "billing"."webhook_deliveries" add constraint "webhook_deliveries_event_unique" unique ("endpoint_id", "event_id");`);

    this.addSql(`create table "billing"."webhook_delivery_attempts" ("id" uuid not null, "delivery_id" uuid not null, "number" int not null, "status_code" int null, "error" varchar(500) null, "duration_ms" int not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_attempts_index" on "billing"."webhook_delivery_attempts" ("delivery_id", "number");`);

    this.addSql(`create table "billing"."webhook_endpoints" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "url" varchar(2048) not null, "events" jsonb not null, "secret_sealed" bytea not null, "created_at" timestamptz not null, "deleted_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "webhook_endpoints_merchant_index" on "billing"."webhook_endpoints" ("merchant_id", "environment");`);

    this.addSql(`alter table "billing"."events" add "relayed" boolean not null default false;`);
    this.addSql(`create index "events_unrelayed_index" on "billing"."events" ("created_at") where "relayed" = false;`);

    this.addSql(`alter table "billing"."charge_attempts" add "card_token" varchar(20) null, add "attempted_at" timestamptz null;`);
    this.addSql(`create index "charge_attempts_card_index" on "billing"."charge_attempts" ("card_token", "attempted_at");`);

    this.addSql(`alter table "billing"."invoices" add "first_failed_at" timestamptz null, add "retry_enqueued_at" timestamptz null, add "held_for_card" boolean not null default false, add "decline_table_version" int null;`);
    this.addSql(`create index "invoices_retry_due_index" on "billing"."invoices" ("next_attempt_at") where "status" = 'past_due' and "next_attempt_at" is not null;`);

    this.addSql(`alter table "billing"."subscriptions" add "card_expiry" varchar(10) null, add "awaiting_card_update" boolean not null default false, add "expiring_notified_for" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "billing"."webhook_delivery_attempts" cascade;`);
    this.addSql(`drop table if exists "billing"."webhook_endpoints" cascade;`);

    this.addSql(`drop index "billing"."charge_attempts_card_index";`);
    this.addSql(`alter table "billing"."charge_attempts" drop column "card_token", drop column "attempted_at";`);

    this.addSql(`drop index "billing"."events_unrelayed_index";`);
    this.addSql(`alter table "billing"."events" drop column "relayed";`);

    this.addSql(`drop index "billing"."invoices_retry_due_index";`);
    this.addSql(`alter table "billing"."invoices" drop column "first_failed_at", drop column "retry_enqueued_at", drop column "held_for_card", drop column "decline_table_version";`);

    this.addSql(`alter table "billing"."subscriptions" drop column "card_expiry", drop column "awaiting_card_update", drop column "expiring_notified_for";`);
  }

}
