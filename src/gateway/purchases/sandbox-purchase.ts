import type { SqlPool } from '../../platform/sql.ts';
import { isExpired } from '../cards/expiry.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { simulatePurchase, type SimulatedOutcome } from '../sandbox/simulator.ts';
import { testCardKindOfStored } from '../sandbox/test-cards.ts';
import { lockInputCard, readCardForPurchase, type LockedCard } from './purchase-card.ts';
import type { PurchaseDeps, PurchaseResult } from './purchase-deps.ts';
import { insertPurchase, insertPurchaseByToken, purchaseRow, type PurchaseRecord } from './purchase-insert.ts';
import type { PurchaseInput } from './purchase-input.ts';
import { toPurchaseView } from './purchase-view.ts';
import { newTrackingId, newTransactionId, randomDigits } from './transaction-ids.ts';

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
  return newTrackingId();
}

function sandboxRecord(ctx: MerchantContext, input: PurchaseInput, outcome: SimulatedOutcome): PurchaseRecord {
  return {
    trackingId: trackingIdFor(input, outcome.successful),
    id: newTransactionId(ctx.idPrefix, 'P'),
    state: 'completed',
    successful: outcome.successful,
    responseCode: outcome.responseCode,
    message: outcome.message,
    authorization: outcome.successful ? randomDigits(6) : null,
    rrn: randomDigits(12),
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

/** A sandbox purchase: the issuer simulated, the purchase recorded completed. A taken reference throws `ReferenceTakenError`. */
export async function sandboxPurchase(
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
    const row = purchaseRow(input, card, sandboxRecord(ctx, input, outcome), now);
    if (await insertPurchaseByToken(db, ctx, row, card)) return { kind: 'processed', view: toPurchaseView(row), fault: outcome.fault };
  }
}
