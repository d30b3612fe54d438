import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh database for one test file, cloned from the run's migrated template. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `recur_t${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(inject('templateDatabase'))}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A plain pg client on a test database, for assertions that read tables directly. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
