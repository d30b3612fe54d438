import { prepared, type Sql, type SqlPool, type Step } from '../../platform/sql.ts';
import type { Clock } from '../../platform/clock.ts';

export interface AuditEntry {
  merchantId: string | null;
  environment: string | null;
  action: string;
  actor: string | null;
  /** Tokens, masked numbers and usernames at most: never card data or secrets. */
  detail: Record<string, unknown>;
}

/**
 * An audit entry as a step of a one-message transaction (`SqlPool.steps`), written only when the
 * condition `when` holds (SQL over parameter `$7`, given as `whenParam`); it returns a row when written.
 */
export function auditStep(clock: Clock, entry: AuditEntry, when: string, whenParam: string): Step {
  return {
    text: `insert into gateway.audit_events (merchant_id, environment, action, actor, detail, created_at)
     select $1::uuid, $2, $3, $4, $5::jsonb, $6::timestamptz where ${when} returning 1 as recorded`,
    params: [entry.merchantId, entry.environment, entry.action, entry.actor, JSON.stringify(entry.detail), clock.now(), whenParam],
  };
}

export async function recordAudit(db: Sql, clock: Clock, entry: AuditEntry): Promise<void> {
  await db.query(
    prepared(`insert into gateway.audit_events (merchant_id, environment, action, actor, detail, created_at)
     values ($1, $2, $3, $4, $5, $6)`),
    [entry.merchantId, entry.environment, entry.action, entry.actor, JSON.stringify(entry.detail), clock.now()],
  );
}
