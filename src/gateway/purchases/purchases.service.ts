import { prepared, violatedConstraint, type Sql, type SqlPool, type Step } from '../../platform/sql.ts';
import { auditStep } from '../audit/audit.service.ts';
import { randomInt } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import type { Acquirer, UpstreamFault } from '../acquirer/acquirer.ts';
import { resolvePurchase, settlePurchase, type PendingPolicy } from '../acquirer/pending.service.ts';
import { maskedNumber } from '../cards/card-view.ts';
import { expiryDate, formatExpiry, isExpired } from '../cards/expiry.ts';
import { CARD_COLUMNS, cardIdSql, findCard, openPan, openSealedPan, storeCard, type StoredCard } from '../cards/cards.service.ts';
import type { VaultCrypto } from '../vault/vault-crypto.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { simulatePurchase, type SimulatedOutcome } from '../sandbox/simulator.ts';
import { testCardKindOfStored } from '../sandbox/test-cards.ts';
import type { ScriptedOutcome } from '../sandbox/sandbox-script.ts';
import type { CardSnapshot } from './purchase.entity.ts';
import { checkPurchase, type PurchaseEcho, type PurchaseInput } from './purchase-input.ts';
import { PURCHASE_COLUMNS, rejectedPurchaseView, toPurchaseView, type PurchaseRow, type PurchaseView } from './purchase-view.ts';

export interface PurchaseDeps {
  vault: VaultCrypto;
  clock: Clock;
  logger: Logger;
  /** Production's upstream gateway; absent means production purchases are refused. */
  acquirer?: Acquirer;
  /** How pending production transactions are resolved; required with an acquirer. */
  pending?: PendingPolicy;
}

export type SandboxFault = NonNullable<SimulatedOutcome['fault']>;

export type PurchaseResult =
  | { kind: 'rejected'; errors: string[]; view: PurchaseView }
  | { kind: 'processed'; view: PurchaseView; fault: SandboxFault | null }
  /** Production only: the upstream did not answer and has no record by reference yet. */
  | { kind: 'unknown'; view: PurchaseView }
  /** Production only: the upstream refused us or was never reached; nothing was recorded or charged. */
  | { kind: 'fault'; fault: UpstreamFault; reason: string; view: PurchaseView };

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `<merchant prefix>-P-<8 uppercase alphanumerics>` (refunds `-R-`). */
export function newTransactionId(prefix: string, kind: 'P' | 'R'): string {
  let tail = '';
  for (let i = 0; i < 8; i++) tail += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}-${kind}-${tail}`;
}

function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

interface LockedCard extends StoredCard {
  scriptHead: ScriptedOutcome | null;
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

function snapshotOf(card: StoredCard): CardSnapshot {
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

class ReferenceTaken extends Error {}

async function lockInputCard(tx: Sql, deps: PurchaseDeps, ctx: MerchantContext, input: PurchaseInput, now: Date): Promise<LockedCard> {
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

interface PurchaseRecord {
  id: string;
  state: 'pending' | 'completed';
  successful: boolean;
  responseCode: string;
  message: string | null;
  authorization: string | null;
  rrn: string | null;
  adviceCode: string | null;
  adviceRetryAfter: Date | null;
  /** Issued on approval (the stored-credential chain); empty when declined or not yet known. */
  trackingId: string;
}

function purchaseRow(ctx: MerchantContext, input: PurchaseInput, card: StoredCard, record: PurchaseRecord, now: Date): PurchaseRow {
  return {
    id: record.id,
    reference: input.reference,
    state: record.state,
    amount: input.amount,
    currency: input.currency,
    successful: record.successful,
    responseCode: record.responseCode,
    message: record.message,
    authorization: record.authorization,
    rrn: record.rrn,
    cvvMatch: (input.card.kind === 'raw' && input.card.card.cvv) || input.tokenCvv ? 'M' : 'U',
    captured: record.successful && input.capture,
    capturedAmount: record.successful && input.capture ? input.amount : 0,
    refundedAmount: 0,
    voided: false,
    authorizationTrackingId: record.trackingId,
    merchantAdviceCode: record.adviceCode,
    merchantAdviceRetryAfter: record.adviceRetryAfter,
    customerIp: input.customerIp,
    metadata: input.metadata,
    extra: input.extra,
    cardSnapshot: snapshotOf(card),
    transactionDate: now,
    settlementDate: now.toISOString().slice(0, 10),
  };
}

const PURCHASE_INSERT_COLUMNS = `id, merchant_id, environment, reference, card_id, state, amount, currency, successful,
  response_code, message, "authorization", rrn, upstream_id, cvv_match, captured, captured_amount, refunded_amount,
  merchant_advice_code, merchant_advice_retry_after, customer_ip, metadata, extra, card_snapshot,
  transaction_date, settlement_date, authorization_tracking_id`;

/** Parameters $1 to $24 of a purchase insert; the card id is supplied by the statement. */
function purchaseParams(ctx: MerchantContext, row: PurchaseRow): unknown[] {
  return [
    row.id,
    ctx.merchantId,
    ctx.environment,
    row.reference,
    row.state,
    row.amount,
    row.currency,
    row.successful,
    row.responseCode,
    row.message,
    row.authorization,
    row.rrn,
    row.cvvMatch,
    row.captured,
    row.capturedAmount,
    row.merchantAdviceCode,
    row.merchantAdviceRetryAfter,
    row.customerIp,
    JSON.stringify(row.metadata),
    JSON.stringify(row.extra),
    JSON.stringify(row.cardSnapshot),
    row.transactionDate,
    row.settlementDate,
    row.authorizationTrackingId,
  ];
}

/** The values list of a purchase insert, taking the card id from `cardId` (a parameter or a column). */
function purchaseValues(cardId: string): string {
  return `$1, $2, $3, $4, ${cardId}, $5, $6, $7, $8, $9, $10, $11, $12, null, $13, $14, $15, 0, $16, $17, $18, $19, $20, $21, $22, $23, $24`;
}

async function insertPurchase(
  tx: Sql,
  ctx: MerchantContext,
  input: PurchaseInput,
  card: LockedCard,
  record: PurchaseRecord,
  now: Date,
): Promise<PurchaseRow> {
  const row = purchaseRow(ctx, input, card, record, now);
  const inserted = await tx.query<{ id: string }>(
    prepared(`insert into gateway.purchases (${PURCHASE_INSERT_COLUMNS})
     values (${purchaseValues('$25')})
     on conflict (merchant_id, environment, reference) where state <> 'failed' do nothing
     returning id`),
    [...purchaseParams(ctx, row), card.id],
  );
  if (inserted.length === 0) throw new ReferenceTaken();
  return row;
}

/**
 * `POST /purchases`. Validation failures are gateway rejections (nothing written); a valid
 * purchase is recorded with the issuer's answer, approved or declined. The sandbox simulates the
 * issuer inside one transaction. Production writes the purchase as pending, asks the upstream
 * gateway with the purchase id as its reference, then records the answer: a crash or timeout in
 * between leaves a pending record that a lookup by reference resolves, never a lost one.
 */
export async function makePurchase(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  body: Record<string, unknown>,
): Promise<PurchaseResult> {
  const now = deps.clock.now();
  const checked = checkPurchase(body, ctx, now);
  if (!checked.input) return { kind: 'rejected', errors: checked.errors, view: await rejectedView(db, ctx, checked.echo) };
  const input = checked.input;
  if (ctx.environment === 'production' && !deps.acquirer) throw GatewayErrors.upstreamNotConfigured();
  try {
    if (ctx.environment === 'sandbox') return await sandboxPurchase(db, deps, ctx, input, now);
    return await upstreamPurchase(db, deps, deps.acquirer!, ctx, input, now, rejectedPurchaseView(checked.echo));
  } catch (err) {
    if (err instanceof ReferenceTaken) {
      return { kind: 'rejected', errors: ['Reference is already taken'], view: await rejectedView(db, ctx, checked.echo) };
    }
    throw err;
  }
}

/**
 * The chain id an approved purchase answers: the one it was sent in `extra`, or a new one when it
 * starts a stored-credential chain (`stored_credential_indicator` "I" or "S", or a recurring
 * `ecm` 32). A one-off purchase has none (`""`), as the real gateway's recorded ones.
 */
function trackingIdFor(input: PurchaseInput, successful: boolean): string {
  if (!successful) return '';
  const sent = input.extra.authorization_tracking_id;
  if (typeof sent === 'string' && sent !== '') return sent;
  const indicator = input.extra.stored_credential_indicator;
  const ecm = input.extra.ecm;
  if (indicator !== 'I' && indicator !== 'S' && ecm !== '32' && ecm !== 32) return '';
  // Letters at 1 and 9 keep any 13-digit run out: an id that looks like a card number would be scrubbed.
  const letter = () => ID_ALPHABET[randomInt(26)]!;
  return letter() + newTransactionId('X', 'P').slice(-7) + letter() + newTransactionId('X', 'P').slice(-7);
}

/**
 * A rejected purchase's would-be record, filled in as the real gateway's: an id, and the card's
 * fields (the stored card a known token or alias names, or the valid raw card sent).
 */
async function rejectedView(db: Sql, ctx: MerchantContext, echo: PurchaseEcho): Promise<PurchaseView> {
  const id = newTransactionId(ctx.idPrefix, 'P');
  if (echo.cardToken !== null && echo.cardNumber === null) {
    const card = await findCard(db, ctx, echo.cardToken);
    if (card) {
      const shown = {
        number: maskedNumber(card),
        holder: card.cardHolder,
        expiry: expiryDate({ month: card.expiryMonth, year: card.expiryYear }),
        type: card.cardType,
        category: card.cardCategory,
        subcategory: card.cardSubcategory,
        token: card.token,
      };
      return rejectedPurchaseView({ ...echo, cardNumber: shown.number, card: shown }, id);
    }
  }
  return rejectedPurchaseView(echo, id);
}

function sandboxRecord(ctx: MerchantContext, input: PurchaseInput, outcome: SimulatedOutcome): PurchaseRecord {
  return {
    trackingId: trackingIdFor(input, outcome.successful),
    id: newTransactionId(ctx.idPrefix, 'P'),
    state: 'completed',
    successful: outcome.successful,
    responseCode: outcome.responseCode,
    message: outcome.message,
    authorization: outcome.successful ? digits(6) : null,
    rrn: digits(12),
    adviceCode: outcome.adviceCode,
    adviceRetryAfter: outcome.adviceRetryAfter,
  };
}

function simulateFor(card: LockedCard, amount: number, now: Date): SimulatedOutcome {
  return simulatePurchase(testCardKindOfStored(card.first6, card.last4, card.panLength), amount, {
    expired: isExpired({ month: card.expiryMonth, year: card.expiryYear }, now),
    scripted: card.scriptHead,
  });
}

async function sandboxPurchase(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  input: PurchaseInput,
  now: Date,
): Promise<PurchaseResult> {
  if (input.card.kind === 'token') return sandboxPurchaseByToken(db, ctx, input, input.card.tokenOrAlias, now);
  // A raw card is stored first; a purchase that is then rejected must not leave it behind.
  return db.transaction(async (tx) => {
    const card = await lockInputCard(tx, deps, ctx, input, now);
    const outcome = simulateFor(card, input.amount, now);
    const row = await insertPurchase(tx, ctx, input, card, sandboxRecord(ctx, input, outcome), now);
    return { kind: 'processed', view: toPurchaseView(row), fault: outcome.fault };
  });
}

/**
 * A sandbox purchase by token in two round trips: read the card, then one statement that counts
 * the transaction, takes the scripted outcome it was simulated with, and inserts the purchase.
 * One statement is atomic: a taken reference (unique violation) leaves the card untouched. The
 * script head is compared rather than locked; if another purchase took it first, read again.
 */
/** A card by token or alias, read (not locked) for a purchase by token, with its next scripted sandbox outcome. */
async function readCardForPurchase(db: Sql, ctx: MerchantContext, tokenOrAlias: string): Promise<LockedCard> {
  const [card] = await db.query<LockedCard>(
    prepared(`select ${CARD_COLUMNS}, sandbox_script -> 0 as "scriptHead" from gateway.cards where id = ${cardIdSql('$3')}`),
    [ctx.merchantId, ctx.environment, tokenOrAlias],
  );
  // An unknown token is a rejection with a non-2xx status (GATEWAY.md).
  if (!card) throw GatewayErrors.cardNotFound(tokenOrAlias, 422);
  return card;
}

/**
 * One statement: count the card's transaction, take the scripted outcome the purchase was made
 * with, and insert the purchase; nothing when the card's script head is no longer the one read
 * (another purchase took it: read again). Atomic: a taken reference leaves the card untouched.
 */
const PURCHASE_BY_TOKEN_SQL = `with k as (
    update gateway.cards
       set transaction_count = transaction_count + 1,
           sandbox_script = case when jsonb_array_length(sandbox_script) > 0 then sandbox_script - 0 else sandbox_script end,
           updated_at = $22
     where id = $25 and (sandbox_script -> 0) is not distinct from $26::jsonb
    returning id)
  insert into gateway.purchases (${PURCHASE_INSERT_COLUMNS})
  select ${purchaseValues('k.id')} from k
  returning id`;

function purchaseByTokenParams(ctx: MerchantContext, row: PurchaseRow, card: LockedCard) {
  return [...purchaseParams(ctx, row), card.id, card.scriptHead === null ? null : JSON.stringify(card.scriptHead)] as Step['params'];
}

async function sandboxPurchaseByToken(
  db: SqlPool,
  ctx: MerchantContext,
  input: PurchaseInput,
  tokenOrAlias: string,
  now: Date,
): Promise<PurchaseResult> {
  for (;;) {
    const card = await readCardForPurchase(db, ctx, tokenOrAlias);
    const outcome = simulateFor(card, input.amount, now);
    const row = purchaseRow(ctx, input, card, sandboxRecord(ctx, input, outcome), now);
    try {
      const inserted = await db.query<{ id: string }>(prepared(PURCHASE_BY_TOKEN_SQL), [...purchaseByTokenParams(ctx, row, card)]);
      if (inserted.length === 1) return { kind: 'processed', view: toPurchaseView(row), fault: outcome.fault };
    } catch (err) {
      if (violatedConstraint(err) === 'purchases_reference_unique') throw new ReferenceTaken();
      throw err;
    }
  }
}

/**
 * The pending record of a production purchase by token, in two round trips: read the card, then
 * one message holding one transaction (`SqlPool.steps`) that counts the card's transaction,
 * inserts the purchase as pending and audits the opening of its PAN (only when the purchase was
 * inserted). The PAN is opened once that has committed.
 */
async function pendingPurchaseByToken(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  input: PurchaseInput,
  tokenOrAlias: string,
  record: PurchaseRecord,
  now: Date,
): Promise<{ row: PurchaseRow; card: LockedCard; pan: string }> {
  for (;;) {
    const card = await readCardForPurchase(db, ctx, tokenOrAlias);
    const row = purchaseRow(ctx, input, card, record, now);
    const audit = auditStep(
      deps.clock,
      {
        merchantId: ctx.merchantId,
        environment: ctx.environment,
        action: 'vault.pan_opened',
        actor: ctx.username,
        detail: { token: card.token, purpose: 'purchase' },
      },
      'exists (select 1 from gateway.purchases where id = $7)',
      row.id,
    );
    let recorded: unknown[];
    try {
      recorded = await db.steps([{ text: PURCHASE_BY_TOKEN_SQL, params: purchaseByTokenParams(ctx, row, card) }, audit]);
    } catch (err) {
      if (violatedConstraint(err) === 'purchases_reference_unique') throw new ReferenceTaken();
      throw err;
    }
    if (recorded.length === 1) return { row, card, pan: openSealedPan(deps, ctx, card) };
  }
}

async function upstreamPurchase(
  db: SqlPool,
  deps: PurchaseDeps,
  acquirer: Acquirer,
  ctx: MerchantContext,
  input: PurchaseInput,
  now: Date,
  notMade: PurchaseView,
): Promise<PurchaseResult> {
  const id = newTransactionId(ctx.idPrefix, 'P');
  const pending: PurchaseRecord = {
    id,
    state: 'pending',
    successful: false,
    responseCode: '99',
    message: null,
    authorization: null,
    rrn: null,
    adviceCode: null,
    adviceRetryAfter: null,
    trackingId: '',
  };
  const { row, card, pan } =
    input.card.kind === 'token'
      ? await pendingPurchaseByToken(db, deps, ctx, input, input.card.tokenOrAlias, pending, now)
      : await db.transaction(async (tx) => {
          const card = await lockInputCard(tx, deps, ctx, input, now);
          const row = await insertPurchase(tx, ctx, input, card, pending, now);
          const pan = input.card.kind === 'raw' ? input.card.card.pan : await openPan(tx, deps, ctx, card, 'purchase');
          return { row, card, pan };
        });
  const answer = await acquirer.purchase({
    reference: id,
    amount: input.amount,
    currency: input.currency,
    cardHolder: card.cardHolder,
    cardNumber: pan,
    cardExpiry: formatExpiry({ month: card.expiryMonth, year: card.expiryYear }),
    cvv: input.card.kind === 'raw' ? input.card.card.cvv : input.tokenCvv,
    customerIp: input.customerIp ?? undefined,
    extra: input.card.kind === 'token' ? { ...input.extra, ecm: input.extra.ecm ?? '32' } : input.extra,
    capture: input.capture,
  });
  if (answer.kind === 'unknown') {
    deps.logger.warn({ purchaseId: id, reason: answer.reason }, 'upstream purchase outcome unknown; left pending');
    return { kind: 'unknown', view: toPurchaseView(row) };
  }
  if (answer.kind === 'fault') {
    // Nothing reached the upstream's books: no record here either, and the reference is free again.
    await db.query(`delete from gateway.purchases where id = $1 and state = 'pending'`, [id]);
    deps.logger.warn({ reference: id, fault: answer.fault, reason: answer.reason }, 'upstream purchase not made');
    return { kind: 'fault', fault: answer.fault, reason: answer.reason, view: { ...notMade, pending: false } };
  }
  const sentTrackingId = input.extra.authorization_tracking_id;
  const trackingId = answer.successful && typeof sentTrackingId === 'string' ? sentTrackingId : '';
  await settlePurchase(db, id, input.amount, answer, { capture: input.capture, trackingId });
  return {
    kind: 'processed',
    fault: null,
    view: toPurchaseView({
      ...row,
      state: 'completed',
      successful: answer.successful,
      responseCode: answer.responseCode,
      message: answer.message,
      authorization: answer.authorization,
      rrn: answer.rrn ?? null,
      captured: answer.successful && (answer.captured ?? input.capture),
      capturedAmount: answer.successful && (answer.captured ?? input.capture) ? input.amount : 0,
      merchantAdviceCode: answer.adviceCode,
      merchantAdviceRetryAfter: answer.adviceRetryAfter,
      authorizationTrackingId: trackingId,
    }),
  };
}

export async function findPurchase(
  db: Sql,
  ctx: MerchantContext,
  idOrReference: string,
  lock = false,
): Promise<(PurchaseRow & { upstreamId: string | null; cardId: string }) | undefined> {
  if (idOrReference.length === 0 || idOrReference.length > 255) return undefined;
  const rows = await db.query<PurchaseRow & { upstreamId: string | null; cardId: string }>(
    `select ${PURCHASE_COLUMNS} from gateway.purchases
      where merchant_id = $1 and environment = $2 and (id = $3 or reference = $4)
      order by (id = $5) desc, (state <> 'failed') desc, transaction_date desc limit 1${lock ? ' for update' : ''}`,
    [ctx.merchantId, ctx.environment, idOrReference, idOrReference, idOrReference],
  );
  return rows[0];
}

/**
 * A purchase by id or reference. A pending production purchase is first looked up at the
 * upstream by the reference Recur sent (its id) and settled to what the upstream recorded.
 */
export async function getPurchase(db: SqlPool, deps: PurchaseDeps, ctx: MerchantContext, idOrReference: string): Promise<PurchaseView> {
  let row = await findPurchase(db, ctx, idOrReference);
  if (!row) throw GatewayErrors.purchaseNotFound();
  if (row.state === 'pending' && ctx.environment === 'production' && deps.acquirer && deps.pending) {
    const pendingDeps = { acquirer: deps.acquirer, clock: deps.clock, logger: deps.logger, pending: deps.pending };
    const sentAt = new Date(row.transactionDate);
    if ((await resolvePurchase(db, pendingDeps, { id: row.id, amount: Number(row.amount), sentAt })) !== 'pending') {
      row = (await findPurchase(db, ctx, row.id)) ?? row;
    }
  }
  return toPurchaseView(row);
}

export async function listPurchases(db: Sql, ctx: MerchantContext, page: Page): Promise<Paginated<PurchaseView>> {
  const [rows, counts] = await Promise.all([
    db.query<PurchaseRow>(
      `select ${PURCHASE_COLUMNS} from gateway.purchases where merchant_id = $1 and environment = $2
        order by transaction_date desc, id desc limit $3 offset $4`,
      [ctx.merchantId, ctx.environment, page.limit, page.skip],
    ),
    db.query<{ n: number }>('select count(*)::int as n from gateway.purchases where merchant_id = $1 and environment = $2', [
      ctx.merchantId,
      ctx.environment,
    ]),
  ]);
  return { items: rows.map(toPurchaseView), total: counts[0]?.n ?? 0, page };
}
