import { violatedConstraint, type Sql, type SqlPool } from '../../platform/sql.ts';
import { randomInt } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { merchantPage } from '../merchants/merchant-page.ts';
import { VaultCrypto, panAad } from '../vault/vault-crypto.ts';
import { lookupBin } from './bin-table.ts';
import type { CheckedCard } from './card-input.ts';
import { toCardView, type CardRow, type CardView } from './card-view.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ScriptedOutcome } from '../sandbox/sandbox-script.ts';
import type { Expiry } from './expiry.ts';

export interface VaultDeps {
  vault: VaultCrypto;
  clock: Clock;
}

export interface StoredCard extends CardRow {
  merchantId: string;
  environment: string;
  panKeyId: string;
  panSealed: Buffer;
  sandboxScript: ScriptedOutcome[];
}

/** Card columns with camelCase names; hot paths read cards with raw SQL (see purchases/purchase-card.ts). */
export const CARD_COLUMNS = `id, merchant_id as "merchantId", environment, token, alias, first6, last4,
  pan_length as "panLength", card_holder as "cardHolder", expiry_month as "expiryMonth",
  expiry_year as "expiryYear", card_type as "cardType", card_category as "cardCategory",
  card_subcategory as "cardSubcategory", card_issuer as "cardIssuer", card_country as "cardCountry",
  transaction_count as "transactionCount", pan_key_id as "panKeyId", pan_sealed as "panSealed",
  sandbox_script as "sandboxScript", fingerprint`;

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 20 random lowercase alphanumerics. */
export function generateCardToken(): string {
  let token = '';
  for (let i = 0; i < 20; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

/**
 * SQL for the id of the card a token names, or an alias when no token matches, within merchant
 * `$1`, environment `$2`. Two unique-index look-ups, the alias one only when the token finds
 * nothing (`token = … or alias = …` in one condition can use neither index and reads every card
 * of the merchant).
 */
export function cardIdSql(tokenOrAlias: string): string {
  return `coalesce((select id from gateway.cards where merchant_id = $1 and environment = $2 and token = ${tokenOrAlias}),
                   (select id from gateway.cards where merchant_id = $1 and environment = $2 and alias = ${tokenOrAlias}))`;
}

/** A card by token, or by alias when no token matches; scoped to the merchant and environment. */
export async function findCard(db: Sql, ctx: MerchantContext, tokenOrAlias: string, lock = false): Promise<StoredCard | undefined> {
  if (tokenOrAlias.length === 0 || tokenOrAlias.length > 255) return undefined;
  const rows = await db.query<StoredCard>(
    `select ${CARD_COLUMNS} from gateway.cards where id = ${cardIdSql('$3')}${lock ? ' for update' : ''}`,
    [ctx.merchantId, ctx.environment, tokenOrAlias],
  );
  return rows[0];
}

export async function getCard(db: Sql, ctx: MerchantContext, tokenOrAlias: string): Promise<StoredCard> {
  const card = await findCard(db, ctx, tokenOrAlias);
  if (!card) throw GatewayErrors.cardNotFound(tokenOrAlias);
  return card;
}

export function listCards(db: Sql, ctx: MerchantContext, page: Page): Promise<Paginated<CardView>> {
  return merchantPage(db, ctx, page, { table: 'cards', columns: CARD_COLUMNS, orderBy: 'created_at desc, id desc' }, toCardView);
}

/**
 * The tokens and aliases of this merchant's cards ending in `last4` (at most `limit`): how billing
 * finds subscriptions by the card's last four digits without reading the vault's tables.
 */
export async function cardKeysByLastFour(db: Sql, ctx: MerchantContext, last4: string, limit = 1000): Promise<string[]> {
  const rows = await db.query<{ token: string; alias: string | null }>(
    'select token, alias from gateway.cards where merchant_id = $1 and environment = $2 and last4 = $3 order by created_at desc limit $4',
    [ctx.merchantId, ctx.environment, last4, limit],
  );
  return rows.flatMap((r) => (r.alias ? [r.token, r.alias] : [r.token]));
}

/** Moves an alias to `cardId`: an alias names one card per merchant and environment. */
async function assignAlias(db: Sql, ctx: MerchantContext, cardId: string, alias: string | null, now: Date): Promise<void> {
  if (alias !== null) {
    await db.query(
      'update gateway.cards set alias = null, updated_at = $1 where merchant_id = $2 and environment = $3 and alias = $4 and id <> $5',
      [now, ctx.merchantId, ctx.environment, alias, cardId],
    );
  }
  await db.query('update gateway.cards set alias = $1, updated_at = $2 where id = $3', [alias, now, cardId]);
}

/**
 * Stores a card in the vault under a new token: every tokenization issues one, as the real
 * gateway does, and keeps its own holder and expiry. The tokens of one card share its
 * fingerprint (a keyed HMAC of the number, `VaultCrypto.fingerprint`): the fingerprint of the
 * card's first token, found through `pan_digest`. Runs inside the caller's transaction.
 */
export async function storeCard(
  tx: Sql,
  deps: VaultDeps,
  ctx: MerchantContext,
  card: CheckedCard,
  alias?: string | null,
): Promise<StoredCard> {
  const now = deps.clock.now();
  const digest = deps.vault.fingerprint(ctx.merchantId, ctx.environment, card.pan);
  const token = generateCardToken();
  const sealed = deps.vault.seal(card.pan, panAad(ctx.merchantId, ctx.environment, token));
  const bin = lookupBin(card.pan, card.scheme);
  const rows = await tx.query<StoredCard>(
    `insert into gateway.cards (id, merchant_id, environment, token, alias, fingerprint, pan_digest, pan_key_id, pan_sealed,
        first6, last4, pan_length, card_holder, expiry_month, expiry_year, card_type, card_category,
        card_subcategory, card_issuer, card_country, transaction_count, sandbox_script, created_at, updated_at)
     values (gen_random_uuid(), $1::uuid, $2::text, $3, null,
        coalesce((select fingerprint from gateway.cards where merchant_id = $1::uuid and environment = $2::text and pan_digest = $4::text
                   order by created_at, id limit 1), $4::text),
        $4::text, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 0, '[]', $18, $19)
     returning ${CARD_COLUMNS}`,
    [
      ctx.merchantId,
      ctx.environment,
      token,
      digest,
      sealed.keyId,
      sealed.sealed,
      card.pan.slice(0, 6),
      card.pan.slice(-4),
      card.pan.length,
      card.holder,
      card.expiry.month,
      card.expiry.year,
      card.scheme,
      bin.category,
      bin.subcategory,
      bin.issuer,
      bin.country,
      now,
      now,
    ],
  );
  const stored = rows[0]!;
  await recordAudit(tx, deps.clock, {
    merchantId: ctx.merchantId,
    environment: ctx.environment,
    action: 'vault.card_stored',
    actor: ctx.username,
    detail: { token: stored.token },
  });
  if (alias !== undefined && alias !== null) {
    await assignAlias(tx, ctx, stored.id, alias, now);
    stored.alias = alias;
  }
  return stored;
}

/**
 * Cards stored before fingerprints linked tokens have no `pan_digest`: computes it from each
 * sealed number (audited as a vault opening), in batches, so that a new token of such a card
 * takes its fingerprint. Their fingerprints stay as they were (one per existing card). Runs at
 * start, after the migrations; returns how many cards it completed.
 */
export function backfillPanDigests(db: SqlPool, deps: VaultDeps, batchSize = 500): Promise<number> {
  const batch = { where: 'pan_digest is null', params: [], action: 'vault.pan_digests', detail: {} };
  return inAuditedBatches(db, deps, batchSize, batch, async (tx, row) => {
    const pan = deps.vault.open({ keyId: row.panKeyId, sealed: row.panSealed }, panAad(row.merchantId, row.environment, row.token));
    await tx.query('update gateway.cards set pan_digest = $1 where id = $2', [
      deps.vault.fingerprint(row.merchantId, row.environment, pan),
      row.id,
    ]);
  });
}

/**
 * Works through the cards `where` selects (locked, skipping locked ones), `batchSize` at a time,
 * each batch in its own transaction with one audit event of `action`. Returns how many it did.
 */
async function inAuditedBatches(
  db: SqlPool,
  deps: VaultDeps,
  batchSize: number,
  batch: { where: string; params: unknown[]; action: string; detail: Record<string, unknown> },
  each: (tx: Sql, row: StoredCard) => Promise<void>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query<StoredCard>(
        `select ${CARD_COLUMNS} from gateway.cards where ${batch.where} order by id limit $${batch.params.length + 1} for update skip locked`,
        [...batch.params, batchSize],
      );
      for (const row of rows) await each(tx, row);
      if (rows.length > 0) {
        const detail = { cards: rows.length, ...batch.detail };
        await recordAudit(tx, deps.clock, { merchantId: null, environment: null, action: batch.action, actor: 'cli', detail });
      }
      return rows.length;
    });
    total += done;
    if (done < batchSize) return total;
  }
}

/** Decrypts a stored PAN for the one call that needs it (production authorisation, re-keying); audited. */
export async function openPan(tx: Sql, deps: VaultDeps, ctx: MerchantContext, card: StoredCard, purpose: string): Promise<string> {
  await recordAudit(tx, deps.clock, {
    merchantId: ctx.merchantId,
    environment: ctx.environment,
    action: 'vault.pan_opened',
    actor: ctx.username,
    detail: { token: card.token, purpose },
  });
  return openSealedPan(deps, ctx, card);
}

/** Decrypts a card's PAN; the caller has audited the opening (`vault.pan_opened`) in the same transaction. */
export function openSealedPan(deps: VaultDeps, ctx: MerchantContext, card: StoredCard): string {
  return deps.vault.open({ keyId: card.panKeyId, sealed: card.panSealed }, panAad(ctx.merchantId, ctx.environment, card.token));
}

export interface CardUpdate {
  expiry?: Expiry;
  alias?: string | null;
}

/** `PUT /credit_cards/{token_or_alias}`: a new expiry and/or alias. Returns the card as it now is. */
export async function updateCard(
  db: SqlPool,
  deps: VaultDeps,
  ctx: MerchantContext,
  tokenOrAlias: string,
  update: CardUpdate,
): Promise<StoredCard> {
  try {
    return await db.transaction(async (tx) => {
      const card = await findCard(tx, ctx, tokenOrAlias, true);
      if (!card) throw GatewayErrors.cardNotFound(tokenOrAlias);
      const now = deps.clock.now();
      // Any token takes any expiry: the fingerprint is of the number alone, and other tokens of
      // the card keep theirs.
      if (update.expiry) {
        await tx.query('update gateway.cards set expiry_month = $1, expiry_year = $2, updated_at = $3 where id = $4', [
          update.expiry.month,
          update.expiry.year,
          now,
          card.id,
        ]);
      }
      if (update.alias !== undefined) await assignAlias(tx, ctx, card.id, update.alias, now);
      await recordAudit(tx, deps.clock, {
        merchantId: ctx.merchantId,
        environment: ctx.environment,
        action: 'vault.card_updated',
        actor: ctx.username,
        detail: { token: card.token, expiry: Boolean(update.expiry), alias: update.alias !== undefined },
      });
      const rows = await tx.query<StoredCard>(`select ${CARD_COLUMNS} from gateway.cards where id = $1`, [card.id]);
      return rows[0]!;
    });
  } catch (err) {
    if (violatedConstraint(err) === 'cards_alias_unique') {
      throw GatewayErrors.validation(['Alias was assigned to another card at the same moment; retry']);
    }
    throw err;
  }
}

/** Sandbox only: queue scripted outcomes for the card's next purchases (replacing any queued). */
export async function setSandboxScript(
  db: Sql,
  ctx: MerchantContext,
  tokenOrAlias: string,
  outcomes: ScriptedOutcome[],
): Promise<StoredCard> {
  if (ctx.environment !== 'sandbox') throw GatewayErrors.sandboxOnly();
  const card = await findCard(db, ctx, tokenOrAlias);
  if (!card) throw GatewayErrors.cardNotFound(tokenOrAlias);
  await db.query('update gateway.cards set sandbox_script = $1 where id = $2', [JSON.stringify(outcomes), card.id]);
  return { ...card, sandboxScript: outcomes };
}

/**
 * Re-encrypts every PAN not sealed with the active key (key rotation, PCI DSS 3.6/3.7), in
 * batches, each in its own transaction. Returns how many cards were re-sealed.
 */
export function rotateVaultKeys(db: SqlPool, deps: VaultDeps, batchSize = 500): Promise<number> {
  const active = deps.vault.activeKeyId;
  const batch = { where: 'pan_key_id <> $1', params: [active], action: 'vault.rekeyed', detail: { key_id: active } };
  return inAuditedBatches(db, deps, batchSize, batch, async (tx, row) => {
    const aad = panAad(row.merchantId, row.environment, row.token);
    const sealed = deps.vault.seal(deps.vault.open({ keyId: row.panKeyId, sealed: row.panSealed }, aad), aad);
    await tx.query('update gateway.cards set pan_key_id = $1, pan_sealed = $2 where id = $3', [sealed.keyId, sealed.sealed, row.id]);
  });
}
