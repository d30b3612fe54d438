import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '../../src/billing/webhooks/webhook-signature.ts';
import { checkWebhookUrl, isPrivateAddress } from '../../src/billing/webhooks/webhook-url.ts';

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
  it('classifies resolved addresses', () => {
    expect(isPrivateAddress('172.20.0.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('fd00::1')).toBe(true);
  });
});
