import { Migration } from '@mikro-orm/migrations';

export class Migration20261122045931 extends Migration {

  override name = 'Migration20261122045931';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "billing";`);
    this.addSql(`create table "billing"."events" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "type" varchar(40) not null, "data" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "events_listing_index" on "billing"."events" ("merchant_id", "environment", "created_at");`);
    this.addSql(`create index "events_type_index" on "billing"."events" ("merchant_id", "environment", "type", "created_at");`);

    this.addSql(`create table "billing"."charge_attempts" ("id" uuid not null, "invoice_id" uuid not null, "number" int not null, "reference" varchar(64) not null, "status" varchar(10) not null, "purchase_id" varchar(40) null, "response_code" varchar(2) null, "message" varchar(255) null, "decline_class" varchar(12) null, "advice_code" varchar(20) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "billing"."charge_attempts" add constraint "charge_attempts_reference_unique" unique ("reference");`);
    this.addSql(`create index "charge_attempts_unresolved_index" on "billing"."charge_attempts" ("updated_at") where "status" in ('sending', 'unknown');`);
    this.addSql(`alter table "billing"."charge_attempts" add constraint "charge_attempts_number_unique" unique ("invoice_id", "number");`);

    this.addSql(`create table "billing"."idempotency_keys" ("merchant_id" uuid not null, "environment" varchar(10) not null, "key" varchar(255) not null, "request_hash" varchar(64) not null, "state" varchar(10) not null, "response_status" int null, "response_body" jsonb null, "created_at" timestamptz not null, primary key ("merchant_id", "environment", "key"));`);

    this.addSql(`create table "billing"."invoices" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "subscription_id" uuid not null, "plan_id" uuid not null, "period_index" int not null, "period_start" timestamptz not null, "period_end" timestamptz not null, "amount" bigint not null, "currency" varchar(3) not null, "status" varchar(14) not null, "attempt_count" int not null default 0, "dunning" jsonb not null, "next_attempt_at" timestamptz null, "paid_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "invoices_listing_index" on "billing"."invoices" ("merchant_id", "environment", "created_at");`);
    this.addSql(`create index "invoices_subscription_index" on "billing"."invoices" ("subscription_id", "period_index");`);
    this.addSql(`create index "invoices_open_index" on "billing"."invoices" ("created_at") where "status" = 'open';`);
    this.addSql(`alter table "billing"."invoices" add constraint "invoices_period_unique" unique ("subscription_id", "period_start");`);

    this.addSql(`create table "billing"."ledger_entries" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "invoice_id" uuid not null, "attempt_id" uuid not null, "purchase_id" varchar(40) not null, "amount" bigint not null, "currency" varchar(3) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "billing"."ledger_entries" add constraint "ledger_entries_purchase_unique" unique ("purchase_id");`);
    this.addSql(`alter table "billing"."ledger_entries" add constraint "ledger_entries_invoice_unique" unique ("invoice_id");`);

    this.addSql(`create table "billing"."plans" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "name" varchar(200) not null, "amount" bigint not null, "currency" varchar(3) not null, "interval" varchar(5) not null, "interval_count" int not null, "trial_days" int not null default 0, "dunning" jsonb not null, "status" varchar(10) not null default 'active', "created_at" timestamptz not null, "archived_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "plans_listing_index" on "billing"."plans" ("merchant_id", "environment", "created_at");`);

    this.addSql(`create table "billing"."subscriptions" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "plan_id" uuid not null, "next_plan_id" uuid null, "card_token" varchar(255) not null, "customer_reference" varchar(255) not null, "status" varchar(12) not null, "time_zone" varchar(64) not null, "start_at" timestamptz not null, "anchor_at" timestamptz not null, "next_period_index" int not null, "current_period_start" timestamptz null, "current_period_end" timestamptz null, "next_charge_at" timestamptz null, "trial_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "cancelled_at" timestamptz null, "paused_at" timestamptz null, "test_clock_id" uuid null, "metadata" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "subscriptions_listing_index" on "billing"."subscriptions" ("merchant_id", "environment", "created_at");`);
    this.addSql(`create index "subscriptions_clock_due_index" on "billing"."subscriptions" ("test_clock_id", "next_charge_at");`);
    this.addSql(`create index "subscriptions_due_index" on "billing"."subscriptions" ("next_charge_at") where "test_clock_id" is null and "status" in ('trialing', 'active', 'past_due');`);

    this.addSql(`create table "billing"."test_clocks" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "frozen_time" timestamptz not null, "status" varchar(10) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."events" cascade;`);
    this.addSql(`drop table if exists "billing"."charge_attempts" cascade;`);
    this.addSql(`drop table if exists "billing"."idempotency_keys" cascade;`);
    this.addSql(`drop table if exists "billing"."invoices" cascade;`);
    this.addSql(`drop table if exists "billing"."ledger_entries" cascade;`);
    this.addSql(`drop table if exists "billing"."plans" cascade;`);
    this.addSql(`drop table if exists "billing"."subscriptions" cascade;`);
    this.addSql(`drop table if exists "billing"."test_clocks" cascade;`);

    this.addSql(`drop schema if exists "billing";`);
  }

}
