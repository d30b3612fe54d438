import { createHash } from 'node:crypto';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';

export type IdempotencyClaim = { kind: 'fresh' } | { kind: 'replay'; status: number; body: unknown };

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Claims an Idempotency-Key for a request: fresh (go ahead), a replay of the stored response, or
 * an error when the key is in flight (409) or was used with a different request (422).
 */
export async function claimIdempotencyKey(db: Sql, merchant: MerchantRef, key: string, hash: string, now: Date): Promise<IdempotencyClaim> {
  const inserted = await db.query(
    `insert into billing.idempotency_keys (merchant_id, environment, key, request_hash, state, created_at)
     values ($1, $2, $3, $4, 'in_flight', $5) on conflict do nothing returning key`,
    [merchant.merchantId, merchant.environment, key, hash, now],
  );
  if (inserted.length > 0) return { kind: 'fresh' };
  const rows = await db.query<{ request_hash: string; state: string; response_status: number | null; response_body: unknown }>(
    'select request_hash, state, response_status, response_body from billing.idempotency_keys where merchant_id = $1 and environment = $2 and key = $3',
    [merchant.merchantId, merchant.environment, key],
  );
  const row = rows[0];
  if (!row) return claimIdempotencyKey(db, merchant, key, hash, now);
  if (row.request_hash !== hash) throw BillingErrors.idempotencyMismatch();
  if (row.state !== 'done') throw BillingErrors.idempotencyInFlight();
  return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body };
}

/** Stores the response to replay; a server error releases the key instead, so the request may be retried. */
export async function completeIdempotencyKey(db: Sql, merchant: MerchantRef, key: string, status: number, body: unknown): Promise<void> {
  if (status >= 500) {
    await db.query('delete from billing.idempotency_keys where merchant_id = $1 and environment = $2 and key = $3', [
      merchant.merchantId,
      merchant.environment,
      key,
    ]);
    return;
  }
  await db.query(
    `update billing.idempotency_keys set state = 'done', response_status = $4, response_body = $5
      where merchant_id = $1 and environment = $2 and key = $3`,
    [merchant.merchantId, merchant.environment, key, status, JSON.stringify(body)],
  );
}
