import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from '../../config/config.ts';
import { ConfigError } from '../../config/config.ts';
import type { Logger } from './logger.ts';

export interface TlsMaterial {
  cert: string;
  key: string;
  /** True when a self-signed certificate was generated for local use. */
  selfSigned: boolean;
}

/**
 * The API is HTTPS only. A certificate comes from TLS_CERT_FILE/TLS_KEY_FILE; outside production
 * a self-signed one for localhost is generated once into `DATA_DIR/tls/`.
 */
export async function resolveTls(config: Config, logger: Logger): Promise<TlsMaterial> {
  if (config.TLS_CERT_FILE && config.TLS_KEY_FILE) {
    return {
      cert: await readFile(config.TLS_CERT_FILE, 'utf8'),
      key: await readFile(config.TLS_KEY_FILE, 'utf8'),
      selfSigned: false,
    };
  }
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(['TLS_CERT_FILE and TLS_KEY_FILE are required in production']);
  }
  const dir = join(config.DATA_DIR, 'tls');
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  try {
    return { cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8'), selfSigned: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const material = await generateSelfSigned(config.HOST);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(keyFile, material.key, { mode: 0o600 });
  await writeFile(certFile, material.cert, { mode: 0o644 });
  logger.warn({ certFile }, 'generated a self-signed TLS certificate for local use');
  return material;
}

export async function generateSelfSigned(host = '127.0.0.1'): Promise<TlsMaterial> {
  const now = new Date();
  const altNames: { type: 2 | 7; value?: string; ip?: string }[] = [
    { type: 2, value: 'localhost' },
    { type: 7, ip: '127.0.0.1' },
    { type: 7, ip: '::1' },
  ];
  if (/^[\d.]+$/.test(host) && host !== '127.0.0.1' && host !== '0.0.0.0') altNames.push({ type: 7, ip: host });
  else if (!/^[\d.:]+$/.test(host) && host !== 'localhost') altNames.push({ type: 2, value: host });
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + 825 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private, selfSigned: true };
}
