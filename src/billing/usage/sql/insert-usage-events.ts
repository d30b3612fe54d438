import { prepared, type Sql } from '../../../platform/sql.ts';
import type { MerchantRef } from '../../ports/gateway-port.ts';

export interface UsageEventRow {
  transactionId: string;
  subscriptionId: string;
  code: string;
  /** The timestamp as the sender wrote it (ISO 8601, checked): PostgreSQL parses it, no `Date` is formatted again. */
  timestamp: string;
  /** The properties as JSON text. */
  properties: string;
}

/**
 * Writes events in one statement, the idempotency key with them: each event's key goes into
 * `usage_event_keys` (`on conflict do nothing`), and only the events whose key this statement
 * wrote go into `usage_events`. A key another transaction is writing makes this one wait for it,
 * then skip: of two requests with one `transaction_id`, exactly one writes the event. The rows'
 * transaction ids must be distinct (the caller keeps the first of a batch's repeats). Answers the
 * transaction ids written; the others were duplicates.
 */
export async function insertUsageEvents(db: Sql, merchant: MerchantRef, rows: UsageEventRow[], now: Date): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  // A named prepared statement: parsed and planned once per connection, as the charge path's are.
  const written = await db.query<{ transaction_id: string }>(
    prepared(`with input as (
       select * from unnest($3::text[], $4::uuid[], $5::text[], $6::timestamptz[], $7::text[])
         as t(transaction_id, subscription_id, code, ts, properties)
     ), keys as (
       insert into billing.usage_event_keys (merchant_id, environment, transaction_id, "timestamp")
       select $1, $2, transaction_id, ts from input
       on conflict do nothing
       returning transaction_id
     )
     insert into billing.usage_events (merchant_id, environment, transaction_id, subscription_id, code, "timestamp", properties, received_at)
     select $1, $2, i.transaction_id, i.subscription_id, i.code, i.ts, i.properties::jsonb, $8
       from input i join keys k on k.transaction_id = i.transaction_id
     returning transaction_id`),
    [
      merchant.merchantId,
      merchant.environment,
      rows.map((r) => r.transactionId),
      rows.map((r) => r.subscriptionId),
      rows.map((r) => r.code),
      rows.map((r) => r.timestamp),
      rows.map((r) => r.properties),
      now,
    ],
  );
  return new Set(written.map((r) => r.transaction_id));
}
