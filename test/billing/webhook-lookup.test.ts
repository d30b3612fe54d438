import { describe, expect, it } from 'vitest';
import { publicOnlyLookup } from '../../workers/webhook.worker.ts';

function resolve(hostname: string, all: boolean): Promise<{ err: NodeJS.ErrnoException | null; address: unknown }> {
  return new Promise((done) => {
    publicOnlyLookup(hostname, { all } as never, (err, address) => done({ err, address }));
  });
}

describe('webhook receivers in production resolve to public addresses only', () => {
  it('refuses a name that resolves to loopback, at connect time', async () => {
    for (const all of [false, true]) {
      const { err } = await resolve('localhost', all);
      expect(err?.code).toBe('ERECEIVERPRIVATE');
      expect(err?.message).toContain('resolves to a private, loopback or link-local address');
    }
  });

  it('passes a lookup failure through unchanged', async () => {
    const { err } = await resolve('no-such-host.invalid', false);
    expect(err?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});
