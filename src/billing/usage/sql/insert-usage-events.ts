import { copyText, prepared, violatedConstraint, type SqlPool, type TxSql } from '../../../platform/sql.ts';
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

const COPY_KEYS = `copy billing.usage_event_keys (merchant_id, environment, transaction_id, "timestamp") from stdin`;
const COPY_EVENTS = `copy billing.usage_events (merchant_id, environment, transaction_id, subscription_id, code, "timestamp", properties, received_at) from stdin`;

/** The primary key of `usage_event_keys`: the idempotency key (docs/usage.md). */
const KEYS_PRIMARY_KEY = 'usage_event_keys_pkey';

/**
 * Writes events with their idempotency keys in one transaction: all of them or none
 * (docs/usage.md, "Idempotency across partitions"). The rows' transaction ids must be distinct
 * (the caller keeps the first of a batch's repeats). Answers the transaction ids written; the
 * others were duplicates.
 *
 * The usual batch has no duplicate: its keys and its events each go in by one `COPY … FROM
 * STDIN`, PostgreSQL's bulk path (docs/benchmarks.md). A key written before (a batch sent again)
 * or being written by another transaction (two requests racing with one `transaction_id`: the
 * key's unique index makes this one wait for the other's commit) fails the keys' COPY with a
 * unique violation, which rolls the transaction back whole. The batch is then written again the
 * careful way: the keys by `insert … on conflict do nothing returning`, and only the events whose
 * key that insert wrote, so that of two requests with one `transaction_id` exactly one writes the event.
 */
export async function insertUsageEvents(db: SqlPool, merchant: MerchantRef, rows: UsageEventRow[], now: Date): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  try {
    return await db.transaction(async (tx) => {
      await tx.copyFrom(COPY_KEYS, keyLines(merchant, rows));
      await copyEvents(tx, merchant, rows, now);
      return new Set(rows.map((r) => r.transactionId));
    });
  } catch (err) {
    if (violatedConstraint(err) !== KEYS_PRIMARY_KEY) throw err;
  }
  return db.transaction(async (tx) => {
    const keys = await tx.query<{ transaction_id: string }>(
      prepared(`insert into billing.usage_event_keys (merchant_id, environment, transaction_id, "timestamp")
        select $1, $2, transaction_id, ts from unnest($3::text[], $4::timestamptz[]) as t(transaction_id, ts)
        on conflict do nothing
        returning transaction_id`),
      [merchant.merchantId, merchant.environment, rows.map((r) => r.transactionId), rows.map((r) => r.timestamp)],
    );
    const written = new Set(keys.map((k) => k.transaction_id));
    const fresh = rows.filter((r) => written.has(r.transactionId));
    if (fresh.length > 0) await copyEvents(tx, merchant, fresh, now);
    return written;
  });
}

function keyLines(merchant: MerchantRef, rows: UsageEventRow[]): string {
  const prefix = `${merchant.merchantId}\t${copyText(merchant.environment)}\t`;
  let out = '';
  for (const r of rows) out += `${prefix}${copyText(r.transactionId)}\t${copyText(r.timestamp)}\n`;
  return out;
}

async function copyEvents(tx: TxSql, merchant: MerchantRef, rows: UsageEventRow[], now: Date): Promise<void> {
  const prefix = `${merchant.merchantId}\t${copyText(merchant.environment)}\t`;
  const received = now.toISOString();
  let out = '';
  for (const r of rows) {
    out += `${prefix}${copyText(r.transactionId)}\t${r.subscriptionId}\t${copyText(r.code)}\t${copyText(r.timestamp)}\t${copyText(r.properties)}\t${received}\n`;
  }
  await tx.copyFrom(COPY_EVENTS, out);
}
