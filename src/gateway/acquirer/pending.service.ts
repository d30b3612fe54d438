import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { prepared, type Sql, type SqlPool } from '../../platform/sql.ts';
import type { Acquirer, AcquirerAnswer } from './acquirer.ts';

type Answered = Extract<AcquirerAnswer, { kind: 'answered' }>;

/** How pending production transactions are resolved (UPSTREAM_PENDING_WINDOW_MS, UPSTREAM_RESOLVE_INTERVAL_MS). */
export interface PendingPolicy {
  /** No upstream record this long after sending: settled as failed. */
  windowMs: number;
  /** First delay between lookups of one transaction; doubles up to `MAX_BACKOFF_MS`. */
  backoffMs: number;
  /** A transaction is left to the request that sent it for this long (UPSTREAM_TIMEOUT_MS). */
  inFlightMs: number;
}

export interface PendingDeps {
  acquirer: Acquirer;
  clock: Clock;
  logger: Logger;
  pending: PendingPolicy;
}

export type Resolution = 'approved' | 'declined' | 'failed' | 'pending';

const MAX_BACKOFF_MS = 5 * 60_000;
export const FAILED_MESSAGE = 'Not processed: the upstream gateway has no record of it; nothing was charged';

/**
 * Records the upstream's answer over a pending purchase; false when something else settled it first.
 * An authorization (`capture: false`) stays uncaptured; the upstream's own `captured` wins where it
 * says. `trackingId` is the stored-credential chain id the purchase sent, kept on approval.
 */
export async function settlePurchase(
  db: Sql,
  id: string,
  amount: number,
  answer: Answered,
  sent: { capture?: boolean; trackingId?: string } = {},
): Promise<boolean> {
  const captured = answer.successful && (answer.captured ?? sent.capture ?? true);
  const rows = await db.query<{ id: string }>(
    prepared(`update gateway.purchases set state = 'completed', successful = $1, response_code = $2, message = $3, "authorization" = $4,
        upstream_id = $5, captured = $6, captured_amount = $7, merchant_advice_code = $8, merchant_advice_retry_after = $9,
        rrn = coalesce($10, rrn), resolve_after = null, authorization_tracking_id = coalesce($12, authorization_tracking_id)
      where id = $11 and state = 'pending' returning id`),
    [
      answer.successful,
      answer.responseCode,
      answer.message,
      answer.authorization,
      answer.upstreamId,
      captured,
      captured ? amount : 0,
      answer.adviceCode,
      answer.adviceRetryAfter,
      answer.rrn ?? null,
      id,
      sent.trackingId === undefined ? null : answer.successful ? sent.trackingId : '',
    ],
  );
  return rows.length === 1;
}

/** A pending purchase the upstream never recorded: failed, nothing charged, its reference free again. */
async function failPurchase(db: Sql, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update gateway.purchases set state = 'failed', successful = false, response_code = '99', message = $1, captured = false,
        captured_amount = 0, resolve_after = null
      where id = $2 and state = 'pending' returning id`,
    [FAILED_MESSAGE, id],
  );
  return rows.length === 1;
}

/** Records the upstream's answer over a pending refund; a declined refund releases the amount it held back. */
export async function settleRefund(db: SqlPool, refund: PendingRefund, answer: Answered): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update gateway.refunds set state = 'completed', successful = $1, refunded = $2, response_code = $3, message = $4,
          "authorization" = $5, resolve_after = null
        where id = $6 and state = 'pending' returning id`,
      [
        answer.successful,
        answer.successful ? 'Approved' : 'Declined',
        answer.responseCode,
        answer.message,
        answer.authorization,
        refund.id,
      ],
    );
    if (rows.length === 0) return false;
    if (!answer.successful) await release(tx, refund);
    return true;
  });
}

async function failRefund(db: SqlPool, refund: PendingRefund): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update gateway.refunds set state = 'failed', successful = false, refunded = 'Error', response_code = '99', message = $1,
          resolve_after = null
        where id = $2 and state = 'pending' returning id`,
      [FAILED_MESSAGE, refund.id],
    );
    if (rows.length === 0) return false;
    await release(tx, refund);
    return true;
  });
}

async function release(tx: Sql, refund: PendingRefund): Promise<void> {
  if (refund.purchaseId === null) return;
  await tx.query('update gateway.purchases set refunded_amount = refunded_amount - $1 where id = $2', [refund.amount, refund.purchaseId]);
}

export interface PendingPurchase {
  id: string;
  amount: number;
  sentAt: Date;
}

export interface PendingRefund extends PendingPurchase {
  /** Null for an unmatched refund: no purchase holds its amount back. */
  purchaseId: string | null;
}

/** Looks the item up by the reference Recur sent (its id), then settles, fails (no record past the window), or tries again later with backoff. */
async function conclude(
  db: SqlPool,
  deps: PendingDeps,
  table: 'purchases' | 'refunds',
  item: PendingPurchase,
  settle: (answer: Answered) => Promise<boolean>,
  fail: () => Promise<boolean>,
): Promise<Resolution> {
  const found = table === 'purchases' ? await deps.acquirer.findPurchase(item.id) : await deps.acquirer.findRefund(item.id);
  const now = deps.clock.now();
  if (found.kind === 'found') {
    await settle(found.answer);
    return found.answer.successful ? 'approved' : 'declined';
  }
  if (found.kind === 'absent' && now.getTime() - item.sentAt.getTime() >= deps.pending.windowMs) {
    if (await fail()) deps.logger.warn({ id: item.id }, `upstream has no record of a pending ${table.slice(0, -1)}; settled as failed`);
    return 'failed';
  }
  await db.query(
    `update gateway.${table} set resolve_tries = resolve_tries + 1,
        resolve_after = $1::timestamptz + least($2::float8 * power(2, resolve_tries), $3::float8) * interval '1 millisecond'
      where id = $4 and state = 'pending'`,
    [now, deps.pending.backoffMs, MAX_BACKOFF_MS, item.id],
  );
  return 'pending';
}

/** Asks the upstream for a pending purchase by the reference Recur sent (its id) and records what it says. */
export function resolvePurchase(db: SqlPool, deps: PendingDeps, purchase: PendingPurchase): Promise<Resolution> {
  const settle = (answer: Answered) => settlePurchase(db, purchase.id, purchase.amount, answer);
  return conclude(db, deps, 'purchases', purchase, settle, () => failPurchase(db, purchase.id));
}

/** Asks the upstream for a pending refund by the reference Recur sent (its id) and records what it says. */
export function resolveRefund(db: SqlPool, deps: PendingDeps, refund: PendingRefund): Promise<Resolution> {
  return conclude(
    db,
    deps,
    'refunds',
    refund,
    (answer) => settleRefund(db, refund, answer),
    () => failRefund(db, refund),
  );
}

/**
 * One pass of the background resolver: the pending production transactions whose next lookup is
 * due (or, never looked up, whose request has had its time), oldest first. Several processes may
 * run it at once: a settlement applies only over a pending row, and lookups change nothing upstream.
 */
export async function resolveDue(db: SqlPool, deps: PendingDeps, limit = 50): Promise<Record<Resolution, number>> {
  const now = deps.clock.now();
  const due = `state = 'pending' and environment = 'production'
      and coalesce(resolve_after, transaction_date + $2::float8 * interval '1 millisecond') <= $1`;
  const [purchases, refunds] = await Promise.all([
    db.query<{ id: string; amount: string; sentAt: Date }>(
      `select id, amount, transaction_date as "sentAt" from gateway.purchases where ${due} order by transaction_date limit $3`,
      [now, deps.pending.inFlightMs, limit],
    ),
    db.query<{ id: string; amount: string; sentAt: Date; purchaseId: string | null }>(
      `select id, amount, transaction_date as "sentAt", purchase_id as "purchaseId" from gateway.refunds where ${due}
        order by transaction_date limit $3`,
      [now, deps.pending.inFlightMs, limit],
    ),
  ]);
  const counts: Record<Resolution, number> = { approved: 0, declined: 0, failed: 0, pending: 0 };
  for (const p of purchases) counts[await resolvePurchase(db, deps, { id: p.id, amount: Number(p.amount), sentAt: new Date(p.sentAt) })]++;
  for (const r of refunds) {
    counts[await resolveRefund(db, deps, { id: r.id, amount: Number(r.amount), sentAt: new Date(r.sentAt), purchaseId: r.purchaseId })]++;
  }
  return counts;
}
