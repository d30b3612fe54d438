import { Migration } from '@mikro-orm/migrations';

export class Migration20261127150000 extends Migration {

  override name = 'Migration20261127150000';

  override up(): void | Promise<void> {
    // The reconciler's unsettled_refunds sweep: only refunds without an outcome, not the whole table.
    this.addSql(`create index "invoice_refunds_unsettled_index" on "billing"."invoice_refunds" ("updated_at") where "status" in ('sending', 'unknown');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "billing"."invoice_refunds_unsettled_index";`);
  }

}
