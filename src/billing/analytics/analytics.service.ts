import { z } from 'zod';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';

/**
 * The billing team's figures (docs/analytics.md), per month in UTC and per currency, computed in
 * SQL from the MRR movements (written by the trigger on subscriptions), the ledger, the refunds,
 * the charge attempts and the invoices: the API and the console read the same numbers.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_MONTHS = 60;

/** `?from=YYYY-MM&to=YYYY-MM` (both months included; default the 12 months up to the current one). */
export const MonthRange = z
  .object({
    from: z.string().regex(MONTH, 'must be a month, YYYY-MM').optional(),
    to: z.string().regex(MONTH, 'must be a month, YYYY-MM').optional(),
  })
  .strict();
export type MonthRange = z.infer<typeof MonthRange>;

export const RenewalWindow = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }).strict();
export type RenewalWindow = z.infer<typeof RenewalWindow>;

interface Months {
  from: string;
  to: string;
  /** The first instant of `from`, and the first instant after `to`. */
  start: Date;
  end: Date;
}

function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00.000Z`);
}

function addMonths(month: string, n: number): string {
  const d = monthStart(month);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
}

export function monthsOf(range: MonthRange, now: Date): Months {
  const to = range.to ?? now.toISOString().slice(0, 7);
  const from = range.from ?? addMonths(to, -11);
  if (from > to) throw BillingErrors.validation(['from: must not be after to']);
  const count = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;
  if (count > MAX_MONTHS) throw BillingErrors.validation([`to: at most ${MAX_MONTHS} months from from`]);
  return { from, to, start: monthStart(from), end: monthStart(addMonths(to, 1)) };
}

export interface MrrPoint {
  month: string;
  /** MRR at the month's start and at its end (the first instant of the next month). */
  mrr_start: number;
  mrr: number;
  new: number;
  expansion: number;
  contraction: number;
  churn: number;
  reactivation: number;
  /** `mrr − mrr_start`: the sum of the five movements (contraction and churn are negative). */
  net_change: number;
  /** Subscriptions with MRR at the month's end. */
  active_subscriptions: number;
}

export interface MrrSeries {
  currency: string;
  months: MrrPoint[];
}

/** MRR and its movements per month and currency. */
export async function mrrAnalytics(sql: SqlPool, m: MerchantRef, range: MonthRange, now: Date) {
  const months = monthsOf(range, now);
  // One pass over the merchant's movements up to the range's end: those before it summed into the
  // opening (month null), the others per month; the running MRR is added up below.
  const rows = await sql.query<{
    currency: string;
    month: string | null;
    new: string;
    expansion: string;
    contraction: string;
    churn: string;
    reactivation: string;
    net: string;
    count_change: string;
  }>(
    `select currency, to_char(month, 'YYYY-MM') as month,
            coalesce(sum(delta) filter (where kind = 'new'), 0) as new, coalesce(sum(delta) filter (where kind = 'expansion'), 0) as expansion,
            coalesce(sum(delta) filter (where kind = 'contraction'), 0) as contraction, coalesce(sum(delta) filter (where kind = 'churn'), 0) as churn,
            coalesce(sum(delta) filter (where kind = 'reactivation'), 0) as reactivation, sum(delta) as net, sum(counted) as count_change
       from (select currency, kind, mrr_after - mrr_before as delta,
                    case when mrr_before = 0 and mrr_after > 0 then 1 when mrr_before > 0 and mrr_after = 0 then -1 else 0 end as counted,
                    case when at >= $3 then date_trunc('month', at at time zone 'UTC') end as month
               from billing.mrr_movements
              where merchant_id = $1 and environment = $2 and at < $4) x
      group by currency, month`,
    [m.merchantId, m.environment, months.start, months.end],
  );
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const series: MrrSeries[] = currencies.map((currency) => {
    const opening = rows.find((r) => r.currency === currency && r.month === null);
    let mrr = Number(opening?.net ?? 0);
    let count = Number(opening?.count_change ?? 0);
    const points: MrrPoint[] = [];
    for (let mo = months.from; mo <= months.to; mo = addMonths(mo, 1)) {
      const r = rows.find((x) => x.currency === currency && x.month === mo);
      const start = mrr;
      mrr += Number(r?.net ?? 0);
      count += Number(r?.count_change ?? 0);
      points.push({
        month: mo,
        mrr_start: start,
        mrr,
        new: Number(r?.new ?? 0),
        expansion: Number(r?.expansion ?? 0),
        contraction: Number(r?.contraction ?? 0),
        churn: Number(r?.churn ?? 0),
        reactivation: Number(r?.reactivation ?? 0),
        net_change: mrr - start,
        active_subscriptions: count,
      });
    }
    return { currency, months: points };
  });
  return { from: months.from, to: months.to, series };
}

export interface RevenuePoint {
  month: string;
  /** Approved charges (the ledger), by the month they were booked: their invoice's payment, billing time. */
  collected: number;
  /** Approved refunds, by the month they were made. */
  refunded: number;
  net: number;
  /** Declined or failed charge attempts, by decline class (`soft`, `hard`, `expired_card`, `error`, …): how many and for how much. */
  failed: Record<string, { attempts: number; amount: number }>;
  /** Invoices first failing this month, and of them those paid since (by a retry, a manual retry or a new card). */
  dunning: { failed_invoices: number; recovered_invoices: number; recovered_amount: number; recovery_rate: number | null };
}

/** A month's money figures in one currency: what the rollup keeps for a closed month. */
interface MoneyFigures {
  collected: number;
  refunded: number;
  failed: Record<string, { attempts: number; amount: number }>;
}
/** Per month (`YYYY-MM`), per currency. */
type FiguresByMonth = Map<string, Record<string, MoneyFigures>>;

/** A month is closed an hour after its end: later, only a late row (see the triggers of the rollup) can change it. */
const CLOSED_AFTER = `interval '1 hour'`;

/** The months from `from` to `to`, both included. */
function monthList(from: string, to: string): string[] {
  const out: string[] = [];
  for (let mo = from; mo <= to; mo = addMonths(mo, 1)) out.push(mo);
  return out;
}

/**
 * Collected, refunded and failed figures of the months `from`..`to`, per month and currency, read
 * from the ledger, the refunds and the attempts: the one definition that both the rollup and the
 * live months use.
 */
async function moneyFigures(sql: Sql, m: MerchantRef, from: string, to: string): Promise<FiguresByMonth> {
  const args = [m.merchantId, m.environment, monthStart(from), monthStart(addMonths(to, 1))];
  // Grouped by the month's first instant (cheap per row), written as `YYYY-MM` once per group.
  const month = (column: string) => `date_trunc('month', ${column} at time zone 'UTC')`;
  const money = await sql.query<{ currency: string; month: string; collected: string; refunded: string }>(
    `select currency, to_char(month, 'YYYY-MM') as month, sum(collected) as collected, sum(refunded) as refunded from (
       select l.currency, ${month('l.booked_at')} as month, l.amount as collected, 0 as refunded
         from billing.ledger_entries l
        where l.merchant_id = $1 and l.environment = $2 and l.booked_at >= $3 and l.booked_at < $4
       union all
       select r.currency, ${month('r.created_at')}, 0, r.amount
         from billing.invoice_refunds r
        where r.merchant_id = $1 and r.environment = $2 and r.status = 'approved' and r.created_at >= $3 and r.created_at < $4) x
      group by currency, month`,
    args,
  );
  const failed = await sql.query<{ currency: string; month: string; decline_class: string; attempts: string; amount: string }>(
    `select i.currency, to_char(${month('a.attempted_at')}, 'YYYY-MM') as month, coalesce(a.decline_class, 'error') as decline_class,
            count(*) as attempts, sum(i.amount) as amount
       from billing.charge_attempts a
       -- One invoice per attempt, by its key (limit 1 keeps the planner from hashing the whole invoices table)
       cross join lateral (select i.currency, i.amount, i.merchant_id, i.environment from billing.invoices i where i.id = a.invoice_id limit 1) i
      where a.status in ('declined', 'error') and a.attempted_at >= $3 and a.attempted_at < $4
        and i.merchant_id = $1 and i.environment = $2
      group by i.currency, ${month('a.attempted_at')}, 3`,
    args,
  );
  const out: FiguresByMonth = new Map();
  const cell = (mo: string, currency: string): MoneyFigures => {
    const byCurrency = out.get(mo) ?? {};
    out.set(mo, byCurrency);
    return (byCurrency[currency] ??= { collected: 0, refunded: 0, failed: {} });
  };
  for (const r of money) Object.assign(cell(r.month, r.currency), { collected: Number(r.collected), refunded: Number(r.refunded) });
  for (const r of failed) cell(r.month, r.currency).failed[r.decline_class] = { attempts: Number(r.attempts), amount: Number(r.amount) };
  return out;
}

/**
 * Writes the rollup rows of `months` (closed months, in order) for one merchant and environment,
 * and answers their figures; null when another writer or a late row holds the merchant's rollup
 * lock (the caller then reads those months live). Months without money get a row too (`{}`).
 */
export async function fillRevenueMonths(sql: SqlPool, m: MerchantRef, months: string[]): Promise<FiguresByMonth | null> {
  if (months.length === 0) return new Map();
  return sql.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>(`select pg_try_advisory_xact_lock(billing.revenue_months_lock($1, $2)) as locked`, [
      m.merchantId,
      m.environment,
    ]);
    if (!lock?.locked) return null;
    // A statement of its own after the lock: its snapshot holds every late row committed before it.
    const figures = await moneyFigures(tx, m, months[0]!, months[months.length - 1]!);
    await tx.query(
      `insert into billing.revenue_months (merchant_id, environment, month, figures, computed_at)
       select $1, $2, (x.month || '-01')::date, x.figures, statement_timestamp()
         from jsonb_each($3::jsonb) as x(month, figures)
       on conflict (merchant_id, environment, month) do update set figures = excluded.figures, computed_at = excluded.computed_at`,
      [m.merchantId, m.environment, JSON.stringify(Object.fromEntries(months.map((mo) => [mo, figures.get(mo) ?? {}])))],
    );
    return figures;
  });
}

/**
 * The scheduler's sweep of the rollup: for each merchant and environment with plans, the closed
 * months of the last two years not rolled up yet. Answers how many months it wrote.
 */
export async function rollUpRevenueMonths(sql: SqlPool): Promise<number> {
  const pairs = await sql.query<{ merchant_id: string; environment: 'sandbox' | 'production'; missing: string[] }>(
    `select p.merchant_id, p.environment,
            array(select to_char(mo, 'YYYY-MM') from generate_series(date_trunc('month', statement_timestamp() - ${CLOSED_AFTER}) - interval '24 months',
                                                                     date_trunc('month', statement_timestamp() - ${CLOSED_AFTER}) - interval '1 month', interval '1 month') mo
                   where not exists (select 1 from billing.revenue_months r
                                      where r.merchant_id = p.merchant_id and r.environment = p.environment and r.month = mo::date)
                   order by mo) as missing
       from (select distinct merchant_id, environment from billing.plans) p`,
  );
  let written = 0;
  for (const pair of pairs) {
    if (pair.missing.length === 0) continue;
    const filled = await fillRevenueMonths(sql, { merchantId: pair.merchant_id, environment: pair.environment }, pair.missing);
    if (filled) written += pair.missing.length;
  }
  return written;
}

/**
 * Money collected and refunded, failed payments by decline class, and what dunning recovered, per
 * month and currency. Closed months come from the rollup (written here when missing); the months
 * not closed yet, and dunning (whose recoveries grow as retries run), are read live.
 */
export async function revenueAnalytics(sql: SqlPool, m: MerchantRef, range: MonthRange, now: Date) {
  const months = monthsOf(range, now);
  const args = [m.merchantId, m.environment, months.start, months.end];
  const [rolledRows, dunning] = await Promise.all([
    sql.query<{ month: string | null; figures: Record<string, MoneyFigures> | null; first_open: string }>(
      // The first month not closed rides along on a row of its own (month null), so that a range without rollups still learns it.
      `select to_char(month, 'YYYY-MM') as month, figures, null as first_open
         from billing.revenue_months where merchant_id = $1 and environment = $2 and month >= $3::date and month < $4::date
       union all
       select null, null, to_char(date_trunc('month', statement_timestamp() - ${CLOSED_AFTER}), 'YYYY-MM')`,
      args,
    ),
    sql.query<{ currency: string; month: string; failed: string; recovered: string; recovered_amount: string }>(
      `select currency, to_char(date_trunc('month', first_failed_at at time zone 'UTC'), 'YYYY-MM') as month, count(*) as failed,
              count(*) filter (where status = 'paid') as recovered,
              coalesce(sum(amount) filter (where status = 'paid'), 0) as recovered_amount
         from billing.invoices
        where merchant_id = $1 and environment = $2 and first_failed_at >= $3 and first_failed_at < $4
        group by currency, date_trunc('month', first_failed_at at time zone 'UTC')`,
      args,
    ),
  ]);
  const firstOpen = rolledRows.find((r) => r.month === null)!.first_open;
  const figures: FiguresByMonth = new Map();
  for (const r of rolledRows) if (r.month !== null) figures.set(r.month, r.figures ?? {});
  const all = monthList(months.from, months.to);
  const missingClosed = all.filter((mo) => mo < firstOpen && !figures.has(mo));
  const filled = await fillRevenueMonths(sql, m, missingClosed);
  for (const [mo, f] of filled ?? []) figures.set(mo, f);
  const live = all.filter((mo) => mo >= firstOpen || (filled === null && missingClosed.includes(mo)));
  if (live.length > 0) {
    const read = await moneyFigures(sql, m, live[0]!, live[live.length - 1]!);
    for (const mo of live) figures.set(mo, read.get(mo) ?? {});
  }

  const currencies = [...new Set([...[...figures.values()].flatMap((f) => Object.keys(f)), ...dunning.map((r) => r.currency)])].sort();
  const series = currencies.map((currency) => {
    const points: RevenuePoint[] = all.map((mo) => {
      const cash = figures.get(mo)?.[currency];
      const d = dunning.find((r) => r.currency === currency && r.month === mo);
      const collected = cash?.collected ?? 0;
      const refunded = cash?.refunded ?? 0;
      const failedInvoices = Number(d?.failed ?? 0);
      const recovered = Number(d?.recovered ?? 0);
      return {
        month: mo,
        collected,
        refunded,
        net: collected - refunded,
        failed: { ...(cash?.failed ?? {}) },
        dunning: {
          failed_invoices: failedInvoices,
          recovered_invoices: recovered,
          recovered_amount: Number(d?.recovered_amount ?? 0),
          // A share, to 4 places: recovered ÷ failed (null when none failed).
          recovery_rate: failedInvoices ? Math.round((recovered / failedInvoices) * 10_000) / 10_000 : null,
        },
      };
    });
    return { currency, months: points };
  });
  return { from: months.from, to: months.to, series };
}

/** Invoices past due now, per currency: how many and the amount still due. */
export async function pastDueAnalytics(sql: SqlPool, m: MerchantRef) {
  const rows = await sql.query<{ currency: string; invoices: string; amount: string; held_for_card: string }>(
    `select currency, count(*) as invoices, sum(amount) as amount, count(*) filter (where held_for_card) as held_for_card
       from billing.invoices where merchant_id = $1 and environment = $2 and status = 'past_due'
      group by currency order by currency`,
    [m.merchantId, m.environment],
  );
  return {
    currencies: rows.map((r) => ({
      currency: r.currency,
      invoices: Number(r.invoices),
      amount: Number(r.amount),
      held_for_card: Number(r.held_for_card),
    })),
  };
}

/**
 * Renewals due in the next `days` days (billing time: a test clock's for its subscriptions), per
 * day (UTC) and currency: how many, and their amount before tax, items and credit (the recurring
 * amount of the plan that will bill at its quantity, less a coupon still held: `billing.period_amount`).
 */
export async function renewalsAnalytics(sql: SqlPool, m: MerchantRef, window: RenewalWindow, now: Date) {
  const rows = await sql.query<{ currency: string; day: string; renewals: string; amount: string }>(
    // Grouped by what the amount depends on first, so that the amount's rule (billing.period_amount)
    // runs once per plan, quantity, coupon and day, not once per subscription.
    `select currency, to_char(day, 'YYYY-MM-DD') as day, sum(n) as renewals,
            sum(n * billing.period_amount(plan_id, quantity, coupon_id, true)) as amount
       from (select p.currency, p.id as plan_id, coalesce(s.next_quantity, s.quantity) as quantity, s.coupon_id,
                    date_trunc('day', s.next_charge_at at time zone 'UTC') as day, count(*) as n
               from billing.subscriptions s
               left join billing.test_clocks c on c.id = s.test_clock_id
               join billing.plans p on p.id = coalesce(s.next_plan_id, s.plan_id)
              where s.merchant_id = $1 and s.environment = $2 and s.status in ('trialing', 'active', 'past_due')
                and not (s.cancel_at_period_end)
                and s.next_charge_at >= coalesce(c.frozen_time, $3) and s.next_charge_at < coalesce(c.frozen_time, $3) + make_interval(days => $4)
              group by 1, 2, 3, 4, 5) g
      group by currency, g.day order by currency, g.day`,
    [m.merchantId, m.environment, now, window.days],
  );
  const byCurrency = new Map<
    string,
    { currency: string; renewals: number; amount: number; days: { day: string; renewals: number; amount: number }[] }
  >();
  for (const r of rows) {
    const entry = byCurrency.get(r.currency) ?? { currency: r.currency, renewals: 0, amount: 0, days: [] };
    entry.renewals += Number(r.renewals);
    entry.amount += Number(r.amount);
    entry.days.push({ day: r.day, renewals: Number(r.renewals), amount: Number(r.amount) });
    byCurrency.set(r.currency, entry);
  }
  return { days: window.days, currencies: [...byCurrency.values()] };
}
