import { Migration } from '@mikro-orm/migrations';

export class Migration20261127091857 extends Migration {

  override name = 'Migration20261127091857';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."credit_notes" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "invoice_id" uuid not null, "customer_id" uuid null, "subscription_id" uuid not null, "number" varchar(40) not null, "amount" bigint not null, "tax" bigint not null default '0', "currency" varchar(3) not null, "lines" jsonb not null default '[]', "reason" varchar(24) not null, "credit_to" varchar(10) not null, "invoice_refund_id" uuid null, "memo" varchar(500) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "credit_notes_listing_index" on "billing"."credit_notes" ("merchant_id", "environment", "created_at");`);
    this.addSql(`create index "credit_notes_invoice_index" on "billing"."credit_notes" ("invoice_id");`);
    this.addSql(`alter table "billing"."credit_notes" add constraint "credit_notes_number_unique" unique ("merchant_id", "environment", "number");`);

    this.addSql(`create table "billing"."customers" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "name" varchar(255) not null, "email" varchar(255) null, "phone" varchar(40) null, "address" jsonb null, "tax_ids" jsonb not null default '[]', "currency" varchar(3) null, "locale" varchar(35) null, "metadata" jsonb not null default '{}', "credit_balance" bigint not null default '0', "invoice_prefix" varchar(12) not null, "deleted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "customers_listing_index" on "billing"."customers" ("merchant_id", "environment", "created_at");`);
    this.addSql(`create index "customers_email_index" on "billing"."customers" ("merchant_id", "environment", lower("email")) where "deleted_at" is null;`);

    this.addSql(`create table "billing"."merchant_settings" ("merchant_id" uuid not null, "environment" varchar(10) not null, "invoicing" jsonb not null default '{}', "business" jsonb not null default '{}', "tax" jsonb not null default '{}', "updated_at" timestamptz not null, primary key ("merchant_id", "environment"));`);

    this.addSql(`create table "billing"."number_sequences" ("merchant_id" uuid not null, "environment" varchar(10) not null, "kind" varchar(12) not null, "scope" varchar(36) not null, "last_value" bigint not null default '0', primary key ("merchant_id", "environment", "kind", "scope"));`);

    this.addSql(`create table "billing"."tax_rates" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "display_name" varchar(100) not null, "description" varchar(255) null, "rate_millionths" int not null, "inclusive" boolean not null, "country" varchar(2) null, "state" varchar(10) null, "archived_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "tax_rates_listing_index" on "billing"."tax_rates" ("merchant_id", "environment", "created_at");`);

    this.addSql(`alter table "billing"."invoices" add "customer_id" uuid null, add "tax" bigint not null default '0', add "tax_breakdown" jsonb not null default '[]', add "total" bigint not null default '0', add "reverse_charge" boolean not null default false, add "credited_amount" bigint not null default '0', add "number" varchar(40) null, add "bill_to" jsonb null, add "seller" jsonb null, add "finalizes_at" timestamptz null, add "finalized_at" timestamptz null;`);
    this.addSql(`create unique index "invoices_number_unique" on "billing"."invoices" ("merchant_id", "environment", "number") where "number" is not null;`);
    this.addSql(`create index "invoices_draft_due_index" on "billing"."invoices" ("finalizes_at") where "status" = 'draft';`);
    this.addSql(`create index "invoices_customer_index" on "billing"."invoices" ("customer_id", "created_at") where "customer_id" is not null;`);

    this.addSql(`alter table "billing"."plans" add "tax_rate_ids" jsonb not null default '[]';`);

    this.addSql(`alter table "billing"."subscriptions" add "customer_id" uuid null, add "tax_rate_ids" jsonb not null default '[]';`);
    this.addSql(`create index "subscriptions_customer_index" on "billing"."subscriptions" ("customer_id") where "customer_id" is not null;`);

    this.addSql(`alter table "billing"."subscription_items" add "tax_rate_ids" jsonb not null default '[]';`);

    // Invoices already written were finalized as they were written, untaxed: their total is what
    // they were for before credit, and they take numbers from each merchant's sequence in the
    // order they were created (INV-000001, …), the sequence continuing after them.
    this.addSql(`update "billing"."invoices" set "total" = "subtotal" - "discount", "finalized_at" = "created_at";`);
    this.addSql(`update "billing"."invoices" i set "number" = 'INV-' || case when n.rn < 1000000 then lpad(n.rn::text, 6, '0') else n.rn::text end
        from (select "id", row_number() over (partition by "merchant_id", "environment" order by "created_at", "id") as rn from "billing"."invoices") n
       where n."id" = i."id";`);
    this.addSql(`insert into "billing"."number_sequences" ("merchant_id", "environment", "kind", "scope", "last_value")
        select "merchant_id", "environment", 'invoice', '', count(*) from "billing"."invoices" group by "merchant_id", "environment";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."credit_notes" cascade;`);
    this.addSql(`drop table if exists "billing"."customers" cascade;`);
    this.addSql(`drop table if exists "billing"."merchant_settings" cascade;`);
    this.addSql(`drop table if exists "billing"."number_sequences" cascade;`);
    this.addSql(`drop table if exists "billing"."tax_rates" cascade;`);

    this.addSql(`drop index "billing"."invoices_number_unique";`);
    this.addSql(`drop index "billing"."invoices_draft_due_index";`);
    this.addSql(`drop index "billing"."invoices_customer_index";`);
    this.addSql(`alter table "billing"."invoices" drop column "customer_id", drop column "tax", drop column "tax_breakdown", drop column "total", drop column "reverse_charge", drop column "credited_amount", drop column "number", drop column "bill_to", drop column "seller", drop column "finalizes_at", drop column "finalized_at";`);

    this.addSql(`alter table "billing"."plans" drop column "tax_rate_ids";`);

    this.addSql(`alter table "billing"."subscription_items" drop column "tax_rate_ids";`);

    this.addSql(`drop index "billing"."subscriptions_customer_index";`);
    this.addSql(`alter table "billing"."subscriptions" drop column "customer_id", drop column "tax_rate_ids";`);
  }

}
