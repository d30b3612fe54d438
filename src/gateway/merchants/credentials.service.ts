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

/** Issues a new token for a username; the old one stops working at once. */
export async function rotateToken(
  em: EntityManager,
  clock: Clock,
  credentialKey: Buffer,
  username: string,
): Promise<{ username: string; api_token: string; environment: Environment }> {
  return em.transactional(async (tx) => {
    const credential = await tx.findOne(Credential, { username: username.toLowerCase() });
    if (!credential) {
      throw new AppError('credential_not_found', `No credential has the username ${username}`, { status: 404 });
    }
    const token = generateApiToken();
    credential.tokenHash = hashToken(credentialKey, token);
    credential.rotatedAt = clock.now();
    credential.failedAttempts = 0;
    credential.failureWindowStart = null;
    tx.create(AuditEvent, {
      merchantId: credential.merchant.id,
      environment: credential.environment,
      action: 'credential.rotated',
      actor: 'cli',
      detail: { username: credential.username },
      createdAt: clock.now(),
    });
    await tx.flush();
    return { username: credential.username, api_token: token, environment: credential.environment as Environment };
  });
}
