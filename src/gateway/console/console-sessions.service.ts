import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { prepared, type Sql } from '../../platform/sql.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Environment } from '../environment.ts';
import { recordFailure, throttledFor, throttleKeys, type AuthPolicy, type FailureRow } from '../merchants/credentials.service.ts';
import { GatewayErrors } from '../errors.ts';
import type { ConsoleRole } from './console-role.ts';
import { ConsoleErrors } from './console-errors.ts';
import { dummyPasswordHash, verifyPassword } from './console-password.ts';

export interface SessionPolicy {
  /** A session unused this long ends (CONSOLE_SESSION_IDLE_MINUTES). */
  idleMinutes: number;
  /** A session ends this long after its login, used or not (CONSOLE_SESSION_MAX_HOURS). */
  maxHours: number;
}

/** A live session: its user, its CSRF token and when it ends if unused. */
export interface ConsoleSession {
  user: { id: string; email: string; name: string | null; role: ConsoleRole; merchant_id: string };
  csrf_token: string;
  expires_at: string;
}

/**
 * The session token is 256 random bits, given to the browser only (the cookie); the server keeps
 * its keyed hash. The CSRF token is derived from the session token with another key, so it is
 * neither stored nor guessable without the cookie.
 */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}
function sessionHash(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(`console-session\0${token}`).digest('hex');
}
function csrfToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(`console-csrf\0${token}`).digest('base64url');
}

/** Whether a presented CSRF token is the session's, compared in constant time. */
export function csrfMatches(session: ConsoleSession, presented: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(session.csrf_token);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface SessionRow {
  user_id: string;
  email: string;
  name: string | null;
  role: ConsoleRole;
  merchant_id: string;
  last_seen_at: string | Date;
  expires_at: string | Date;
}

function toSession(key: Buffer, token: string, row: SessionRow, policy: SessionPolicy): ConsoleSession {
  const idleEnd = new Date(row.last_seen_at).getTime() + policy.idleMinutes * 60_000;
  return {
    user: { id: row.user_id, email: row.email, name: row.name, role: row.role, merchant_id: row.merchant_id },
    csrf_token: csrfToken(key, token),
    expires_at: new Date(Math.min(idleEnd, new Date(row.expires_at).getTime())).toISOString(),
  };
}

/**
 * Logs a console user in: throttled like the API's Basic credentials (the same counters, keyed by
 * source address and e-mail), and an unknown e-mail costs the same scrypt and the same statements
 * as a wrong password, so neither the answer nor its timing says which it was.
 */
export async function logIn(
  db: Sql,
  clock: Clock,
  auth: AuthPolicy,
  policy: SessionPolicy,
  input: { email: string; password: string; source: string; environment: Environment },
): Promise<{ token: string; session: ConsoleSession }> {
  const now = clock.now();
  const email = input.email.trim().toLowerCase();
  const keys = throttleKeys(auth, input.source, `console\0${email}`);
  const [found] = await db.query<{
    id: string | null;
    merchant_id: string | null;
    password_hash: string | null;
    disabled: boolean | null;
    failures: FailureRow[] | null;
  }>(
    prepared(`select u.id, u.merchant_id, u.password_hash, u.disabled,
            (select json_agg(f) from gateway.auth_failures f where f.key = any($2)) as failures
       from (select 1) one left join console.users u on lower(u.email) = $1`),
    [email, [keys.pair, keys.address]],
  );
  const failures = found?.failures ?? [];
  const wait = throttledFor(failures, now, auth, keys);
  if (wait !== null) throw GatewayErrors.throttled(wait);
  const known = found?.id ? found : null;
  const matches = await verifyPassword(input.password, known?.password_hash ?? (await dummyPasswordHash()));
  if (!matches || !known || known.disabled) {
    await recordFailure(db, now, auth, keys, {
      merchantId: known?.merchant_id ?? null,
      environment: input.environment,
      actor: known ? `console:${known.id}` : null,
      listener: input.environment,
    });
    throw ConsoleErrors.badLogin();
  }
  if (failures.some((f) => f.key === keys.pair)) await db.query('delete from gateway.auth_failures where key = $1', [keys.pair]);
  const token = newSessionToken();
  const absolute = new Date(now.getTime() + policy.maxHours * 3_600_000);
  const [row] = await db.query<SessionRow>(
    `with s as (insert into console.sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
                values ($1, $2, $3, $3, $4) returning user_id, last_seen_at, expires_at)
     select s.*, u.email, u.name, u.role, u.merchant_id from s join console.users u on u.id = s.user_id`,
    [sessionHash(auth.credentialKey, token), known.id, now, absolute],
  );
  // Lapsed sessions go a few at a time on each login.
  await db.query(
    `delete from console.sessions where token_hash in
       (select token_hash from console.sessions where expires_at <= $1 or last_seen_at <= $2 limit 100)`,
    [now, new Date(now.getTime() - policy.idleMinutes * 60_000)],
  );
  return { token, session: toSession(auth.credentialKey, token, row!, policy) };
}

/** The live session a cookie's token names, touched (its idle time starts again); null when none. */
export async function resumeSession(
  db: Sql,
  clock: Clock,
  key: Buffer,
  policy: SessionPolicy,
  token: string,
): Promise<ConsoleSession | null> {
  const now = clock.now();
  const [row] = await db.query<SessionRow>(
    prepared(`update console.sessions s set last_seen_at = $2
        from console.users u
       where s.token_hash = $1 and u.id = s.user_id and not u.disabled and s.expires_at > $2 and s.last_seen_at > $3
   returning s.user_id, s.last_seen_at, s.expires_at, u.email, u.name, u.role, u.merchant_id`),
    [sessionHash(key, token), now, new Date(now.getTime() - policy.idleMinutes * 60_000)],
  );
  return row ? toSession(key, token, row, policy) : null;
}

export async function logOut(db: Sql, key: Buffer, token: string): Promise<void> {
  await db.query('delete from console.sessions where token_hash = $1', [sessionHash(key, token)]);
}
