import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of DESIGN.md, as a test: the gateway is a product of its own and imports
 * only the platform; billing never reaches into the gateway; code outside billing uses billing's
 * entry points only; the top-level parts stand on floors and import only downwards; inside every
 * folder, its subfolders import each other without a cycle (so a part's rooms stand on floors too);
 * nothing in src/ imports workers/; no import cycles; named exports only; domain code reads time
 * from the injected clock.
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

/** Billing's entry points (DESIGN.md): the only billing files code outside `src/billing` may import. */
const BILLING_ENTRY_POINTS = [
  'src/billing/billing-core.ts', // the use cases the API calls, and their schemas
  'src/billing/billing-jobs.ts', // what the scheduler, the reconciler, the queues and the workers run
  'src/billing/ports/gateway-port.ts', // the port the gateway adapters implement
  'src/billing/entities.ts', // the tables, for the ORM's set-up
];

/**
 * The top-level parts, lowest floor first: a part imports itself and parts on lower floors only;
 * two parts on one floor never import each other. A new part gets a floor here.
 */
const FLOORS: string[][] = [
  ['config'],
  ['src/platform'],
  ['src/gateway', 'src/gateway-client', 'src/billing', 'src/migrations'],
  ['src/entities.ts', 'src/queues'],
  ['src/scheduler', 'src/api', 'src/hosted', 'src/notifications', 'workers'],
  // Ops watches the parts below it (the metrics name the reconciler's sweeps); nothing below reports to it by import.
  ['src/ops'],
  ['src/composition'],
  ['src/cli'],
];

function partOf(file: string): string {
  const [top, second] = file.split('/');
  return top === 'src' ? `src/${second}` : top!;
}

/** Folder-level edges among the children of `dir`: child → child, with one file-level import as its example. */
function childEdges(graph: Map<string, string[]>, dir: string): Map<string, Map<string, string>> {
  const childOf = (file: string) => (file.startsWith(`${dir}/`) ? file.slice(dir.length + 1).split('/')[0]! : null);
  const edges = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = childOf(file);
    if (from === null) continue;
    for (const target of targets) {
      const to = childOf(target);
      if (to === null || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${file} -> ${target}`);
    }
  }
  return edges;
}

/**
 * The cycles among a folder's children (its strongly connected components with more than one
 * child, Tarjan's algorithm), each written with the imports that close it.
 */
function folderCycles(graph: Map<string, string[]>, dir: string): string[] {
  const edges = childEdges(graph, dir);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => {
    const inside = component.flatMap((from) =>
      [...(edges.get(from) ?? [])].filter(([to]) => component.includes(to)).map(([, example]) => example),
    );
    return `${dir}: ${component.join(' <-> ')} (${inside.join('; ')})`;
  });
}

function folders(files: string[]): string[] {
  const dirs = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs].sort();
}

/** `Date.now()`, `new Date()` and `Date()` with no argument: the wall clock. */
const WALL_CLOCK = /\bDate\.now\s*\(\s*\)|\bDate\s*\(\s*\)/;
/** The one way to say that a line reads real time on purpose, and why. */
const WALL_CLOCK_REASON = /\/\/\s*wall-clock:\s*\S/;

/** Lines of domain code that read the wall clock without saying why (on the line, or on a comment line just above it). */
function wallClockReads(file: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code) || !WALL_CLOCK.test(code)) return;
    const above = lines[i - 1] ?? '';
    const saysWhy = WALL_CLOCK_REASON.test(line) || (/^\s*\/\//.test(above) && WALL_CLOCK_REASON.test(above));
    if (!saysWhy) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
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

  it("code outside billing imports only billing's entry points", async () => {
    const graph = await importGraph();
    expect(
      violations(
        graph,
        (f) => !f.startsWith('src/billing/'),
        (t) => !t.startsWith('src/billing/') || BILLING_ENTRY_POINTS.includes(t),
      ),
    ).toEqual([]);
  });

  it('the top-level parts import only parts on lower floors', async () => {
    const graph = await importGraph();
    const floor = new Map(FLOORS.flatMap((parts, i) => parts.map((part) => [part, i] as const)));
    expect([...graph.keys()].map(partOf).filter((part) => !floor.has(part))).toEqual([]);
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((t) => graph.has(t) && partOf(t) !== partOf(file) && floor.get(partOf(t))! >= floor.get(partOf(file))!)
        .map((t) => `${file} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it.each(['src/billing', 'src/gateway'])('the rooms of %s stand on floors: no room imports one that imports it back', async (part) => {
    expect(folderCycles(await importGraph(), part)).toEqual([]);
  });

  it('no folder has an import cycle among its subfolders and files', async () => {
    const graph = await importGraph();
    expect(folders([...graph.keys()]).flatMap((dir) => folderCycles(graph, dir))).toEqual([]);
  });

  it('domain code reads time from the injected clock, or says why it reads the wall clock', async () => {
    const files = [...(await sourceFiles('src/billing')), ...(await sourceFiles('src/scheduler')), ...(await sourceFiles('workers'))];
    const found: string[] = [];
    for (const file of files) found.push(...wallClockReads(file, await readFile(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the wall-clock check finds a planted read and takes a reason', () => {
    expect(wallClockReads('x.ts', 'const a = Date.now();\nconst b = new Date();\nconst c = new Date ( );')).toHaveLength(3);
    expect(wallClockReads('x.ts', 'const d = new Date(row.at);\n// a comment on Date.now()\n * new Date() in a doc comment')).toEqual([]);
    expect(wallClockReads('x.ts', 'const a = Date.now(); // wall-clock: a lease is real time')).toEqual([]);
    expect(wallClockReads('x.ts', '// wall-clock: a lease is real time\nconst a = Date.now();')).toEqual([]);
    expect(wallClockReads('x.ts', 'const a = Date.now(); // wall-clock:')).toHaveLength(1);
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
