import type { SqlPool } from '../../platform/sql.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

export interface MerchantSettings {
  /** Production may credit a card with no original purchase (an unmatched refund). */
  unmatchedRefunds?: boolean;
}

/** `recur merchant update --username U ...`: changes a merchant's settings, found by either of its usernames; audited. */
export async function updateMerchantSettings(
  pool: SqlPool,
  clock: Clock,
  username: string,
  settings: MerchantSettings,
): Promise<{ merchant_id: string; unmatched_refunds: boolean }> {
  return pool.transaction(async (db) => {
    const rows = await db.query<{ id: string; unmatched_refunds: boolean }>(
      `update gateway.merchants m set unmatched_refunds = coalesce($1, m.unmatched_refunds)
       from gateway.credentials c where c.merchant_id = m.id and c.username = $2
     returning m.id, m.unmatched_refunds`,
      [settings.unmatchedRefunds ?? null, username.toLowerCase()],
    );
    const row = rows[0];
    if (!row) throw new AppError('merchant_not_found', `No merchant has the username ${username}`, { status: 404 });
    await recordAudit(db, clock, {
      merchantId: row.id,
      environment: null,
      action: 'merchant.updated',
      actor: 'cli',
      detail: { unmatched_refunds: row.unmatched_refunds },
    });
    return { merchant_id: row.id, unmatched_refunds: row.unmatched_refunds };
  });
}
