import type { Sql } from '../../platform/sql.ts';

/**
 * The monthly partitions of `billing.usage_events` (UTC months, `usage_events_YYYY_MM`). The
 * reconciler's `usage_partitions` sweep makes them ahead (`ensureUsagePartitions`); ingestion
 * makes the month of an older or test-clock timestamp on demand (`ensureMonths`); archiving
 * detaches one (`detachUsagePartition`), after which its month refuses new events.
 */

/** The partition of the month holding `at`, by name. */
export function partitionName(at: Date): string {
  return `usage_events_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** How many months ahead of the current one the sweep keeps made (the current one and the next two). */
export const MONTHS_AHEAD = 2;

/** Makes the partitions of the current month and the next `MONTHS_AHEAD` (a table of the same name is kept); answers how many it made. */
export async function ensureUsagePartitions(db: Sql, now: Date, ahead = MONTHS_AHEAD): Promise<number> {
  const rows = await db.query<{ made: number }>(`select billing.create_usage_event_partitions($1, $2) as made`, [now, ahead + 1]);
  return rows[0]!.made;
}

/** The names of the partitions attached now. */
export async function attachedPartitions(db: Sql): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'billing.usage_events'::regclass`,
  );
  return new Set(rows.map((r) => r.name));
}

/**
 * Detaches the month holding `month` for archiving: its events leave `usage_events` (and every
 * aggregation) but stay in the table `billing.usage_events_YYYY_MM`, to dump and drop. Its
 * transaction ids stay in `usage_event_keys`, so a re-sent event of that month is a duplicate;
 * a new event of that month is refused. Answers the detached table's name, or null when the month
 * has no attached partition.
 */
export async function detachUsagePartition(db: Sql, month: Date): Promise<string | null> {
  const name = partitionName(month);
  if (!(await attachedPartitions(db)).has(name)) return null;
  await db.query(`alter table billing.usage_events detach partition billing.${name}`);
  return name;
}

const known = new WeakMap<Sql, Set<string>>();

/**
 * Which of `months` (partition names) have an attached partition, making those that have no
 * table yet. Attached names are remembered per pool, so a batch in known months reads nothing;
 * a name not known is looked up, then made (its own statement, before the batch's insert).
 */
export async function ensureMonths(db: Sql, months: Map<string, Date>): Promise<Set<string>> {
  let attached = known.get(db);
  const missing = () => [...months.keys()].filter((m) => !attached?.has(m));
  if (missing().length > 0) {
    attached = await attachedPartitions(db);
    const toMake = missing();
    for (const name of toMake) await db.query(`select billing.create_usage_event_partitions($1, 1)`, [months.get(name)]);
    if (toMake.length > 0) attached = await attachedPartitions(db);
    known.set(db, attached);
  }
  return new Set([...months.keys()].filter((m) => attached!.has(m)));
}

/** Forgets the attached partitions remembered for `db` (an insert met a month detached meanwhile). */
export function forgetPartitions(db: Sql): void {
  known.delete(db);
}
