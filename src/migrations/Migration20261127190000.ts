import { Migration } from '@mikro-orm/migrations';

/**
 * The console's users, sessions and audit log (docs/console.md), in a schema of their own. A
 * user belongs to a gateway merchant; its e-mail is unique across all users, in any case. A
 * session is kept by the keyed hash of its token only. The audit log keeps one row per change
 * made (or refused) with a console session.
 */
export class Migration20261127190000 extends Migration {

  override name = 'Migration20261127190000';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "console";`);
    this.addSql(`create table "console"."users" ("id" uuid not null, "merchant_id" uuid not null, "email" varchar(254) not null, "name" varchar(200) null, "role" varchar(10) not null check ("role" in ('viewer', 'support', 'billing', 'admin')), "password_hash" varchar(200) not null, "disabled" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "console"."users" add constraint "users_merchant_id_foreign" foreign key ("merchant_id") references "gateway"."merchants" ("id");`);
    this.addSql(`create unique index "users_email_unique" on "console"."users" (lower("email"));`);
    this.addSql(`create index "users_merchant_index" on "console"."users" ("merchant_id", "created_at");`);
    this.addSql(`create table "console"."sessions" ("token_hash" varchar(64) not null, "user_id" uuid not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("token_hash"));`);
    this.addSql(`alter table "console"."sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "console"."users" ("id") on delete cascade;`);
    this.addSql(`create index "sessions_user_index" on "console"."sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_index" on "console"."sessions" ("expires_at");`);
    this.addSql(`create table "console"."audit_entries" ("id" bigint generated always as identity, "merchant_id" uuid not null, "environment" varchar(10) not null, "user_id" uuid not null, "user_email" varchar(254) not null, "role" varchar(10) not null, "method" varchar(10) not null, "route" varchar(300) null, "path" varchar(2000) not null, "object_id" varchar(300) null, "body" jsonb null, "status" int not null, "outcome" varchar(10) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "audit_entries_merchant_index" on "console"."audit_entries" ("merchant_id", "created_at");`);
    this.addSql(`create index "audit_entries_user_index" on "console"."audit_entries" ("user_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop schema "console" cascade;`);
  }

}
