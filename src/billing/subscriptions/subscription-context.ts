import { z } from 'zod';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { BillingGateway, CardSummary, MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { SUBSCRIPTION_COLUMNS, toSubscriptionView, type SubscriptionRow, type SubscriptionView } from './subscription-view.ts';

/** What the subscription use cases need, passed in. */
export interface SubscriptionDeps {
  sql: SqlPool;
  gateway: BillingGateway;
  now(): Date;
  /** Charges an open invoice now (a proration), after the transaction that wrote it commits. */
  chargeNow?(invoiceId: string): Promise<void>;
}

/** "Now" for a subscription: its test clock's frozen time, or the real clock. */
export async function nowFor(db: Sql, deps: SubscriptionDeps, merchant: MerchantRef, testClockId: string | null): Promise<Date> {
  if (!testClockId) return deps.now();
  const clocks = await db.query<{ frozen_time: string }>(
    'select frozen_time from billing.test_clocks where id = $1 and merchant_id = $2 and environment = $3',
    [testClockId, merchant.merchantId, merchant.environment],
  );
  if (!clocks[0]) throw BillingErrors.notFound('Test clock', testClockId);
  return new Date(clocks[0].frozen_time);
}

/** A charge due at once on a test clock makes the clock `advancing` until it has an outcome. */
export async function markClockBusy(tx: Sql, clockId: string, due: Date, now: Date): Promise<void> {
  await tx.query(`update billing.test_clocks set status = 'advancing', updated_at = $3 where id = $1 and frozen_time >= $2`, [
    clockId,
    due,
    now,
  ]);
}

export async function requireCard(deps: SubscriptionDeps, merchant: MerchantRef, token: string): Promise<CardSummary> {
  const card = await deps.gateway.findCard(merchant, token);
  if (!card) throw BillingErrors.cardNotFound(token);
  return card;
}

/**
 * A subscription of this merchant, or a 404. With `lock`, its row is locked for the transaction,
 * and first its owed invoices in id order: the one lock order of every path that writes both
 * (`applyFailure` locks the invoices, then the subscription), so a cancel or a pause never
 * deadlocks against a decline being recorded.
 */
export async function loadSubscription(db: Sql, merchant: MerchantRef, id: string, lock = false): Promise<SubscriptionRow> {
  if (!z.uuid().safeParse(id).success) throw BillingErrors.notFound('Subscription', id);
  if (lock) {
    await db.query(
      `select id from billing.invoices where subscription_id = $1 and merchant_id = $2 and environment = $3
          and status in ('open', 'past_due') order by id for update`,
      [id, merchant.merchantId, merchant.environment],
    );
  }
  const rows = await db.query<SubscriptionRow>(
    `select ${SUBSCRIPTION_COLUMNS} from billing.subscriptions where id = $1 and merchant_id = $2 and environment = $3${lock ? ' for update' : ''}`,
    [id, merchant.merchantId, merchant.environment],
  );
  if (!rows[0]) throw BillingErrors.notFound('Subscription', id);
  return rows[0];
}

/** `update billing.subscriptions set <set> where id = $1`, answered as the view (`params` are $2 on). */
export async function setSubscription(tx: Sql, id: string, set: string, params: unknown[]): Promise<SubscriptionView> {
  const rows = await tx.query<SubscriptionRow>(`update billing.subscriptions set ${set} where id = $1 returning ${SUBSCRIPTION_COLUMNS}`, [
    id,
    ...params,
  ]);
  return toSubscriptionView(rows[0]!);
}
