import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createOrm, migrate } from '../src/platform/database.ts';
import { allEntities } from '../src/entities.ts';

/**
 * Once per test run: a database migrated to the latest migration, used as the template every
 * test file clones (graphile-worker's habit). Names carry the run id, so that concurrent runs
 * never share a database; the run drops its own at the end.
 */
const ADMIN_URL = process.env.RECUR_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    adminUrl: string;
    runId: string;
  }
}

function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropRunDatabases(runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`recur_t${runId}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
  const template = `recur_t${runId}_template`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(template)}`);
  await admin.end();
  const orm = await createOrm({ url: urlFor(template), poolMax: 2, entities: allEntities });
  await migrate(orm, urlFor(template));
  await orm.close();
  project.provide('templateDatabase', template);
  project.provide('adminUrl', ADMIN_URL);
  project.provide('runId', runId);
  return () => dropRunDatabases(runId);
}
