import type { SqlPool } from '../../platform/sql.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { followUp, refusal, unsettled, type AuthorizationResult } from './follow-up.ts';
import { checkAmount } from './purchase-input.ts';
import type { PurchaseDeps } from './purchase-deps.ts';
import { findPurchase } from './purchase-reads.service.ts';
import { toPurchaseView, type PurchaseView } from './purchase-view.ts';

/** The real gateway's text (spelling included): clients match on it. */
export const CAPTURE_TOO_MUCH = 'Capture amount cannot be greater then the original authorised amount';

function unknownFields(body: Record<string, unknown>, known: string[], errors: string[]): void {
  for (const key of Object.keys(body)) if (!known.includes(key)) errors.push(`Unknown field: ${key}`);
}

/**
 * `POST /purchases/{id}/capture {amount[, currency]}`: captures an authorization, once, up to the
 * authorized amount.
 */
export async function capturePurchase(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  idOrReference: string,
  body: Record<string, unknown>,
): Promise<AuthorizationResult<PurchaseView>> {
  const errors: string[] = [];
  unknownFields(body, ['amount', 'currency', 'test'], errors);
  const amount = checkAmount(body.amount, errors, false);
  if (body.currency !== undefined && body.currency !== null && typeof body.currency !== 'string') errors.push('Currency must be a string');
  if (errors.length > 0 || amount === null) return { kind: 'rejected', errors, view: null };
  return followUp(
    db,
    deps,
    ctx,
    async (tx) => {
      const row = await findPurchase(tx, ctx, idOrReference, true);
      if (!row) throw GatewayErrors.purchaseNotFound();
      const view = toPurchaseView(row);
      if (typeof body.currency === 'string' && body.currency.toUpperCase() !== row.currency) {
        return refusal(view, `Currency ${body.currency.slice(0, 10)} does not match the authorization's currency ${row.currency}`);
      }
      if (!row.successful || row.state !== 'completed') return refusal(view, 'Only an approved authorization can be captured');
      if (row.voided) return refusal(view, 'The authorization was voided and cannot be captured');
      if (row.captured) return refusal(view, 'The purchase has already been captured');
      if (amount > Number(row.amount)) return refusal(view, CAPTURE_TOO_MUCH);
      return { upstreamId: row.upstreamId ?? row.id, view, id: row.id };
    },
    (upstreamId) => deps.acquirer!.capture({ upstreamId, amount }),
    async (q, id) => {
      // Settled with the day's batch from the capture on (an authorization has no settlement date).
      await q.query(
        'update gateway.purchases set captured = true, captured_amount = $1, settlement_date = $3 where id = $2 and not captured and not voided',
        [amount, id, deps.clock.now().toISOString().slice(0, 10)],
      );
      return toPurchaseView((await findPurchase(q, ctx, id))!);
    },
  );
}

/** The id of a void: `?id=` or `{"id": ...}`. */
export function voidTarget(query: { id?: string }, body: unknown): { id?: string; errors: string[] } {
  const errors: string[] = [];
  const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  unknownFields(fromBody, ['id', 'test'], errors);
  const id = query.id ?? fromBody.id;
  if (id === undefined || id === null || id === '') errors.push("Id can't be blank");
  else if (typeof id !== 'string' || id.length > 255) errors.push('Id must be a string');
  return errors.length > 0 ? { errors } : { id: id as string, errors };
}

/** `POST /purchases/void`: voids an uncaptured authorization or an unsettled, unrefunded purchase. */
export async function voidPurchase(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  id: string,
): Promise<AuthorizationResult<PurchaseView>> {
  return followUp(
    db,
    deps,
    ctx,
    async (tx) => {
      const row = await findPurchase(tx, ctx, id, true);
      if (!row) throw GatewayErrors.voidTargetNotFound('Purchase');
      const view = toPurchaseView(row);
      if (!row.successful || row.state !== 'completed') return refusal(view, 'Only an approved purchase can be voided');
      if (row.voided) return refusal(view, 'The purchase has already been voided');
      if (Number(row.refundedAmount) > 0) return refusal(view, 'A purchase with refunds cannot be voided');
      if (row.captured && !unsettled(row.settlementDate, deps.clock.now()))
        return refusal(view, 'A settled purchase cannot be voided; refund it instead');
      return { upstreamId: row.upstreamId ?? row.id, view, id: row.id };
    },
    (upstreamId) => deps.acquirer!.void({ target: 'purchase', upstreamId }),
    async (q, purchaseId) => {
      // Nothing stays captured of a voided purchase: `captured_amount` 0, as the real gateway answers.
      await q.query('update gateway.purchases set voided = true, captured_amount = 0 where id = $1', [purchaseId]);
      return { ...toPurchaseView((await findPurchase(q, ctx, purchaseId))!), message: 'Voided' };
    },
  );
}
