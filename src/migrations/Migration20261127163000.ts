import { Migration } from '@mikro-orm/migrations';

export class Migration20261127163000 extends Migration {

  override name = 'Migration20261127163000';

  override up(): void | Promise<void> {
    // The merchant's e-mail settings (`PUT /settings/emails`), beside its other sections.
    this.addSql(`alter table "billing"."merchant_settings" add "emails" jsonb not null default '{}';`);
    // The e-mails to the merchant's customers: one per event and kind, written by the outbox relay
    // in the transaction that marks the event relayed, then sent (or kept in the local outbox).
    this.addSql(`create table "billing"."emails" ("id" uuid not null, "merchant_id" uuid not null, "environment" varchar(10) not null, "customer_id" uuid not null, "kind" varchar(30) not null, "event_id" uuid not null, "recipient" varchar(255) not null, "locale" varchar(35) null, "status" varchar(10) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz null, "last_error" varchar(500) null, "message_id" varchar(255) null, "subject" varchar(500) null, "text_body" text null, "raw" text null, "sent_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "billing"."emails" add constraint "emails_event_kind_unique" unique ("event_id", "kind");`);
    this.addSql(`create index "emails_customer_index" on "billing"."emails" ("customer_id", "created_at");`);
    // The sender's claim: only the e-mails still to send, by when they are due.
    this.addSql(`create index "emails_due_index" on "billing"."emails" ("next_attempt_at") where "status" = 'pending';`);
    this.addSql(`create index "emails_outbox_index" on "billing"."emails" ("created_at") where "status" = 'outbox';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing"."emails" cascade;`);
    this.addSql(`alter table "billing"."merchant_settings" drop column "emails";`);
  }

}
