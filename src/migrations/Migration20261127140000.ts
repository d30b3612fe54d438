import { Migration } from '@mikro-orm/migrations';

export class Migration20261127140000 extends Migration {

  override name = 'Migration20261127140000';

  override up(): void | Promise<void> {
    // The merchant's logo (PUT /settings/business): as uploaded, and the PNG the documents draw (an SVG rasterized once).
    this.addSql(`alter table "billing"."merchant_settings" add "logo" bytea null, add "logo_content_type" varchar(20) null, add "logo_png" bytea null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."merchant_settings" drop column "logo", drop column "logo_content_type", drop column "logo_png";`);
  }

}
