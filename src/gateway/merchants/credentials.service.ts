import { prepared, type Sql } from '../../platform/sql.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Environment } from '../environment.ts';
import { GatewayErrors } from '../errors.ts';
import { Merchant, DEFAULT_CURRENCIES } from './merchant.entity.ts';
import { Credential } from './credential.entity.ts';
import { CARD_SCHEMES, type CardScheme } from '../../platform/card-schemes.ts';
import { AuditEvent } from '../audit/audit-event.entity.ts';

/** Who is calling: every gateway query is scoped by both fields (PCI DSS 7.2). */
export interface MerchantContext {
  merchantId: string;
  environment: Environment;
  idPrefix: string;
  currencies: string[];
  cardTypes: CardScheme[];
  username: string;
  /** Staging only: production takes the sandbox test cards (ALLOW_TEST_CARDS_IN_PRODUCTION). */
  testCardsInProduction: boolean;
}

export interface AuthPolicy {
  credentialKey: Buffer;
  /** Failed logins per source address and username in a window. */
  maxFailures: number;
  /** Failed logins per source address, whatever the usernames, in a window. */
  maxFailuresPerAddress: number;
  failureWindowSeconds: number;
  testCardsInProduction: boolean;
}

export function hashToken(credentialKey: Buffer, token: string): string {
  return createHmac('sha256', credentialKey).update(token, 'utf8').digest('hex');
}

/** A random API token of 256 bits. */
export function generateApiToken(): string {
  return randomBytes(32).toString('base64url');
}

const DUMMY_HASH = Buffer.alloc(32);

interface CredentialRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  username: string;
  token_hash: string;
  id_prefix: string;
  currencies: string[];
}

/** The failure counters a login from `source` as `username` is subject to, by keyed hash. */
export function throttleKeys(policy: AuthPolicy, source: string, username: string): { pair: string; address: string } {
  return {
    pair: hashToken(policy.credentialKey, `auth-pair\0${source}\0${username}`),
    address: hashToken(policy.credentialKey, `auth-address\0${source}`),
  };
}

export interface FailureRow {
  key: string;
  failures: number;
  window_start: string;
}

/** Seconds until the fullest window over its limit ends; null when the login may be tried. */
export function throttledFor(rows: FailureRow[], now: Date, policy: AuthPolicy, keys: { pair: string; address: string }): number | null {
  let wait: number | null = null;
  for (const row of rows) {
    const limit = row.key === keys.pair ? policy.maxFailures : policy.maxFailuresPerAddress;
    const ends = new Date(row.window_start).getTime() + policy.failureWindowSeconds * 1000;
    if (row.failures >= limit && ends > now.getTime()) {
      const seconds = Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  return wait;
}

/**
 * Records a failed login in one statement: counts it against its address and its address and
 * username pair, writes its `auth.failed` audit row, and drops lapsed counters. A known and an
 * unknown username run the same statement and write the same rows (the unknown one's audit row
 * names no merchant and no actor), so the answer's timing does not tell whether a username exists.
 */
export async function recordFailure(
  db: Sql,
  now: Date,
  policy: AuthPolicy,
  keys: { pair: string; address: string },
  audit: { merchantId: string | null; environment: Environment; actor: string | null; listener: Environment },
): Promise<void> {
  const since = new Date(now.getTime() - policy.failureWindowSeconds * 1000);
  await db.query(
    prepared(`with counted as (
       insert into gateway.auth_failures as f (key, failures, window_start) values ($1, 1, $3), ($2, 1, $3)
       on conflict (key) do update
          set failures = case when f.window_start > $4 then f.failures + 1 else 1 end,
              window_start = case when f.window_start > $4 then f.window_start else $3 end
       returning 1),
     audited as (
       insert into gateway.audit_events (merchant_id, environment, action, actor, detail, created_at)
       values ($5::uuid, $6, 'auth.failed', $7, $8::jsonb, $3)
       returning 1)
     delete from gateway.auth_failures
      where key in (select key from gateway.auth_failures where window_start <= $4 and key <> all(array[$1, $2]) limit 100)`),
    [keys.pair, keys.address, now, since, audit.merchantId, audit.environment, audit.actor, JSON.stringify({ listener: audit.listener })],
  );
}

/**
 * Checks Basic credentials for a listener of `environment`. Unknown usernames cost the same
 * comparison as known ones and are throttled the same way: failures are counted per source
 * address and per source address and username (PCI DSS 8.3.4), so guessing from one address
 * never locks the owner out of another, and a throttled answer says nothing of whether the
 * username exists. Valid credentials of the other environment answer 403 (the seed's rule).
 */
export async function authenticate(
  db: Sql,
  clock: Clock,
  policy: AuthPolicy,
  environment: Environment,
  username: string,
  token: string,
  source: string,
): Promise<MerchantContext> {
  const now = clock.now();
  const keys = throttleKeys(policy, source, username.toLowerCase());
  // One round trip: the credential (if any) and the failure counters that apply.
  const [found] = await db.query<Partial<CredentialRow> & { failures: FailureRow[] | null }>(
    prepared(`select c.id, c.merchant_id, c.environment, c.username, c.token_hash, m.id_prefix, m.currencies,
            (select json_agg(f) from gateway.auth_failures f where f.key = any($2)) as failures
       from (select 1) one
       left join (gateway.credentials c join gateway.merchants m on m.id = c.merchant_id) on c.username = $1`),
    [username.toLowerCase(), [keys.pair, keys.address]],
  );
  const failures = found?.failures ?? [];
  const wait = throttledFor(failures, now, policy, keys);
  if (wait !== null) throw GatewayErrors.throttled(wait);
  const presented = Buffer.from(hashToken(policy.credentialKey, token), 'hex');
  const row = found?.id ? (found as CredentialRow) : undefined;
  // The same comparison, the same statement and the same rows for a known and an unknown username.
  const matches = timingSafeEqual(presented, row ? Buffer.from(row.token_hash, 'hex') : DUMMY_HASH) && row !== undefined;
  if (!matches) {
    await recordFailure(db, now, policy, keys, {
      merchantId: row?.merchant_id ?? null,
      environment: row?.environment ?? environment,
      actor: row?.username ?? null,
      listener: environment,
    });
    throw GatewayErrors.unauthenticated();
  }
  // The address's own counter stays: a valid login of one name must not reset guessing at others.
  if (failures.some((f) => f.key === keys.pair)) await db.query('delete from gateway.auth_failures where key = $1', [keys.pair]);
  if (row.environment !== environment) throw GatewayErrors.wrongEnvironment(row.environment);
  return {
    merchantId: row.merchant_id,
    environment,
    idPrefix: row.id_prefix,
    currencies: row.currencies,
    cardTypes: [...CARD_SCHEMES],
    username: row.username,
    testCardsInProduction: policy.testCardsInProduction,
  };
}

export interface NewMerchant {
  merchant_id: string;
  sandbox: { username: string; api_token: string };
  production: { username: string; api_token: string };
}

function slug(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return (letters || 'MERCHANT').slice(0, 10);
}

function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** Creates a merchant with a sandbox and a production credential; the tokens are returned only here. */
export async function createMerchant(
  em: EntityManager,
  clock: Clock,
  credentialKey: Buffer,
  input: { name: string; currencies?: string[]; /** Production may credit a card with no original purchase. */ unmatchedRefunds?: boolean },
): Promise<NewMerchant> {
  const name = input.name.trim();
  if (!name || name.length > 200) throw GatewayErrors.validation(['Name must be 1 to 200 characters']);
  const currencies = (input.currencies ?? DEFAULT_CURRENCIES).map((c) => c.toUpperCase());
  const bad = currencies.filter((c) => !/^[A-Z]{3}$/.test(c));
  if (bad.length) throw GatewayErrors.validation([`Currencies must be ISO 4217 codes: ${bad.join(', ')}`]);
  return em.transactional(async (tx) => {
    const now = clock.now();
    const base = slug(name);
    const merchant = tx.create(Merchant, {
      name,
      idPrefix: base.replace(/\d/g, '').slice(0, 4).padEnd(3, 'X'),
      currencies,
      unmatchedRefunds: input.unmatchedRefunds ?? false,
      createdAt: now,
    });
    const issued: Record<Environment, { username: string; api_token: string }> = {} as never;
    const suffix = randomDigits(6);
    for (const environment of ['sandbox', 'production'] as const) {
      const username = `${environment === 'sandbox' ? 'TEST' : ''}${base}${suffix}`;
      const token = generateApiToken();
      tx.create(Credential, {
        merchant,
        environment,
        username: username.toLowerCase(),
        tokenHash: hashToken(credentialKey, token),
        createdAt: now,
      });
      issued[environment] = { username, api_token: token };
    }
    tx.create(AuditEvent, {
      merchantId: merchant.id,
      environment: null,
      action: 'merchant.created',
      actor: 'cli',
      detail: { usernames: [issued.sandbox.username, issued.production.username] },
      createdAt: now,
    });
    await tx.flush();
    return { merchant_id: merchant.id, ...issued };
  });
}

/** An API credential as the API shows it: never its token nor the token's hash. */
export interface CredentialView {
  id: string;
  username: string;
  environment: Environment;
  created_at: string;
  /** When its token was last replaced; null when never. */
  rotated_at: string | null;
}

/** A credential just rotated: its view and the new token, answered this once and never again. */
export type RotatedCredential = CredentialView & { api_token: string };

const CREDENTIAL_COLUMNS = `id, username, environment, created_at, rotated_at`;

function toCredentialView(row: Record<string, unknown>): CredentialView {
  const instant = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return {
    id: row.id as string,
    username: row.username as string,
    environment: row.environment as Environment,
    created_at: instant(row.created_at)!,
    rotated_at: instant(row.rotated_at),
  };
}

/** A merchant's API credentials in one environment (one today). */
export async function listCredentials(db: Sql, merchantId: string, environment: Environment): Promise<CredentialView[]> {
  const rows = await db.query(
    prepared(`select ${CREDENTIAL_COLUMNS} from gateway.credentials where merchant_id = $1 and environment = $2 order by created_at, id`),
    [merchantId, environment],
  );
  return rows.map(toCredentialView);
}

/** One of a merchant's API credentials in an environment; another merchant's or environment's is not found (404). */
export async function getCredential(db: Sql, merchantId: string, environment: Environment, id: string): Promise<CredentialView> {
  const [row] = await db.query(
    prepared(`select ${CREDENTIAL_COLUMNS} from gateway.credentials where id = $1 and merchant_id = $2 and environment = $3`),
    [id, merchantId, environment],
  );
  if (!row) throw credentialNotFound(id);
  return toCredentialView(row);
}

function credentialNotFound(what: string): AppError {
  return new AppError('credential_not_found', `No credential ${what}`, { status: 404 });
}

/**
 * Gives a credential a new token, and writes its `credential.rotated` audit event, in one
 * statement. Only the token's keyed hash is kept, and it replaces the old one: the old token
 * stops working at the next request, with no grace period (a token is rotated because it may be
 * known to someone else). The new token is answered here only. `target` is a username (the CLI)
 * or a merchant's credential in one environment (the API).
 */
export async function rotateCredential(
  db: Sql,
  now: Date,
  credentialKey: Buffer,
  target: { username: string } | { merchantId: string; environment: Environment; id: string },
  actor: string,
): Promise<RotatedCredential> {
  const token = generateApiToken();
  const byUsername = 'username' in target;
  const [row] = await db.query(
    prepared(`with rotated as (
       update gateway.credentials
          set token_hash = $1, rotated_at = $2, failed_attempts = 0, failure_window_start = null
        where ${byUsername ? 'username = $3' : 'id = $3::uuid and merchant_id = $4::uuid and environment = $5'}
        returning ${CREDENTIAL_COLUMNS}, merchant_id),
     audited as (
       insert into gateway.audit_events (merchant_id, environment, action, actor, detail, created_at)
       select merchant_id, environment, 'credential.rotated', $${byUsername ? 4 : 6}, jsonb_build_object('username', username), $2 from rotated
       returning 1)
     select * from rotated`),
    byUsername
      ? [hashToken(credentialKey, token), now, target.username.toLowerCase(), actor]
      : [hashToken(credentialKey, token), now, target.id, target.merchantId, target.environment, actor],
  );
  if (!row) throw credentialNotFound(byUsername ? `has the username ${target.username}` : target.id);
  return { ...toCredentialView(row), api_token: token };
}

/** Issues a new token for a username; the old one stops working at once. */
export async function rotateToken(
  db: Sql,
  clock: Clock,
  credentialKey: Buffer,
  username: string,
): Promise<{ username: string; api_token: string; environment: Environment }> {
  const rotated = await rotateCredential(db, clock.now(), credentialKey, { username }, 'cli');
  return { username: rotated.username, api_token: rotated.api_token, environment: rotated.environment };
}
