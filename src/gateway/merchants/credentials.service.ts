import type { Sql } from '../../platform/sql.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Environment } from '../environment.ts';
import { GatewayErrors } from '../errors.ts';
import { Merchant, DEFAULT_CURRENCIES } from './merchant.entity.ts';
import { Credential } from './credential.entity.ts';
import { CARD_SCHEMES, type CardScheme } from '../cards/card-scheme.ts';
import { recordAudit } from '../audit/audit.service.ts';
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
  maxFailures: number;
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
  failed_attempts: number;
  failure_window_start: Date | null;
  id_prefix: string;
  currencies: string[];
}

/**
 * Checks Basic credentials for a listener of `environment`. Unknown usernames cost the same
 * comparison as known ones; repeated failures for a username are throttled (PCI DSS 8.3.4);
 * valid credentials of the other environment answer 403 (the seed's rule).
 */
export async function authenticate(
  db: Sql,
  clock: Clock,
  policy: AuthPolicy,
  environment: Environment,
  username: string,
  token: string,
): Promise<MerchantContext> {
  const presented = Buffer.from(hashToken(policy.credentialKey, token), 'hex');
  const rows = await db.query<CredentialRow>(
    `select c.id, c.merchant_id, c.environment, c.username, c.token_hash, c.failed_attempts,
            c.failure_window_start, m.id_prefix, m.currencies
       from gateway.credentials c join gateway.merchants m on m.id = c.merchant_id
      where c.username = $1`,
    [username.toLowerCase()],
  );
  const row = rows[0];
  if (!row) {
    timingSafeEqual(presented, DUMMY_HASH);
    throw GatewayErrors.unauthenticated();
  }
  const now = clock.now();
  const windowStart = row.failure_window_start ? new Date(row.failure_window_start) : null;
  const windowOpen = windowStart !== null && now.getTime() - windowStart.getTime() < policy.failureWindowSeconds * 1000;
  if (windowOpen && row.failed_attempts >= policy.maxFailures) {
    const retryAfter = Math.ceil((windowStart.getTime() + policy.failureWindowSeconds * 1000 - now.getTime()) / 1000);
    throw GatewayErrors.throttled(Math.max(1, retryAfter));
  }
  if (!timingSafeEqual(presented, Buffer.from(row.token_hash, 'hex'))) {
    await db.query(
      `update gateway.credentials
          set failed_attempts = case when $1 then failed_attempts + 1 else 1 end,
              failure_window_start = case when $2 then failure_window_start else $3 end
        where id = $4`,
      [windowOpen, windowOpen, now, row.id],
    );
    await recordAudit(db, clock, {
      merchantId: row.merchant_id,
      environment: row.environment,
      action: 'auth.failed',
      actor: row.username,
      detail: { listener: environment },
    });
    throw GatewayErrors.unauthenticated();
  }
  if (row.failed_attempts > 0) {
    await db.query('update gateway.credentials set failed_attempts = 0, failure_window_start = null where id = $1', [row.id]);
  }
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
  input: { name: string; currencies?: string[] },
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
