import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { Clock } from '../../platform/clock.ts';

export interface AuditEntry {
  merchantId: string | null;
  environment: string | null;
  action: string;
  actor: string | null;
  /** Tokens, masked numbers and usernames at most: never card data or secrets. */
  detail: Record<string, unknown>;
}

export async function recordAudit(db: Sql, clock: Clock, entry: AuditEntry): Promise<void> {
  await db.query(
    `insert into gateway.audit_events (merchant_id, environment, action, actor, detail, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [entry.merchantId, entry.environment, entry.action, entry.actor, JSON.stringify(entry.detail), clock.now()],
  );
}
