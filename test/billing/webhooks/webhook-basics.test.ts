import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '../../../src/billing/webhooks/webhook-signature.ts';
import { checkWebhookUrl, isPrivateAddress } from '../../../src/billing/webhooks/webhook-url.ts';

const strict = { allowPrivateNetworks: false, allowHttp: false };
const local = { allowPrivateNetworks: true, allowHttp: true };

describe('webhook signatures', () => {
  const at = new Date('2027-01-01T00:00:00Z');
  it('signs t.body with HMAC-SHA256 and verifies within the tolerance', () => {
    const header = signPayload('whsec_test', '{"a":1}', at);
    expect(header).toMatch(/^t=1798761600,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_test', '{"a":1}', header, at)).toBe(true);
    expect(verifySignature('whsec_test', '{"a":2}', header, at)).toBe(false);
    expect(verifySignature('other', '{"a":1}', header, at)).toBe(false);
    expect(verifySignature('whsec_test', '{"a":1}', header, new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifySignature('whsec_test', '{"a":1}', 'garbage', at)).toBe(false);
  });
});

describe('webhook URL checks', () => {
  it('accepts public https URLs', () => {
    expect(checkWebhookUrl('https://example.com/hooks/recur', strict)).toEqual([]);
  });
  it.each([
    ['not a url', 'url must be an absolute URL'],
    ['http://example.com/x', 'url must use https'],
    ['ftp://example.com/x', 'url must use https'],
    ['https://user:pw@example.com/x', 'url may not hold credentials'],
    ['https://example.com/x#frag', 'url may not hold a fragment'],
    ['https://127.0.0.1/x', 'url may not point at a private, loopback or link-local address'],
    ['https://10.1.2.3/x', 'url may not point at a private, loopback or link-local address'],
    ['https://192.168.0.10/x', 'url may not point at a private, loopback or link-local address'],
    ['https://169.254.169.254/latest', 'url may not point at a private, loopback or link-local address'],
    ['https://[::1]/x', 'url may not point at a private, loopback or link-local address'],
    ['https://localhost:8443/x', 'url may not point at a private, loopback or link-local address'],
  ])('refuses %s in production', (url, problem) => {
    expect(checkWebhookUrl(url, strict)).toContain(problem);
  });
  it('allows local receivers outside production', () => {
    expect(checkWebhookUrl('https://127.0.0.1:9443/hook', local)).toEqual([]);
    expect(checkWebhookUrl('http://localhost:9000/hook', local)).toEqual([]);
  });
  // Only the deciding function: these addresses are never connected to.
  it.each([
    // IPv4 special-purpose registry
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.1',
    '192.0.0.170',
    '192.0.2.1',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.168.1.1',
    '192.175.48.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6: mapped, compatible, NAT64, 6to4 and Teredo with embedded IPv4, local scopes, multicast, documentation
    '::',
    '::1',
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:db8::1',
    '2002:7f00:1::',
    '2002:0808:0808::1',
    '3fff::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'febf::1',
    'fec0::1',
    'feff::1',
    'ff02::1',
    'ff0e::1',
    '5f00::1',
    '4000::1',
  ])('refuses the special-purpose address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    const literal = address.includes(':') ? `[${address}]` : address;
    expect(checkWebhookUrl(`https://${literal}/x`, strict)).toContain('url may not point at a private, loopback or link-local address');
  });
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.128.0.1',
    '172.32.0.1',
    '192.0.1.1',
    '198.20.0.1',
    '223.255.255.254',
    '2606:4700::1111',
    '2a00:1450::1',
    '2001:4860::8888',
  ])('accepts the public address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
  it('classifies resolved addresses', () => {
    expect(isPrivateAddress('172.20.0.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('fd00::1')).toBe(true);
  });
});
