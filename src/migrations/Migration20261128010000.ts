import { Migration } from '@mikro-orm/migrations';

/**
 * Seats prices (docs/pricing.md, "Seats"): the recurring amount of a plan with a `seats` price at a
 * quantity (its base fee plus the quantity through the price's model) is computed by Recur's one
 * rule (`recurringAmount`, src/billing/pricing/recurring-amount.ts) and recorded here, once per
 * plan and quantity, by every path that puts a subscription on that plan and quantity, before it
 * does. `billing.period_amount` (MRR, its movements, the upcoming charges) reads it; a plan without
 * a seats price has no row and stays `amount × quantity`.
 */
export class Migration20261128010000 extends Migration {

  override name = 'Migration20261128010000';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing"."plan_quantity_amounts" ("plan_id" uuid not null, "quantity" int not null, "amount" bigint not null, primary key ("plan_id", "quantity"));`);
    this.addSql(`create or replace function "billing"."period_amount"(p_plan_id uuid, p_quantity int, p_coupon_id uuid, p_once boolean) returns bigint
      language sql stable as $$
        select greatest(g.gross - coalesce((
                 select case when k.percent_off_basis_points is not null
                             then round(g.gross * k.percent_off_basis_points / 10000.0)
                             else least(k.amount_off, g.gross) end
                   from billing.coupons k where k.id = p_coupon_id and (p_once or k.duration <> 'once')), 0), 0)::bigint
          from (select coalesce((select a.amount::numeric from billing.plan_quantity_amounts a where a.plan_id = pl.id and a.quantity = p_quantity),
                                pl.amount::numeric * p_quantity) as gross
                  from billing.plans pl where pl.id = p_plan_id) g
      $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function "billing"."period_amount"(p_plan_id uuid, p_quantity int, p_coupon_id uuid, p_once boolean) returns bigint
      language sql stable as $$
        select greatest(g.gross - coalesce((
                 select case when k.percent_off_basis_points is not null
                             then round(g.gross * k.percent_off_basis_points / 10000.0)
                             else least(k.amount_off, g.gross) end
                   from billing.coupons k where k.id = p_coupon_id and (p_once or k.duration <> 'once')), 0), 0)::bigint
          from (select pl.amount::numeric * p_quantity as gross from billing.plans pl where pl.id = p_plan_id) g
      $$;`);
    this.addSql(`drop table "billing"."plan_quantity_amounts";`);
  }

}
