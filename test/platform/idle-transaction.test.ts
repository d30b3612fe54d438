/**
 * A Recur process frozen inside a transaction (SIGSTOP, a paused VM, a network that drops
 * silently) holds its row locks only until PostgreSQL ends its session: every connection of
 * Recur's pool carries `idle_in_transaction_session_timeout` (DATABASE_IDLE_IN_TRANSACTION_MS).
 * Through the runtime's own pool, against real PostgreSQL: a transaction that locks a plan and then
 * stops sending holds the lock (another session's `for update nowait` is refused), loses it once
 * the timeout passes (the other session takes it), fails on its next statement, and the pool goes
 * on with a new connection. With the setting at 0 the server's own setting (here: none) stands.
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { createPlan, merchantClient } from '../helpers/billing.ts';

vi.setConfig({ testTimeout: 60_000 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let apps: TestApp[] = [];
let dbs: pg.Client[] = [];
afterEach(async () => {
  for (const db of dbs) await db.end().catch(() => undefined);
  for (const app of apps) await app.close().catch(() => undefined);
  [apps, dbs] = [[], []];
});

async function app(ms: string): Promise<TestApp> {
  const started = await startTestApp({ billing: true, env: { DATABASE_IDLE_IN_TRANSACTION_MS: ms } });
  apps.push(started);
  return started;
}

/** Whether another session can lock the plan's row now (`for update nowait`: refused at once while it is held). */
async function lockable(db: pg.Client, planId: string): Promise<boolean> {
  await db.query('begin');
  try {
    await db.query('select id from billing.plans where id = $1 for update nowait', [planId]);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return false;
    throw err;
  } finally {
    await db.query('rollback');
  }
}

/**
 * Recur's pool with DATABASE_IDLE_IN_TRANSACTION_MS at `ms`, the setting its connections carry, a
 * plan, and another session; `hold` opens a transaction of the pool that locks the plan, then
 * sends nothing for `idleMs` (as a frozen process does) before one more statement, and answers
 * once the lock is taken, with the transaction's outcome to come.
 */
async function scene(ms: string, merchant: string) {
  const recur = await app(ms);
  const [shown] = await recur.runtime.sql.query<{ v: string }>("select current_setting('idle_in_transaction_session_timeout') as v");
  const plan = await createPlan(await merchantClient(recur, merchant));
  const other = await connect(recur.config.DATABASE_URL);
  dbs.push(other);
  const hold = async (idleMs: number): Promise<{ outcome: Promise<string> }> => {
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const outcome = recur.runtime.sql
      .transaction(async (tx) => {
        await tx.query('select id from billing.plans where id = $1 for update', [plan.id]);
        locked();
        await sleep(idleMs);
        await tx.query('select 1');
      })
      .then(
        () => 'committed',
        (err: Error) => err.message,
      );
    await lockTaken;
    return { outcome };
  };
  return { recur, setting: shown!.v, lockable: () => lockable(other, plan.id), hold };
}

describe('DATABASE_IDLE_IN_TRANSACTION_MS', () => {
  it('ends a session idle inside a transaction, which releases its locks; the pool goes on', async () => {
    const { recur, setting, lockable, hold } = await scene('1000', 'Idle transaction');
    expect(setting).toBe('1s');
    const { outcome } = await hold(3_000);
    expect(await lockable(), 'held while the transaction is open').toBe(false);
    const start = Date.now();
    while (!(await lockable())) {
      expect(Date.now() - start, 'released within the timeout and a margin').toBeLessThan(2_500);
      await sleep(100);
    }
    expect(await outcome).toMatch(/idle-in-transaction|terminat|not queryable|Connection/i);
    // The pool replaced the connection PostgreSQL ended: every connection it hands out works.
    const answers = await Promise.all(Array.from({ length: 12 }, () => recur.runtime.sql.query<{ one: number }>('select 1 as one')));
    expect(answers.map((rows) => rows[0]!.one)).toEqual(Array.from({ length: 12 }, () => 1));
  });

  it('at 0 leaves the server’s setting: the same transaction keeps its lock', async () => {
    const { setting, lockable, hold } = await scene('0', 'Idle transaction off');
    expect(setting).toBe('0');
    const { outcome } = await hold(2_000);
    await sleep(1_500);
    expect(await lockable(), 'still held past a second').toBe(false);
    expect(await outcome).toBe('committed');
    expect(await lockable()).toBe(true);
  });
});
