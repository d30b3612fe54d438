import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { metricsByCode, type BillableMetricView } from './billable-metrics.service.ts';
import { insertUsageEvents, type InsertOutcome, type UsageEventRow } from './sql/insert-usage-events.ts';
import { loadSettings } from '../settings/settings.ts';
import { ensureMonths, forgetPartitions, partitionName } from './usage-partitions.ts';
import { parseUsageEvent, type EventOutcome, type IngestAnswer, type Refusal, type UsageEventInput } from './usage-event-input.ts';

/** How far past its subscription's clock an event's timestamp may lie (clock skew between the sender and Recur). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

interface Life {
  id: string;
  customer_id: string | null;
  start_at: Date;
  ended_at: Date | null;
  /** The subscription's clock: its test clock's frozen time, or null for real time. */
  frozen_time: Date | null;
}

const LIFE_COLUMNS = `s.id, s.customer_id, s.start_at, tc.frozen_time,
  case when s.status = 'cancelled' then s.cancelled_at when s.status = 'completed' then coalesce(s.cancelled_at, s.current_period_end) end as ended_at`;

interface Candidate {
  index: number;
  event: UsageEventInput;
  subscription?: Life;
}

/** A property value an aggregation over numbers takes: an integer (a JSON number or a string of digits). */
function integerValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value);
}

function fieldRefusal(metric: BillableMetricView, properties: Record<string, unknown>): string | null {
  if (metric.aggregation === 'count' || metric.field === null) return null;
  const value = properties[metric.field];
  if (value === undefined || value === null)
    return `properties.${metric.field} is required by metric ${metric.code} (${metric.aggregation})`;
  if (metric.aggregation !== 'unique_count' && !integerValue(value)) {
    return `properties.${metric.field} must be an integer for metric ${metric.code} (${metric.aggregation})`;
  }
  return null;
}

/**
 * Ingests a batch of usage events (docs/usage.md): each is checked on its own (shape, its
 * subscription or customer, its metric, its timestamp within the subscription's life, the
 * aggregation's field), then the events not refused are written in one transaction with their
 * idempotency keys; a late event (its timestamp in a range already billed) is refused there or
 * marked for a correction, by the merchant's `late_usage` setting (`insertUsageEvents`). Each event is answered `accepted`, `duplicate` (a `transaction_id` seen
 * before, or earlier in the batch: ignored) or `refused` with a reason; refused events are not
 * written, and the others are written together or not at all.
 */
export async function ingestUsageEvents(db: SqlPool, merchant: MerchantRef, raw: unknown[], now: Date): Promise<IngestAnswer> {
  const outcomes: (EventOutcome | undefined)[] = new Array(raw.length);
  const refuse = (index: number, transactionId: string | null, code: Refusal, message: string) => {
    outcomes[index] = { index, transaction_id: transactionId, status: 'refused', reason: { code, message } };
  };

  let candidates: Candidate[] = [];
  for (const [index, item] of raw.entries()) {
    const parsed = parseUsageEvent(item);
    if ('event' in parsed) candidates.push({ index, event: parsed.event });
    else {
      const txId = (item as { transaction_id?: unknown } | null)?.transaction_id;
      const { path, message } = parsed.issue;
      refuse(index, typeof txId === 'string' ? txId : null, 'invalid_event', path ? `${path}: ${message}` : message);
    }
  }

  const [subscriptions, customers, metrics, settings] = await Promise.all([
    loadSubscriptions(db, merchant, [...new Set(candidates.flatMap((c) => c.event.subscription_id ?? []))]),
    loadCustomers(db, merchant, [...new Set(candidates.flatMap((c) => c.event.customer_id ?? []))]),
    metricsByCode(db, merchant, [...new Set(candidates.map((c) => c.event.code))]),
    loadSettings(db, merchant),
  ]);

  candidates = candidates.filter((c) => {
    const { event } = c;
    const at = new Date(event.timestamp);
    const refuseIt = (code: Refusal, message: string) => {
      refuse(c.index, event.transaction_id, code, message);
      return false;
    };
    let life: Life | undefined;
    if (event.subscription_id !== undefined) {
      life = subscriptions.get(event.subscription_id);
      if (!life) return refuseIt('subscription_not_found', `Subscription ${event.subscription_id} could not be found`);
    } else {
      const held = customers.get(event.customer_id!);
      if (!held) return refuseIt('customer_not_found', `Customer ${event.customer_id} could not be found`);
      const living = held.filter((s) => within(s, at));
      if (living.length === 0) {
        return refuseIt('no_subscription_at_timestamp', `Customer ${event.customer_id} has no subscription live at ${event.timestamp}`);
      }
      if (living.length > 1) {
        return refuseIt(
          'several_subscriptions',
          `Customer ${event.customer_id} has ${living.length} subscriptions live at ${event.timestamp}; send subscription_id`,
        );
      }
      life = living[0]!;
    }
    const metric = metrics.get(event.code);
    if (!metric) return refuseIt('metric_not_found', `Billable metric ${event.code} could not be found`);
    if (metric.status === 'archived') return refuseIt('metric_archived', `Billable metric ${event.code} is archived`);
    if (!within(life, at) || future(life, at, now)) return refuseIt('outside_subscription', outsideMessage(life, at, now));
    const field = fieldRefusal(metric, event.properties ?? {});
    if (field) return refuseIt('missing_field', field);
    c.subscription = life;
    return true;
  });

  // A transaction_id repeated in the batch: the first event stands, the later ones are duplicates.
  const firsts = new Map<string, Candidate>();
  for (const c of candidates) {
    if (firsts.has(c.event.transaction_id))
      outcomes[c.index] = { index: c.index, transaction_id: c.event.transaction_id, status: 'duplicate' };
    else firsts.set(c.event.transaction_id, c);
  }

  let outcome: InsertOutcome = { written: new Set(), refused: new Map() };
  for (let attempt = 1; ; attempt++) {
    const months = new Map(
      [...firsts.values()].map((c) => {
        const at = new Date(c.event.timestamp);
        return [partitionName(at), at] as const;
      }),
    );
    const attached = await ensureMonths(db, months);
    const rows: UsageEventRow[] = [];
    for (const c of firsts.values()) {
      const at = new Date(c.event.timestamp);
      if (!attached.has(partitionName(at))) {
        refuse(c.index, c.event.transaction_id, 'archived_month', `The month of ${c.event.timestamp} is archived; it takes no new events`);
        firsts.delete(c.event.transaction_id);
        continue;
      }
      rows.push({
        transactionId: c.event.transaction_id,
        subscriptionId: c.subscription!.id,
        code: c.event.code,
        timestamp: c.event.timestamp,
        properties: JSON.stringify(c.event.properties ?? {}),
      });
    }
    try {
      outcome = await insertUsageEvents(db, merchant, rows, now, settings.invoicing.late_usage);
      break;
    } catch (err) {
      // A month detached since this process last looked: look again, and refuse its events.
      if ((err as { code?: string }).code !== '23514' || attempt > 1) throw err;
      forgetPartitions(db);
    }
  }
  for (const c of firsts.values()) {
    const late = outcome.refused.get(c.event.transaction_id);
    if (late !== undefined) {
      refuse(c.index, c.event.transaction_id, 'period_invoiced', late);
      continue;
    }
    outcomes[c.index] = {
      index: c.index,
      transaction_id: c.event.transaction_id,
      status: outcome.written.has(c.event.transaction_id) ? 'accepted' : 'duplicate',
    };
  }

  const events = outcomes as EventOutcome[];
  const count = (status: EventOutcome['status']) => events.filter((e) => e.status === status).length;
  return { accepted: count('accepted'), duplicates: count('duplicate'), refused: count('refused'), events };
}

/** The subscription's life: from its start to its end (cancelled or completed), and not past its clock. */
function within(life: Life, at: Date): boolean {
  return at >= life.start_at && (life.ended_at === null || at < life.ended_at);
}

/** Past the subscription's clock (its test clock's time, else now) by more than the tolerance: it has not happened yet. */
function future(life: Life, at: Date, now: Date): boolean {
  return at.getTime() > (life.frozen_time ?? now).getTime() + FUTURE_TOLERANCE_MS;
}

function outsideMessage(life: Life, at: Date, now: Date): string {
  if (future(life, at, now)) {
    return `timestamp ${at.toISOString()} is in the future of subscription ${life.id} (its clock reads ${(life.frozen_time ?? now).toISOString()})`;
  }
  if (at < life.start_at) return `timestamp ${at.toISOString()} is before subscription ${life.id} started (${life.start_at.toISOString()})`;
  return `timestamp ${at.toISOString()} is after subscription ${life.id} ended (${life.ended_at!.toISOString()})`;
}

type LifeRow = { [K in keyof Life]: Life[K] extends Date ? string : Life[K] extends Date | null ? string | null : Life[K] };
const toLife = (r: LifeRow): Life => ({
  ...r,
  start_at: new Date(r.start_at),
  ended_at: r.ended_at === null ? null : new Date(r.ended_at),
  frozen_time: r.frozen_time === null ? null : new Date(r.frozen_time),
});

async function loadSubscriptions(db: Sql, merchant: MerchantRef, ids: string[]): Promise<Map<string, Life>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<LifeRow>(
    `select ${LIFE_COLUMNS} from billing.subscriptions s left join billing.test_clocks tc on tc.id = s.test_clock_id
      where s.id = any($3::uuid[]) and s.merchant_id = $1 and s.environment = $2`,
    [merchant.merchantId, merchant.environment, ids],
  );
  return new Map(rows.map((r) => [r.id, toLife(r)]));
}

/** The customers named (not deleted), each with its subscriptions. */
async function loadCustomers(db: Sql, merchant: MerchantRef, ids: string[]): Promise<Map<string, Life[]>> {
  if (ids.length === 0) return new Map();
  const [customers, subs] = await Promise.all([
    db.query<{ id: string }>(
      `select id from billing.customers where id = any($3::uuid[]) and merchant_id = $1 and environment = $2 and deleted_at is null`,
      [merchant.merchantId, merchant.environment, ids],
    ),
    db.query<LifeRow>(
      `select ${LIFE_COLUMNS} from billing.subscriptions s left join billing.test_clocks tc on tc.id = s.test_clock_id
        where s.customer_id = any($3::uuid[]) and s.merchant_id = $1 and s.environment = $2`,
      [merchant.merchantId, merchant.environment, ids],
    ),
  ]);
  const out = new Map<string, Life[]>(customers.map((c) => [c.id, []]));
  for (const s of subs) out.get(s.customer_id!)?.push(toLife(s));
  return out;
}
