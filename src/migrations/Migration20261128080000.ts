import { Migration } from '@mikro-orm/migrations';

/**
 * Events written at one instant (one transaction writes several: an invoice created and
 * finalized, a decline and the cancellation it caused) list in the order they were written:
 * `seq`, from a sequence, breaks ties of `created_at` where the random `id` did. The column is
 * added without a default and then given one, so that no existing row is rewritten: the events
 * written before keep a null `seq` and their old tie order.
 */
export class Migration20261128080000 extends Migration {

  override name = 'Migration20261128080000';

  override up(): void | Promise<void> {
    this.addSql(`create sequence if not exists "billing"."events_seq";`);
    this.addSql(`alter table "billing"."events" add column "seq" bigint null;`);
    this.addSql(`alter table "billing"."events" alter column "seq" set default nextval('billing.events_seq');`);
    this.addSql(`alter sequence "billing"."events_seq" owned by "billing"."events"."seq";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."events" drop column "seq";`);
    this.addSql(`drop sequence if exists "billing"."events_seq";`);
  }

}
