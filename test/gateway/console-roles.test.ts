import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_ROLES, roleNeeded } from '../../src/api/console-roles.ts';
import { CONSOLE_ROLES, roleCovers } from '../../src/gateway/console/console-role.ts';

// The role table (src/api/console-roles.ts) names every route that changes something, so that
// no route's role is left to the admin-only default by accident; and names no route that is gone.

const ROOT = resolve(import.meta.dirname, '../..');
const ROUTE_FILES = [
  'src/gateway/api/gateway-api.ts',
  ...readdirSync(resolve(ROOT, 'src/api'))
    .filter((f) => f.endsWith('-api.ts'))
    .map((f) => `src/api/${f}`),
];

function registeredRoutes(): string[] {
  const routes: string[] = [];
  for (const file of ROUTE_FILES) {
    const source = readFileSync(resolve(ROOT, file), 'utf8');
    for (const match of source.matchAll(/\bapp\.(get|post|put|patch|delete)\(\s*'([^']+)'/g))
      routes.push(`${match[1]!.toUpperCase()} ${match[2]}`);
  }
  return routes;
}

describe('the console role table', () => {
  const routes = registeredRoutes();

  it('reads the route files (a change of how routes are written shows here)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContain('POST /invoices/:id/refund');
  });

  it('gives every mutating route an explicit role', () => {
    const mutating = routes.filter((r) => !r.startsWith('GET '));
    expect(mutating.filter((r) => !(r in ROUTE_ROLES))).toEqual([]);
  });

  it('names only routes that exist', () => {
    expect(Object.keys(ROUTE_ROLES).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('fails closed: an unlisted change needs admin, an unlisted read viewer', () => {
    expect(roleNeeded('POST', '/something_new')).toBe('admin');
    expect(roleNeeded('DELETE', '/plans/:id')).toBe('admin');
    expect(roleNeeded('GET', '/plans')).toBe('viewer');
    expect(roleNeeded('HEAD', '/console/users')).toBe('admin');
  });

  it('orders the roles: each covers the ones before it and none after', () => {
    for (const [i, role] of CONSOLE_ROLES.entries())
      for (const [j, other] of CONSOLE_ROLES.entries()) expect(roleCovers(role, other)).toBe(i >= j);
  });

  it('matches the issue: support retries and sends links, billing refunds and edits plans, admin manages users', () => {
    expect(roleNeeded('POST', '/invoices/:id/retry')).toBe('support');
    expect(roleNeeded('POST', '/hosted_links')).toBe('support');
    expect(roleNeeded('POST', '/invoices/:id/refund')).toBe('billing');
    expect(roleNeeded('POST', '/plans')).toBe('billing');
    expect(roleNeeded('POST', '/console/users')).toBe('admin');
    expect(roleNeeded('GET', '/audit')).toBe('billing');
  });
});
