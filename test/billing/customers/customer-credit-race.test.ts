import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { createPlan } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { billingCounts, checkCrossPath, checkInvariants } from '../../helpers/invariants.ts';
import { runSchedulerTick, type SchedulerDeps } from '../../../src/scheduler/scheduler.service.ts';
import { chargeDeps, schedulerDeps } from '../../../src/composition/roles.ts';
import { attemptCharge } from '../../../src/billing/charges/attempt-charge.service.ts';
import type { ChargeJob } from '../../../src/queues/queues.ts';

// A customer's credit is used once, however its subscriptions' invoices are written: two
// subscriptions of one customer due at the same instant, with less credit than either invoice,
// invoiced in one scheduler batch, and in two batches at once (two ticks, as two processes run
// them) that both wait for the customer's row. The app runs no scheduler or worker of its own:
// the test ticks and charges, so it knows which batch wrote what.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({});
});
afterAll(async () => {
  await app?.close();
});

const sql = () => app.runtime.sql;

/** One tick of its own, its charge jobs kept (no queue is read here). */
async function tick(overrides: Partial<SchedulerDeps> = {}): Promise<ChargeJob[]> {
  const jobs: ChargeJob[] = [];
  await runSchedulerTick({ ...schedulerDeps(app.runtime), enqueue: async (j) => void jobs.push(...j), ...overrides });
  return jobs;
}

/** Charges each job's invoice (the sandbox card approves). */
async function charge(jobs: ChargeJob[]): Promise<void> {
  for (const job of jobs) await attemptCharge(chargeDeps(app.runtime), job);
}

async function moveClock(api: ApiClient, clockId: string, to: string): Promise<void> {
  const res = await api.post(`/test_clocks/${clockId}/advance`, { frozen_time: to });
  expect(res.status, res.text).toBe(200);
}

/**
 * Two subscriptions of one customer (Pro 6,200 and Basic 3,100 a month) started Mar 1 on a test
 * clock, charged; on Mar 24 the Pro one moves to Basic now, which leaves the customer 800 of
 * credit (round(6200 × 8/31) − round(3100 × 8/31)); the clock then stands at Apr 1, when both are
 * due, each for 3,100.
 */
async function twoDueWithCredit(merchant: string) {
  const s = await scaffold(app, { merchant, plan: { name: 'Basic', amount: 3100, currency: 'AUD' }, clock: '2027-03-01T00:00:00Z' });
  const pro = await createPlan(s.api, { name: 'Pro', amount: 6200, currency: 'AUD' });
  const res = await s.api.post('/customers', { name: 'Acme', email: 'acme@example.com' });
  expect(res.status, res.text).toBe(201);
  const customer = res.body.response;
  const a = await s.start({ customer_id: customer.id, plan_id: pro.id });
  const b = await s.start({ customer_id: customer.id });
  await charge(await tick());
  await moveClock(s.api, s.clock.id, '2027-03-24T00:00:00Z');
  const down = await s.api.put(`/subscriptions/${a.id}`, { plan_id: s.plan.id, effective: 'now' });
  expect(down.status, down.text).toBe(200);
  expect((await s.api.get(`/customers/${customer.id}`)).body.response.credit_balance).toBe(800);
  await moveClock(s.api, s.clock.id, '2027-04-01T00:00:00Z');
  return { ...s, customer, subs: [a.id, b.id] };
}

interface AprilInvoice {
  id: string;
  subtotal: string;
  credit_applied: string;
  amount: string;
  customer_id: string;
  /** The transaction that wrote it (and finalized it, in the same one): read before it is charged. */
  written_by: string;
}

const aprilInvoices = (subs: string[]) =>
  sql().query<AprilInvoice>(
    `select id, subtotal, credit_applied, amount, customer_id, xmin::text as written_by from billing.invoices
      where subscription_id = any($1::uuid[]) and period_start = '2027-04-01T00:00:00Z' order by credit_applied desc`,
    [subs],
  );

/** What holds after either way of invoicing: 800 used once, the rest charged, the ledger whole. */
async function expectCreditUsedOnce(api: ApiClient, customerId: string, subs: string[], jobs: ChargeJob[]): Promise<AprilInvoice[]> {
  const april = await aprilInvoices(subs);
  expect(april).toHaveLength(2);
  expect(april.map((i) => [Number(i.subtotal), Number(i.credit_applied), Number(i.amount), i.customer_id])).toEqual([
    [3100, 800, 2300, customerId],
    [3100, 0, 3100, customerId],
  ]);
  expect((await api.get(`/customers/${customerId}`)).body.response.credit_balance).toBe(0);
  // The subscriptions' own credit was never touched.
  for (const id of subs) expect((await api.get(`/subscriptions/${id}`)).body.response.credit_balance, id).toBe(0);
  expect(jobs.map((j) => j.invoiceId).sort()).toEqual(april.map((i) => i.id).sort());
  await charge(jobs);
  const paid = await sql().query<{ status: string; amount: string }>(
    `select status, amount from billing.invoices where id = any($1::uuid[]) order by amount`,
    [april.map((i) => i.id)],
  );
  expect(paid).toEqual([
    { status: 'paid', amount: '2300' },
    { status: 'paid', amount: '3100' },
  ]);
  return april;
}

async function expectLedgerWhole(): Promise<void> {
  const dbUrl = app.config.DATABASE_URL;
  expect(await checkInvariants(dbUrl)).toEqual([]);
  expect(await checkCrossPath(dbUrl)).toEqual([]);
}

describe('a customer’s credit under concurrency', () => {
  it('two of its subscriptions in one scheduler batch: the running balance carries from one row to the next', async () => {
    const s = await twoDueWithCredit('Credit one batch');
    const jobs = await tick();
    const april = await expectCreditUsedOnce(s.api, s.customer.id, s.subs, jobs);
    // One batch wrote both: one transaction.
    expect(april[0]!.written_by).toBe(april[1]!.written_by);
    await expectLedgerWhole();
  });

  it('two batches at once, each holding one of its subscriptions and waiting for the customer: the second reads what the first left', async () => {
    const s = await twoDueWithCredit('Credit two batches');
    const jobs: ChargeJob[] = [];
    // Another transaction holds the customer's row while both ticks claim (a batch of one
    // subscription each, skipping the other's locked row) and wait for it.
    let ticks: Promise<ChargeJob[][]> | undefined;
    await sql().transaction(async (tx) => {
      await tx.query('select id from billing.customers where id = $1 for update', [s.customer.id]);
      ticks = Promise.all([tick({ batchSize: 1 }), tick({ batchSize: 1 })]);
      await waitFor(
        async () =>
          (
            await sql().query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and query like '%billing.customers%for update%'`,
            )
          )[0]!.n,
        { message: 'both batches to wait for the customer', until: (n: number) => n === 2 },
      );
    });
    for (const j of await ticks!) jobs.push(...j);
    const april = await expectCreditUsedOnce(s.api, s.customer.id, s.subs, jobs);
    // Two batches, one after the other: two transactions.
    expect(april[0]!.written_by).not.toBe(april[1]!.written_by);
    await expectLedgerWhole();
    const counts = await billingCounts(app.config.DATABASE_URL);
    // Both scenarios: 2 subscriptions × (Mar 1 + Apr 1) period invoices each, all paid once, and the ledger holds every charge.
    expect(counts).toMatchObject({ subscriptions: 4, invoices: 8, maxChargesPerInvoice: 1, invoicesChargedOnce: 8, ledgerEntries: 8 });
    expect(counts.invoicesByStatus).toEqual({ paid: 8 });
  });
});
