import { Migration } from '@mikro-orm/migrations';

export class Migration20261125141500 extends Migration {

  override name = 'Migration20261125141500';

  override up(): void | Promise<void> {
    // Every tokenization issues a new token; the tokens of one card share its fingerprint, and any
    // token takes any expiry. Existing cards keep the fingerprint they have (one per existing card,
    // each token that served several tokenizations stays one card); `pan_digest` (a keyed HMAC of
    // the number alone) links a new token to the card's first one, and is computed for the existing
    // cards at start (`backfillPanDigests`: the key is not the database's).
    this.addSql(`alter table "gateway"."cards" drop constraint "cards_fingerprint_unique";`);
    this.addSql(`alter table "gateway"."cards" add "pan_digest" varchar(64) null;`);
    this.addSql(`create index "cards_fingerprint_index" on "gateway"."cards" ("merchant_id", "environment", "fingerprint");`);
    this.addSql(`create index "cards_pan_digest_index" on "gateway"."cards" ("merchant_id", "environment", "pan_digest");`);

    // Billing counts a card by its key (its fingerprint, else its token): the attempts, the
    // subscriptions that name a token, and the retry leases. Existing attempts take the fingerprint
    // of the card they were made on where this database's gateway holds it, else their token.
    this.addSql(`alter table "billing"."charge_attempts" add "card_key" varchar(255) null;`);
    this.addSql(`update "billing"."charge_attempts" a set "card_key" = coalesce(
        (select c."fingerprint" from "gateway"."cards" c join "billing"."invoices" i on i."id" = a."invoice_id"
          where c."merchant_id" = i."merchant_id" and c."environment" = i."environment" and c."token" = coalesce(a."card_token", a."claimed_card_token")),
        a."card_token", a."claimed_card_token");`);
    this.addSql(`drop index "billing"."charge_attempts_card_index";`);
    this.addSql(`drop index "billing"."charge_attempts_in_flight_card_index";`);
    this.addSql(`create index "charge_attempts_card_key_index" on "billing"."charge_attempts" ("card_key", "attempted_at");`);
    this.addSql(`create index "charge_attempts_in_flight_card_key_index" on "billing"."charge_attempts" ("card_key") where "status" in ('sending', 'unknown');`);
    this.addSql(`alter table "billing"."subscriptions" add "card_key" varchar(255) null;`);
    this.addSql(`update "billing"."subscriptions" s set "card_key" = (select c."fingerprint" from "gateway"."cards" c
        where c."merchant_id" = s."merchant_id" and c."environment" = s."environment" and c."token" = s."card_token") where s."card_is_token";`);
    this.addSql(`alter table "billing"."card_retry_leases" rename column "card_token" to "card_key";`);
    this.addSql(`alter table "billing"."card_retry_leases" alter column "card_key" type varchar(255);`);
    // A card's stored-credential chain is the card's, whichever token charges it.
    this.addSql(`alter table "billing"."credential_chains" rename column "card_token" to "card_key";`);
    this.addSql(`update "billing"."credential_chains" cc set "card_key" = c."fingerprint" from "gateway"."cards" c
        where c."merchant_id" = cc."merchant_id" and c."environment" = cc."environment" and c."token" = cc."card_key";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing"."credential_chains" rename column "card_key" to "card_token";`);
    this.addSql(`alter table "billing"."card_retry_leases" alter column "card_key" type varchar(20) using left("card_key", 20);`);
    this.addSql(`alter table "billing"."card_retry_leases" rename column "card_key" to "card_token";`);
    this.addSql(`alter table "billing"."subscriptions" drop column "card_key";`);
    this.addSql(`drop index "billing"."charge_attempts_in_flight_card_key_index";`);
    this.addSql(`drop index "billing"."charge_attempts_card_key_index";`);
    this.addSql(`alter table "billing"."charge_attempts" drop column "card_key";`);
    this.addSql(`create index "charge_attempts_card_index" on "billing"."charge_attempts" ("card_token", "attempted_at");`);
    this.addSql(`create index "charge_attempts_in_flight_card_index" on "billing"."charge_attempts" ("claimed_card_token") where "status" in ('sending', 'unknown');`);
    this.addSql(`drop index "gateway"."cards_pan_digest_index";`);
    this.addSql(`drop index "gateway"."cards_fingerprint_index";`);
    this.addSql(`alter table "gateway"."cards" drop column "pan_digest";`);
    this.addSql(`alter table "gateway"."cards" add constraint "cards_fingerprint_unique" unique ("merchant_id", "environment", "fingerprint");`);
  }

}
