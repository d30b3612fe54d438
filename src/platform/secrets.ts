import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/config.ts';
import type { Logger } from './logger.ts';
import { ConfigError } from '../../config/config.ts';

/** The keys Recur holds: vault encryption keys by id, the fingerprint key, the credential-hash key. */
export interface Secrets {
  vaultKeys: ReadonlyMap<string, Buffer>;
  activeVaultKeyId: string;
  fingerprintKey: Buffer;
  credentialKey: Buffer;
  /** Guards `/metrics` and the queue dashboard (OPS_PASSWORD; generated outside production). */
  opsPassword: string;
  /** The dashboard admin's password (OPS_ADMIN_PASSWORD; generated outside production). */
  opsAdminPassword: string;
  /** True when generated for local use; production refuses them. */
  dev: boolean;
}

interface DevSecretsFile {
  vault_keys: Record<string, string>;
  active_vault_key_id: string;
  fingerprint_key: string;
  credential_key: string;
  /** Added later: files written before it lack it and get one on the next start. */
  ops_password?: string;
  ops_admin_password?: string;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

function decodeKey(name: string, b64: string): Buffer {
  const key = Buffer.from(b64, 'base64');
  if (key.length !== 32) throw new ConfigError([`${name}: must be 32 bytes, base64 encoded (got ${key.length} bytes)`]);
  return key;
}

/** `id:base64key` pairs, comma separated (32-byte keys), as a map; `name` is the setting named in errors. */
export function parseVaultKeys(spec: string, name = 'VAULT_KEYS'): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(':');
    const id = part.slice(0, colon);
    if (colon < 1 || !KEY_ID.test(id)) throw new ConfigError([`${name}: "${id || part.slice(0, 8)}…" is not "id:base64key"`]);
    keys.set(id, decodeKey(`${name} (${id})`, part.slice(colon + 1)));
  }
  if (keys.size === 0) throw new ConfigError([`${name}: no key given`]);
  return keys;
}

/** Whether the secrets come from the environment (any vault secret set) rather than DATA_DIR/secrets.json. */
export function secretsFromEnvironment(config: Config): boolean {
  return [config.VAULT_KEYS, config.VAULT_FINGERPRINT_KEY, config.CREDENTIAL_HASH_KEY].some(Boolean);
}

function fromConfig(config: Config): Secrets | undefined {
  if (!secretsFromEnvironment(config)) return undefined;
  const missing = (['VAULT_KEYS', 'VAULT_FINGERPRINT_KEY', 'CREDENTIAL_HASH_KEY'] as const).filter((k) => !config[k]);
  if (missing.length > 0) throw new ConfigError(missing.map((k) => `${k}: required when any vault secret is set`));
  const vaultKeys = parseVaultKeys(config.VAULT_KEYS!);
  const active = config.VAULT_ACTIVE_KEY_ID ?? [...vaultKeys.keys()].at(-1)!;
  if (!vaultKeys.has(active)) throw new ConfigError([`VAULT_ACTIVE_KEY_ID: "${active}" is not among VAULT_KEYS`]);
  return {
    vaultKeys,
    activeVaultKeyId: active,
    fingerprintKey: decodeKey('VAULT_FINGERPRINT_KEY', config.VAULT_FINGERPRINT_KEY!),
    credentialKey: decodeKey('CREDENTIAL_HASH_KEY', config.CREDENTIAL_HASH_KEY!),
    // Without OPS_PASSWORD (ops disabled, or outside production) nobody can guess the ops password.
    opsPassword: config.OPS_PASSWORD ?? randomBytes(18).toString('base64url'),
    opsAdminPassword: config.OPS_ADMIN_PASSWORD ?? randomBytes(18).toString('base64url'),
    dev: false,
  };
}

export function generateDevSecretsFile(): DevSecretsFile {
  return {
    vault_keys: { dev1: randomBytes(32).toString('base64') },
    active_vault_key_id: 'dev1',
    fingerprint_key: randomBytes(32).toString('base64'),
    credential_key: randomBytes(32).toString('base64'),
    ops_password: randomBytes(18).toString('base64url'),
    ops_admin_password: randomBytes(18).toString('base64url'),
  };
}

/**
 * Secrets come from configuration. Outside production, missing secrets are generated once into
 * `DATA_DIR/secrets.json` (mode 0600) and reused; production refuses to start without them.
 */
export async function resolveSecrets(config: Config, logger: Logger): Promise<Secrets> {
  const configured = fromConfig(config);
  if (configured) return configured;
  if (config.NODE_ENV === 'production') {
    throw new ConfigError([
      'VAULT_KEYS, VAULT_FINGERPRINT_KEY and CREDENTIAL_HASH_KEY are required in production; dev secrets are refused',
    ]);
  }
  const file = join(config.DATA_DIR, 'secrets.json');
  let stored: DevSecretsFile;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as DevSecretsFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    stored = generateDevSecretsFile();
    await mkdir(config.DATA_DIR, { recursive: true, mode: 0o700 });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' }).catch(async (e) => {
      // Another process generated them first: use theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      stored = JSON.parse(await readFile(file, 'utf8')) as DevSecretsFile;
    });
    logger.warn({ file }, 'generated development secrets; never use them in production');
  }
  if (!stored.ops_password || !stored.ops_admin_password) {
    stored.ops_password ??= randomBytes(18).toString('base64url');
    stored.ops_admin_password ??= randomBytes(18).toString('base64url');
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    vaultKeys: new Map(Object.entries(stored.vault_keys).map(([id, k]) => [id, decodeKey(`vault key ${id}`, k)])),
    activeVaultKeyId: stored.active_vault_key_id,
    fingerprintKey: decodeKey('fingerprint_key', stored.fingerprint_key),
    credentialKey: decodeKey('credential_key', stored.credential_key),
    opsPassword: config.OPS_PASSWORD ?? stored.ops_password,
    opsAdminPassword: config.OPS_ADMIN_PASSWORD ?? stored.ops_admin_password,
    dev: true,
  };
}
