import { BlockList, isIP } from 'node:net';

export interface UrlPolicy {
  /** Private, loopback, link-local and other special-purpose targets: may be allowed for sandbox endpoints only. */
  allowPrivateNetworks: boolean;
  /** Plain http: allowed outside production only. */
  allowHttp: boolean;
}

/**
 * Addresses a receiver may not have: every block of the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries that is not globally reachable, plus multicast and the reserved space.
 * IPv6 is an allow-list: only global unicast (2000::/3) may be reached, which also refuses
 * IPv4-mapped and -compatible forms (::/8), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), unique-local,
 * fe80::/10, fec0::/10 and multicast; within 2000::/3 the special blocks (Teredo and the other
 * IETF assignments in 2001::/23, documentation, 6to4 with its embedded IPv4) are refused too.
 */
const BLOCKED: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation (TEST-NET-1)
  ['192.31.196.0', 24, 'ipv4'], // AS112-v4
  ['192.52.193.0', 24, 'ipv4'], // AMT
  ['192.88.99.0', 24, 'ipv4'], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16, 'ipv4'], // private
  ['192.175.48.0', 24, 'ipv4'], // direct delegation AS112
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation (TEST-NET-2)
  ['203.0.113.0', 24, 'ipv4'], // documentation (TEST-NET-3)
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, and 255.255.255.255 (limited broadcast)
  ['2001::', 23, 'ipv6'], // IETF protocol assignments: Teredo, benchmarking, ORCHID, …
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: embeds an IPv4 address, private ones included
  ['3fff::', 20, 'ipv6'], // documentation
];

const blocked = new BlockList();
for (const [network, prefix, type] of BLOCKED) blocked.addSubnet(network, prefix, type);
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

/** True for an address a production receiver may not have: anything not globally reachable unicast. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) return !globalUnicastV6.check(ip, 'ipv6') || blocked.check(ip, 'ipv6');
  return false;
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
  // A name's trailing dots (the root of the DNS: `localhost.`) change nothing it resolves to.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  const family = isIP(host);
  // `localhost` and every name under it resolve to loopback (RFC 6761), whatever the resolver says.
  const isPrivate = (family !== 0 && isPrivateAddress(host)) || host === 'localhost' || host.endsWith('.localhost');
  if (isPrivate && !policy.allowPrivateNetworks) problems.push('url may not point at a private, loopback or link-local address');
  return problems;
}
