import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { HostedLinks, hostedLinksFromConfig, linkKeys } from '../../src/platform/hosted-links.ts';

const key = () => randomBytes(32);
const origins = { sandbox: 'https://sandbox.example.test/', production: 'https://billing.example.test' };
const now = new Date('2026-11-27T12:00:00Z');
const day = 86_400_000;

function links(keys: [string, Buffer][], active: string) {
  return new HostedLinks({ keys: new Map(keys), activeKeyId: active, ttlMs: 14 * day, origins });
}

describe('hosted links', () => {
  const k1 = key();
  const a = links([['k1', k1]], 'k1');
  const subject = { purpose: 'card_update', objectId: randomUUID(), environment: 'production' } as const;

  it('signs a link that verifies to its subject, purpose, environment and expiry', () => {
    const { token, linkId, expiresAt } = a.sign(subject, now);
    expect(expiresAt.toISOString()).toBe('2026-12-11T12:00:00.000Z');
    const check = a.verify(token, new Date(now.getTime() + 13 * day));
    expect(check).toEqual({
      ok: true,
      link: { ...subject, linkId, keyId: 'k1', issuedAt: now, expiresAt },
    });
    expect(token.length).toBeLessThan(100);
  });

  it('builds the URL on the environment origin under the purpose path', () => {
    expect(a.url(subject, now)).toMatch(/^https:\/\/billing\.example\.test\/card\/k1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a.url({ ...subject, purpose: 'invoice', environment: 'sandbox' }, now)).toMatch(/^https:\/\/sandbox\.example\.test\/pay\//);
    a.setOrigin('sandbox', 'https://127.0.0.1:4430/');
    expect(a.url({ ...subject, environment: 'sandbox' }, now)).toMatch(/^https:\/\/127\.0\.0\.1:4430\/card\//);
  });

  it('gives every link its own id', () => {
    expect(a.sign(subject, now).linkId).not.toBe(a.sign(subject, now).linkId);
  });

  it('refuses an expired link, from its expiry instant on', () => {
    const { token, expiresAt } = a.sign(subject, now, 60_000);
    expect(a.verify(token, new Date(expiresAt.getTime() - 1)).ok).toBe(true);
    expect(a.verify(token, expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any tampered byte of the payload or the mac as forged, and garbage as malformed', () => {
    const { token } = a.sign(subject, now);
    const [kid, body, mac] = token.split('.') as [string, string, string];
    for (const [i, part] of [body, mac].entries()) {
      for (let pos = 0; pos < part.length - 1; pos++) {
        const flipped = part.slice(0, pos) + (part[pos] === 'A' ? 'B' : 'A') + part.slice(pos + 1);
        const forged = i === 0 ? `${kid}.${flipped}.${mac}` : `${kid}.${body}.${flipped}`;
        expect(a.verify(forged, now).ok, forged).toBe(false);
      }
    }
    for (const junk of ['', 'x', 'a.b', 'k1..', `${kid}.${body}`, `${kid}.${body}.${mac}.x`, `k1.${'A'.repeat(300)}.x`, 'k1.<script>.x']) {
      expect(a.verify(junk, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a link signed by another key, or under a key id it does not hold', () => {
    const other = links([['k1', key()]], 'k1');
    expect(a.verify(other.sign(subject, now).token, now)).toEqual({ ok: false, reason: 'forged' });
    const renamed = a.sign(subject, now).token.replace(/^k1\./, 'k2.');
    expect(a.verify(renamed, now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('rotates: the new key signs, the old key still verifies until it is removed', () => {
    const k2 = key();
    const old = a.sign(subject, now).token;
    const rotated = links(
      [
        ['k1', k1],
        ['k2', k2],
      ],
      'k2',
    );
    const fresh = rotated.sign(subject, now).token;
    expect(fresh.startsWith('k2.')).toBe(true);
    expect(rotated.verify(old, now).ok).toBe(true);
    expect(rotated.verify(fresh, now).ok).toBe(true);
    const retired = links([['k2', k2]], 'k2');
    expect(retired.verify(old, now)).toEqual({ ok: false, reason: 'forged' });
    expect(retired.verify(fresh, now).ok).toBe(true);
  });

  it('takes its keys from HOSTED_LINK_KEYS, where `default` names the key derived from the credential key', () => {
    const credentialKey = key();
    const base = { NODE_ENV: 'test', CREDENTIAL_HASH_KEY: credentialKey.toString('base64') };
    const derived = linkKeys(loadConfig(base), credentialKey);
    expect([...derived.keys.keys()]).toEqual(['default']);
    const both = linkKeys(loadConfig({ ...base, HOSTED_LINK_KEYS: `default,k2:${key().toString('base64')}` }), credentialKey);
    expect(both.activeKeyId).toBe('k2');
    expect(both.keys.get('default')).toEqual(derived.keys.get('default'));
    expect(() => linkKeys(loadConfig({ ...base, HOSTED_LINK_KEYS: 'k2:short' }), credentialKey)).toThrow(
      /HOSTED_LINK_KEYS \(k2\): must be 32 bytes/,
    );
    expect(() =>
      linkKeys(loadConfig({ ...base, HOSTED_LINK_KEYS: `k2:${key().toString('base64')}`, HOSTED_LINK_ACTIVE_KEY_ID: 'k9' }), credentialKey),
    ).toThrow(/HOSTED_LINK_ACTIVE_KEY_ID/);
    // A link signed before keys were configured still opens while `default` is listed.
    const before = hostedLinksFromConfig(loadConfig(base), credentialKey).sign(subject, now).token;
    const after = hostedLinksFromConfig(loadConfig({ ...base, HOSTED_LINK_KEYS: `default,k2:${key().toString('base64')}` }), credentialKey);
    expect(after.verify(before, now).ok).toBe(true);
  });

  it('points at the configured public URL, else at HOST and the environment port', () => {
    const credentialKey = key();
    const cfg = loadConfig({ NODE_ENV: 'test', PUBLIC_PRODUCTION_URL: 'https://pay.example.test/ignored/path', SANDBOX_PORT: '9443' });
    const l = hostedLinksFromConfig(cfg, credentialKey);
    expect(l.url(subject, now)).toMatch(/^https:\/\/pay\.example\.test\/card\//);
    expect(l.url({ ...subject, environment: 'sandbox' }, now)).toMatch(/^https:\/\/127\.0\.0\.1:9443\/card\//);
  });
});
