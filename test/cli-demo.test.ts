import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { connect } from './helpers/database.ts';
import { configEnv } from './helpers/recur-child.ts';
import { deleteKeys, testConfig } from './helpers/test-app.ts';

// `recur demo` as its users run it: a child process on a database and Redis prefix of its own.
// The printed table is checked against what PostgreSQL holds, and the money against the ledger.

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../bin/recur.js');
const COLUMNS = ['month', 'invoices', 'paid', 'recovered', 'lost', 'pending', 'expiry updates', 'discounts', 'refunds', 'revenue'];

interface Row {
  month: string;
  invoices: number;
  paid: number;
  recovered: number;
  lost: number;
  pending: number;
  expiryUpdates: number;
  discounts: string;
  refunds: string;
  revenue: string;
}

/** The table's rows (months, then `total`), read back from the padded columns. */
function parseTable(stdout: string): Row[] {
  const lines = stdout.split('\n');
  const header = lines.findIndex((l) => l.startsWith('month'));
  expect(lines[header]!.split(/\s{2,}/)).toEqual(COLUMNS);
  return lines
    .slice(header + 1)
    .filter((l) => /^(\d{4}-\d{2}|total)\s/.test(l))
    .map((l) => {
      const [month, invoices, paid, recovered, lost, pending, expiryUpdates, discounts, refunds, revenue] = l.trim().split(/\s{2,}/);
      const n = (s: string | undefined) => Number(s);
      return {
        month: month!,
        invoices: n(invoices),
        paid: n(paid),
        recovered: n(recovered),
        lost: n(lost),
        pending: n(pending),
        expiryUpdates: n(expiryUpdates),
        discounts: discounts!,
        refunds: refunds!,
        revenue: revenue!,
      };
    });
}

/** `AUD 1,234.50` in minor units, as a string of digits (no floats for money). */
const minorUnits = (money: string) =>
  money
    .replace(/^AUD /, '')
    .replace(/[,.]/g, '')
    .replace(/^0+(?=\d)/, '');

let config: Config;
let db: pg.Client;
let out: { stdout: string; stderr: string };
let merchantId: string;
let rows: Row[];

beforeAll(async () => {
  config = await testConfig();
  const env = { ...configEnv(config), PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  out = await run(process.execPath, [BIN, 'demo', '--subscriptions', '40', '--months', '3', '--start', '2031-03-01'], {
    env,
    timeout: 100_000,
  }).catch((err: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`recur demo failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  });
  merchantId = /Demo merchant ([0-9a-f-]{36})/.exec(out.stdout)?.[1] ?? '';
  rows = parseTable(out.stdout);
  db = await connect(config.DATABASE_URL);
}, 120_000);

afterAll(async () => {
  await db?.end();
  // On the PostgreSQL queue backend the queues went with the test's database.
  if (config.QUEUE_BACKEND === 'postgres') return;
  const redis = new Redis(config.REDIS_URL);
  await deleteKeys(redis, `${config.REDIS_PREFIX}:*`);
  redis.disconnect();
});

const one = async <T>(text: string, params: unknown[] = [merchantId]): Promise<T> => (await db.query(text, params)).rows[0] as T;

describe('recur demo --subscriptions 40 --months 3', () => {
  it('shows a progress bar on stderr and one row per billed month plus a total', () => {
    expect(merchantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(out.stderr).toContain('3/3 months');
    expect(rows.map((r) => r.month)).toEqual(['2031-03', '2031-04', '2031-05', 'total']);
    const total = rows.at(-1)!;
    for (const key of ['invoices', 'paid', 'recovered', 'lost', 'pending', 'expiryUpdates'] as const) {
      expect(total[key], key).toBe(rows.slice(0, -1).reduce((sum, r) => sum + r[key], 0));
    }
    for (const r of rows) expect(r.invoices).toBe(r.paid + r.lost + r.pending);
  });

  it('counts exactly the invoices PostgreSQL holds for the demo merchant, month by month', async () => {
    const byMonth = await db.query(
      `select to_char(period_start at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n, count(*) filter (where status = 'paid')::int as paid
         from billing.invoices where merchant_id = $1 group by 1 order by 1`,
      [merchantId],
    );
    expect(byMonth.rows).toEqual(rows.slice(0, -1).map((r) => ({ month: r.month, n: r.invoices, paid: r.paid })));
  });

  it('reports paid invoices and revenue that match the ledger and the gateway', async () => {
    const total = rows.at(-1)!;
    const ledger = await one<{ n: number; sum: string }>(
      'select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from billing.ledger_entries where merchant_id = $1',
    );
    expect(ledger.n).toBe(total.paid);
    expect(minorUnits(total.revenue)).toBe(ledger.sum);
    const approved = await one<{ n: number; sum: string }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from gateway.purchases where merchant_id = $1 and successful`,
    );
    expect(approved).toEqual({ n: ledger.n, sum: ledger.sum });
  });

  it('recovered by retry, lost to dunning and updated expiring cards at least once each', async () => {
    const total = rows.at(-1)!;
    expect(total.recovered).toBeGreaterThanOrEqual(1);
    expect(total.lost).toBeGreaterThanOrEqual(1);
    expect(total.expiryUpdates).toBeGreaterThanOrEqual(1);
    const recovered = await one<{ n: number }>(
      `select count(*)::int as n from billing.invoices i where i.merchant_id = $1 and i.status = 'paid'
          and exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status = 'approved' and a.number >= 2)`,
    );
    expect(recovered.n).toBe(total.recovered);
    const lost = await one<{ n: number }>(
      `select count(*)::int as n from billing.invoices where merchant_id = $1
          and (status = 'uncollectible' or (status = 'past_due' and next_attempt_at is null and not held_for_card))`,
    );
    expect(lost.n).toBe(total.lost);
    const updated = await one<{ n: number }>(
      `select count(*)::int as n from billing.events where merchant_id = $1 and type = 'card.updated'`,
    );
    expect(updated.n).toBe(total.expiryUpdates);
    // Every card the merchant updated had been announced as expiring or expired.
    const unannounced = await db.query(
      `select u.data->>'card_token' as token from billing.events u where u.merchant_id = $1 and u.type = 'card.updated'
          and not exists (select 1 from billing.events e where e.merchant_id = $1 and e.type in ('card.expiring', 'card.expired')
                           and e.data->>'card_token' = u.data->>'card_token')`,
      [merchantId],
    );
    expect(unannounced.rows).toEqual([]);
  });

  it('shows seats, setup fees, coupons, mid-month upgrades, refunds and an instalment plan completing', async () => {
    const total = rows.at(-1)!;
    const money = (cell: string) => (cell === '-' ? '0' : minorUnits(cell));
    const discounts = await one<{ sum: string }>(
      'select coalesce(sum(discount), 0)::text as sum from billing.invoices where merchant_id = $1',
    );
    expect(money(total.discounts)).toBe(discounts.sum);
    expect(Number(discounts.sum)).toBeGreaterThan(0);
    const refunds = await one<{ sum: string }>(
      `select coalesce(sum(amount), 0)::text as sum from billing.invoice_refunds where merchant_id = $1 and status = 'approved'`,
    );
    expect(money(total.refunds)).toBe(refunds.sum);
    expect(Number(refunds.sum)).toBeGreaterThan(0);
    const model = await one<{ seats: number; setup_fees: number; prorations: number; completed: number; coupons: number }>(
      `select (select count(*)::int from billing.subscriptions where merchant_id = $1 and quantity > 1) as seats,
              (select count(*)::int from billing.invoices where merchant_id = $1 and lines @> '[{"kind": "setup_fee"}]') as setup_fees,
              (select count(*)::int from billing.invoices where merchant_id = $1 and kind = 'proration' and status = 'paid') as prorations,
              (select count(*)::int from billing.subscriptions where merchant_id = $1 and status = 'completed') as completed,
              (select count(*)::int from billing.invoices where merchant_id = $1 and discount > 0) as coupons`,
    );
    for (const [what, n] of Object.entries(model)) expect(n, what).toBeGreaterThanOrEqual(1);
  });

  it('charged no invoice twice and sent no purchase on an expired card', async () => {
    const twice = await db.query(
      `select a.invoice_id, count(*)::int as n from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id
        where i.merchant_id = $1 and a.status = 'approved' group by 1 having count(*) > 1`,
      [merchantId],
    );
    expect(twice.rows).toEqual([]);
    const perInvoice = await db.query(
      `select a.invoice_id from gateway.purchases p join billing.charge_attempts a on a.reference = p.reference
        where p.merchant_id = $1 and p.successful group by 1 having count(*) > 1`,
      [merchantId],
    );
    expect(perInvoice.rows).toEqual([]);
    const expired = await one<{ n: number }>(
      `select count(*)::int as n from gateway.purchases where merchant_id = $1 and response_code in ('54', '33')`,
    );
    expect(expired.n).toBe(0);
    const unsettled = await one<{ n: number }>(
      `select count(*)::int as n from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id
        where i.merchant_id = $1 and a.status in ('sending', 'unknown', 'error')`,
    );
    expect(unsettled.n).toBe(0);
  });
});

describe('recur demo usage', () => {
  it('refuses a bad flag value with the usage text and exit code 2', async () => {
    const env = { ...configEnv(config), PATH: process.env.PATH ?? '' };
    const err = await run(process.execPath, [BIN, 'demo', '--months', 'twelve'], { env, timeout: 30_000 }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(2);
    expect(err?.stderr).toContain('--months takes a whole number from 1 to 36');
    expect(err?.stderr).toContain('Usage: recur');
  });
});
