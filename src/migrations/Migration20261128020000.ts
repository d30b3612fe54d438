import { Migration } from '@mikro-orm/migrations';

/**
 * Late usage events (docs/usage.md, "Late events"): an event whose timestamp falls in a range
 * already billed. `usage_late_ranges` holds the billed ranges that received one since they were
 * last billed (one row per subscription, metric and range start: the next invoice re-aggregates
 * each and bills the difference, then deletes the row, in its own transaction), so the cost of
 * corrections grows with the late ranges, not with the events. `usage_billed_corrections` records
 * each correction billed, numbered per range (`seq`, primary key with the range): two writers of
 * the same correction fail on it, so a correction is billed once. `usage_billed_periods` gains the
 * plan whose prices billed the range: a correction prices the range at those prices.
 */
export class Migration20261128020000 extends Migration {

  override name = 'Migration20261128020000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "billing"."usage_billed_periods" add column "plan_id" uuid null;`);
    this.addSql(`create table "billing"."usage_late_ranges" ("subscription_id" uuid not null, "metric_code" varchar(64) not null, "period_start" timestamptz not null, "marked_at" timestamptz not null, primary key ("subscription_id", "metric_code", "period_start"));`);
    this.addSql(`create table "billing"."usage_billed_corrections" ("subscription_id" uuid not null, "metric_code" varchar(64) not null, "period_start" timestamptz not null, "seq" int not null, "invoice_id" uuid not null, "quantity" bigint not null, "amount" bigint not null, "created_at" timestamptz not null, primary key ("subscription_id", "metric_code", "period_start", "seq"));`);
    this.addSql(`create index "usage_billed_corrections_invoice_index" on "billing"."usage_billed_corrections" ("invoice_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "billing"."usage_billed_corrections";`);
    this.addSql(`drop table "billing"."usage_late_ranges";`);
    this.addSql(`alter table "billing"."usage_billed_periods" drop column "plan_id";`);
  }

}
