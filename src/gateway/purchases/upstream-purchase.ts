import type { SqlPool } from '../../platform/sql.ts';
import type { Acquirer } from '../acquirer/acquirer.ts';
import { settlePurchase } from '../acquirer/pending.service.ts';
import { auditStep } from '../audit/audit.service.ts';
import { openSealedPan } from '../cards/cards.service.ts';
import { formatExpiry } from '../cards/expiry.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { lockInputCard, readCardForPurchase, type LockedCard } from './purchase-card.ts';
import type { PurchaseDeps, PurchaseResult } from './purchase-deps.ts';
import { insertPurchase, purchaseByTokenStep, purchaseRow, referenceTakenOnConflict, type PurchaseRecord } from './purchase-insert.ts';
import type { PurchaseInput } from './purchase-input.ts';
import { toPurchaseView, type PurchaseRow, type PurchaseView } from './purchase-view.ts';
import { newTransactionId } from './transaction-ids.ts';

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
    const row = purchaseRow(input, card, record, now);
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
    const recorded = await referenceTakenOnConflict(() => db.steps([purchaseByTokenStep(ctx, row, card), audit]));
    if (recorded.length === 1) return { row, card, pan: openSealedPan(deps, ctx, card) };
  }
}

/** The pending record of a production purchase: by token as above, or a raw card stored and locked in one transaction. */
function recordPending(db: SqlPool, deps: PurchaseDeps, ctx: MerchantContext, input: PurchaseInput, record: PurchaseRecord, now: Date) {
  const sent = input.card;
  if (sent.kind === 'token') return pendingPurchaseByToken(db, deps, ctx, input, sent.tokenOrAlias, record, now);
  return db.transaction(async (tx) => {
    const card = await lockInputCard(tx, deps, ctx, input, now);
    const row = await insertPurchase(tx, ctx, input, card, record, now);
    return { row, card, pan: sent.card.pan };
  });
}

/**
 * A production purchase: written as pending, sent to the upstream with its id as the reference,
 * then settled to the answer. A taken reference throws `ReferenceTakenError`; no answer leaves it
 * pending (`unknown`); a fault of ours deletes it, so the reference is free again.
 */
export async function upstreamPurchase(
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
  const { row, card, pan } = await recordPending(db, deps, ctx, input, pending, now);
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
  const captured = answer.successful && (answer.captured ?? input.capture);
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
      captured,
      capturedAmount: captured ? input.amount : 0,
      merchantAdviceCode: answer.adviceCode,
      merchantAdviceRetryAfter: answer.adviceRetryAfter,
      authorizationTrackingId: trackingId,
    }),
  };
}
