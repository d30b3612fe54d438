import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomKey, startTestApp, type TestApp } from './helpers/test-app.ts';
import { connect } from './helpers/database.ts';
import { waitFor } from './helpers/wait-for.ts';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../bin/recur.js');
let app: TestApp;

function envOf(app: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  const c = app.config;
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    DATABASE_URL: c.DATABASE_URL,
    DATA_DIR: c.DATA_DIR,
    VAULT_KEYS: c.VAULT_KEYS!,
    VAULT_FINGERPRINT_KEY: c.VAULT_FINGERPRINT_KEY!,
    CREDENTIAL_HASH_KEY: c.CREDENTIAL_HASH_KEY!,
    // The run's queue backend (PostgreSQL on a machine without Redis) and Redis.
    ...(c.QUEUE_BACKEND ? { QUEUE_BACKEND: c.QUEUE_BACKEND } : {}),
    REDIS_URL: c.REDIS_URL,
    ...extra,
  };
}

async function recur(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('recur merchant', () => {
  it('create prints one JSON object with working sandbox and production credentials', async () => {
    const out = await recur(['merchant', 'create', '--name', 'CLI Shop'], envOf(app));
    expect(out.code).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const created = JSON.parse(lines[0]!);
    expect(created).toEqual({
      merchant_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sandbox: { username: expect.stringMatching(/^TEST/), api_token: expect.any(String) },
      production: { username: expect.not.stringMatching(/^TEST/), api_token: expect.any(String) },
    });
    expect((await app.client('sandbox', created.sandbox).get('/health')).status).toBe(200);
    expect((await app.client('production', created.production).get('/health')).status).toBe(200);
  });

  it('rotate-token issues a new token and the old one stops working', async () => {
    const created = JSON.parse((await recur(['merchant', 'create', '--name', 'Rotating'], envOf(app))).stdout);
    const out = await recur(['merchant', 'rotate-token', '--username', created.sandbox.username.toLowerCase()], envOf(app));
    expect(out.code).toBe(0);
    const rotated = JSON.parse(out.stdout);
    expect(rotated.api_token).not.toBe(created.sandbox.api_token);
    expect((await app.client('sandbox', created.sandbox).get('/health')).status).toBe(401);
    expect((await app.client('sandbox', { username: created.sandbox.username, api_token: rotated.api_token }).get('/health')).status).toBe(
      200,
    );
    const missing = await recur(['merchant', 'rotate-token', '--username', 'TESTnobody'], envOf(app));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No credential has the username TESTnobody');
  });

  it('update --unmatched-refunds switches production refunds without an original purchase', async () => {
    const created = JSON.parse((await recur(['merchant', 'create', '--name', 'Unmatched'], envOf(app))).stdout);
    const prod = app.client('production', created.production);
    const unmatched = () => prod.post('/refunds', { card_token: 'anytoken', amount: 100, reference: `u-${Date.now()}` });
    expect((await unmatched()).body.errors).toEqual(['Invalid credit card for unmatched refund']);
    const out = await recur(['merchant', 'update', '--username', created.production.username, '--unmatched-refunds', 'true'], envOf(app));
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ merchant_id: created.merchant_id, unmatched_refunds: true });
    expect((await unmatched()).body.errors).not.toContain('Invalid credit card for unmatched refund');
    expect(
      (await recur(['merchant', 'update', '--username', created.sandbox.username, '--unmatched-refunds', 'false'], envOf(app))).code,
    ).toBe(0);
    expect((await unmatched()).body.errors).toEqual(['Invalid credit card for unmatched refund']);
    const bad = await recur(['merchant', 'update', '--username', created.sandbox.username, '--unmatched-refunds', 'maybe'], envOf(app));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--unmatched-refunds true|false');
  }, 120_000);

  it('--unmatched-refunds as a bare flag means true, on create and on update; =false and a following false still mean false', async () => {
    const created = JSON.parse((await recur(['merchant', 'create', '--name', 'Bare Flag', '--unmatched-refunds'], envOf(app))).stdout);
    const prod = app.client('production', created.production);
    const unmatched = () => prod.post('/refunds', { card_token: 'anytoken', amount: 100, reference: `u-${Date.now().toString(36)}` });
    expect((await unmatched()).body.errors).not.toContain('Invalid credit card for unmatched refund');
    const update = (...flag: string[]) => recur(['merchant', 'update', ...flag, '--username', created.sandbox.username], envOf(app));
    // The flag before another option, and last.
    let out = await update('--unmatched-refunds=false');
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ merchant_id: created.merchant_id, unmatched_refunds: false });
    expect((await unmatched()).body.errors).toEqual(['Invalid credit card for unmatched refund']);
    out = await update('--unmatched-refunds');
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ merchant_id: created.merchant_id, unmatched_refunds: true });
    out = await recur(['merchant', 'update', '--username', created.sandbox.username, '--unmatched-refunds'], envOf(app));
    expect(JSON.parse(out.stdout)).toEqual({ merchant_id: created.merchant_id, unmatched_refunds: true });
    out = await update('--unmatched-refunds', 'false');
    expect(JSON.parse(out.stdout)).toEqual({ merchant_id: created.merchant_id, unmatched_refunds: false });
    const plain = JSON.parse((await recur(['merchant', 'create', '--name', 'No Flag'], envOf(app))).stdout);
    const plainProd = app.client('production', plain.production);
    expect(
      (await plainProd.post('/refunds', { card_token: 'anytoken', amount: 100, reference: `u-${Date.now().toString(36)}` })).body.errors,
    ).toEqual(['Invalid credit card for unmatched refund']);
  }, 180_000);
});

describe('recur vault rotate', () => {
  it('re-seals every card under the new active key, and cards stay usable', async () => {
    const merchant = await app.newMerchant('Rekey');
    const api = app.client('sandbox', merchant.sandbox);
    const card = (
      await api.post('/credit_cards', { card_holder: 'A', card_number: '5123456789012346', card_expiry: '05/2030', cvv: '123' })
    ).body.response;
    const k2 = randomKey();
    const env = envOf(app, { VAULT_KEYS: `${app.config.VAULT_KEYS},k2:${k2}`, VAULT_ACTIVE_KEY_ID: 'k2' });
    const out = await recur(['vault', 'rotate'], env);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ resealed: expect.any(Number), active_key_id: 'k2' });
    expect(JSON.parse(out.stdout).resealed).toBeGreaterThanOrEqual(1);
    const db = await connect(app.config.DATABASE_URL);
    const keys = await db.query('select distinct pan_key_id from gateway.cards');
    await db.end();
    expect(keys.rows).toEqual([{ pan_key_id: 'k2' }]);
    expect(JSON.parse((await recur(['vault', 'rotate'], env)).stdout).resealed).toBe(0);
    // The running app does not hold k2, but sandbox purchases never open the vault.
    const paid = await api.post('/purchases', { amount: 100, currency: 'AUD', reference: 'after-rekey', card_token: card.token });
    expect(paid.body.response.successful).toBe(true);
  });
});

describe('recur configuration and start-up', () => {
  it('migrate creates a missing database and applies the migrations', async () => {
    const url = new URL(app.config.DATABASE_URL);
    url.pathname = `/recur_t${inject('runId')}_fresh_${randomBytes(3).toString('hex')}`;
    const out = await recur(['migrate'], envOf(app, { DATABASE_URL: url.toString() }));
    expect(out.code).toBe(0);
    const db = await connect(url.toString());
    const { rows } = await db.query('select count(*)::int as n from mikro_orm_migrations');
    await db.end();
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('names a bad setting and exits 78', async () => {
    const out = await recur(['migrate'], envOf(app, { SANDBOX_PORT: 'eighty' }));
    expect(out.code).toBe(78);
    expect(out.stderr).toContain('SANDBOX_PORT');
  });

  it('refuses generated secrets in production', async () => {
    // A real ops password, so that the secrets are what is refused.
    const env = envOf(app, {
      NODE_ENV: 'production',
      OPS_PASSWORD: 'a-real-ops-password-of-some-length',
      OPS_ADMIN_PASSWORD: 'a-real-admin-password-of-some-length',
    });
    delete (env as Partial<typeof env>).VAULT_KEYS;
    delete (env as Partial<typeof env>).VAULT_FINGERPRINT_KEY;
    delete (env as Partial<typeof env>).CREDENTIAL_HASH_KEY;
    const out = await recur(['migrate'], env);
    expect(out.code).toBe(78);
    expect(out.stderr).toContain('dev secrets are refused');
  });

  it('refuses an unknown queue for a worker', async () => {
    const out = await recur(['worker', '--queues', 'charge,bogus'], envOf(app));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('unknown queue(s): bogus');
  });

  it('start runs every role and exits 0 on SIGTERM after closing its connections', async () => {
    const child = spawn(process.execPath, [BIN, 'start'], {
      env: envOf(app, { SANDBOX_PORT: '0', PRODUCTION_PORT: '0', REDIS_PREFIX: `recur-cli-${randomBytes(4).toString('hex')}` }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitFor(() => /Recur sandbox API:\s+https:\/\/127\.0\.0\.1:\d+\/v1\.0/.test(err), {
      message: () => `recur start to report its listeners (stderr: ${err})`,
      timeout: 30_000,
      interval: 50,
    });
    expect(err).toMatch(/Recur production API:\s+https:\/\/127\.0\.0\.1:\d+\/v1\.0/);
    // The banner says which database (an external one here, no password), and names the command
    // that shows the ops passwords, never a password.
    const { hostname, port, pathname } = new URL(app.config.DATABASE_URL);
    expect(err).toContain(`Recur database:       PostgreSQL ${hostname}:${port || 5432}${pathname}\n`);
    expect(err).toMatch(/Recur ops:\s+https:\/\/\S+\/ops\/queues and \/metrics \(user ops; passwords: npx recur secrets show\)/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(err).toMatch(/Recur stopped\n$/);
    for (const secret of [app.runtime.secrets.opsPassword, app.runtime.secrets.opsAdminPassword]) {
      expect(err).not.toContain(secret);
      expect(out).not.toContain(secret);
    }
  });

  it('secrets show prints the ops credentials, from DATA_DIR/secrets.json or the environment, with no database', async () => {
    // Development: the passwords generated into DATA_DIR/secrets.json.
    const dataDir = await mkdtemp(join(tmpdir(), 'recur-secrets-'));
    const file = join(dataDir, 'secrets.json');
    await writeFile(file, JSON.stringify({ ops_password: 'ops-from-the-file', ops_admin_password: 'admin-from-the-file' }));
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    };
    const shown = await recur(['secrets', 'show'], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toBe(
      `ops:        user ops  password ops-from-the-file  (from ${file})\n` +
        `ops admin:  user admin  password admin-from-the-file  (from ${file})\n`,
    );
    // Set in the environment: shown as such. Unset beside vault secrets from the environment: nobody's.
    const fromEnv = await recur(['secrets', 'show'], { ...envOf(app), OPS_PASSWORD: 'an-ops-password-from-env' });
    expect(fromEnv.stdout).toBe(
      'ops:        user ops  password an-ops-password-from-env  (from OPS_PASSWORD)\n' +
        'ops admin:  user admin  no password: OPS_ADMIN_PASSWORD is unset, so each process makes up one nobody knows; set OPS_ADMIN_PASSWORD\n',
    );
    const bad = await recur(['secrets', 'print'], envOf(app));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown secrets command: print');
  });

  it('explains its usage', async () => {
    const out = await recur(['frobnicate'], envOf(app));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('unknown command: frobnicate');
    expect(out.stderr).toContain('Usage: recur');
  });
});
