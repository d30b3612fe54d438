import type { SqlPool } from '../../platform/sql.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { checkAmount, checkMetadata, checkReference } from '../purchases/purchase-input.ts';
import type { PurchaseDeps } from '../purchases/purchase-deps.ts';
import type { CardSnapshot } from '../purchases/purchase.entity.ts';
import { newTransactionId, randomDigits } from '../purchases/transaction-ids.ts';
import { ReferenceTakenError, referenceTakenRejection } from '../reference-taken.ts';
import { randomInt } from 'node:crypto';
import { insertRefund } from './refund-insert.ts';
import type { RefundResult } from './refund-result.ts';
import { rejectedRefundView, toRefundView, type RefundRow } from './refund-view.ts';
import { checkRefundCard, lockRefundCard, type RefundCard } from './unmatched-refund.ts';
import { upstreamExpiry, upstreamRefund } from './upstream-refund.ts';
import { openPan } from '../cards/cards.service.ts';

const KNOWN_FIELDS = new Set([
  'transaction_id',
  'amount',
  'reference',
  'currency',
  'metadata',
  'customer_ip',
  'card_token',
  'card_holder',
  'card_number',
  'card_expiry',
  'cvv',
  'test',
]);

/** Active Merchant matches on this text; the real gateway answers it to a refund with neither purchase nor card. */
export const NO_UNMATCHED_CARD = 'Invalid credit card for unmatched refund';

export class Rejection extends Error {
  readonly errors: string[];
  constructor(errors: string[]) {
    super(errors[0]);
    this.errors = errors;
  }
}

interface PurchaseForRefund {
  id: string;
  amount: string;
  capturedAmount: string;
  refundedAmount: string;
  currency: string;
  successful: boolean;
  captured: boolean;
  voided: boolean;
  state: string;
  upstreamId: string | null;
  cardSnapshot: CardSnapshot;
}

function checkCurrency(value: unknown, errors: string[]): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) {
    errors.push('Currency must be a three-letter ISO 4217 code');
    return null;
  }
  return value.toUpperCase();
}

/**
 * `POST /refunds`: full, partial or several refunds of a captured purchase, never more in total
 * than it took; or, with card details and no `transaction_id`, an unmatched refund credited to the
 * card (sandbox; production for merchants allowed to). The purchase row is locked so concurrent
 * refunds cannot over-refund.
 */
export async function makeRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  body: Record<string, unknown>,
): Promise<RefundResult> {
  const errors: string[] = [];
  for (const key of Object.keys(body)) if (!KNOWN_FIELDS.has(key)) errors.push(`Unknown field: ${key}`);
  const missingId = body.transaction_id === undefined || body.transaction_id === null || body.transaction_id === '';
  const transactionId = typeof body.transaction_id === 'string' && body.transaction_id.length <= 255 ? body.transaction_id : null;
  const cardGiven = ['card_token', 'card_number', 'card_holder', 'card_expiry'].some((k) => body[k] !== undefined && body[k] !== null);
  let card: RefundCard | undefined;
  if (missingId && cardGiven) card = checkRefundCard(body, ctx, deps.clock.now(), errors);
  else if (missingId) errors.push(NO_UNMATCHED_CARD);
  else if (transactionId === null) errors.push('Original transaction could not be found');
  else if (cardGiven) errors.push('Give either transaction_id or the card details, not both');
  const amount = checkAmount(body.amount, errors, false);
  const reference = checkReference(body.reference, errors);
  const currency = checkCurrency(body.currency, errors);
  const metadata = checkMetadata(body.metadata, errors);
  if (
    body.customer_ip !== undefined &&
    body.customer_ip !== null &&
    (typeof body.customer_ip !== 'string' || body.customer_ip.length > 64)
  ) {
    errors.push('Customer IP must be a string of at most 64 characters');
  }
  const rejected = (errs: string[]): RefundResult => ({
    kind: 'rejected',
    errors: errs,
    view: rejectedRefundView(amount, reference, transactionId, metadata),
  });
  if (errors.length > 0 || amount === null || reference === null || (transactionId === null && !card)) return rejected(errors);
  if (card && ctx.environment === 'production') {
    const allowed = await db.query<{ ok: boolean }>('select unmatched_refunds as ok from gateway.merchants where id = $1', [
      ctx.merchantId,
    ]);
    if (!allowed[0]?.ok) return rejected([NO_UNMATCHED_CARD]);
  }
  if (ctx.environment === 'production' && !deps.acquirer) throw GatewayErrors.upstreamNotConfigured();
  const notMade = rejectedRefundView(amount, reference, transactionId, metadata);
  const now = deps.clock.now();
  const id = newTransactionId(ctx.idPrefix, 'R');
  const sandbox = ctx.environment === 'sandbox';
  const base = {
    id,
    reference,
    state: sandbox ? 'completed' : 'pending',
    amount,
    successful: sandbox,
    refunded: sandbox ? 'Approved' : 'Error',
    responseCode: sandbox ? '00' : '99',
    message: sandbox ? 'Approved' : null,
    authorization: sandbox ? String(randomInt(100000, 999999)) : null,
    rrn: sandbox ? randomDigits(12) : null,
    voided: false,
    metadata,
    transactionDate: now,
    settlementDate: now.toISOString().slice(0, 10),
  };
  try {
    if (card) {
      const refundCard = card;
      const { row, pan } = await db.transaction(async (tx) => {
        const locked = await lockRefundCard(tx, deps, ctx, refundCard);
        const row: RefundRow = {
          ...base,
          purchaseId: null,
          standalone: true,
          currency: currency ?? ctx.currencies[0]!,
          cardSnapshot: locked.snapshot,
        };
        if (!ctx.currencies.includes(row.currency)) {
          throw new Rejection([
            `Currency ${row.currency} is not valid for this merchant. Permitted currencies: ${ctx.currencies.join(', ')}`,
          ]);
        }
        await insertRefund(tx, ctx, row, locked.cardId);
        if (sandbox) return { row, pan: null };
        const pan = refundCard.kind === 'raw' ? refundCard.card.pan : await openPan(tx, deps, ctx, locked.stored, 'unmatched_refund');
        return { row, pan };
      });
      if (sandbox || pan === null) return { kind: 'processed', view: toRefundView(row) };
      return await upstreamRefund(db, deps, row, null, notMade, () =>
        deps.acquirer!.unmatchedRefund({
          reference: row.id,
          amount: Number(row.amount),
          currency: row.currency,
          cardHolder: row.cardSnapshot.card_holder,
          cardNumber: pan,
          cardExpiry: upstreamExpiry(row.cardSnapshot.card_expiry),
        }),
      );
    }
    const { row, purchase } = await db.transaction(async (tx) => {
      const purchases = await tx.query<PurchaseForRefund>(
        `select id, amount, captured_amount as "capturedAmount", refunded_amount as "refundedAmount", currency, successful,
                captured, voided, state, upstream_id as "upstreamId", card_snapshot as "cardSnapshot"
           from gateway.purchases where merchant_id = $1 and environment = $2 and id = $3 for update`,
        [ctx.merchantId, ctx.environment, transactionId],
      );
      const purchase = purchases[0];
      if (!purchase) throw new Rejection(['Original transaction could not be found']);
      if (!purchase.successful || purchase.state !== 'completed')
        throw new Rejection(['Original transaction was not approved and cannot be refunded']);
      if (purchase.voided) throw new Rejection(['Original transaction was voided and cannot be refunded']);
      if (!purchase.captured) throw new Rejection(['Original transaction is an uncaptured authorization and cannot be refunded']);
      if (currency !== null && currency !== purchase.currency) {
        throw new Rejection([`Currency ${currency} does not match the original transaction's currency ${purchase.currency}`]);
      }
      const available = Number(purchase.capturedAmount) - Number(purchase.refundedAmount);
      if (amount > available) throw new Rejection([`Amount exceeds the amount available to refund (${available})`]);
      const row: RefundRow = {
        ...base,
        purchaseId: purchase.id,
        standalone: false,
        currency: purchase.currency,
        cardSnapshot: purchase.cardSnapshot,
      };
      await insertRefund(tx, ctx, row, null);
      // Reserve the amount now, so a concurrent refund sees it; a refused upstream refund releases it.
      await tx.query('update gateway.purchases set refunded_amount = refunded_amount + $1 where id = $2', [amount, purchase.id]);
      return { row, purchase };
    });
    if (sandbox) return { kind: 'processed', view: toRefundView(row) };
    return await upstreamRefund(db, deps, row, purchase.id, notMade, () =>
      deps.acquirer!.refund({ reference: row.id, upstreamTransactionId: purchase.upstreamId ?? purchase.id, amount: Number(row.amount) }),
    );
  } catch (err) {
    if (err instanceof Rejection) return rejected(err.errors);
    if (err instanceof ReferenceTakenError) return referenceTakenRejection(rejectedRefundView(amount, reference, transactionId, metadata));
    throw err;
  }
}
