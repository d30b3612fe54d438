import { Migration } from '@mikro-orm/migrations';

/**
 * Usage prices on plans (docs/usage.md): `prices`, a list of price models per billable metric,
 * billed in arrears; and the record of each period's usage billed, one row per subscription,
 * metric and period start, unique, so that a period's usage is billed by exactly one invoice line.
 */
export class Migration20261127191000 extends Migration {

  override name = 'Migration20261127191000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "billing"."plans" add column "prices" jsonb not null default '[]';`);
    this.addSql(`create table "billing"."usage_billed_periods" ("subscription_id" uuid not null, "metric_code" varchar(64) not null, "period_start" timestamptz not null, "period_end" timestamptz not null, "invoice_id" uuid not null, "quantity" bigint not null, "amount" bigint not null, "created_at" timestamptz not null, primary key ("subscription_id", "metric_code", "period_start"));`);
    this.addSql(`create index "usage_billed_periods_invoice_index" on "billing"."usage_billed_periods" ("invoice_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "billing"."usage_billed_periods";`);
    this.addSql(`alter table "billing"."plans" drop column "prices";`);
  }

}
