import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, randomKey, type TestApp } from '../helpers/test-app.ts';
import { authenticate, type AuthPolicy } from '../../src/gateway/merchants/credentials.service.ts';
import type { Sql } from '../../src/platform/sql.ts';
import type { NewMerchant } from '../../src/gateway/merchants/credentials.service.ts';

// A login with a known username and a wrong token must cost what one with an unknown username
// costs: the same statements, the same rows written. Before, only a known name wrote an
// `auth.failed` audit row, one more round trip (about 1.7 ms at the median). The statements are
// compared rather than the times: on a shared machine a median moves by more than the gap.

let app: TestApp;
let merchant: NewMerchant;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.newMerchant('Timing Shop');
});
afterAll(async () => {
  await app?.close();
});

/** The real pool, with every statement it runs written down (text and how many rows came back). */
function recording(sql: Sql): { db: Sql; statements: { text: string; rows: number }[] } {
  const statements: { text: string; rows: number }[] = [];
  return {
    statements,
    db: {
      async query<T>(text: string, params?: unknown[]): Promise<T[]> {
        const rows = await sql.query<T>(text, params);
        statements.push({ text: typeof text === 'string' ? text : (text as { text: string }).text, rows: rows.length });
        return rows;
      },
    },
  };
}

async function rowCounts(): Promise<{ audit: number; failures: number }> {
  const [row] = await app.runtime.sql.query<{ audit: number; failures: number }>(
    `select (select count(*)::int from gateway.audit_events where action = 'auth.failed') as audit,
            (select count(*)::int from gateway.auth_failures) as failures`,
  );
  return row!;
}

describe('a failed login', () => {
  it('runs the same statements and writes the same rows for a known and an unknown username', async () => {
    const policy: AuthPolicy = {
      credentialKey: app.runtime.secrets.credentialKey,
      maxFailures: 1_000,
      maxFailuresPerAddress: 1_000,
      failureWindowSeconds: 900,
      testCardsInProduction: false,
    };
    const attempt = async (username: string, source: string) => {
      const rec = recording(app.runtime.sql);
      const before = await rowCounts();
      await expect(
        authenticate(rec.db, app.runtime.clock, policy, 'sandbox', username, `wrong-${randomKey()}`, source),
      ).rejects.toMatchObject({ status: 401 });
      const after = await rowCounts();
      return { statements: rec.statements, wrote: { audit: after.audit - before.audit, failures: after.failures - before.failures } };
    };
    const known = await attempt(merchant.sandbox.username, '198.51.100.1');
    const unknown = await attempt('NOSUCHUSER123456', '198.51.100.2');
    expect(known.statements.length).toBe(2);
    expect(unknown.statements.map((s) => s.text)).toEqual(known.statements.map((s) => s.text));
    expect(unknown.wrote).toEqual(known.wrote);
    expect(known.wrote).toEqual({ audit: 1, failures: 2 });
    // The unknown name's audit row names neither a merchant nor the name given.
    const [last] = await app.runtime.sql.query<{ merchant_id: string | null; actor: string | null; detail: unknown }>(
      `select merchant_id, actor, detail from gateway.audit_events where action = 'auth.failed' order by id desc limit 1`,
    );
    expect(last).toEqual({ merchant_id: null, actor: null, detail: { listener: 'sandbox' } });
  });
});
