import { isIP } from 'node:net';

export interface UrlPolicy {
  /** Private, loopback and link-local targets: allowed outside production (local receivers, tests). */
  allowPrivateNetworks: boolean;
  /** Plain http: allowed outside production only. */
  allowHttp: boolean;
}

function privateIPv4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function privateIPv6(ip: string): boolean {
  const v = ip.toLowerCase().replace(/^\[|\]$/g, '');
  return v === '::1' || v === '::' || v.startsWith('fc') || v.startsWith('fd') || v.startsWith('fe80') || v.startsWith('::ffff:');
}

/**
 * Checks a webhook URL before it is stored: absolute, https (http only where allowed), no
 * credentials, no fragment, and no private or loopback address unless allowed. Returns the
 * problems found (empty when it is fine). Names are checked again at delivery time by address.
 */
export function checkWebhookUrl(raw: string, policy: UrlPolicy): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return ['url must be an absolute URL'];
  }
  const problems: string[] = [];
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) problems.push('url must use https');
  if (url.username || url.password) problems.push('url may not hold credentials');
  if (url.hash) problems.push('url may not hold a fragment');
  if (raw.length > 2048) problems.push('url is longer than 2048 characters');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const isPrivate =
    (family === 4 && privateIPv4(host)) || (family === 6 && privateIPv6(host)) || host === 'localhost' || host.endsWith('.localhost');
  if (isPrivate && !policy.allowPrivateNetworks) problems.push('url may not point at a private, loopback or link-local address');
  return problems;
}

/** The address check applied to what a name resolved to, at delivery time. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return (family === 4 && privateIPv4(address)) || (family === 6 && privateIPv6(address));
}
