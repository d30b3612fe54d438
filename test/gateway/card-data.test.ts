import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { findCardNumbers } from '../../src/platform/pan-scrub.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { VaultCrypto, panAad } from '../../src/gateway/vault/vault-crypto.ts';
import { ALWAYS_APPROVED, ALWAYS_DECLINED, DYNAMIC } from '../../src/gateway/sandbox/test-cards.ts';

/** RELIABILITY.md I6: no card number, CVV or secret in logs, responses, or plain database columns. */
let app: TestApp;
const CVV = '9473';
/**
 * The CVV as a value of its own: four digits that random ids, RRNs and authorisation codes also
 * hold by chance (a flaky test) are not a leak; "9473" standing alone, quoted or not, is.
 */
const CVV_VALUE = new RegExp(`(^|[^0-9A-Za-z])${CVV}($|[^0-9A-Za-z])`);
const allCards = [...ALWAYS_APPROVED, ...ALWAYS_DECLINED, ...DYNAMIC];
const responses: string[] = [];
let merchant: Awaited<ReturnType<TestApp['newMerchant']>>;

beforeAll(async () => {
  app = await startTestApp({ env: { LOG_LEVEL: 'trace' } });
  merchant = await app.newMerchant('Vault Shop');
  const api = app.client('sandbox', merchant.sandbox);
  let n = 0;
  for (const number of allCards) {
    const holder = { card_holder: 'Jane Doe', card_number: number, card_expiry: '05/2030', cvv: CVV };
    const tokenized = await api.post('/credit_cards', { ...holder, alias: `alias-${n}` });
    const raw = await api.post('/purchases', { amount: 1051, currency: 'AUD', reference: `raw-${n}`, ...holder });
    const byToken = await api.post('/purchases', {
      amount: 1000,
      currency: 'AUD',
      reference: `tok-${n++}`,
      card_token: tokenized.body.response.token,
    });
    // Rejections echo what was sent: they must not echo the number.
    const rejected = await api.post('/purchases', { amount: -1, currency: 'AUD', reference: `bad-${n}`, ...holder });
    const badCard = await api.post('/credit_cards', { ...holder, card_expiry: '13/2030' });
    responses.push(tokenized.text, raw.text, byToken.text, rejected.text, badCard.text);
  }
  responses.push((await api.get('/purchases?limit=50')).text, (await api.get('/credit_cards?limit=50')).text);
});
afterAll(async () => {
  await app?.close();
});

async function tableDump(): Promise<string> {
  const db = await connect(app.config.DATABASE_URL);
  try {
    const tables = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'gateway'`,
    );
    let dump = '';
    for (const { table_name } of tables.rows) {
      // The sealed PAN is ciphertext: random bytes, excluded from the text scan (checked apart below).
      const rows = await db.query(`select (to_jsonb(t) - 'pan_sealed')::text as row from gateway.${table_name} t`);
      dump += rows.rows.map((r) => r.row).join('\n');
    }
    return dump;
  } finally {
    await db.end();
  }
}

describe('card data at rest and in transit', () => {
  it('keeps no card number, CVV or API token in any database column', async () => {
    const dump = await tableDump();
    expect(dump.length).toBeGreaterThan(1000);
    for (const number of allCards) expect(dump).not.toContain(number);
    expect(findCardNumbers(dump)).toEqual([]);
    expect(dump).not.toMatch(CVV_VALUE);
    expect(dump).not.toContain(merchant.sandbox.api_token);
    expect(dump).not.toContain(merchant.production.api_token);
  });

  it('stores the PAN sealed under the active key, openable only with its merchant, environment and token', async () => {
    const db = await connect(app.config.DATABASE_URL);
    const { rows } = await db.query('select merchant_id, environment, token, pan_key_id, pan_sealed from gateway.cards limit 3');
    await db.end();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.pan_key_id).toBe('k1');
      expect(row.pan_sealed.toString('latin1')).not.toMatch(/\d{12}/);
      const pan = app.runtime.vault.open(
        { keyId: row.pan_key_id, sealed: row.pan_sealed },
        panAad(row.merchant_id, row.environment, row.token),
      );
      expect(allCards).toContain(pan);
      expect(() =>
        app.runtime.vault.open({ keyId: row.pan_key_id, sealed: row.pan_sealed }, panAad(row.merchant_id, 'production', row.token)),
      ).toThrow();
      expect(() =>
        app.runtime.vault.open(
          { keyId: row.pan_key_id, sealed: row.pan_sealed },
          panAad(rows[0] === row ? rows[1].merchant_id : rows[0].merchant_id, row.environment, 'x'.repeat(20)),
        ),
      ).toThrow();
    }
  });

  it('never shows a full card number in a response', () => {
    for (const text of responses) expect(findCardNumbers(text)).toEqual([]);
    expect(responses.join('\n')).not.toMatch(CVV_VALUE);
  });

  it('never writes a card number, CVV or token to the logs, even at trace level', () => {
    const logs = app.logs.join('\n');
    expect(findCardNumbers(logs)).toEqual([]);
    expect(logs).not.toContain(merchant.sandbox.api_token);
  });
});

describe('the logger', () => {
  it('redacts card fields and headers by path and scrubs card numbers from messages and errors', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }) });
    logger.info({ card_number: '4111111111111111', cvv: '123', req: { headers: { authorization: 'Basic c2VjcmV0' } } }, 'tokenizing');
    logger.info('charging card 4111 1111 1111 1111 now');
    logger.error({ err: new Error('bad card 5123456789012346') }, 'failed');
    const text = lines.join('\n');
    expect(findCardNumbers(text)).toEqual([]);
    expect(text).not.toContain('c2VjcmV0');
    expect(text).toContain('[redacted]');
    expect(text).toContain('411111XXXXXX1111');
  });
});

describe('vault crypto', () => {
  it('uses a fresh IV per record and names its key; rotation re-seals under the new key', () => {
    const k1 = randomBytes(32);
    const k2 = randomBytes(32);
    const old = new VaultCrypto({ vaultKeys: new Map([['k1', k1]]), activeVaultKeyId: 'k1', fingerprintKey: randomBytes(32) });
    const aad = panAad('m', 'sandbox', 't');
    const a = old.seal('4111111111111111', aad);
    const b = old.seal('4111111111111111', aad);
    expect(a.sealed.equals(b.sealed)).toBe(false);
    const rotated = new VaultCrypto({
      vaultKeys: new Map([
        ['k1', k1],
        ['k2', k2],
      ]),
      activeVaultKeyId: 'k2',
      fingerprintKey: randomBytes(32),
    });
    const resealed = rotated.seal(rotated.open(a, aad), aad);
    expect(resealed.keyId).toBe('k2');
    expect(rotated.open(resealed, aad)).toBe('4111111111111111');
    expect(() => old.open(resealed, aad)).toThrow(/Vault key k2 is not configured/);
  });

  it('fingerprints with a key: the same card differs across keys and merchants', () => {
    const v1 = new VaultCrypto({ vaultKeys: new Map([['k', randomBytes(32)]]), activeVaultKeyId: 'k', fingerprintKey: randomBytes(32) });
    const v2 = new VaultCrypto({ vaultKeys: new Map([['k', randomBytes(32)]]), activeVaultKeyId: 'k', fingerprintKey: randomBytes(32) });
    expect(v1.fingerprint('m1', 'sandbox', '4111111111111111')).toBe(v1.fingerprint('m1', 'sandbox', '4111111111111111'));
    expect(v1.fingerprint('m1', 'sandbox', '4111111111111111')).not.toBe(v2.fingerprint('m1', 'sandbox', '4111111111111111'));
    expect(v1.fingerprint('m1', 'sandbox', '4111111111111111')).not.toBe(v1.fingerprint('m2', 'sandbox', '4111111111111111'));
  });
});
