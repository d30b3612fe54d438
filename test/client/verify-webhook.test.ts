import { describe, expect, it } from 'vitest';
import { signPayload } from '../../src/billing/webhooks/webhook-signature.ts';
import { verifyWebhook } from '../../client/src/index.ts';

// The client's check against the signatures Recur itself makes.
describe('verifyWebhook', () => {
  const secret = 'whsec_client_test';
  const body = '{"id":"evt_1","type":"invoice.paid","data":{"invoice_id":"inv_1"}}';
  const at = new Date('2027-03-01T10:00:00Z');
  const header = signPayload(secret, body, at);

  it('accepts what Recur signs, as a string or as bytes', () => {
    expect(verifyWebhook(body, header, secret, { now: at })).toBe(true);
    expect(verifyWebhook(Buffer.from(body), header, secret, { now: at })).toBe(true);
    expect(verifyWebhook(new TextEncoder().encode(body), header, secret, { now: at })).toBe(true);
  });

  it('refuses another body, another secret, or a missing header', () => {
    expect(verifyWebhook(body.replace('inv_1', 'inv_2'), header, secret, { now: at })).toBe(false);
    expect(verifyWebhook(`${body} `, header, secret, { now: at })).toBe(false);
    expect(verifyWebhook(body, header, 'whsec_other', { now: at })).toBe(false);
    expect(verifyWebhook(body, undefined, secret, { now: at })).toBe(false);
    expect(verifyWebhook(body, [header], secret, { now: at })).toBe(false);
    expect(verifyWebhook(body, header, '', { now: at })).toBe(false);
  });

  it('refuses timestamps outside the tolerance, either side', () => {
    const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    expect(verifyWebhook(body, header, secret, { now: later(300) })).toBe(true);
    expect(verifyWebhook(body, header, secret, { now: later(301) })).toBe(false);
    expect(verifyWebhook(body, header, secret, { now: later(-301) })).toBe(false);
    expect(verifyWebhook(body, header, secret, { now: later(30), toleranceSeconds: 10 })).toBe(false);
    expect(verifyWebhook(body, header, secret, { now: later(3600), toleranceSeconds: 7200 })).toBe(true);
  });

  it('refuses a header whose timestamp was changed (the timestamp is signed)', () => {
    const t = Number(/t=(\d+)/.exec(header)![1]);
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyWebhook(body, moved, secret, { now: at })).toBe(false);
  });

  it('refuses malformed headers without throwing', () => {
    for (const bad of [
      '',
      'garbage',
      't=abc,v1=00',
      `v1=${'a'.repeat(64)}`,
      't=1798761600',
      `t=1798761600,v1=${'z'.repeat(64)}`,
      't=,v1=',
    ]) {
      expect(verifyWebhook(body, bad, secret, { now: at })).toBe(false);
    }
  });

  it('accepts the header when any of several v1 signatures matches (a secret being rolled)', () => {
    const other = signPayload('whsec_old', body, at).split(',')[1]!;
    expect(verifyWebhook(body, `${header},${other}`, secret, { now: at })).toBe(true);
    expect(verifyWebhook(body, `${other},${header.split(',')[1]},${header.split(',')[0]}`, secret, { now: at })).toBe(true);
  });
});
