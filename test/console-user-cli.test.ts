import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClient, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { NewMerchant } from '../src/gateway/merchants/credentials.service.ts';

// `recur console-user create|list` as an operator runs it: the password on standard input, the
// user printed as JSON, never a password or its hash; the user it made logs in to the console.

vi.setConfig({ testTimeout: 120_000 });

const BIN = resolve(import.meta.dirname, '../bin/recur.js');
let app: TestApp;
let merchant: NewMerchant;

function envOf(app: TestApp): Record<string, string> {
  const c = app.config;
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    DATABASE_URL: c.DATABASE_URL,
    DATA_DIR: c.DATA_DIR,
    VAULT_KEYS: c.VAULT_KEYS!,
    VAULT_FINGERPRINT_KEY: c.VAULT_FINGERPRINT_KEY!,
    CREDENTIAL_HASH_KEY: c.CREDENTIAL_HASH_KEY!,
    ...(c.QUEUE_BACKEND ? { QUEUE_BACKEND: c.QUEUE_BACKEND } : {}),
    REDIS_URL: c.REDIS_URL,
  };
}

function recur(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: envOf(app), timeout: 90_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.newMerchant('CLI Console Shop');
});
afterAll(async () => {
  await app?.close();
});

describe('recur console-user', () => {
  it('create reads the password from stdin (merchant by id), prints the user without password or hash; the user logs in', async () => {
    const password = 'a long enough password';
    const out = await recur(
      ['console-user', 'create', '--merchant', merchant.merchant_id, '--email', 'ops@cli.example', '--role', 'admin', '--password-stdin'],
      `${password}\n`,
    );
    expect(out.code, out.stderr).toBe(0);
    const user = JSON.parse(out.stdout.trim());
    expect(user).toEqual({
      id: expect.any(String),
      merchant_id: merchant.merchant_id,
      email: 'ops@cli.example',
      name: null,
      role: 'admin',
      disabled: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(out.stdout + out.stderr).not.toContain(password);
    expect(out.stdout + out.stderr).not.toContain('scrypt');
    const login = await makeClient(app.agent, app.listeners.urls.production, null).post('/console/sessions', {
      email: 'ops@cli.example',
      password,
    });
    expect(login.status, login.text).toBe(201);
    expect(login.body.response.user).toMatchObject({ id: user.id, role: 'admin', merchant_id: merchant.merchant_id });
  });

  it('create takes the merchant by an API username, and the password from stdin without the flag', async () => {
    const out = await recur(
      [
        'console-user',
        'create',
        '--merchant',
        merchant.sandbox.username,
        '--email',
        'viewer@cli.example',
        '--role',
        'viewer',
        '--name',
        'Vi',
      ],
      'another long password',
    );
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ email: 'viewer@cli.example', role: 'viewer', name: 'Vi' });
  });

  it('list prints the merchant’s users as a JSON array, without hashes', async () => {
    const out = await recur(['console-user', 'list', '--merchant', merchant.production.username]);
    expect(out.code, out.stderr).toBe(0);
    const users = JSON.parse(out.stdout);
    expect(users.map((u: { email: string }) => u.email)).toEqual(['ops@cli.example', 'viewer@cli.example']);
    expect(out.stdout).not.toMatch(/password|scrypt/);
  });

  it('refuses a bad role, a short password, a taken e-mail and an unknown merchant, with a message and no user made', async () => {
    const base = ['console-user', 'create', '--merchant', merchant.merchant_id];
    const [badRole, short, taken, unknown, usage] = await Promise.all([
      recur([...base, '--email', 'x@cli.example', '--role', 'owner'], 'a long enough password'),
      recur([...base, '--email', 'x@cli.example', '--role', 'viewer'], 'short'),
      recur([...base, '--email', 'OPS@cli.example', '--role', 'viewer'], 'a long enough password'),
      recur(['console-user', 'list', '--merchant', 'nobody']),
      recur(['console-user', 'create', '--merchant', merchant.merchant_id]),
    ]);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toMatch(/role must be one of viewer, support, billing, admin/);
    expect(short.stderr).toMatch(/at least 12 characters/);
    expect(taken.stderr).toMatch(/A console user with this e-mail exists/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No merchant has the id or username nobody/);
    expect(usage.code).toBe(2);
    const listed = JSON.parse((await recur(['console-user', 'list', '--merchant', merchant.merchant_id])).stdout);
    expect(listed).toHaveLength(2);
  });
});
