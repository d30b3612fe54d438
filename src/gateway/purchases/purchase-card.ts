import { prepared, type Sql } from '../../platform/sql.ts';
import { maskedNumber } from '../cards/card-view.ts';
import { expiryDate } from '../cards/expiry.ts';
import { CARD_COLUMNS, cardIdSql, storeCard, type StoredCard, type VaultDeps } from '../cards/cards.service.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import type { ScriptedOutcome } from '../sandbox/sandbox-script.ts';
import type { CardSnapshot } from './purchase.entity.ts';
import type { PurchaseInput } from './purchase-input.ts';

/** The card a purchase charges, with the next scripted sandbox outcome it takes. */
export interface LockedCard extends StoredCard {
  scriptHead: ScriptedOutcome | null;
}

/** The card's fields a purchase or refund keeps, as it stood then (masked number, never the PAN). */
export function cardSnapshot(card: StoredCard): CardSnapshot {
  return {
    card_number: maskedNumber(card),
    card_holder: card.cardHolder,
    card_expiry: expiryDate({ month: card.expiryMonth, year: card.expiryYear }),
    card_type: card.cardType,
    card_token: card.token,
    card_category: card.cardCategory,
    card_subcategory: card.cardSubcategory,
  };
}

/**
 * Locks the card for a purchase, counts the transaction and takes the next scripted sandbox
 * outcome, in one statement. A token wins over an alias of the same spelling.
 */
async function takeCardForPurchase(tx: Sql, ctx: MerchantContext, tokenOrAlias: string, now: Date): Promise<LockedCard | undefined> {
  const rows = await tx.query<LockedCard>(
    prepared(`with target as (select id, sandbox_script -> 0 as head from gateway.cards where id = ${cardIdSql('$3')} for update)
     update gateway.cards k
        set transaction_count = k.transaction_count + 1,
            sandbox_script = case when jsonb_array_length(k.sandbox_script) > 0 then k.sandbox_script - 0 else k.sandbox_script end,
            updated_at = $4
       from target where k.id = target.id
     returning ${CARD_COLUMNS.replace(/(^|,\s*)([a-z_0-9]+)/g, '$1k.$2')}, target.head as "scriptHead"`),
    [ctx.merchantId, ctx.environment, tokenOrAlias, now],
  );
  return rows[0];
}

/** The purchase's card (a raw card stored first), locked and counted, inside the caller's transaction. */
export async function lockInputCard(tx: Sql, deps: VaultDeps, ctx: MerchantContext, input: PurchaseInput, now: Date): Promise<LockedCard> {
  const tokenOrAlias = input.card.kind === 'token' ? input.card.tokenOrAlias : (await storeCard(tx, deps, ctx, input.card.card)).token;
  const card = await takeCardForPurchase(tx, ctx, tokenOrAlias, now);
  // An unknown token is a rejection with a non-2xx status (GATEWAY.md).
  if (!card) throw GatewayErrors.cardNotFound(tokenOrAlias, 422);
  // A raw-card purchase tokenizes the card anew, and the new token has no script: it takes the
  // script of the card's earliest scripted token (the card a sandbox user scripted).
  if (input.card.kind === 'raw' && ctx.environment === 'sandbox' && card.scriptHead === null) {
    card.scriptHead = await takeCardScript(tx, ctx, card);
  }
  return card;
}

/** Sandbox: the next scripted outcome of another token of the card (same fingerprint), taken; null when none has one. */
async function takeCardScript(tx: Sql, ctx: MerchantContext, card: StoredCard & { fingerprint: string }): Promise<ScriptedOutcome | null> {
  const rows = await tx.query<{ head: ScriptedOutcome }>(
    `with s as (
       select id, sandbox_script -> 0 as head from gateway.cards
        where merchant_id = $1 and environment = $2 and fingerprint = $3 and id <> $4 and jsonb_array_length(sandbox_script) > 0
        order by created_at, id limit 1 for update)
     update gateway.cards k set sandbox_script = k.sandbox_script - 0 from s where k.id = s.id returning s.head`,
    [ctx.merchantId, ctx.environment, card.fingerprint, card.id],
  );
  return rows[0]?.head ?? null;
}

/**
 * A card by token or alias, read (not locked) for a purchase by token, with its next scripted
 * sandbox outcome: the purchase's one statement then compares the script head rather than lock it.
 */
export async function readCardForPurchase(db: Sql, ctx: MerchantContext, tokenOrAlias: string): Promise<LockedCard> {
  const [card] = await db.query<LockedCard>(
    prepared(`select ${CARD_COLUMNS}, sandbox_script -> 0 as "scriptHead" from gateway.cards where id = ${cardIdSql('$3')}`),
    [ctx.merchantId, ctx.environment, tokenOrAlias],
  );
  // An unknown token is a rejection with a non-2xx status (GATEWAY.md).
  if (!card) throw GatewayErrors.cardNotFound(tokenOrAlias, 422);
  return card;
}
