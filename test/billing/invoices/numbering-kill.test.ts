/**
 * Gap-free numbers across crashes (issue 25): a scheduler process is SIGKILLed after its
 * finalization took its numbers and before its commit (test/helpers/recur-child.ts,
 * `RECUR_KILL_AT=finalize:numbered`), once in the draft sweep and once in a scheduler batch that
 * finalizes the invoices it writes. While it hangs there the sequence row is locked by its open
 * transaction and nobody sees the numbers; after the kill the numbers were never used, and the
 * next scheduler (a fresh process, as after a restart) takes them: the merchant's numbers stay
 * 1..n with no gap and no repeat, and each invoice is charged once.
 */
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { killAllChildren, startRecurChild, type RecurChild } from '../../helpers/recur-child.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { createCard, createClock, createPlan, merchantClient, subscribe } from '../../helpers/billing.ts';
import { expectedNumbers, merchantOf, numbersOf, sequencesOf, setInvoicing } from '../../helpers/drafts.ts';
import { schedulerDeps } from '../../../src/composition/roles.ts';
import { runSchedulerTick } from '../../../src/scheduler/scheduler.service.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let app: TestApp;
let db: pg.Client;
const children: RecurChild[] = [];

beforeAll(async () => {
  // The API only: the schedulers that finalize are the child processes (and, to write the first drafts, one tick here).
  app = await startTestApp({ env: { LOG_LEVEL: 'warn' } });
  db = await connect(app.config.DATABASE_URL);
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') for (const c of children) console.error(c.output());
  await killAllChildren();
});
afterAll(async () => {
  await killAllChildren();
  await db?.end();
  await app?.close();
});

/** Whether a session other than this one holds the merchant's invoice sequence row locked (an open transaction took numbers). */
async function sequenceLocked(m: { merchant_id: string; environment: string }): Promise<boolean> {
  await db.query('begin');
  try {
    await db.query(
      `select 1 from billing.number_sequences where merchant_id = $1 and environment = $2 and kind = 'invoice' and scope = '' for update nowait`,
      [m.merchant_id, m.environment],
    );
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return true;
    throw err;
  } finally {
    await db.query('rollback');
  }
}

/**
 * The table locks on billing.invoices held by the session that has taken numbers in an open
 * transaction (the one holding a row of billing.number_sequences written): `RowExclusiveLock` once
 * it has written an invoice, `AccessShareLock` once it has read them.
 */
async function invoiceLocksOfNumberingSession(): Promise<string[]> {
  const r = await db.query<{ mode: string }>(
    `select l.mode from pg_locks l
      where l.relation = 'billing.invoices'::regclass
        and l.pid in (select pid from pg_locks where relation = 'billing.number_sequences'::regclass and mode = 'RowExclusiveLock'
                        and pid <> pg_backend_pid())
      order by l.mode`,
  );
  return r.rows.map((row) => row.mode);
}

/** Starts a scheduler child killed at `finalize:numbered`, waits until it hangs there, checks what is (not) visible, and SIGKILLs it. */
async function killBetweenNumbersAndCommit(
  m: { merchant_id: string; environment: string },
  numberedBefore: number,
): Promise<{ held: string[]; invoiceLocks: string[] }> {
  const child = startRecurChild(app.config, { roles: 'scheduler', killAt: 'finalize:numbered' });
  children.push(child);
  await child.ready();
  await child.waitFor('the finalization to take its numbers', (ms) => ms.some((msg) => msg.type === 'at'), 60_000);
  const at = child.messages.find((msg) => msg.type === 'at') as { step: string; invoiceId: string };
  expect(at.step).toBe('finalize:numbered');
  const held = at.invoiceId.split(',');
  // The numbers are taken inside the child's open transaction: the row is locked, its committed value unchanged.
  expect(await sequenceLocked(m)).toBe(true);
  expect(await sequencesOf(db, m)).toEqual({ '': numberedBefore });
  const invoiceLocks = await invoiceLocksOfNumberingSession();
  await child.kill();
  // PostgreSQL ends the dead process's session and rolls its transaction back, releasing the row.
  await waitFor(async () => !(await sequenceLocked(m)), { message: 'the killed scheduler’s transaction to end', timeout: 30_000 });
  expect(await sequencesOf(db, m)).toEqual({ '': numberedBefore });
  expect(await numbersOf(db, m)).toEqual(expectedNumbers(numberedBefore));
  return { held, invoiceLocks };
}

/** A fresh scheduler and worker process (a restart) runs until every invoice of the merchant is paid. */
async function restartUntilPaid(m: { merchant_id: string; environment: string }, invoices: number): Promise<void> {
  const child = startRecurChild(app.config, { roles: 'both', name: 'restarted' });
  children.push(child);
  await child.ready();
  await waitFor(
    async () =>
      (
        await db.query(`select count(*)::int as n from billing.invoices where merchant_id = $1 and environment = $2 and status = 'paid'`, [
          m.merchant_id,
          m.environment,
        ])
      ).rows[0].n === invoices,
    { message: `${invoices} invoices to be finalized and paid after the restart`, timeout: 90_000 },
  );
  await child.stop();
}

describe('a scheduler killed between taking numbers and its commit', () => {
  it('leaves no number used: the draft sweep and a batch killed there, then restarted, number 1..n with no gap', async () => {
    const api = await merchantClient(app, 'Killed finalizer');
    const T0 = Date.parse('2027-05-01T08:00:00.000Z');
    const iso = (ms: number) => new Date(ms).toISOString();
    const clock = await createClock(api, iso(T0));
    const card = await createCard(api);
    const plan = await createPlan(api);
    await setInvoicing(api, { draft_hours: 24 });
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push(await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id }));
    // The first periods' invoices, written here by one tick: drafts until T0 + 24 h.
    await runSchedulerTick(schedulerDeps(app.runtime));
    const drafts = (
      await db.query(`select id from billing.invoices where subscription_id = any($1::uuid[]) order by created_at, id`, [
        subs.map((s) => s.id),
      ])
    ).rows;
    expect(drafts).toHaveLength(5);
    const m = await merchantOf(db, drafts[0].id);
    // Two finalized early: INV-000001 and INV-000002, charged in the request.
    for (const d of drafts.slice(0, 2)) expect((await api.post(`/invoices/${d.id}/finalize`)).status).toBe(200);
    expect(await numbersOf(db, m)).toEqual(expectedNumbers(2));

    // 1. The draft sweep: the other three drafts fall due; the sweep numbers them and dies before its commit.
    expect((await api.post(`/test_clocks/${clock.id}/advance`, { frozen_time: iso(T0 + 25 * 3_600_000) })).status).toBe(200);
    const { held: swept } = await killBetweenNumbersAndCommit(m, 2);
    expect([...swept].sort()).toEqual(
      drafts
        .slice(2)
        .map((d) => d.id)
        .sort(),
    );
    const still = await db.query(`select status, number from billing.invoices where id = any($1::uuid[])`, [swept]);
    expect(still.rows).toEqual(swept.map(() => ({ status: 'draft', number: null })));
    expect(
      (
        await db.query(`select count(*)::int as n from billing.events where type = 'invoice.finalized' and data->>'invoice_id' = any($1)`, [
          swept,
        ])
      ).rows[0].n,
    ).toBe(0);
    await restartUntilPaid(m, 5);
    expect(await numbersOf(db, m)).toEqual(expectedNumbers(5));
    expect(await sequencesOf(db, m)).toEqual({ '': 5 });

    // 2. A scheduler batch that finalizes as it writes (drafts off): the next periods fall due; the
    // batch numbers them, before it writes them, and dies before its commit, so nothing of it stands.
    await setInvoicing(api, { draft_hours: 0 });
    expect((await api.post(`/test_clocks/${clock.id}/advance`, { frozen_time: iso(Date.parse('2027-06-01T09:00:00.000Z')) })).status).toBe(
      200,
    );
    const { held: batch, invoiceLocks } = await killBetweenNumbersAndCommit(m, 5);
    expect(batch).toHaveLength(5);
    // Numbered before the insert: the batch has read invoices (whether the periods are invoiced) and written none yet.
    expect(invoiceLocks).toContain('AccessShareLock');
    expect(invoiceLocks).not.toContain('RowExclusiveLock');
    expect((await db.query(`select count(*)::int as n from billing.invoices where id = any($1::uuid[])`, [batch])).rows[0].n).toBe(0);
    await restartUntilPaid(m, 10);
    expect(await numbersOf(db, m)).toEqual(expectedNumbers(10));
    expect(await sequencesOf(db, m)).toEqual({ '': 10 });
    // Each invoice charged once: one approved attempt each, ten approved purchases in the ledger.
    const charged = await db.query(
      `select i.number, count(a.*) filter (where a.status = 'approved')::int as approved, count(a.*)::int as attempts
         from billing.invoices i left join billing.charge_attempts a on a.invoice_id = i.id
        where i.merchant_id = $1 and i.environment = $2 group by i.number order by i.number`,
      [m.merchant_id, m.environment],
    );
    expect(charged.rows).toEqual(expectedNumbers(10).map((number) => ({ number, approved: 1, attempts: 1 })));
    expect(
      (await db.query('select count(*)::int as n from billing.ledger_entries where merchant_id = $1', [m.merchant_id])).rows[0].n,
    ).toBe(10);
  });
});
