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

/** What a late event does (the merchant's `late_usage` setting, docs/usage.md "Late events"). */
export type LateUsage = 'correct' | 'refuse';

/** What a batch's write answers: the transaction ids written, and the events refused in it (a late event, or one of a subscription that ended). */
export interface InsertOutcome {
  written: Set<string>;
  /** By transaction id: why it was refused (`period_invoiced`). */
  refused: Map<string, string>;
}

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
export async function insertUsageEvents(
  db: SqlPool,
  merchant: MerchantRef,
  rows: UsageEventRow[],
  now: Date,
  lateUsage: LateUsage = 'correct',
): Promise<InsertOutcome> {
  if (rows.length === 0) return { written: new Set(), refused: new Map() };
  try {
    return await db.transaction(async (tx) => {
      const late = await guardLateEvents(tx, merchant, rows, lateUsage);
      const kept = rows.filter((r) => !late.refused.has(r.transactionId));
      if (kept.length > 0) {
        await tx.copyFrom(COPY_KEYS, keyLines(merchant, kept));
        await copyEvents(tx, merchant, kept, now);
      }
      await markLateRanges(tx, late.ranges, now);
      return { written: new Set(kept.map((r) => r.transactionId)), refused: late.refused };
    });
  } catch (err) {
    if (violatedConstraint(err) !== KEYS_PRIMARY_KEY) throw err;
  }
  return db.transaction(async (tx) => {
    const late = await guardLateEvents(tx, merchant, rows, lateUsage);
    rows = rows.filter((r) => !late.refused.has(r.transactionId));
    if (rows.length === 0) return { written: new Set(), refused: late.refused };
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
    // Only the events written mark their range: a duplicate was counted (or marked) when it was first written.
    await markLateRanges(
      tx,
      late.ranges.filter((r) => written.has(r.transactionId)),
      now,
    );
    return { written, refused: late.refused };
  });
}

/** A late event's billed range: the subscription, the metric and the range's start (`usage_billed_periods`' key). */
interface LateRange {
  transactionId: string;
  subscriptionId: string;
  code: string;
  periodStart: string;
}

/**
 * The late events of a batch (docs/usage.md, "Late events"), in the batch's transaction, before
 * its write. The batch's subscriptions are locked `for share` first (one statement, in id order):
 * every invoice that bills usage (a period's, a final or a proration invoice) holds its
 * subscription `for update` from before it aggregates until it commits, so a batch either waits
 * for that invoice to commit and then sees the range it billed (the next statement is read after
 * the lock, in a snapshot of its own), or is waited for by it, whose aggregation then counts the
 * batch's events: an event is never both missed by the invoice and unseen as late. A subscription
 * that ended meanwhile (cancelled, completed, or unpaid by dunning's final action: its usage was
 * closed by its final invoice) refuses
 * its events. Then one statement reads the billed ranges that can hold an event of the batch
 * (per subscription and metric, those ending after its earliest timestamp): an event in one is
 * late. `refuse` refuses it; `correct` writes it and marks its range for the next invoice
 * (`markLateRanges`). A refused event whose transaction id was written before answers
 * `duplicate`, as it would have without the refusal (one more statement, only then).
 */
async function guardLateEvents(
  tx: TxSql,
  merchant: MerchantRef,
  rows: UsageEventRow[],
  lateUsage: LateUsage,
): Promise<{ refused: Map<string, string>; ranges: LateRange[] }> {
  const subscriptionIds = [...new Set(rows.map((r) => r.subscriptionId))].sort();
  const locked = await tx.query<{ id: string; ended: boolean }>(
    prepared(`select id, status in ('cancelled', 'completed', 'unpaid') as ended from billing.subscriptions
       where id = any($1::uuid[]) order by id for share`),
    [subscriptionIds],
  );
  const ended = new Set(locked.filter((s) => s.ended).map((s) => s.id));
  const refused = new Map<string, string>();
  const earliest = new Map<string, { s: string; c: string; t: number; at: string }>();
  for (const r of rows) {
    if (ended.has(r.subscriptionId)) {
      refused.set(r.transactionId, `subscription ${r.subscriptionId} has ended: its usage was billed by its final invoice`);
      continue;
    }
    const key = `${r.subscriptionId}\t${r.code}`;
    const t = Date.parse(r.timestamp);
    const seen = earliest.get(key);
    if (!seen || t < seen.t) earliest.set(key, { s: r.subscriptionId, c: r.code, t, at: r.timestamp });
  }
  const ranges: LateRange[] = [];
  if (earliest.size > 0) {
    const wanted = [...earliest.values()];
    const billed = await tx.query<{ subscription_id: string; metric_code: string; period_start: Date; period_end: Date }>(
      prepared(`select b.subscription_id, b.metric_code, b.period_start, b.period_end
         from unnest($1::uuid[], $2::text[], $3::timestamptz[]) as w(s, c, t)
         join billing.usage_billed_periods b on b.subscription_id = w.s and b.metric_code = w.c and b.period_end > w.t`),
      [wanted.map((w) => w.s), wanted.map((w) => w.c), wanted.map((w) => w.at)],
    );
    if (billed.length > 0) {
      const byKey = new Map<string, typeof billed>();
      for (const b of billed) {
        const key = `${b.subscription_id}\t${b.metric_code}`;
        byKey.set(key, [...(byKey.get(key) ?? []), b]);
      }
      for (const r of rows) {
        const t = Date.parse(r.timestamp);
        const range = byKey
          .get(`${r.subscriptionId}\t${r.code}`)
          ?.find((b) => t >= new Date(b.period_start).getTime() && t < new Date(b.period_end).getTime());
        if (!range || refused.has(r.transactionId)) continue;
        const start = new Date(range.period_start).toISOString();
        if (lateUsage === 'refuse') {
          refused.set(
            r.transactionId,
            `timestamp ${r.timestamp} falls in ${r.code} usage from ${start} to ${new Date(range.period_end).toISOString()}, already invoiced`,
          );
        } else ranges.push({ transactionId: r.transactionId, subscriptionId: r.subscriptionId, code: r.code, periodStart: start });
      }
    }
  }
  if (refused.size > 0) {
    const known = await tx.query<{ transaction_id: string }>(
      `select transaction_id from billing.usage_event_keys where merchant_id = $1 and environment = $2 and transaction_id = any($3::text[])`,
      [merchant.merchantId, merchant.environment, [...refused.keys()]],
    );
    for (const k of known) refused.delete(k.transaction_id);
  }
  return { refused, ranges };
}

/** Marks the billed ranges that received late events, for the next invoice to correct (one statement, none without one). */
async function markLateRanges(tx: TxSql, ranges: LateRange[], now: Date): Promise<void> {
  if (ranges.length === 0) return;
  await tx.query(
    `insert into billing.usage_late_ranges (subscription_id, metric_code, period_start, marked_at)
     select distinct s, c, p, $4::timestamptz from unnest($1::uuid[], $2::text[], $3::timestamptz[]) as r(s, c, p)
     on conflict do nothing`,
    [ranges.map((r) => r.subscriptionId), ranges.map((r) => r.code), ranges.map((r) => r.periodStart), now],
  );
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
