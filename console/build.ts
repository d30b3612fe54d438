/**
 * Builds the console into console/dist (Vite). `npm ci` runs it (the root `prepare` script);
 * `npm start` runs it with `--if-stale`, which builds only when dist is missing or older than a
 * source file of the console or of the typed client it bundles.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '..');
const builtIndex = join(here, 'dist', 'index.html');
const SOURCES = [join(here, 'src'), join(here, 'index.html'), join(here, 'vite.config.ts'), join(root, 'client', 'src')];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

export function consoleIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newest(source) > built);
}

if (process.argv.includes('--if-stale') && !consoleIsStale()) process.exit(0);

const { build } = await import('vite');
const started = Date.now();
await build({ configFile: join(here, 'vite.config.ts'), logLevel: 'warn' });
process.stdout.write(`Console built into console/dist in ${Date.now() - started} ms\n`);
