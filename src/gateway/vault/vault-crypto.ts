import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';

export interface SealedPan {
  keyId: string;
  /** iv (12 bytes) || ciphertext || auth tag (16 bytes) */
  sealed: Buffer;
}

export interface VaultKeys {
  vaultKeys: ReadonlyMap<string, Buffer>;
  activeVaultKeyId: string;
  fingerprintKey: Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The additional authenticated data: a ciphertext only opens for the merchant, environment and token it was sealed for. */
export function panAad(merchantId: string, environment: string, token: string): Buffer {
  return Buffer.from(`recur-vault-v1|${merchantId}|${environment}|${token}`, 'utf8');
}

/**
 * AES-256-GCM with a fresh random IV per record and the key id stored beside the ciphertext
 * (PCI DSS 3.5.1, 3.6). The PAN exists in clear only in memory, for the call that needs it.
 */
export class VaultCrypto {
  readonly #keys: VaultKeys;
  constructor(keys: VaultKeys) {
    this.#keys = keys;
  }

  get activeKeyId(): string {
    return this.#keys.activeVaultKeyId;
  }

  seal(pan: string, aad: Buffer, keyId = this.#keys.activeVaultKeyId): SealedPan {
    const key = this.#key(keyId);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad);
    const body = Buffer.concat([cipher.update(pan, 'utf8'), cipher.final()]);
    return { keyId, sealed: Buffer.concat([iv, body, cipher.getAuthTag()]) };
  }

  open(sealed: SealedPan, aad: Buffer): string {
    const key = this.#key(sealed.keyId);
    const iv = sealed.sealed.subarray(0, IV_BYTES);
    const tag = sealed.sealed.subarray(sealed.sealed.length - TAG_BYTES);
    const body = sealed.sealed.subarray(IV_BYTES, sealed.sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /**
   * Keyed HMAC of the card number (never a plain hash, PCI DSS 3.5.1.1), per merchant and
   * environment: the same for every token of one card, whatever its expiry, and different across
   * merchants and keys. The number itself never leaves the vault.
   */
  fingerprint(merchantId: string, environment: string, pan: string): string {
    return createHmac('sha256', this.#keys.fingerprintKey).update(`card|${merchantId}|${environment}|${pan}`).digest('base64url');
  }

  #key(keyId: string): Buffer {
    const key = this.#keys.vaultKeys.get(keyId);
    if (!key) {
      throw new AppError('vault_key_missing', `Vault key ${keyId} is not configured`, { status: 500 });
    }
    return key;
  }
}
