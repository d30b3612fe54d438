import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '../../../src/billing/webhooks/webhook-url.ts';

// Names that resolve to loopback however they are written: a trailing dot (the DNS root) and
// every name under `localhost` (RFC 6761). Only the deciding function: nothing is connected to.

const strict = { allowPrivateNetworks: false, allowHttp: false };
const local = { allowPrivateNetworks: true, allowHttp: true };
const PRIVATE = 'url may not point at a private, loopback or link-local address';

describe('webhook URL names', () => {
  it.each([
    'https://localhost/h',
    'https://localhost./h',
    'https://localhost../h',
    'https://LOCALHOST./h',
    'https://a.localhost/h',
    'https://a.localhost./h',
    'https://a.b.localhost.:8443/h',
    'https://xn--fsq.localhost/h',
    'https://127.0.0.1./h',
    'https://127.1/h',
    'https://0x7f000001/h',
  ])('refuses %s in production', (url) => {
    expect(checkWebhookUrl(url, strict)).toContain(PRIVATE);
  });

  it.each(['https://example.com./h', 'https://notlocalhost.com/h', 'https://localhost.example.com/h', 'https://mylocalhost/h'])(
    'accepts the public name %s',
    (url) => {
      expect(checkWebhookUrl(url, strict)).toEqual([]);
    },
  );

  it('allows them outside production', () => {
    expect(checkWebhookUrl('https://a.localhost./h', local)).toEqual([]);
  });
});
