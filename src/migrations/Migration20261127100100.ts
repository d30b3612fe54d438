import { Migration } from '@mikro-orm/migrations';

export class Migration20261127100100 extends Migration {

  override name = 'Migration20261127100100';

  override up(): void | Promise<void> {
    // The legal note tax law asks an invoice to carry (the EU reverse charge's), kept as it was printed.
    this.addSql(`alter table "billing"."invoices" add "tax_note" varchar(500) null;`);
    // Automatic tax reads a merchant's active rates of one country.
    this.addSql(`create index "tax_rates_automatic_index" on "billing"."tax_rates" ("merchant_id", "environment", "country") where "archived_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "billing"."tax_rates_automatic_index";`);
    this.addSql(`alter table "billing"."invoices" drop column "tax_note";`);
  }

}
