import { Migration } from '@mikro-orm/migrations';

/**
 * The revenue rollup (docs/analytics.md, "Cost"): one row per merchant, environment and closed
 * month with that month's collected, refunded and failed figures per currency, so that the
 * revenue series reads the ledger of the current month only. A row is written once its month is
 * closed (an hour past its end) and forgotten by the triggers below when a row that counts in
 * its month arrives late (a test clock billing in the past, a refund or an attempt settled late):
 * the next read computes it again.
 */
export class Migration20261127193000 extends Migration {

  override name = 'Migration20261127193000';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."revenue_months" ("merchant_id" uuid not null, "environment" varchar(10) not null, "month" date not null, "figures" jsonb not null, "computed_at" timestamptz not null, primary key ("merchant_id", "environment", "month"));`);

    // The lock a rollup writer takes exclusively (without waiting: pg_try_advisory_xact_lock) and a
    // late row's trigger takes shared: a writer never reads while a late row of its merchant is
    // uncommitted, and a late row committed after a writer deletes what the writer wrote.
    this.addSql(`create function "billing"."revenue_months_lock"(p_merchant_id uuid, p_environment text) returns bigint
      language sql immutable as $$ select hashtextextended('revenue_months:' || p_merchant_id::text || ':' || p_environment, 0) $$;`);
    this.addSql(`create function "billing"."forget_revenue_month"(p_merchant_id uuid, p_environment text, p_at timestamptz) returns void
      language plpgsql as $$
      begin
        if p_merchant_id is null or p_at is null then return; end if;
        perform pg_advisory_xact_lock_shared(billing.revenue_months_lock(p_merchant_id, p_environment));
        delete from billing.revenue_months
         where merchant_id = p_merchant_id and environment = p_environment and month = date_trunc('month', p_at at time zone 'UTC')::date;
      end $$;`);
    this.addSql(`create function "billing"."ledger_entry_revenue_late"() returns trigger language plpgsql as $$
      begin
        perform billing.forget_revenue_month(new.merchant_id, new.environment, new.booked_at);
        return null;
      end $$;`);
    this.addSql(`create function "billing"."invoice_refund_revenue_late"() returns trigger language plpgsql as $$
      begin
        perform billing.forget_revenue_month(new.merchant_id, new.environment, new.created_at);
        return null;
      end $$;`);
    this.addSql(`create function "billing"."charge_attempt_revenue_late"() returns trigger language plpgsql as $$
      declare
        v_merchant uuid;
        v_environment text;
      begin
        select i.merchant_id, i.environment into v_merchant, v_environment from billing.invoices i where i.id = new.invoice_id;
        perform billing.forget_revenue_month(v_merchant, v_environment, new.attempted_at);
        if tg_op = 'UPDATE' and old.attempted_at is distinct from new.attempted_at then
          perform billing.forget_revenue_month(v_merchant, v_environment, old.attempted_at);
        end if;
        return null;
      end $$;`);
    // Only rows dated more than a minute before their statement run a function: the charge path's
    // own rows (dated now) pay the WHEN test alone.
    this.addSql(`create trigger "ledger_entries_revenue_late" after insert on "billing"."ledger_entries"
      for each row when (new.booked_at < statement_timestamp() - interval '1 minute') execute function billing.ledger_entry_revenue_late();`);
    this.addSql(`create trigger "invoice_refunds_revenue_late" after insert or update of "status", "amount" on "billing"."invoice_refunds"
      for each row when (new.created_at < statement_timestamp() - interval '1 minute') execute function billing.invoice_refund_revenue_late();`);
    this.addSql(`create trigger "charge_attempts_revenue_late" after insert or update of "status", "attempted_at", "decline_class" on "billing"."charge_attempts"
      for each row when (new.attempted_at < statement_timestamp() - interval '1 minute') execute function billing.charge_attempt_revenue_late();`);

    // The dunning figures stay live (a month's recoveries grow as its retries run): read from the index alone.
    this.addSql(`drop index "billing"."invoices_first_failed_index";`);
    this.addSql(`create index "invoices_first_failed_index" on "billing"."invoices" ("merchant_id", "environment", "first_failed_at") include ("currency", "status", "amount") where "first_failed_at" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "billing"."invoices_first_failed_index";`);
    this.addSql(`create index "invoices_first_failed_index" on "billing"."invoices" ("merchant_id", "environment", "first_failed_at") where "first_failed_at" is not null;`);
    this.addSql(`drop trigger "charge_attempts_revenue_late" on "billing"."charge_attempts";`);
    this.addSql(`drop trigger "invoice_refunds_revenue_late" on "billing"."invoice_refunds";`);
    this.addSql(`drop trigger "ledger_entries_revenue_late" on "billing"."ledger_entries";`);
    this.addSql(`drop function "billing"."charge_attempt_revenue_late"();`);
    this.addSql(`drop function "billing"."invoice_refund_revenue_late"();`);
    this.addSql(`drop function "billing"."ledger_entry_revenue_late"();`);
    this.addSql(`drop function "billing"."forget_revenue_month"(uuid, text, timestamptz);`);
    this.addSql(`drop function "billing"."revenue_months_lock"(uuid, text);`);
    this.addSql(`drop table "billing"."revenue_months";`);
  }
}
