import type { Sql } from '../../platform/sql.ts';

export type NumberedKind = 'invoice' | 'credit_note';

/** Numbers wanted from one sequence: a merchant's (`scope` '') or one customer's (`scope` its id). */
export interface NumberClaim {
  merchantId: string;
  environment: string;
  kind: NumberedKind;
  scope: string;
  count: number;
}

/** The numbers a claim was given: `first`, `first + 1`, …, `first + count − 1`. */
export interface TakenNumbers extends NumberClaim {
  first: number;
}

const key = (c: Pick<NumberClaim, 'merchantId' | 'environment' | 'kind' | 'scope'>) =>
  `${c.merchantId}|${c.environment}|${c.kind}|${c.scope}`;

/**
 * Takes the next numbers of each sequence named, in one statement, inside the caller's
 * transaction: the sequence row stays locked until it commits, so concurrent finalizers queue
 * on it and a rollback (or a crash before commit) gives the numbers back. That is what makes
 * the sequence gap-free: a number is taken only in the transaction that uses it. Sequences are
 * locked in one order (merchant, environment, kind, scope), so two transactions taking numbers
 * from the same sequences never deadlock on them.
 */
export async function takeNumbers(tx: Sql, claims: NumberClaim[]): Promise<TakenNumbers[]> {
  const merged = new Map<string, NumberClaim>();
  for (const c of claims) {
    if (!Number.isSafeInteger(c.count) || c.count < 1) throw new RangeError(`count must be a positive integer: ${c.count}`);
    const k = key(c);
    const seen = merged.get(k);
    merged.set(k, seen ? { ...seen, count: seen.count + c.count } : { ...c });
  }
  if (merged.size === 0) return [];
  const ordered = [...merged.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const rows = await tx.query<{ merchant_id: string; environment: string; kind: string; scope: string; last_value: string }>(
    `insert into billing.number_sequences as s (merchant_id, environment, kind, scope, last_value)
     select merchant_id, environment, kind, scope, count
       from rows from (json_to_recordset($1::json) as (merchant_id uuid, environment text, kind text, scope text, count bigint))
            with ordinality as x(merchant_id, environment, kind, scope, count, n)
      order by n
     on conflict (merchant_id, environment, kind, scope) do update set last_value = s.last_value + excluded.last_value
     returning merchant_id, environment, kind, scope, last_value`,
    [
      JSON.stringify(
        ordered.map((c) => ({ merchant_id: c.merchantId, environment: c.environment, kind: c.kind, scope: c.scope, count: c.count })),
      ),
    ],
  );
  const last = new Map(
    rows.map((r) => [
      key({ merchantId: r.merchant_id, environment: r.environment, kind: r.kind as NumberedKind, scope: r.scope }),
      Number(r.last_value),
    ]),
  );
  return ordered.map((c) => ({ ...c, first: last.get(key(c))! - c.count + 1 }));
}

/**
 * A document number as printed: the prefix, then the value with at least `width` digits
 * (`INV-` and 123 → `INV-000123`; past 999999 the digits simply grow: `INV-1000000`).
 */
export function formatNumber(prefix: string, value: number, width = 6): string {
  return `${prefix}${String(value).padStart(width, '0')}`;
}
