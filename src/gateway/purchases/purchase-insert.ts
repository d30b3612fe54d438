import { prepared, violatedConstraint, type Sql, type Step } from '../../platform/sql.ts';
import type { StoredCard } from '../cards/cards.service.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { ReferenceTakenError } from '../reference-taken.ts';
import { cardSnapshot, type LockedCard } from './purchase-card.ts';
import type { PurchaseInput } from './purchase-input.ts';
import type { PurchaseRow } from './purchase-view.ts';

/** The issuer's side of a purchase row: what the sandbox simulated, or pending until the upstream answers. */
export interface PurchaseRecord {
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

export function purchaseRow(input: PurchaseInput, card: StoredCard, record: PurchaseRecord, now: Date): PurchaseRow {
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
    cardSnapshot: cardSnapshot(card),
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

/** Inserts the purchase of a card locked in the caller's transaction; a taken reference throws `ReferenceTakenError`. */
export async function insertPurchase(
  tx: Sql,
  ctx: MerchantContext,
  input: PurchaseInput,
  card: LockedCard,
  record: PurchaseRecord,
  now: Date,
): Promise<PurchaseRow> {
  const row = purchaseRow(input, card, record, now);
  const inserted = await tx.query<{ id: string }>(
    prepared(`insert into gateway.purchases (${PURCHASE_INSERT_COLUMNS})
     values (${purchaseValues('$25')})
     on conflict (merchant_id, environment, reference) where state <> 'failed' do nothing
     returning id`),
    [...purchaseParams(ctx, row), card.id],
  );
  if (inserted.length === 0) throw new ReferenceTakenError();
  return row;
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

/** The purchase-by-token statement as a step of a one-message transaction (`SqlPool.steps`). */
export function purchaseByTokenStep(ctx: MerchantContext, row: PurchaseRow, card: LockedCard): Step {
  const params = [...purchaseParams(ctx, row), card.id, card.scriptHead === null ? null : JSON.stringify(card.scriptHead)];
  return { text: PURCHASE_BY_TOKEN_SQL, params: params as Step['params'] };
}

/** Runs the purchase-by-token statement alone: true when inserted, false when the script head moved (read again). */
export async function insertPurchaseByToken(db: Sql, ctx: MerchantContext, row: PurchaseRow, card: LockedCard): Promise<boolean> {
  const step = purchaseByTokenStep(ctx, row, card);
  const inserted = await referenceTakenOnConflict(() => db.query<{ id: string }>(prepared(step.text), [...step.params]));
  return inserted.length === 1;
}

/** Runs a purchase insert that has no `on conflict`: a taken reference (its unique violation) throws `ReferenceTakenError`. */
export async function referenceTakenOnConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (violatedConstraint(err) === 'purchases_reference_unique') throw new ReferenceTakenError();
    throw err;
  }
}
