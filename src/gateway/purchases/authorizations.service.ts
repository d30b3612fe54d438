import type { Sql, SqlPool } from '../../platform/sql.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import type { AcquirerFollowUpAnswer } from '../acquirer/acquirer.ts';
import { checkAmount } from './purchase-input.ts';
import { findPurchase, type PurchaseDeps } from './purchases.service.ts';
import { toPurchaseView, type PurchaseView } from './purchase-view.ts';
import { findRefundRow } from '../refunds/refunds.service.ts';
import { toRefundView, type RefundView } from '../refunds/refund-view.ts';

export type AuthorizationResult<V> =
  | { kind: 'rejected'; errors: string[]; view: V | null }
  | { kind: 'processed'; view: V }
  /** Production: the upstream did not answer and a lookup did not show it done; nothing recorded, safe to send again. */
  | { kind: 'unknown'; view: V };

/** The real gateway's text (spelling included): clients match on it. */
export const CAPTURE_TOO_MUCH = 'Capture amount cannot be greater then the original authorised amount';

function unknownFields(body: Record<string, unknown>, known: string[], errors: string[]): void {
  for (const key of Object.keys(body)) if (!known.includes(key)) errors.push(`Unknown field: ${key}`);
}

/** Not settled yet: settlement happens at the end of the transaction's (UTC) day. */
function unsettled(settlementDate: string, now: Date): boolean {
  return settlementDate >= now.toISOString().slice(0, 10);
}

type Checked<V> = { done: AuthorizationResult<V> } | { upstreamId: string; view: V; id: string };

/**
 * A capture or void in two steps. The row is locked while it is checked; the sandbox applies the
 * change in the same transaction. Production asks the upstream acquirer outside any transaction
 * (no connection is held through a network call), then applies the change only if the row still
 * allows it: a concurrent capture and void are serialised by the upstream, which refuses one.
 */
async function followUp<V>(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  check: (tx: Sql) => Promise<Checked<V>>,
  ask: (upstreamId: string) => Promise<AcquirerFollowUpAnswer>,
  apply: (db: Sql, id: string) => Promise<V>,
): Promise<AuthorizationResult<V>> {
  if (ctx.environment === 'production' && !deps.acquirer) throw GatewayErrors.upstreamNotConfigured();
  const checked = await db.transaction(async (tx) => {
    const result = await check(tx);
    if ('done' in result || ctx.environment === 'production') return result;
    return { done: { kind: 'processed' as const, view: await apply(tx, result.id) } };
  });
  if ('done' in checked) return checked.done;
  const answer = await ask(checked.upstreamId);
  if (answer.kind === 'unknown') {
    deps.logger.warn({ id: checked.id, reason: answer.reason }, 'upstream capture or void outcome unknown; nothing recorded');
    return { kind: 'unknown', view: checked.view };
  }
  if (!answer.successful) return { kind: 'rejected', errors: answer.errors, view: checked.view };
  return { kind: 'processed', view: await apply(db, checked.id) };
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
      const reject = (message: string) => ({ done: { kind: 'rejected' as const, errors: [message], view } });
      if (typeof body.currency === 'string' && body.currency.toUpperCase() !== row.currency) {
        return reject(`Currency ${body.currency.slice(0, 10)} does not match the authorization's currency ${row.currency}`);
      }
      if (!row.successful || row.state !== 'completed') return reject('Only an approved authorization can be captured');
      if (row.voided) return reject('The authorization was voided and cannot be captured');
      if (row.captured) return reject('The purchase has already been captured');
      if (amount > Number(row.amount)) return reject(CAPTURE_TOO_MUCH);
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
      const reject = (message: string) => ({ done: { kind: 'rejected' as const, errors: [message], view } });
      if (!row.successful || row.state !== 'completed') return reject('Only an approved purchase can be voided');
      if (row.voided) return reject('The purchase has already been voided');
      if (Number(row.refundedAmount) > 0) return reject('A purchase with refunds cannot be voided');
      if (row.captured && !unsettled(row.settlementDate, deps.clock.now()))
        return reject('A settled purchase cannot be voided; refund it instead');
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

/** `POST /refunds/void`: voids an unsettled refund and releases its amount on the purchase. */
export async function voidRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  id: string,
): Promise<AuthorizationResult<RefundView>> {
  return followUp(
    db,
    deps,
    ctx,
    async (tx) => {
      const row = await findRefundRow(tx, ctx, id, true);
      if (!row) throw GatewayErrors.voidTargetNotFound('Refund');
      const view = toRefundView(row);
      const reject = (message: string) => ({ done: { kind: 'rejected' as const, errors: [message], view } });
      if (!row.successful || row.state !== 'completed') return reject('Only an approved refund can be voided');
      if (row.voided) return reject('The refund has already been voided');
      if (!unsettled(row.settlementDate, deps.clock.now())) return reject('A settled refund cannot be voided');
      // A production refund was sent upstream with its id as the reference; the upstream voids by either.
      return { upstreamId: row.id, view, id: row.id };
    },
    (upstreamId) => deps.acquirer!.void({ target: 'refund', upstreamId }),
    async (q, refundId) => {
      // One statement: the first void (the guard) releases the amount on the purchase, atomically.
      await q.query(
        `with r as (update gateway.refunds set voided = true where id = $1 and not voided returning amount, purchase_id)
         update gateway.purchases p set refunded_amount = p.refunded_amount - r.amount from r where p.id = r.purchase_id`,
        [refundId],
      );
      return { ...toRefundView((await findRefundRow(q, ctx, refundId))!), message: 'Voided' };
    },
  );
}
