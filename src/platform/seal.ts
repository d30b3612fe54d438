import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A purpose-bound key derived from a root secret (HKDF-SHA256): one root, separate keys per use. */
export function deriveKey(root: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `recur:${purpose}`, 32));
}

/** AES-256-GCM with a fresh IV; `aad` binds the sealed text to its owner. Layout: iv(12) || ciphertext || tag(16). */
export function sealText(key: Buffer, text: string, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

export function openText(key: Buffer, sealed: Buffer, aad: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString('utf8');
}
