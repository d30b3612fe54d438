import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { Clock } from '../../platform/clock.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { checkAmount } from './purchase-input.ts';
import { findPurchase } from './purchases.service.ts';
import { toPurchaseView, type PurchaseView } from './purchase-view.ts';
import { findRefundRow } from '../refunds/refunds.service.ts';
import { toRefundView, type RefundView } from '../refunds/refund-view.ts';

export type AuthorizationResult<V> = { kind: 'rejected'; errors: string[]; view: V | null } | { kind: 'processed'; view: V };

/** The real gateway's text (spelling included): clients match on it. */
export const CAPTURE_TOO_MUCH = 'Capture amount cannot be greater then the original authorised amount';
const SANDBOX_ONLY = 'Captures and voids are available in the sandbox only for now';

function unknownFields(body: Record<string, unknown>, known: string[], errors: string[]): void {
  for (const key of Object.keys(body)) if (!known.includes(key)) errors.push(`Unknown field: ${key}`);
}

/** Not settled yet: settlement happens at the end of the transaction's (UTC) day. */
function unsettled(settlementDate: string, now: Date): boolean {
  return settlementDate >= now.toISOString().slice(0, 10);
}

/**
 * `POST /purchases/{id}/capture {amount[, currency]}`: captures an authorization, once, up to the
 * authorized amount. The purchase row is locked: a capture and a void cannot both win.
 */
export async function capturePurchase(
  db: SqlPool,
  ctx: MerchantContext,
  idOrReference: string,
  body: Record<string, unknown>,
): Promise<AuthorizationResult<PurchaseView>> {
  const errors: string[] = [];
  unknownFields(body, ['amount', 'currency', 'test'], errors);
  const amount = checkAmount(body.amount, errors, false);
  if (body.currency !== undefined && body.currency !== null && typeof body.currency !== 'string') errors.push('Currency must be a string');
  if (errors.length > 0 || amount === null) return { kind: 'rejected', errors, view: null };
  return db.transaction(async (tx) => {
    const row = await findPurchase(tx, ctx, idOrReference, true);
    if (!row) throw GatewayErrors.purchaseNotFound();
    const view = toPurchaseView(row);
    const reject = (message: string) => ({ kind: 'rejected' as const, errors: [message], view });
    if (ctx.environment !== 'sandbox') return reject(SANDBOX_ONLY);
    if (typeof body.currency === 'string' && body.currency.toUpperCase() !== row.currency) {
      return reject(`Currency ${body.currency.slice(0, 10)} does not match the authorization's currency ${row.currency}`);
    }
    if (!row.successful || row.state !== 'completed') return reject('Only an approved authorization can be captured');
    if (row.voided) return reject('The authorization was voided and cannot be captured');
    if (row.captured) return reject('The purchase has already been captured');
    if (amount > Number(row.amount)) return reject(CAPTURE_TOO_MUCH);
    await tx.query('update gateway.purchases set captured = true, captured_amount = $1 where id = $2', [amount, row.id]);
    return { kind: 'processed', view: { ...view, captured: true, captured_amount: amount } };
  });
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
  clock: Clock,
  ctx: MerchantContext,
  id: string,
): Promise<AuthorizationResult<PurchaseView>> {
  return db.transaction(async (tx: Sql) => {
    const row = await findPurchase(tx, ctx, id, true);
    if (!row) throw GatewayErrors.voidTargetNotFound('Purchase');
    const view = toPurchaseView(row);
    const reject = (message: string) => ({ kind: 'rejected' as const, errors: [message], view });
    if (ctx.environment !== 'sandbox') return reject(SANDBOX_ONLY);
    if (!row.successful || row.state !== 'completed') return reject('Only an approved purchase can be voided');
    if (row.voided) return reject('The purchase has already been voided');
    if (Number(row.refundedAmount) > 0) return reject('A purchase with refunds cannot be voided');
    if (row.captured && !unsettled(row.settlementDate, clock.now()))
      return reject('A settled purchase cannot be voided; refund it instead');
    await tx.query('update gateway.purchases set voided = true where id = $1', [row.id]);
    return { kind: 'processed', view: { ...view, voided: true, message: 'Voided' } };
  });
}

/** `POST /refunds/void`: voids an unsettled refund and releases its amount on the purchase. */
export async function voidRefund(db: SqlPool, clock: Clock, ctx: MerchantContext, id: string): Promise<AuthorizationResult<RefundView>> {
  return db.transaction(async (tx: Sql) => {
    const row = await findRefundRow(tx, ctx, id, true);
    if (!row) throw GatewayErrors.voidTargetNotFound('Refund');
    const view = toRefundView(row);
    const reject = (message: string) => ({ kind: 'rejected' as const, errors: [message], view });
    if (ctx.environment !== 'sandbox') return reject(SANDBOX_ONLY);
    if (!row.successful || row.state !== 'completed') return reject('Only an approved refund can be voided');
    if (row.voided) return reject('The refund has already been voided');
    if (!unsettled(row.settlementDate, clock.now())) return reject('A settled refund cannot be voided');
    await tx.query('update gateway.refunds set voided = true where id = $1', [row.id]);
    if (row.purchaseId !== null) {
      await tx.query('update gateway.purchases set refunded_amount = refunded_amount - $1 where id = $2', [
        Number(row.amount),
        row.purchaseId,
      ]);
    }
    return { kind: 'processed', view: { ...view, voided: true, message: 'Voided' } };
  });
}
