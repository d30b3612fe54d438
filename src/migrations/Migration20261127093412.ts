import { Migration } from '@mikro-orm/migrations';

export class Migration20261127093412 extends Migration {

  override name = 'Migration20261127093412';

  override up(): void | Promise<void> {
    // A refund keeps the credit note it makes (reason, memo, tax, lines) from its claim until its
    // outcome: the note is numbered and written only with the approval, in the transaction that
    // records it, whichever request or process records it. Refunds from before credit notes have none.
    this.addSql(`alter table "billing"."invoice_refunds" add "credit_note" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."invoice_refunds" drop column "credit_note";`);
  }

}
