/**
 * The PostgreSQL queue backend's sessions (src/queues/queue-backend.ts): a session left idle inside
 * a transaction, as a process frozen while BullMQ migrates its schema leaves it, is ended by
 * PostgreSQL and its locks released, so no other process's queues wait on it for long.
 */
import pg from 'pg';
import { createPostgresBackend, withBackend } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/database.ts';
import { POSTGRES_QUEUE_SCHEMA, postgresQueuePoolConfig } from '../../src/queues/queue-backend.ts';

let databaseUrl: string;
const clients: pg.Client[] = [];

async function session(config: { connectionString: string; options?: string }): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: config.connectionString, options: config.options });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});
afterAll(async () => {
  for (const client of clients) await client.end().catch(() => undefined);
});

describe('PostgreSQL queue sessions', () => {
  it('carry a 15 s idle-in-transaction timeout', async () => {
    const client = await session(postgresQueuePoolConfig(databaseUrl));
    expect((await client.query('show idle_in_transaction_session_timeout')).rows[0]).toEqual({
      idle_in_transaction_session_timeout: '15s',
    });
  });

  it('a session frozen inside a transaction holding a lock is ended, and the lock freed for others', async () => {
    const frozen = await session(postgresQueuePoolConfig(databaseUrl, 300));
    // The first error says why the server ended the session; the socket's close follows it.
    const ended = new Promise<Error>((resolve) => frozen.on('error', resolve));
    await frozen.query('begin');
    await frozen.query('select pg_advisory_xact_lock(4242, 1)');
    // The frozen session sends nothing more; another process wants the same lock.
    const other = await session({ connectionString: databaseUrl });
    expect((await other.query('select pg_try_advisory_xact_lock(4242, 1) as got')).rows[0].got).toBe(false);
    const error = await ended;
    expect(error.message).toMatch(/idle-in-transaction timeout/);
    expect((await other.query('select pg_try_advisory_xact_lock(4242, 1) as got')).rows[0].got).toBe(true);
  });

  it('BullMQ opens, migrates and uses a queue with these settings (its search_path kept beside them)', async () => {
    const { Queue } = withBackend(createPostgresBackend);
    const queue = new Queue('settings-check', { connection: postgresQueuePoolConfig(databaseUrl) });
    try {
      await queue.waitUntilReady();
      await queue.add('job', { n: 1 }, { jobId: 'one' });
      expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
      const check = await session({ connectionString: databaseUrl });
      const rows = await check.query(`select count(*)::int as n from ${POSTGRES_QUEUE_SCHEMA}.job where id = 'one'`);
      expect(rows.rows[0].n).toBe(1);
    } finally {
      await queue.close();
    }
  });
});
