import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/config.ts';
import { ConfigError } from '../../config/config.ts';
import { deriveKey } from './seal.ts';
import { parseVaultKeys } from './secrets.ts';

/**
 * Signed links to the pages Recur shows a merchant's customers. A link names one object, one
 * purpose and one environment, and expires; it is signed with HMAC-SHA256 under a key id, so
 * keys rotate: the active key signs, every listed key verifies. Nothing is stored to issue a
 * link; whether one was used or revoked is the hosted pages' record (by `linkId`).
 *
 * Token layout (base64url): `<key id>.<payload>.<mac>`, the payload 35 bytes:
 * version(1) purpose(1) environment(1) object uuid(16) issued-at seconds(4) expires-at seconds(4) nonce(8),
 * the mac the first 16 bytes of HMAC-SHA256(key, "recur-link:" + key id + "." + payload).
 */
export const LINK_PURPOSES = ['invoice', 'card_update'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** The path each purpose is served under, on the environment's API listener. */
export const LINK_PATHS: Readonly<Record<LinkPurpose, string>> = { invoice: '/pay', card_update: '/card' };

export interface LinkSubject {
  purpose: LinkPurpose;
  /** The invoice (purpose `invoice`), or the subscription or customer (purpose `card_update`). */
  objectId: string;
  environment: Environment;
}

export interface VerifiedLink extends LinkSubject {
  /** The nonce, hex: the key under which a use or a revocation of this one link is recorded. */
  linkId: string;
  keyId: string;
  issuedAt: Date;
  expiresAt: Date;
}

export type LinkCheck = { ok: true; link: VerifiedLink } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

export interface HostedLinksOptions {
  /** Verifying keys by id (32 bytes each); `activeKeyId` signs. */
  keys: ReadonlyMap<string, Buffer>;
  activeKeyId: string;
  /** How long a new link lives. */
  ttlMs: number;
  /** The public origin of each environment's listener, e.g. `https://billing.example.com`. */
  origins: Readonly<Record<Environment, string>>;
}

type Environment = 'sandbox' | 'production';

const VERSION = 1;
const PAYLOAD_BYTES = 35;
const MAC_BYTES = 16;
const ENVIRONMENT_CODES: readonly Environment[] = ['sandbox', 'production'];
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class HostedLinks {
  readonly #keys: ReadonlyMap<string, Buffer>;
  readonly #activeKeyId: string;
  readonly #ttlMs: number;
  readonly #origins: Record<Environment, string>;

  constructor(options: HostedLinksOptions) {
    const active = options.keys.get(options.activeKeyId);
    if (!active) throw new Error(`hosted links: active key "${options.activeKeyId}" is not among the keys`);
    for (const [id, key] of options.keys) {
      if (!KEY_ID.test(id) || key.length !== 32) throw new Error(`hosted links: key "${id}" must have a short id and 32 bytes`);
    }
    if (!(options.ttlMs > 0)) throw new Error('hosted links: the lifetime must be positive');
    this.#keys = options.keys;
    this.#activeKeyId = options.activeKeyId;
    this.#ttlMs = options.ttlMs;
    this.#origins = { sandbox: trimSlash(options.origins.sandbox), production: trimSlash(options.origins.production) };
  }

  /** A new signed token for the subject, living `ttlMs` (default: the configured lifetime) from `now`. */
  sign(subject: LinkSubject, now: Date, ttlMs = this.#ttlMs): { token: string; linkId: string; expiresAt: Date } {
    if (!UUID.test(subject.objectId)) throw new Error('hosted links: the object id must be a uuid');
    const issued = Math.floor(now.getTime() / 1000);
    const expires = Math.floor((now.getTime() + ttlMs) / 1000);
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(VERSION, 0);
    payload.writeUInt8(LINK_PURPOSES.indexOf(subject.purpose), 1);
    payload.writeUInt8(ENVIRONMENT_CODES.indexOf(subject.environment), 2);
    Buffer.from(subject.objectId.replaceAll('-', ''), 'hex').copy(payload, 3);
    payload.writeUInt32BE(issued, 19);
    payload.writeUInt32BE(expires, 23);
    const nonce = randomBytes(8);
    nonce.copy(payload, 27);
    const body = payload.toString('base64url');
    const mac = this.#mac(this.#activeKeyId, body);
    return {
      token: `${this.#activeKeyId}.${body}.${mac.toString('base64url')}`,
      linkId: nonce.toString('hex'),
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Where an environment's listener answers, once it listens on a port picked at start (no public URL configured). */
  setOrigin(environment: Environment, origin: string): void {
    this.#origins[environment] = trimSlash(origin);
  }

  /** The full URL of a new link for the subject. */
  url(subject: LinkSubject, now: Date, ttlMs?: number): string {
    return this.issue(subject, now, ttlMs).url;
  }

  /** A new link for the subject: its full URL, its id and its expiry (what the merchant's API answers). */
  issue(subject: LinkSubject, now: Date, ttlMs?: number): { url: string; linkId: string; expiresAt: Date } {
    const { token, linkId, expiresAt } = this.sign(subject, now, ttlMs);
    return { url: `${this.#origins[subject.environment]}${LINK_PATHS[subject.purpose]}/${token}`, linkId, expiresAt };
  }

  /** Checks a token's form, signature (under any listed key) and expiry; it says nothing of uses or revocations. */
  verify(token: string, now: Date): LinkCheck {
    const parts = token.split('.');
    if (parts.length !== 3 || token.length > 200) return { ok: false, reason: 'malformed' };
    const [keyId, body, macText] = parts as [string, string, string];
    if (!KEY_ID.test(keyId) || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(macText)) {
      return { ok: false, reason: 'malformed' };
    }
    const payload = Buffer.from(body, 'base64url');
    const mac = Buffer.from(macText, 'base64url');
    // One spelling per token: base64url's spare low bits of a last character would let one link be written several ways.
    if (
      payload.length !== PAYLOAD_BYTES ||
      mac.length !== MAC_BYTES ||
      payload.toString('base64url') !== body ||
      mac.toString('base64url') !== macText
    ) {
      return { ok: false, reason: 'malformed' };
    }
    // An unknown key id (retired, or never ours) is a forgery as far as the holder can tell.
    if (!this.#keys.has(keyId) || !timingSafeEqual(this.#mac(keyId, body), mac)) return { ok: false, reason: 'forged' };
    const purpose = LINK_PURPOSES[payload.readUInt8(1)];
    const environment = ENVIRONMENT_CODES[payload.readUInt8(2)];
    if (payload.readUInt8(0) !== VERSION || !purpose || !environment) return { ok: false, reason: 'malformed' };
    const hex = payload.subarray(3, 19).toString('hex');
    const link: VerifiedLink = {
      purpose,
      environment,
      objectId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      linkId: payload.subarray(27).toString('hex'),
      keyId,
      issuedAt: new Date(payload.readUInt32BE(19) * 1000),
      expiresAt: new Date(payload.readUInt32BE(23) * 1000),
    };
    if (now.getTime() >= link.expiresAt.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, link };
  }

  #mac(keyId: string, body: string): Buffer {
    return createHmac('sha256', this.#keys.get(keyId)!).update(`recur-link:${keyId}.${body}`).digest().subarray(0, MAC_BYTES);
  }
}

function trimSlash(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** The key id of the link key derived from the credential key (the default, and a rotation's old key). */
export const DERIVED_LINK_KEY_ID = 'default';

/** The link keys from HOSTED_LINK_KEYS (`default` standing for the derived key), else the derived key alone. */
export function linkKeys(config: Config, credentialKey: Buffer): { keys: Map<string, Buffer>; activeKeyId: string } {
  const derived = deriveKey(credentialKey, 'hosted-links');
  const spec = config.HOSTED_LINK_KEYS;
  if (!spec) return { keys: new Map([[DERIVED_LINK_KEY_ID, derived]]), activeKeyId: DERIVED_LINK_KEY_ID };
  const entries = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // In the order given: without HOSTED_LINK_ACTIVE_KEY_ID, the last one signs.
  const keys = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry === DERIVED_LINK_KEY_ID) keys.set(DERIVED_LINK_KEY_ID, derived);
    else for (const [id, key] of parseVaultKeys(entry, 'HOSTED_LINK_KEYS')) keys.set(id, key);
  }
  if (keys.size === 0) throw new ConfigError(['HOSTED_LINK_KEYS: no key given']);
  const activeKeyId = config.HOSTED_LINK_ACTIVE_KEY_ID ?? [...keys.keys()].at(-1)!;
  if (!keys.has(activeKeyId)) throw new ConfigError([`HOSTED_LINK_ACTIVE_KEY_ID: "${activeKeyId}" is not among HOSTED_LINK_KEYS`]);
  return { keys, activeKeyId };
}

/** The origin an environment's listener is reached at before it listens: its public URL, else HOST and port. */
export function configuredOrigin(config: Config, environment: 'sandbox' | 'production'): string {
  const configured = environment === 'sandbox' ? config.PUBLIC_SANDBOX_URL : config.PUBLIC_PRODUCTION_URL;
  if (configured) return new URL(configured).origin;
  const host =
    config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `https://${host}:${environment === 'sandbox' ? config.SANDBOX_PORT : config.PRODUCTION_PORT}`;
}

/** Whether links follow the listener's address (no public URL configured for the environment). */
export function linksFollowListener(config: Config, environment: 'sandbox' | 'production'): boolean {
  return !(environment === 'sandbox' ? config.PUBLIC_SANDBOX_URL : config.PUBLIC_PRODUCTION_URL);
}

export function hostedLinksFromConfig(config: Config, credentialKey: Buffer): HostedLinks {
  return new HostedLinks({
    ...linkKeys(config, credentialKey),
    ttlMs: config.HOSTED_LINK_TTL_DAYS * 86_400_000,
    origins: { sandbox: configuredOrigin(config, 'sandbox'), production: configuredOrigin(config, 'production') },
  });
}
