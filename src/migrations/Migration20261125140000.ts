import { Migration } from '@mikro-orm/migrations';

export class Migration20261125140000 extends Migration {

  override name = 'Migration20261125140000';

  override up(): void | Promise<void> {
    // An attempt's time is its claim's: the time its network caps were counted at. The outcome's
    // time gets a field of its own. Until now `attempted_at` was moved to the billing time of the
    // outcome's record; that is what `resolved_at` keeps for the attempts already resolved, and the
    // claim's time is `created_at` (every claim wrote it at its billing time).
    this.addSql(`alter table "billing"."charge_attempts" add "resolved_at" timestamptz null;`);
    this.addSql(`update "billing"."charge_attempts"
      set "resolved_at" = case when "status" in ('sending', 'unknown') then null else coalesce("attempted_at", "updated_at") end,
          "attempted_at" = "created_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."charge_attempts" drop column "resolved_at";`);
  }

}
