import { Migration } from '@mikro-orm/migrations';

/**
 * MRR movements (docs/analytics.md): each change of a subscription's monthly recurring revenue,
 * written by a trigger on billing.subscriptions, so that every path that changes a subscription
 * (the API, the scheduler's batch, dunning, a charge) is counted by one rule, the function
 * billing.subscription_mrr.
 */
export class Migration20261127165000 extends Migration {

  override name = 'Migration20261127165000';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."mrr_movements" ("id" bigint generated always as identity, "merchant_id" uuid not null, "environment" varchar(10) not null, "subscription_id" uuid not null, "customer_id" uuid null, "currency" varchar(3) not null, "at" timestamptz not null, "mrr_before" bigint not null, "mrr_after" bigint not null, "kind" varchar(12) not null, primary key ("id"));`);
    this.addSql(`create index "mrr_movements_merchant_index" on "billing"."mrr_movements" ("merchant_id", "environment", "at");`);
    this.addSql(`create index "mrr_movements_subscription_index" on "billing"."mrr_movements" ("subscription_id", "at");`);

    // A period's recurring amount: the plan's amount × quantity, less the coupon held (a `once`
    // coupon only where p_once: it discounts the next invoice but is not recurring), the discount
    // rounded half away from zero and never more than the amount, as the invoice composer does.
    this.addSql(`create function "billing"."period_amount"(p_plan_id uuid, p_quantity int, p_coupon_id uuid, p_once boolean) returns bigint
      language sql stable as $$
        select greatest(g.gross - coalesce((
                 select case when k.percent_off_basis_points is not null
                             then round(g.gross * k.percent_off_basis_points / 10000.0)
                             else least(k.amount_off, g.gross) end
                   from billing.coupons k where k.id = p_coupon_id and (p_once or k.duration <> 'once')), 0), 0)::bigint
          from (select pl.amount::numeric * p_quantity as gross from billing.plans pl where pl.id = p_plan_id) g
      $$;`);
    // A subscription's MRR in minor units of its plan's currency: its recurring period amount per
    // month (a year's ÷ 12, a week's × 52 ÷ 12, a day's × 365 ÷ 12, each ÷ interval_count), rounded
    // once, half away from zero. Only active and past-due subscriptions have MRR.
    this.addSql(`create function "billing"."subscription_mrr"(p_status text, p_plan_id uuid, p_quantity int, p_coupon_id uuid) returns bigint
      language sql stable as $$
        select case when p_status not in ('active', 'past_due') then 0::bigint else coalesce((
          select round(billing.period_amount(p_plan_id, p_quantity, p_coupon_id, false)::numeric
                 * case pl.interval when 'month' then 12 when 'year' then 1 when 'week' then 52 else 365 end
                 / (12 * pl.interval_count))::bigint
            from billing.plans pl where pl.id = p_plan_id), 0) end
      $$;`);

    // When a movement happened, in billing time: a new subscription at its start; a period's change (a trial ending, a quantity,
    // plan or coupon taking effect, a fixed term completing) at the period's start; a cancel or a
    // pause at its own time; anything else at the subscription's test clock's time, else its
    // updated_at.
    this.addSql(`create function "billing"."record_mrr_movement"() returns trigger language plpgsql as $$
      declare
        before_mrr bigint := 0;
        after_mrr bigint;
        moved_at timestamptz;
        kind text;
      begin
        if tg_op = 'UPDATE' then
          before_mrr := billing.subscription_mrr(old.status, old.plan_id, old.quantity, old.coupon_id);
        end if;
        after_mrr := billing.subscription_mrr(new.status, new.plan_id, new.quantity, new.coupon_id);
        if before_mrr = after_mrr then
          return null;
        end if;
        moved_at := case
          when tg_op = 'INSERT' then new.start_at
          when tg_op = 'UPDATE' and new.current_period_start is distinct from old.current_period_start and new.current_period_start is not null
            then new.current_period_start
          when new.status = 'cancelled' and new.cancelled_at is not null then new.cancelled_at
          when new.status = 'paused' and new.paused_at is not null then new.paused_at
          else coalesce((select c.frozen_time from billing.test_clocks c where c.id = new.test_clock_id), new.updated_at) end;
        kind := case
          when before_mrr = 0 then case when exists (select 1 from billing.mrr_movements m where m.subscription_id = new.id) then 'reactivation' else 'new' end
          when after_mrr = 0 then 'churn'
          when after_mrr > before_mrr then 'expansion'
          else 'contraction' end;
        insert into billing.mrr_movements (merchant_id, environment, subscription_id, customer_id, currency, at, mrr_before, mrr_after, kind)
        select new.merchant_id, new.environment, new.id, new.customer_id, pl.currency, moved_at, before_mrr, after_mrr, kind
          from billing.plans pl where pl.id = new.plan_id;
        return null;
      end
      $$;`);
    this.addSql(`create trigger "subscriptions_mrr_insert" after insert on "billing"."subscriptions"
      for each row when (new.status in ('active', 'past_due')) execute function billing.record_mrr_movement();`);
    // Only the columns MRR reads: the scheduler's period advance of a subscription whose MRR does
    // not change never calls the function.
    this.addSql(`create trigger "subscriptions_mrr_update" after update on "billing"."subscriptions"
      for each row when (old.status is distinct from new.status or old.plan_id is distinct from new.plan_id
                         or old.quantity is distinct from new.quantity or old.coupon_id is distinct from new.coupon_id)
      execute function billing.record_mrr_movement();`);

    // The analytics read invoices by the month they first failed, and those past due, per
    // merchant: partial indexes, entered only when an invoice fails (the failure's update changes
    // `status`, which other partial indexes read, so it was never a HOT update).
    this.addSql(`create index "invoices_first_failed_index" on "billing"."invoices" ("merchant_id", "environment", "first_failed_at") where "first_failed_at" is not null;`);
    this.addSql(`create index "invoices_past_due_index" on "billing"."invoices" ("merchant_id", "environment") where "status" = 'past_due';`);
    // The ledger books each charge at billing time too (its invoice's paid_at), so that revenue
    // per month is an index-only range scan of the ledger, without a join.
    this.addSql(`alter table "billing"."ledger_entries" add column "booked_at" timestamptz null;`);
    this.addSql(`update "billing"."ledger_entries" l set "booked_at" = coalesce((select i."paid_at" from "billing"."invoices" i where i."id" = l."invoice_id"), l."created_at");`);
    this.addSql(`alter table "billing"."ledger_entries" alter column "booked_at" set not null;`);
    this.addSql(`create index "ledger_entries_booked_index" on "billing"."ledger_entries" ("merchant_id", "environment", "booked_at") include ("amount", "currency");`);
    this.addSql(`create index "charge_attempts_failed_index" on "billing"."charge_attempts" ("attempted_at") where "status" in ('declined', 'error');`);

    // Subscriptions already there: one `new` movement each, at its current period's start (else its start).
    this.addSql(`insert into billing.mrr_movements (merchant_id, environment, subscription_id, customer_id, currency, at, mrr_before, mrr_after, kind)
      select s.merchant_id, s.environment, s.id, s.customer_id, pl.currency, coalesce(s.current_period_start, s.start_at), 0, m.mrr, 'new'
        from billing.subscriptions s join billing.plans pl on pl.id = s.plan_id
        cross join lateral (select billing.subscription_mrr(s.status, s.plan_id, s.quantity, s.coupon_id) as mrr) m
       where m.mrr > 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "billing"."invoices_first_failed_index";`);
    this.addSql(`drop index "billing"."invoices_past_due_index";`);
    this.addSql(`drop index "billing"."charge_attempts_failed_index";`);
    this.addSql(`drop index "billing"."ledger_entries_booked_index";`);
    this.addSql(`alter table "billing"."ledger_entries" drop column "booked_at";`);
    this.addSql(`drop trigger "subscriptions_mrr_update" on "billing"."subscriptions";`);
    this.addSql(`drop trigger "subscriptions_mrr_insert" on "billing"."subscriptions";`);
    this.addSql(`drop function "billing"."record_mrr_movement"();`);
    this.addSql(`drop function "billing"."subscription_mrr"(text, uuid, int, uuid);`);
    this.addSql(`drop function "billing"."period_amount"(uuid, int, uuid, boolean);`);
    this.addSql(`drop table "billing"."mrr_movements";`);
  }

}
