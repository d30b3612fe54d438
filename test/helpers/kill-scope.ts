import type pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import type { TestApp } from './test-app.ts';
import { killAllChildren, type RecurChild } from './recur-child.ts';

/**
 * What a kill test file starts, ended after each test even when it fails: its Recur children
 * (SIGKILLed, with their output printed when the test failed), its database clients and its apps.
 * `report` collects a line per run, printed once the file is done. Call once, at the top of the file.
 */
export function killScope(title: string): { apps: TestApp[]; dbs: pg.Client[]; children: RecurChild[]; report: string[] } {
  const scope = { apps: [] as TestApp[], dbs: [] as pg.Client[], children: [] as RecurChild[], report: [] as string[] };
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') for (const c of scope.children) console.error(c.output());
    await killAllChildren();
    scope.children.length = 0;
    for (const db of scope.dbs.splice(0)) await db.end().catch(() => undefined);
    for (const app of scope.apps.splice(0)) await app.close().catch(() => undefined);
  });
  afterAll(async () => {
    await killAllChildren();
    console.log(`\n${title}\n  ${scope.report.join('\n  ')}\n`);
  });
  return scope;
}
