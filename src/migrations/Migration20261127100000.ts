import { Migration } from '@mikro-orm/migrations';

export class Migration20261127100000 extends Migration {

  override name = 'Migration20261127100000';

  override up(): void | Promise<void> {
    // A customer's invoice prefix names its invoices (per-customer numbering): one customer per prefix
    // in a merchant's environment, deleted customers included (their invoices keep the prefix).
    this.addSql(`alter table "billing"."customers" add constraint "customers_invoice_prefix_unique" unique ("merchant_id", "environment", "invoice_prefix");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."customers" drop constraint "customers_invoice_prefix_unique";`);
  }

}
