import { Migration } from '@mikro-orm/migrations';

/**
 * A plan changed now closes the usage so far at the old plan's prices even when it bills nothing
 * (docs/usage.md, "A plan change mid-period"): the range is recorded without an invoice, so the
 * rest of the period is priced by the new plan from the change, its tiers counted from zero. Only
 * a range that bills 0 may lack its invoice.
 */
export class Migration20261128060000 extends Migration {

  override name = 'Migration20261128060000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "billing"."usage_billed_periods" alter column "invoice_id" drop not null;`);
    this.addSql(`alter table "billing"."usage_billed_periods" add constraint "usage_billed_periods_unbilled_check" check ("invoice_id" is not null or "amount" = 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "billing"."usage_billed_periods" where "invoice_id" is null;`);
    this.addSql(`alter table "billing"."usage_billed_periods" drop constraint "usage_billed_periods_unbilled_check";`);
    this.addSql(`alter table "billing"."usage_billed_periods" alter column "invoice_id" set not null;`);
  }

}
