import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../src/billing/webhooks/webhook-signature.ts';

// The package as published: compiled to JavaScript with declarations (`npm run build -w client`,
// run by `npm pack`), importable by plain Node with no type stripping.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
let outDir = '';

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('the built @recur/client', () => {
  it('compiles to JavaScript that plain Node imports and runs', async () => {
    // Under the repository's node_modules, so that the output resolves openapi-fetch as a consumer would.
    await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
    outDir = await mkdtemp(join(ROOT, 'node_modules/.cache/recur-client-build-'));
    await run(process.execPath, [TSC, '-p', join(ROOT, 'client/tsconfig.build.json'), '--outDir', outDir], { cwd: ROOT });
    const built = await files(outDir);
    expect(built.map((f) => f.slice(outDir.length + 1)).sort()).toEqual(
      expect.arrayContaining(['index.js', 'index.d.ts', 'recur-client.js', 'webhooks.js', 'transport.js', 'errors.js']),
    );
    for (const file of built.filter((f) => f.endsWith('.js')))
      expect(await readFile(file, 'utf8')).not.toMatch(/from ['"]\.[^'"]*\.ts['"]/);

    const body = '{"id":"evt_1","type":"invoice.paid"}';
    const header = signPayload('whsec_built', body, new Date());
    const script = `
      const m = await import(${JSON.stringify(join(outDir, 'index.js'))});
      const client = m.createRecurClient({ baseUrl: 'https://127.0.0.1:1/v1.0', username: 'u', apiToken: 't', retry: { retries: 0 } });
      const error = await client.plans.get('x').catch((e) => e);
      console.log(JSON.stringify({
        verified: m.verifyWebhook(${JSON.stringify(body)}, ${JSON.stringify(header)}, 'whsec_built'),
        resources: Object.keys(client).sort(),
        error: error.name,
      }));`;
    const { stdout } = await run(process.execPath, ['--no-experimental-strip-types', '--input-type=module', '-e', script], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual({
      verified: true,
      resources: [
        'api',
        'audit',
        'cards',
        'credentials',
        'creditNotes',
        'dunning',
        'events',
        'hostedLinks',
        'invoices',
        'plans',
        'purchases',
        'subscriptions',
        'webhooks',
      ],
      error: 'RecurNetworkError',
    });
  });
});
