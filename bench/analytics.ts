/**
 * The analytics overview with real volumes (docs/benchmarks.md, "Analytics"): one merchant with
 * `--subscriptions` subscriptions (default 100,000) started over two years, a fifth of them
 * cancelled and a tenth grown by a seat since (each change an MRR movement, written by the
 * trigger), and every month of each one's life invoiced and paid (with its ledger entry), one
 * invoice in twenty first declined. The overview is the four calls the console's first page
 * makes, in turn, for the 24 months: MRR, revenue, past due, renewals; the median of `--repeat`
 * rounds after a warm-up round.
 *
 * Baseline in the same run: the same rows read with nothing computed (a count of the merchant's
 * movements up to the range's end, of its ledger entries booked and its invoices first failed in
 * the range, through the same indexes): what any answer to those questions costs at least.
 *
 *   node bench/analytics.ts [--subscriptions 100000] [--repeat 5] [--json out.json]
 *
 * Target (issue 27): the overview in under a second at 100,000 subscriptions and two years.
 */
import { parseArgs } from 'node:util';
import { benchEnv, finish, median, writeJson } from './support.ts';

const { values } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '100000' },
    repeat: { type: 'string', default: '5' },
    json: { type: 'string' },
    /** Leave the database in place (its URL printed) to look at the plans. */
    keep: { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.subscriptions);
const REPEAT = Number(values.repeat);
const NOW = new Date('2027-01-15T00:00:00Z');
const FROM = '2025-02';
const TO = '2027-01';

async function main() {
  const env = await benchEnv();
  try {
    const { sql } = env.runtime;
    const merchant = { merchantId: env.merchantId, environment: 'sandbox' as const };
    const t0 = performance.now();
    const plans = await sql.query<{ id: string }>(
      `insert into billing.plans (id, merchant_id, environment, name, amount, currency, interval, interval_count, trial_days, dunning, status, created_at)
       select gen_random_uuid(), $1, 'sandbox', p.name, p.amount, 'AUD', p.interval, 1, 0, '{"retry_days":[1,3],"final_action":"leave_past_due"}', 'active', $2
         from (values ('Monthly', 2900, 'month'), ('Yearly', 29000, 'year')) p(name, amount, interval)
       returning id`,
      [env.merchantId, NOW],
    );
    // Started evenly over the two years before NOW; one in ten on the yearly plan.
    await sql.query(
      `insert into billing.subscriptions (id, merchant_id, environment, plan_id, card_token, card_is_token, card_key, customer_reference, status, time_zone, start_at,
          anchor_at, next_period_index, current_period_start, next_charge_at, cancel_at_period_end, metadata, created_at, updated_at)
       select gen_random_uuid(), $1, 'sandbox', case when g % 10 = 0 then $3::uuid else $2::uuid end, 'benchcard', true, 'benchcard', 'cust-' || g, 'active', 'UTC',
              t, t, 0, t, t + interval '1 month' * (1 + floor(extract(epoch from ($5::timestamptz - t)) / 2592000)::int), false, '{}', t, t
         from generate_series(1, $4::int) g,
              lateral (select $5::timestamptz - interval '730 days' + (g::float8 / $4::int) * interval '729 days' as t) x`,
      [env.merchantId, plans[0]!.id, plans[1]!.id, COUNT, NOW],
    );
    // A fifth cancelled and a tenth grown by a seat, at a time between their start and NOW.
    await sql.query(
      `update billing.subscriptions set status = 'cancelled', cancelled_at = start_at + (now_at - start_at) / 2, next_charge_at = null,
              updated_at = start_at + (now_at - start_at) / 2
         from (select $2::timestamptz as now_at) n
        where merchant_id = $1 and substr(customer_reference, 6)::int % 5 = 1`,
      [env.merchantId, NOW],
    );
    await sql.query(
      `update billing.subscriptions set quantity = 2, updated_at = start_at + (now_at - start_at) / 3
         from (select $2::timestamptz as now_at) n
        where merchant_id = $1 and substr(customer_reference, 6)::int % 10 = 2`,
      [env.merchantId, NOW],
    );
    // Each month of each subscription's life (until cancelled), invoiced and paid; one in twenty first declined.
    await sql.query(
      `with periods as (
         select s.id as sid, s.plan_id, s.quantity, p.amount * s.quantity as amount, s.start_at + interval '1 month' * k as at, k
           from billing.subscriptions s join billing.plans p on p.id = s.plan_id,
                generate_series(0, 24) k
          where s.merchant_id = $1 and p.interval = 'month' and s.start_at + interval '1 month' * k < coalesce(s.cancelled_at, $2::timestamptz)),
       invoiced as (
         insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, period_index, period_start, period_end, amount, currency,
             status, attempt_count, dunning, created_at, updated_at, lines, subtotal, discount, credit_applied, total, tax, tax_breakdown,
             reverse_charge, first_failed_at, paid_at, finalized_at)
         select gen_random_uuid(), $1, 'sandbox', sid, plan_id, k, at, at + interval '1 month', amount, 'AUD', 'paid', 1,
                '{"retry_days":[1,3],"final_action":"leave_past_due"}', at, at, '[]', amount, 0, 0, amount, 0, '[]', false,
                case when (k + hashtext(sid::text)) % 20 = 0 then at end, at + case when (k + hashtext(sid::text)) % 20 = 0 then interval '1 day' else interval '0' end, at
           from periods
         returning id, amount, paid_at)
       insert into billing.ledger_entries (id, merchant_id, environment, invoice_id, attempt_id, purchase_id, amount, currency, created_at, booked_at)
       select gen_random_uuid(), $1, 'sandbox', id, gen_random_uuid(), 'BNCH-P-' || substr(md5(id::text), 1, 12), amount, 'AUD', paid_at, paid_at from invoiced`,
      [env.merchantId, NOW],
    );
    await sql.query(
      `insert into billing.charge_attempts (id, invoice_id, number, reference, status, response_code, message, decline_class, manual, attempted_at, created_at, updated_at)
       select gen_random_uuid(), i.id, 1, i.id || '-1', 'declined', '51', 'Insufficient funds', 'soft', false, i.first_failed_at, i.first_failed_at, i.first_failed_at
         from billing.invoices i where i.merchant_id = $1 and i.first_failed_at is not null`,
      [env.merchantId],
    );
    // As autovacuum leaves a table written in bulk: analyzed, its visibility map set (index-only scans).
    await sql.query('vacuum analyze');
    const seedMs = Math.round(performance.now() - t0);
    const counts = (
      await sql.query<{ movements: string; invoices: string }>(
        `select (select count(*) from billing.mrr_movements where merchant_id = $1) as movements,
                (select count(*) from billing.invoices where merchant_id = $1) as invoices`,
        [env.merchantId],
      )
    )[0]!;
    console.error(`seeded ${COUNT} subscriptions, ${counts.movements} MRR movements, ${counts.invoices} invoices in ${seedMs} ms`);

    const core = env.runtime.billing;
    const range = { from: FROM, to: TO };
    const overview = async () => {
      const parts: Record<string, number> = {};
      const timed = async (name: string, work: () => Promise<unknown>) => {
        const start = performance.now();
        await work();
        parts[name] = performance.now() - start;
      };
      await timed('mrr', () => core.mrrAnalytics(merchant, range));
      await timed('revenue', () => core.revenueAnalytics(merchant, range));
      await timed('pastDue', () => core.pastDueAnalytics(merchant));
      await timed('renewals', () => core.renewalsAnalytics(merchant, { days: 30 }));
      return { total: Object.values(parts).reduce((a, b) => a + b, 0), parts };
    };
    const baseline = async () => {
      const start = performance.now();
      await sql.query(
        `select (select count(*) from billing.mrr_movements where merchant_id = $1 and environment = 'sandbox' and at < $3),
                (select count(*) from billing.ledger_entries where merchant_id = $1 and environment = 'sandbox' and booked_at >= $2 and booked_at < $3),
                (select count(*) from billing.invoices where merchant_id = $1 and environment = 'sandbox' and first_failed_at >= $2 and first_failed_at < $3)`,
        [env.merchantId, new Date(`${FROM}-01T00:00:00Z`), new Date('2027-02-01T00:00:00Z')],
      );
      return performance.now() - start;
    };
    // The first round after seeding reads every closed month from the ledger and writes the revenue
    // rollup (as the scheduler's sweep does once a month closes): reported apart, as `coldMs`.
    const cold = await overview();
    await baseline();
    const rounds: { total: number; parts: Record<string, number> }[] = [];
    const baselines: number[] = [];
    for (let r = 0; r < REPEAT; r++) {
      rounds.push(await overview());
      baselines.push(await baseline());
    }
    const overviewMs = median(rounds.map((r) => r.total));
    const baselineMs = median(baselines);
    const parts = Object.fromEntries(Object.keys(rounds[0]!.parts).map((k) => [k, median(rounds.map((r) => r.parts[k]!))]));
    const out = {
      subscriptions: COUNT,
      movements: Number(counts.movements),
      invoices: Number(counts.invoices),
      seedMs,
      overviewMs,
      parts,
      coldMs: cold.total,
      coldParts: cold.parts,
      baselineMs,
      ratio: baselineMs / overviewMs,
      repeat: REPEAT,
    };
    console.error(
      `overview ${overviewMs.toFixed(0)} ms, first ${cold.total.toFixed(0)} ms (mrr ${parts.mrr!.toFixed(0)}, revenue ${parts.revenue!.toFixed(0)}, past due ${parts.pastDue!.toFixed(0)}, renewals ${parts.renewals!.toFixed(0)}); baseline ${baselineMs.toFixed(0)} ms`,
    );
    console.log(JSON.stringify(out));
    await writeJson(values.json, out);
  } finally {
    if (values.keep) {
      console.error(`kept ${env.config.DATABASE_URL}`);
      await env.runtime.close();
    } else await env.cleanup();
  }
}

finish(main());
