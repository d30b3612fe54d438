import { Migration } from '@mikro-orm/migrations';

export class Migration20261124103007 extends Migration {

  override name = 'Migration20261124103007';

  override up(): void | Promise<void> {
    this.addSql(`alter table "billing"."invoices" add "lines" jsonb not null default '[]', add "subtotal" bigint not null default '0', add "discount" bigint not null default '0', add "credit_applied" bigint not null default '0', add "refunded_amount" bigint not null default '0';`);

    this.addSql(`alter table "billing"."plans" add "setup_fee" bigint not null default '0', add "billing_cycles" int null;`);

    this.addSql(`alter table "billing"."subscriptions" add "quantity" int not null default 1, add "next_quantity" int null, add "periods_invoiced" int not null default 0, add "credit_balance" bigint not null default '0';`);

    // Invoices written before lines existed: one subscription line at the plan's price.
    this.addSql(`update "billing"."invoices" i set "subtotal" = i."amount", "lines" = jsonb_build_array(jsonb_build_object(
      'kind', 'subscription', 'description', p."name", 'quantity', 1, 'unit_amount', i."amount", 'amount', i."amount",
      'period_start', to_char(i."period_start" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'period_end', to_char(i."period_end" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      from "billing"."plans" p where p."id" = i."plan_id";`);
    this.addSql(`update "billing"."subscriptions" s set "periods_invoiced" = (select count(*) from "billing"."invoices" i where i."subscription_id" = s."id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."invoices" drop column "lines", drop column "subtotal", drop column "discount", drop column "credit_applied", drop column "refunded_amount";`);

    this.addSql(`alter table "billing"."plans" drop column "setup_fee", drop column "billing_cycles";`);

    this.addSql(`alter table "billing"."subscriptions" drop column "quantity", drop column "next_quantity", drop column "periods_invoiced", drop column "credit_balance";`);
  }

}
