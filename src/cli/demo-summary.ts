import type { Sql } from '../platform/sql.ts';
import type { MerchantRef } from '../billing/ports/gateway-port.ts';

/** One row of the demo's table: the invoices of one calendar month (by period start, UTC). */
export interface DemoMonth {
  month: string;
  invoices: number;
  paid: number;
  /** Paid by an attempt after the first: dunning (or a card update) won it back. */
  recovered: number;
  /** Dunning ended without payment: uncollectible, or left past due with no retry to come. */
  lost: number;
  /** Still in dunning or waiting for a card when the demo ended. */
  pending: number;
  /** Cards the merchant updated after `card.expiring` or `card.expired`, by the clock's month. */
  expiryUpdates: number;
  /** Coupon discounts given, by currency, in minor units. */
  discounts: Record<string, bigint>;
  /** Money refunded (approved invoice refunds), by currency, in minor units. */
  refunds: Record<string, bigint>;
  /** Collected money by currency, in minor units (the ledger's sum). */
  revenue: Record<string, bigint>;
}

export interface DemoSummary {
  merchantId: string;
  months: DemoMonth[];
  total: DemoMonth;
}

interface MonthRow {
  month: string;
  invoices: number;
  paid: number;
  recovered: number;
  lost: number;
}

/** Reads the demo merchant's invoices, attempts and ledger: the table is what PostgreSQL says happened. */
export async function summarize(sql: Sql, merchant: MerchantRef, expiryUpdates: ReadonlyMap<string, number>): Promise<DemoSummary> {
  const params = [merchant.merchantId, merchant.environment];
  const rows = await sql.query<MonthRow>(
    `select to_char(i.period_start at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as invoices,
            count(*) filter (where i.status = 'paid')::int as paid,
            count(*) filter (where i.status = 'paid' and exists (select 1 from billing.charge_attempts a
                                where a.invoice_id = i.id and a.status = 'approved' and a.number >= 2))::int as recovered,
            count(*) filter (where i.status = 'uncollectible'
                                or (i.status = 'past_due' and i.next_attempt_at is null and not i.held_for_card))::int as lost
       from billing.invoices i where i.merchant_id = $1 and i.environment = $2 group by 1`,
    params,
  );
  // sum(bigint) is numeric: it arrives as a string and stays an integer (BigInt), never a float.
  const money = await sql.query<{ month: string; currency: string; amount: string }>(
    `select to_char(i.period_start at time zone 'UTC', 'YYYY-MM') as month, l.currency, sum(l.amount)::text as amount
       from billing.ledger_entries l join billing.invoices i on i.id = l.invoice_id
      where l.merchant_id = $1 and l.environment = $2 group by 1, 2`,
    params,
  );
  const adjustments = await sql.query<{ month: string; currency: string; discounts: string; refunds: string }>(
    `select to_char(i.period_start at time zone 'UTC', 'YYYY-MM') as month, i.currency, sum(i.discount)::text as discounts,
            coalesce(sum((select sum(r.amount) from billing.invoice_refunds r where r.invoice_id = i.id and r.status = 'approved')), 0)::text as refunds
       from billing.invoices i where i.merchant_id = $1 and i.environment = $2 group by 1, 2`,
    params,
  );
  const byMonth = new Map<string, DemoMonth>();
  const monthOf = (month: string) => {
    let row = byMonth.get(month);
    if (!row) byMonth.set(month, (row = emptyMonth(month)));
    return row;
  };
  for (const r of rows) Object.assign(monthOf(r.month), r, { pending: r.invoices - r.paid - r.lost });
  for (const m of money) monthOf(m.month).revenue[m.currency] = BigInt(m.amount);
  for (const a of adjustments) {
    if (a.discounts !== '0') monthOf(a.month).discounts[a.currency] = BigInt(a.discounts);
    if (a.refunds !== '0') monthOf(a.month).refunds[a.currency] = BigInt(a.refunds);
  }
  for (const [month, n] of expiryUpdates) monthOf(month).expiryUpdates += n;
  const months = [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
  const total = emptyMonth('total');
  for (const m of months) {
    total.invoices += m.invoices;
    total.paid += m.paid;
    total.recovered += m.recovered;
    total.lost += m.lost;
    total.pending += m.pending;
    total.expiryUpdates += m.expiryUpdates;
    for (const key of ['revenue', 'discounts', 'refunds'] as const) {
      for (const [currency, amount] of Object.entries(m[key])) total[key][currency] = (total[key][currency] ?? 0n) + amount;
    }
  }
  return { merchantId: merchant.merchantId, months, total };
}

function emptyMonth(month: string): DemoMonth {
  return { month, invoices: 0, paid: 0, recovered: 0, lost: 0, pending: 0, expiryUpdates: 0, discounts: {}, refunds: {}, revenue: {} };
}

/** Digits after the decimal point for a currency (2 for AUD, 0 for JPY), as ISO 4217 says. */
function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** `AUD 12,345.60` from 1234560n: integer arithmetic only. */
export function formatMoney(minor: bigint, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(digits);
  const whole = (abs / unit).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = digits > 0 ? `.${(abs % unit).toString().padStart(digits, '0')}` : '';
  return `${negative ? '-' : ''}${currency} ${whole}${fraction}`;
}

const formatRevenue = (revenue: Record<string, bigint>): string =>
  Object.keys(revenue)
    .sort()
    .map((currency) => formatMoney(revenue[currency]!, currency))
    .join(', ') || '-';

const COLUMNS = ['month', 'invoices', 'paid', 'recovered', 'lost', 'pending', 'expiry updates', 'discounts', 'refunds', 'revenue'];

/** Plain padded columns: the month left-aligned, every number right-aligned. */
export function renderSummary(summary: DemoSummary): string {
  const cells = [...summary.months, summary.total].map((m) => [
    m.month,
    String(m.invoices),
    String(m.paid),
    String(m.recovered),
    String(m.lost),
    String(m.pending),
    String(m.expiryUpdates),
    formatRevenue(m.discounts),
    formatRevenue(m.refunds),
    formatRevenue(m.revenue),
  ]);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = cells.map(line);
  return [line(COLUMNS), rule, ...body.slice(0, -1), rule, body.at(-1)!].join('\n') + '\n';
}
