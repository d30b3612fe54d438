import type { Sql, SqlPool } from '../../platform/sql.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import type { AcquirerFollowUpAnswer } from '../acquirer/acquirer.ts';
import type { PurchaseDeps } from './purchase-deps.ts';

export type AuthorizationResult<V> =
  | { kind: 'rejected'; errors: string[]; view: V | null }
  | { kind: 'processed'; view: V }
  /** Production: the upstream did not answer and a lookup did not show it done; nothing recorded, safe to send again. */
  | { kind: 'unknown'; view: V };

/** Not settled yet: settlement happens at the end of the transaction's (UTC) day. */
export function unsettled(settlementDate: string, now: Date): boolean {
  return settlementDate >= now.toISOString().slice(0, 10);
}

export type Checked<V> = { done: AuthorizationResult<V> } | { upstreamId: string; view: V; id: string };

/** A check's refusal: the capture or void is rejected with `message`, nothing asked or changed. */
export function refusal<V>(view: V, message: string): Checked<V> {
  return { done: { kind: 'rejected', errors: [message], view } };
}

/**
 * A capture or void in two steps. The row is locked while it is checked; the sandbox applies the
 * change in the same transaction. Production asks the upstream acquirer outside any transaction
 * (no connection is held through a network call), then applies the change only if the row still
 * allows it: a concurrent capture and void are serialised by the upstream, which refuses one.
 */
export async function followUp<V>(
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
