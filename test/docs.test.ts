import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The documents a newcomer reads: every file they link to exists, and every #anchor names a
// heading of the page it points at (GitHub's slugs), so a moved file or a renamed section shows here.

const ROOT = resolve(import.meta.dirname, '..');
const DOCUMENTS = [
  'README.md',
  'client/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));
}

/** Markdown links `[text](target)` outside code blocks, with their targets. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('documentation links', () => {
  it.each(DOCUMENTS)('every file and section %s links to exists', (document) => {
    const file = join(ROOT, document);
    const broken: string[] = [];
    let local = 0;
    for (const target of linksOf(file)) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      local++;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const linked = path ? resolve(dirname(file), path) : file;
      if (!existsSync(linked)) {
        broken.push(`${target}: no ${relative(ROOT, linked)}`);
        continue;
      }
      if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) broken.push(`${target}: no section #${anchor}`);
    }
    expect(broken).toEqual([]);
    if (document === 'README.md') expect(local).toBeGreaterThan(10);
  });

  it('README.md names no document the project lacks', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const name of readme.matchAll(/\b([A-Z][A-Za-z-]*\.md)\b/g)) {
      const candidates = [name[1]!, `docs/${name[1]!}`, `client/${name[1]!}`];
      expect(
        candidates.some((c) => existsSync(join(ROOT, c))),
        `${name[1]} is named in README.md`,
      ).toBe(true);
    }
  });
});

describe('npx recur on a system Node older than 22', () => {
  it('draws no EBADENGINE warning: the project names no engine, the node devDependency gives Node 22, bin/recur.js checks', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    // npm checks the project's engines against the Node that runs npm itself (often the system's).
    expect(pkg.engines).toBeUndefined();
    expect(pkg.devDependencies.node).toMatch(/^22\./);
    expect(readFileSync(join(ROOT, 'bin/recur.js'), 'utf8')).toContain('recur needs Node.js 22.18 or later');
  });
});

describe("the walk-through's merchant credentials", () => {
  it('land under .recur/, which git ignores, never in the repository folder', () => {
    const readme = DOCUMENTS.map((d) => readFileSync(join(ROOT, d), 'utf8')).join('\n');
    const creates = [...readme.matchAll(/recur merchant create[^\n]*/g)].map((m) => m[0]);
    const redirected = creates.filter((line) => line.includes(' > '));
    expect(redirected.length).toBeGreaterThan(0);
    for (const line of redirected) expect(line).toMatch(/> \.recur\/merchant\.json\)?$/);
    expect(readme).not.toMatch(/require\("\.\/merchant\.json"\)|> merchant\.json/);
    // git check-ignore exits 0 for an ignored path (and 1 for one it would track).
    for (const path of ['.recur/merchant.json', 'merchant.json'])
      expect(() => execFileSync('git', ['check-ignore', '-q', path], { cwd: ROOT }), path).not.toThrow();
  });
});
