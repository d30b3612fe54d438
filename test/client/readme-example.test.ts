import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from '../helpers/wait-for.ts';

// What a newcomer gets from `npm ci`: the client's install step (its `prepare` script, which npm
// runs for a workspace) builds `client/dist`, so `import '@recur/client'` works at once; and the
// worked example of client/README.md, taken from the README as written, type-checks and runs
// against a real Recur.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
let app: TestApp | undefined;
let dir = '';

/** The first ```ts block after "## Worked example" in client/README.md. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(ROOT, 'client/README.md'), 'utf8');
  const block = /^## Worked example\n[\s\S]*?^```ts\n([\s\S]*?)^```$/m.exec(readme);
  if (!block) throw new Error('client/README.md has no "## Worked example" with a ts block');
  return block[1]!;
}

beforeAll(async () => {
  const pkg = JSON.parse(await readFile(join(ROOT, 'client/package.json'), 'utf8'));
  // It builds where the sources are (a clone), and is a no-op where only the manifest is (the Dockerfile's `npm ci --omit=dev`).
  expect(pkg.scripts.prepare).toBe('if [ -d src ]; then npm run build; fi');
  // The install step, as `npm ci` runs it: the client's own `prepare` script, through npm.
  await run('npm', ['run', 'prepare', '--silent', '-w', 'client'], { cwd: ROOT });
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  dir = await mkdtemp(join(ROOT, 'test-results/readme-example-'));
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('@recur/client right after npm ci', () => {
  it('is importable by plain Node as @recur/client (no type stripping, no extra build command)', async () => {
    const script = `const m = await import('@recur/client'); console.log(JSON.stringify(Object.keys(m).sort()));`;
    const { stdout } = await run(process.execPath, ['--no-experimental-strip-types', '--input-type=module', '-e', script], {
      cwd: ROOT,
    });
    expect(JSON.parse(stdout)).toEqual(expect.arrayContaining(['createRecurClient', 'RecurApiError', 'verifyWebhook']));
  });

  it("type-checks the README's worked example as written and runs it against a real Recur", async () => {
    await writeFile(join(dir, 'example.ts'), await readmeExample());
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include: ['example.ts'], exclude: [], compilerOptions: { noEmit: true } }),
    );
    const typecheck = await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: ROOT }).catch(
      (err: { stdout: string }) => err,
    );
    expect(typecheck.stdout).toBe('');

    app = await startTestApp({ billing: true });
    const merchant = (await app.newMerchant('README Example Shop')).sandbox;
    const child = spawn(process.execPath, [join(dir, 'example.ts')], {
      cwd: dir,
      env: {
        ...process.env,
        RECUR_URL: app.listeners.urls.sandbox!,
        RECUR_CA: app.tls.cert,
        RECUR_USERNAME: merchant.username,
        RECUR_API_TOKEN: merchant.api_token,
        PORT: '0',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // The example ends by registering a webhook endpoint and listening for deliveries: it has run
    // through once the 422 line is out and the endpoint exists.
    const api = app.client('sandbox', merchant);
    const done = async () => /^422 \[/m.test(stdout) && ((await api.get('/webhooks')).body.response?.length ?? 0) > 0;
    try {
      await waitFor(async () => child.exitCode !== null || (await done()), {
        message: () => `the example to run through (stdout: ${stdout})`,
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      child.kill();
    }
    await exited;
    expect(stderr).toBe('');
    // The validation error's envelope, as the example prints it.
    expect(stdout).toMatch(/^422 \[\n\s+'name: /m);
    // What it made: the plan of 2900 (AUD 29.00) a month, and the card's subscription to it.
    const plans = (await api.get('/plans')).body.response as { id: string; amount: number; currency: string }[];
    expect(plans).toEqual([expect.objectContaining({ name: 'Pro', amount: 2900, currency: 'AUD' })]);
    const subscriptions = (await api.get('/subscriptions')).body.response as Record<string, unknown>[];
    expect(subscriptions).toEqual([expect.objectContaining({ plan_id: plans[0]!.id, customer_reference: 'cust-42' })]);
    expect((await api.get('/webhooks')).body.response).toEqual([expect.objectContaining({ url: 'https://shop.example/recur' })]);
  }, 90_000);
});
