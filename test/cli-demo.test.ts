import { execFile, execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/gateway/console/console-password.ts';
import type { Config } from '../config/config.ts';
import { connect } from './helpers/database.ts';
import { hostedLinksFromConfig } from '../src/platform/hosted-links.ts';
import { configEnv } from './helpers/recur-child.ts';
import { deleteKeys, testConfig } from './helpers/test-app.ts';

// `recur demo` as its users run it: a child process on a database and Redis prefix of its own.
// The printed table is checked against what PostgreSQL holds, and the money against the ledger;
// the lines under it (customers, invoice numbers, tax by rate, reverse charge) against the
// invoices, and each invoice line's tax against the rate's arithmetic, to the minor unit.

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../bin/recur.js');
const COLUMNS = [
  'month',
  'invoices',
  'paid',
  'recovered',
  'lost',
  'pending',
  'expiry updates',
  'discounts',
  'refunds',
  'tax',
  'usage',
  'seats',
  'revenue',
];

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
  tax: string;
  usage: string;
  seats: string;
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
      const [month, invoices, paid, recovered, lost, pending, expiryUpdates, discounts, refunds, tax, usage, seats, revenue] = l
        .trim()
        .split(/\s{2,}/);
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
        tax: tax!,
        usage: usage!,
        seats: seats!,
        revenue: revenue!,
      };
    });
}

/** `AUD 1,234.50` in minor units, as a string of digits (no floats for money); `-` is none. */
const minorUnits = (money: string) =>
  money === '-'
    ? '0'
    : money
        .replace(/^AUD /, '')
        .replace(/[,.]/g, '')
        .replace(/^0+(?=\d)/, '');

/** The line under the table that starts with `label`, without it. */
function footer(stdout: string, label: string): string {
  const line = stdout.split('\n').find((l) => l.startsWith(`${label} `));
  expect(line, label).toBeDefined();
  return line!.slice(label.length).trim();
}

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
  it('leaves its year in the console: the address to open and an admin login of the demo merchant, its password shown once', async () => {
    const at = out.stdout.indexOf('The console, while `npm start` runs: ');
    expect(at, 'the console lines under the table').toBeGreaterThan(0);
    const text = out.stdout.slice(at);
    expect(text).toMatch(new RegExp(`^The console, while \`npm start\` runs: https://127\\.0\\.0\\.1:${config.SANDBOX_PORT}/console/\n`));
    const [, email, password] = /sign in as (\S+@recur\.example) with the password (\S+) /.exec(text) ?? [];
    expect(email && password, text).toBeTruthy();
    const user = await one<{ merchant_id: string; role: string; password_hash: string }>(
      'select merchant_id, role, password_hash from console.users where email = $1',
      [email],
    );
    expect(user).toMatchObject({ merchant_id: merchantId, role: 'admin' });
    expect(await verifyPassword(password!, user.password_hash)).toBe(true);
    expect(user.password_hash).not.toContain(password!);
    expect(out.stderr).not.toContain(password!); // printed once, on stdout only
  });

  it('shows one invoice as its customer would: its PDF written under DATA_DIR/demo, and a signed link to its page', async () => {
    const line = out.stdout.split('\n').find((l) => l.startsWith('One invoice, '));
    expect(line, 'the invoice line under the table').toBeDefined();
    const [, number, pdf, url] = /^One invoice, (\S+): its PDF is (\S+); its page, while `npm start` runs: (\S+)$/.exec(line!)!;
    expect(number).toMatch(/^INV-\d{6}$/);
    const text = execFileSync('pdftotext', ['-layout', pdf!, '-'], { encoding: 'utf8' });
    expect(text).toContain(number);
    // The link names that invoice, for the sandbox, signed with the keys `npm start` holds too.
    expect(url).toMatch(new RegExp(`^https://127\\.0\\.0\\.1:${config.SANDBOX_PORT}/pay/`));
    const links = hostedLinksFromConfig(config, Buffer.from(config.CREDENTIAL_HASH_KEY!, 'base64'));
    const check = links.verify(new URL(url!).pathname.split('/')[2]!, new Date());
    const invoice = await one<{ id: string }>(`select id from billing.invoices where merchant_id = $1 and number = $2`, [
      merchantId,
      number,
    ]);
    expect(check).toMatchObject({ ok: true, link: { purpose: 'invoice', objectId: invoice.id, environment: 'sandbox' } });
  });

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
    const money = minorUnits;
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

  it('bills the API customers’ calls in arrears on graduated tiers; the usage column is their usage lines', async () => {
    const total = rows.at(-1)!;
    const billed = await one<{ sum: string; lines: number; events: number; calls: string; subscriptions: number }>(
      `select coalesce(sum((l->>'amount')::bigint), 0)::text as sum, count(*)::int as lines,
              (select count(*)::int from billing.usage_events e where e.merchant_id = $1) as events,
              (select coalesce(sum((e.properties->>'calls')::bigint), 0)::text from billing.usage_events e where e.merchant_id = $1) as calls,
              (select count(*)::int from billing.subscriptions s join billing.plans p on p.id = s.plan_id where s.merchant_id = $1 and p.name = 'API') as subscriptions
         from billing.invoices i cross join lateral jsonb_array_elements(i.lines) l
        where i.merchant_id = $1 and i.status = 'paid' and l->>'kind' = 'usage'`,
    );
    expect(billed.subscriptions).toBeGreaterThanOrEqual(1);
    expect(billed.events).toBeGreaterThan(0);
    expect(billed.lines).toBeGreaterThanOrEqual(1);
    expect(Number(billed.sum)).toBeGreaterThan(0);
    expect(minorUnits(total.usage)).toBe(billed.sum);
    // Each usage line: the first 5,000 calls of its period free, then 1 cent a call (graduated).
    const lines = await db.query<{ quantity: string; amount: string }>(
      `select l->>'quantity' as quantity, l->>'amount' as amount
         from billing.invoices i cross join lateral jsonb_array_elements(i.lines) l
        where i.merchant_id = $1 and l->>'kind' = 'usage'`,
      [merchantId],
    );
    for (const l of lines.rows) expect(Number(l.amount), `${l.quantity} calls`).toBe(Math.max(0, Number(l.quantity) - 5000));
  });

  it('bills the Team customers’ seats in advance on graduated tiers beside a base fee; the seats column is their seats lines', async () => {
    const total = rows.at(-1)!;
    const billed = await one<{ sum: string; lines: number; subscriptions: number }>(
      `select coalesce(sum((l->>'amount')::bigint), 0)::text as sum, count(*)::int as lines,
              (select count(*)::int from billing.subscriptions s join billing.plans p on p.id = s.plan_id where s.merchant_id = $1 and p.name = 'Team') as subscriptions
         from billing.invoices i cross join lateral jsonb_array_elements(i.lines) l
        where i.merchant_id = $1 and i.status = 'paid' and l->>'metric_code' = 'seats'`,
    );
    expect(billed.subscriptions).toBeGreaterThanOrEqual(1);
    expect(billed.lines).toBeGreaterThanOrEqual(1);
    expect(minorUnits(total.seats)).toBe(billed.sum);
    // Each seats line: 5 seats at 1,500, the next 15 at 1,200, then 900; each period invoice of Team also bills the 4,900 base fee once.
    const lines = await db.query<{ quantity: string; amount: string; base: string | null }>(
      `select l->>'quantity' as quantity, l->>'amount' as amount,
              (select b->>'amount' from jsonb_array_elements(i.lines) b where b->>'kind' = 'subscription' and b->>'metric_code' is null) as base
         from billing.invoices i cross join lateral jsonb_array_elements(i.lines) l
        where i.merchant_id = $1 and i.kind = 'period' and l->>'metric_code' = 'seats'`,
      [merchantId],
    );
    const graduated = (q: number) => Math.min(q, 5) * 1500 + Math.max(0, Math.min(q, 20) - 5) * 1200 + Math.max(0, q - 20) * 900;
    for (const l of lines.rows) {
      expect(Number(l.amount), `${l.quantity} seats`).toBe(graduated(Number(l.quantity)));
      expect(l.base, `${l.quantity} seats`).toBe('4900');
    }
  });

  it('bills every subscription to a customer with an address: most in Australia, some in Germany, one French business', async () => {
    const unbilled = await one<{ subscriptions: number; invoices: number }>(
      `select (select count(*)::int from billing.subscriptions where merchant_id = $1 and customer_id is null) as subscriptions,
              (select count(*)::int from billing.invoices where merchant_id = $1 and (customer_id is null or bill_to is null)) as invoices`,
    );
    expect(unbilled).toEqual({ subscriptions: 0, invoices: 0 });
    const customers = await db.query<{ country: string; n: number; states: number; eu_vat: number; au_abn: number }>(
      `select address->>'country' as country, count(*)::int as n, count(distinct address->>'state')::int as states,
              count(*) filter (where tax_ids @> '[{"type": "eu_vat"}]')::int as eu_vat,
              count(*) filter (where tax_ids @> '[{"type": "au_abn"}]')::int as au_abn
         from billing.customers where merchant_id = $1 and name <> '' and email like '%@%' group by 1 order by 1`,
      [merchantId],
    );
    const [au, de, fr] = customers.rows;
    expect(customers.rows.map((c) => c.country)).toEqual(['AU', 'DE', 'FR']);
    expect(au!.n).toBeGreaterThan(de!.n);
    expect(au!.states).toBeGreaterThanOrEqual(3);
    expect(au!.au_abn).toBeGreaterThanOrEqual(1);
    expect(de).toMatchObject({ eu_vat: 0, au_abn: 0 });
    expect(de!.n).toBeGreaterThanOrEqual(1);
    expect(fr).toMatchObject({ n: 1, eu_vat: 1 });
    expect(au!.n + de!.n + fr!.n).toBe(40);
    const printed = footer(out.stdout, 'customers');
    expect(printed).toMatch(
      new RegExp(`^40: ${au!.n} in AU \\((\\w+ \\d+(, )?)+\\), ${de!.n} in DE, 1 in FR; ${au!.au_abn + 1} businesses with a tax id$`),
    );
    // Each invoice carries its customer and the merchant as they were at finalization (nothing was edited since).
    const snapshots = await one<{ n: number; wrong: number }>(
      `select count(*)::int as n, count(*) filter (where i.bill_to->>'name' is distinct from c.name
                or i.bill_to->'address' is distinct from c.address or i.bill_to->'tax_ids' is distinct from c.tax_ids
                or i.seller->>'legal_name' is distinct from 'Recur Demo Pty Ltd' or i.seller->>'tax_id' is distinct from 'ABN 51 824 753 556'
                or i.seller->'address'->>'country' is distinct from 'AU' or i.finalized_at is null)::int as wrong
         from billing.invoices i join billing.customers c on c.id = i.customer_id where i.merchant_id = $1`,
    );
    expect(snapshots.n).toBe(rows.at(-1)!.invoices);
    expect(snapshots.wrong).toBe(0);
  });

  it('numbers every invoice and credit note from one gap-free sequence each, as printed', async () => {
    const sequence = (prefix: string, n: number) => Array.from({ length: n }, (_, k) => `${prefix}${String(k + 1).padStart(6, '0')}`);
    const invoices = (await db.query<{ number: string }>('select number from billing.invoices where merchant_id = $1', [merchantId])).rows;
    const notes = (await db.query<{ number: string }>('select number from billing.credit_notes where merchant_id = $1', [merchantId])).rows;
    expect(invoices.map((r) => r.number).sort()).toEqual(sequence('INV-', rows.at(-1)!.invoices));
    expect(notes.length).toBeGreaterThanOrEqual(1); // the goodwill refunds write credit notes
    expect(notes.map((r) => r.number).sort()).toEqual(sequence('CN-', notes.length));
    const last = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;
    expect(footer(out.stdout, 'numbers')).toBe(
      `invoices INV-000001 … ${last('INV-', invoices.length)} (${invoices.length}, no gaps); ` +
        `credit notes CN-000001 … ${last('CN-', notes.length)} (${notes.length}, no gaps)`,
    );
  });

  it("taxes each line by its customer's country to the minor unit: GST inside, DE and FR VAT on top; the tax column adds them up", async () => {
    /** round(n / d), half away from zero, in integers. */
    const divide = (n: bigint, d: bigint) => (n < 0n ? -1n : 1n) * (((n < 0n ? -n : n) * 2n + d) / (2n * d));
    const expected = { AU: ['GST', '10', true], DE: ['DE VAT', '19', false] } as const;
    const lines = await db.query<{
      country: keyof typeof expected | 'FR';
      reverse_charge: boolean;
      amount: string;
      discount_amount: string;
      tax_amount: string;
      rates: { display_name: string; percentage: string; inclusive: boolean; amount: number }[];
    }>(
      `select i.bill_to->'address'->>'country' as country, i.reverse_charge, l->>'amount' as amount, l->>'discount_amount' as discount_amount,
              l->>'tax_amount' as tax_amount, l->'tax_rates' as rates
         from billing.invoices i cross join lateral jsonb_array_elements(i.lines) l
        where i.merchant_id = $1 and l->>'kind' <> 'discount'`,
      [merchantId],
    );
    const taxed = { AU: 0, DE: 0 };
    let negative = 0;
    let reverseCharged = 0;
    for (const line of lines.rows) {
      if (line.country === 'FR') {
        // The French business's EU VAT id: reverse charge, no rate on any of its lines (docs/tax.md).
        expect(line.reverse_charge).toBe(true);
        expect([line.rates, line.tax_amount]).toEqual([[], '0']);
        reverseCharged++;
        continue;
      }
      const [name, percentage, inclusive] = expected[line.country];
      const taxable = BigInt(line.amount) - BigInt(line.discount_amount);
      const tax = inclusive ? taxable - divide(taxable * 100n, 100n + BigInt(percentage)) : divide(taxable * BigInt(percentage), 100n);
      expect(line.reverse_charge).toBe(false);
      expect(line.rates.map((r) => [r.display_name, r.percentage, r.inclusive, r.amount])).toEqual([
        [name, percentage, inclusive, Number(tax)],
      ]);
      expect(BigInt(line.tax_amount), `${line.country} line of ${line.amount}`).toBe(tax);
      if (tax !== 0n) taxed[line.country]++;
      if (taxable < 0n) negative++;
    }
    expect(
      Object.values(taxed).every((n) => n >= 1),
      JSON.stringify(taxed),
    ).toBe(true);
    expect(negative).toBeGreaterThanOrEqual(1); // a proration's credit line, taxed back
    expect(reverseCharged).toBeGreaterThanOrEqual(1);
    // Per invoice: total = subtotal − discount + exclusive tax, and the breakdown and the lines sum to tax.
    const invoices = await one<{ wrong: number }>(
      `select count(*) filter (where i.total <> i.subtotal - i.discount
                 + coalesce((select sum((b->>'amount')::bigint) from jsonb_array_elements(i.tax_breakdown) b where not (b->>'inclusive')::boolean), 0)
              or i.tax <> coalesce((select sum((b->>'amount')::bigint) from jsonb_array_elements(i.tax_breakdown) b), 0)
              or i.tax <> coalesce((select sum((l->>'tax_amount')::bigint) from jsonb_array_elements(i.lines) l), 0))::int as wrong
         from billing.invoices i where i.merchant_id = $1`,
    );
    expect(invoices.wrong).toBe(0);
    // The tax column: the tax in each month's paid invoices.
    const byMonth = await db.query(
      `select to_char(period_start at time zone 'UTC', 'YYYY-MM') as month, coalesce(sum(tax) filter (where status = 'paid'), 0)::text as tax
         from billing.invoices where merchant_id = $1 group by 1 order by 1`,
      [merchantId],
    );
    expect(byMonth.rows).toEqual(rows.slice(0, -1).map((r) => ({ month: r.month, tax: minorUnits(r.tax) })));
    const total = minorUnits(rows.at(-1)!.tax);
    expect(BigInt(total)).toBe(byMonth.rows.reduce((sum, r) => sum + BigInt(r.tax), 0n));
    // And by rate, under the table: GST and DE VAT (the French business is reverse-charged), which add up to the column's total.
    const byRate = [...footer(out.stdout, 'tax by rate').matchAll(/(GST|DE VAT|FR VAT) (\d+) %(?: incl\.)? (AUD [\d,.]+)/g)];
    expect(byRate.map((m) => m[1]).sort()).toEqual(['DE VAT', 'GST']);
    expect(byRate.reduce((sum, m) => sum + BigInt(minorUnits(m[3]!)), 0n)).toBe(BigInt(total));
  });

  it('keeps its e-mails in the local outbox and counts them under the table', async () => {
    const line = footer(out.stdout, 'e-mails');
    const rows = await db.query<{ kind: string; status: string; n: number }>(
      `select kind, status, count(*)::int as n from billing.emails where merchant_id = $1 group by 1, 2 order by 1, 2`,
      [merchantId],
    );
    // Every e-mail went to the outbox (no SMTP_URL, sandbox mail on a test clock), none is left to send.
    expect(rows.rows.every((r) => r.status === 'outbox')).toBe(true);
    const total = rows.rows.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThan(0);
    expect(line).toMatch(new RegExp(`^${total} in the local outbox \\(.*\\): npx recur emails$`));
    for (const r of rows.rows) expect(line).toContain(`${r.kind} ${r.n}`);
    // The refunds' credit notes each wrote one, to a customer with an address.
    const notes = await one<{ n: number }>('select count(*)::int as n from billing.credit_notes where merchant_id = $1');
    expect(rows.rows.find((r) => r.kind === 'credit_note_created')?.n ?? 0).toBe(notes.n);
  });

  it('reverse-charges the French business of its Australian merchant (Article 196): no VAT, the legal note on each invoice', async () => {
    const reverse = await db.query<{ name: string; tax: string; tax_note: string | null; breakdown: unknown[] }>(
      `select i.bill_to->>'name' as name, i.tax::text as tax, i.tax_note, i.tax_breakdown as breakdown
         from billing.invoices i where i.merchant_id = $1 and i.reverse_charge`,
      [merchantId],
    );
    expect(reverse.rows.length).toBeGreaterThanOrEqual(1);
    for (const invoice of reverse.rows)
      expect(invoice).toEqual({
        name: 'Atelier Lumière SARL',
        tax: '0',
        tax_note: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)',
        breakdown: [],
      });
    // Every finalized invoice of the French business is one of them.
    const french = await one<{ n: number }>(
      `select count(*)::int as n from billing.invoices where merchant_id = $1 and bill_to->>'name' = 'Atelier Lumière SARL'`,
    );
    expect(french.n).toBe(reverse.rows.length);
    expect(footer(out.stdout, 'reverse charge')).toBe(
      `${reverse.rows.length} invoices (Atelier Lumière SARL, FR12345678901: no tax, the legal note on each)`,
    );
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
