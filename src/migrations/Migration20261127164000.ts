import { Migration } from '@mikro-orm/migrations';

export class Migration20261127164000 extends Migration {

  override name = 'Migration20261127164000';

  override up(): void | Promise<void> {
    // Billable metrics: what usage events count, per merchant and environment; a code is never reused (archived ones keep it).
    this.addSql(`create table "billing"."billable_metrics" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "code" varchar(64) not null, "name" varchar(200) not null, "aggregation" varchar(16) not null, "field" varchar(100) null, "filters" jsonb not null default '{}', "status" varchar(10) not null default 'active', "created_at" timestamptz not null, "archived_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "billable_metrics_listing_index" on "billing"."billable_metrics" ("merchant_id", "environment", "created_at");`);
    this.addSql(`alter table "billing"."billable_metrics" add constraint "billable_metrics_code_unique" unique ("merchant_id", "environment", "code");`);

    // Usage events, partitioned by month on their own timestamp (docs/usage.md). No primary key:
    // a unique index on a partitioned table must hold the partition key, so the idempotency key
    // lives in usage_event_keys, written in the same statement as the event.
    this.addSql(`create table "billing"."usage_events" ("merchant_id" uuid not null, "environment" varchar(10) not null, "transaction_id" varchar(255) not null, "subscription_id" uuid not null, "code" varchar(64) not null, "timestamp" timestamptz not null, "properties" jsonb not null default '{}', "received_at" timestamptz not null) partition by range ("timestamp");`);
    // The aggregation's range scan: one subscription's events of one metric over [from, to).
    this.addSql(`create index "usage_events_aggregation_index" on "billing"."usage_events" ("subscription_id", "code", "timestamp");`);
    this.addSql(`create table "billing"."usage_event_keys" ("merchant_id" uuid not null, "environment" varchar(10) not null, "transaction_id" varchar(255) not null, "timestamp" timestamptz not null, primary key ("merchant_id", "environment", "transaction_id"));`);

    // The monthly partitions of usage_events, `usage_events_YYYY_MM` (UTC months), for `months`
    // months from the one holding `from_instant`: each made unless a table of its name exists
    // (a detached, archived month keeps its name and is not made again). Answers how many it made.
    this.addSql(`create function "billing"."create_usage_event_partitions"(from_instant timestamptz, months int) returns int language plpgsql as $fn$
declare
  first_month timestamp := date_trunc('month', from_instant at time zone 'UTC');
  month_start timestamp;
  partition_name text;
  made int := 0;
begin
  perform pg_advisory_xact_lock(hashtext('billing.usage_events partitions'));
  for i in 0 .. months - 1 loop
    month_start := first_month + make_interval(months => i);
    partition_name := 'usage_events_' || to_char(month_start, 'YYYY_MM');
    if to_regclass(format('billing.%I', partition_name)) is null then
      execute format('create table billing.%I partition of billing.usage_events for values from (%L) to (%L)',
        partition_name, month_start at time zone 'UTC', (month_start + interval '1 month') at time zone 'UTC');
      made := made + 1;
    end if;
  end loop;
  return made;
end
$fn$;`);
    this.addSql(`select "billing"."create_usage_event_partitions"(now() - interval '1 month', 4);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function "billing"."create_usage_event_partitions"(timestamptz, int);`);
    this.addSql(`drop table "billing"."usage_event_keys";`);
    this.addSql(`drop table "billing"."usage_events";`);
    this.addSql(`drop table "billing"."billable_metrics";`);
  }

}
