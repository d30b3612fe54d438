import { z } from 'zod';
import { prepared, type Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { ConsoleRole } from './console-role.ts';

/**
 * The console's audit log: one row per change made with a console session (and per change it
 * was refused), with who, what, when, and the object before and after. Kept apart from the
 * gateway's own audit events (vault access, credentials, failed logins: PCI DSS 10.2), which
 * record what the gateway did, not what a billing team asked of the API.
 */
export interface ConsoleAuditEntry {
  merchantId: string;
  environment: string;
  userId: string;
  userEmail: string;
  role: ConsoleRole;
  method: string;
  route: string | null;
  path: string;
  objectId: string | null;
  /** The request body, scrubbed: no password, card number, CVV or token. */
  body: unknown;
  status: number;
  outcome: 'succeeded' | 'failed' | 'refused';
  before: unknown;
  after: unknown;
}

export const AuditFilter = z.object({
  user_id: z.uuid({ error: 'user_id must be a console user id' }).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 instant' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 instant' }).optional(),
});
export type AuditFilter = z.infer<typeof AuditFilter>;

export interface ConsoleAuditView {
  id: string;
  user_id: string;
  user_email: string;
  role: ConsoleRole;
  environment: string;
  method: string;
  route: string | null;
  path: string;
  object_id: string | null;
  body: unknown;
  status: number;
  outcome: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

export async function recordConsoleAudit(db: Sql, now: Date, entry: ConsoleAuditEntry): Promise<void> {
  await db.query(
    prepared(`insert into console.audit_entries
       (merchant_id, environment, user_id, user_email, role, method, route, path, object_id, body, status, outcome, before, after, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13::jsonb, $14::jsonb, $15)`),
    [
      entry.merchantId,
      entry.environment,
      entry.userId,
      entry.userEmail,
      entry.role,
      entry.method,
      entry.route,
      entry.path.slice(0, 2000),
      entry.objectId?.slice(0, 300) ?? null,
      entry.body === undefined ? null : JSON.stringify(entry.body),
      entry.status,
      entry.outcome,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      now,
    ],
  );
}

interface AuditRow extends Omit<ConsoleAuditView, 'created_at'> {
  created_at: string | Date;
}

/** A merchant's audit log, newest first, in both environments. */
export async function listConsoleAudit(db: Sql, merchantId: string, filter: AuditFilter, page: Page): Promise<Paginated<ConsoleAuditView>> {
  return readPage<AuditRow, ConsoleAuditView>(
    db,
    page,
    {
      select: `select id::text as id, user_id, user_email, role, environment, method, route, path, object_id, body, status, outcome, before, after, created_at`,
      from: `from console.audit_entries where merchant_id = $1 and ($2::uuid is null or user_id = $2::uuid)
              and ($3::timestamptz is null or created_at >= $3::timestamptz) and ($4::timestamptz is null or created_at < $4::timestamptz)`,
      orderBy: 'order by created_at desc, id desc',
      params: [merchantId, filter.user_id ?? null, filter.from ?? null, filter.to ?? null],
    },
    (row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }),
  );
}
