import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of DESIGN.md, as a test: the gateway is a product of its own and imports
 * only the platform; billing never reaches into the gateway; nothing in src/ imports workers/;
 * no import cycles; named exports only.
 */
const ROOT = resolve(import.meta.dirname, '..');

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(path)));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

async function importGraph(): Promise<Map<string, string[]>> {
  const files = [...(await sourceFiles('src')), ...(await sourceFiles('workers')), ...(await sourceFiles('config'))];
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(join(ROOT, file), 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      targets.push(relative(ROOT, resolve(ROOT, dirname(file), spec)));
    }
    graph.set(file, targets);
  }
  return graph;
}

function violations(graph: Map<string, string[]>, from: (f: string) => boolean, allowed: (t: string) => boolean): string[] {
  const bad: string[] = [];
  for (const [file, targets] of graph) {
    if (!from(file)) continue;
    for (const target of targets) if (!allowed(target)) bad.push(`${file} -> ${target}`);
  }
  return bad;
}

describe('architecture', () => {
  it('the gateway imports only itself and the platform', async () => {
    const graph = await importGraph();
    expect(
      violations(
        graph,
        (f) => f.startsWith('src/gateway/'),
        (t) => t.startsWith('src/gateway/') || t.startsWith('src/platform/'),
      ),
    ).toEqual([]);
  });

  it('the gateway client imports only itself and the platform', async () => {
    const graph = await importGraph();
    expect(
      violations(
        graph,
        (f) => f.startsWith('src/gateway-client/'),
        (t) => t.startsWith('src/gateway-client/') || t.startsWith('src/platform/'),
      ),
    ).toEqual([]);
  });

  it('the platform imports nothing of the product modules', async () => {
    const graph = await importGraph();
    expect(
      violations(
        graph,
        (f) => f.startsWith('src/platform/'),
        (t) => t.startsWith('src/platform/') || t.startsWith('config/'),
      ),
    ).toEqual([]);
  });

  it('billing never imports gateway internals', async () => {
    const graph = await importGraph();
    expect(
      violations(
        graph,
        (f) => f.startsWith('src/billing/'),
        (t) => !t.startsWith('src/gateway/'),
      ),
    ).toEqual([]);
  });

  it('nothing in src/ imports workers/ except the composition root and the CLI', async () => {
    const graph = await importGraph();
    expect(
      violations(
        graph,
        (f) => f.startsWith('src/') && !f.startsWith('src/composition/') && !f.startsWith('src/cli/'),
        (t) => !t.startsWith('workers/'),
      ),
    ).toEqual([]);
  });

  it('has no import cycles', async () => {
    const graph = await importGraph();
    const state = new Map<string, 'visiting' | 'done'>();
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' -> '));
        return;
      }
      state.set(node, 'visiting');
      for (const next of graph.get(node) ?? []) if (graph.has(next)) visit(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('uses named exports only', async () => {
    const files = [...(await sourceFiles('src')), ...(await sourceFiles('workers')), ...(await sourceFiles('config'))];
    const offenders: string[] = [];
    for (const file of files) if (/^export default /m.test(await readFile(join(ROOT, file), 'utf8'))) offenders.push(file);
    expect(offenders).toEqual([]);
  });

  it('reads process.env only in the composition entry points', async () => {
    const files = [...(await sourceFiles('src')), ...(await sourceFiles('workers')), ...(await sourceFiles('config'))];
    const offenders: string[] = [];
    for (const file of files) {
      if (file.startsWith('src/cli/')) continue;
      if (/process\.env/.test(await readFile(join(ROOT, file), 'utf8'))) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
