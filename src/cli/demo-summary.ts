import type { Sql } from '../platform/sql.ts';
import { formatMoney } from '../platform/money-format.ts';
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
  /** Tax in the month's paid invoices (inclusive and exclusive), by currency, in minor units. */
  tax: Record<string, bigint>;
  /** Usage billed (the usage lines of the month's paid invoices, before tax), by currency, in minor units. */
  usage: Record<string, bigint>;
  /** Seats billed (the seats lines of the month's paid invoices, before tax: docs/pricing.md, "Seats"), by currency, in minor units. */
  seats: Record<string, bigint>;
  /** Collected money by currency, in minor units (the ledger's sum). */
  revenue: Record<string, bigint>;
}

/** A document sequence as issued: its first and last numbers, how many, and whether they run 1..n. */
export interface NumberRun {
  count: number;
  first: string | null;
  last: string | null;
  /** Every document numbered, no number skipped or used twice: the numbers are exactly 1..count. */
  gapFree: boolean;
}

/** Tax collected at one rate (paid invoices), in minor units. */
export interface RateTotal {
  name: string;
  percentage: string;
  inclusive: boolean;
  currency: string;
  amount: bigint;
}

/** A customer with an EU VAT id, and what its invoices were taxed. */
export interface EuBusiness {
  name: string;
  country: string;
  vatId: string;
  invoices: number;
  reverseCharged: number;
  /** The rates its paid invoices were taxed at ("FR VAT 20 %"), none when reverse-charged. */
  rates: string[];
}

export interface DemoSummary {
  merchantId: string;
  months: DemoMonth[];
  total: DemoMonth;
  /** Customers by the country of their address, and by state within Australia. */
  customers: { byCountry: Record<string, number>; auStates: Record<string, number>; withTaxId: number };
  invoiceNumbers: NumberRun;
  creditNoteNumbers: NumberRun;
  taxByRate: RateTotal[];
  /** Invoices with `reverse_charge: true`. */
  reverseCharges: number;
  euBusinesses: EuBusiness[];
  /** The country of the merchant's business address (its settings). */
  merchantCountry: string | null;
  /** The e-mails written to the customers, by kind, and how many of them the local outbox holds. */
  emails: { byKind: Record<string, number>; outbox: number };
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
  const adjustments = await sql.query<{ month: string; currency: string; discounts: string; refunds: string; tax: string }>(
    `select to_char(i.period_start at time zone 'UTC', 'YYYY-MM') as month, i.currency, sum(i.discount)::text as discounts,
            coalesce(sum((select sum(r.amount) from billing.invoice_refunds r where r.invoice_id = i.id and r.status = 'approved')), 0)::text as refunds,
            coalesce(sum(i.tax) filter (where i.status = 'paid'), 0)::text as tax
       from billing.invoices i where i.merchant_id = $1 and i.environment = $2 group by 1, 2`,
    params,
  );
  const usage = await sql.query<{ month: string; currency: string; amount: string }>(
    `select to_char(i.period_start at time zone 'UTC', 'YYYY-MM') as month, i.currency, sum((l->>'amount')::bigint)::text as amount
       from billing.invoices i cross join lateral jsonb_array_elements(i.lines) l
      where i.merchant_id = $1 and i.environment = $2 and i.status = 'paid' and l->>'kind' = 'usage' group by 1, 2`,
    params,
  );
  const seats = await sql.query<{ month: string; currency: string; amount: string }>(
    `select to_char(i.period_start at time zone 'UTC', 'YYYY-MM') as month, i.currency, sum((l->>'amount')::bigint)::text as amount
       from billing.invoices i cross join lateral jsonb_array_elements(i.lines) l
      where i.merchant_id = $1 and i.environment = $2 and i.status = 'paid' and l->>'metric_code' = 'seats' group by 1, 2`,
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
    if (a.tax !== '0') monthOf(a.month).tax[a.currency] = BigInt(a.tax);
  }
  for (const u of usage) if (u.amount !== '0') monthOf(u.month).usage[u.currency] = BigInt(u.amount);
  for (const u of seats) if (u.amount !== '0') monthOf(u.month).seats[u.currency] = BigInt(u.amount);
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
    for (const key of ['revenue', 'discounts', 'refunds', 'tax', 'usage', 'seats'] as const) {
      for (const [currency, amount] of Object.entries(m[key])) total[key][currency] = (total[key][currency] ?? 0n) + amount;
    }
  }
  return { merchantId: merchant.merchantId, months, total, ...(await invoicing(sql, merchant)) };
}

function emptyMonth(month: string): DemoMonth {
  return {
    month,
    invoices: 0,
    paid: 0,
    recovered: 0,
    lost: 0,
    pending: 0,
    expiryUpdates: 0,
    discounts: {},
    refunds: {},
    tax: {},
    usage: {},
    seats: {},
    revenue: {},
  };
}

/** A table's documents, numbered `<prefix><digits>`: the run of their numbers, from PostgreSQL. */
async function numberRun(sql: Sql, merchant: MerchantRef, table: 'invoices' | 'credit_notes'): Promise<NumberRun> {
  const [row] = await sql.query<{
    count: number;
    numbered: number;
    distinct: number;
    low: string | null;
    high: string | null;
    first: string | null;
    last: string | null;
  }>(
    `with n as (select number, substring(number from '[0-9]+$')::bigint as value from billing.${table}
                 where merchant_id = $1 and environment = $2)
     select count(*)::int as count, count(number)::int as numbered, count(distinct number)::int as distinct,
            min(value)::text as low, max(value)::text as high,
            (array_agg(number order by value) filter (where number is not null))[1] as first,
            (array_agg(number order by value desc) filter (where number is not null))[1] as last
       from n`,
    [merchant.merchantId, merchant.environment],
  );
  const r = row!;
  const gapFree = r.count === r.numbered && r.numbered === r.distinct && (r.count === 0 || (r.low === '1' && r.high === String(r.count)));
  return { count: r.count, first: r.first, last: r.last, gapFree };
}

/** Customers, document numbers, tax by rate and reverse charges: what a finance team would look at. */
async function invoicing(sql: Sql, merchant: MerchantRef): Promise<Omit<DemoSummary, 'merchantId' | 'months' | 'total'>> {
  const params = [merchant.merchantId, merchant.environment];
  const places = await sql.query<{ country: string | null; state: string | null; n: number; with_tax_id: number }>(
    `select address->>'country' as country, address->>'state' as state, count(*)::int as n,
            count(*) filter (where jsonb_array_length(tax_ids) > 0)::int as with_tax_id
       from billing.customers where merchant_id = $1 and environment = $2 and deleted_at is null group by 1, 2`,
    params,
  );
  const customers: DemoSummary['customers'] = { byCountry: {}, auStates: {}, withTaxId: 0 };
  for (const p of places) {
    const country = p.country ?? 'no address';
    customers.byCountry[country] = (customers.byCountry[country] ?? 0) + p.n;
    if (country === 'AU' && p.state) customers.auStates[p.state] = (customers.auStates[p.state] ?? 0) + p.n;
    customers.withTaxId += p.with_tax_id;
  }
  // sum(bigint) is numeric: a string of digits, read as a BigInt.
  const rates = await sql.query<{ name: string; percentage: string; inclusive: boolean; currency: string; amount: string }>(
    `select b->>'display_name' as name, b->>'percentage' as percentage, (b->>'inclusive')::boolean as inclusive, i.currency,
            sum((b->>'amount')::bigint)::text as amount
       from billing.invoices i cross join lateral jsonb_array_elements(i.tax_breakdown) b
      where i.merchant_id = $1 and i.environment = $2 and i.status = 'paid'
      group by 1, 2, 3, 4 order by sum((b->>'amount')::bigint) desc, 1`,
    params,
  );
  const [counts] = await sql.query<{ reverse_charges: number; merchant_country: string | null }>(
    `select (select count(*)::int from billing.invoices where merchant_id = $1 and environment = $2 and reverse_charge) as reverse_charges,
            (select business->'address'->>'country' from billing.merchant_settings where merchant_id = $1 and environment = $2) as merchant_country`,
    params,
  );
  const businesses = await sql.query<{
    name: string;
    country: string;
    vat_id: string;
    invoices: number;
    reverse_charged: number;
    rates: string[];
  }>(
    `select c.name, c.address->>'country' as country, t->>'value' as vat_id,
            (select count(*)::int from billing.invoices i where i.customer_id = c.id) as invoices,
            (select count(*)::int from billing.invoices i where i.customer_id = c.id and i.reverse_charge) as reverse_charged,
            array(select distinct (b->>'display_name') || ' ' || (b->>'percentage') || ' %'
                    from billing.invoices i cross join lateral jsonb_array_elements(i.tax_breakdown) b
                   where i.customer_id = c.id and i.status = 'paid' order by 1) as rates
       from billing.customers c cross join lateral jsonb_array_elements(c.tax_ids) t
      where c.merchant_id = $1 and c.environment = $2 and c.deleted_at is null and t->>'type' = 'eu_vat'
      order by c.created_at`,
    params,
  );
  return {
    customers,
    invoiceNumbers: await numberRun(sql, merchant, 'invoices'),
    creditNoteNumbers: await numberRun(sql, merchant, 'credit_notes'),
    taxByRate: rates.map((r) => ({ ...r, amount: BigInt(r.amount) })),
    reverseCharges: counts!.reverse_charges,
    euBusinesses: businesses.map((b) => ({
      name: b.name,
      country: b.country,
      vatId: b.vat_id,
      invoices: b.invoices,
      reverseCharged: b.reverse_charged,
      rates: b.rates,
    })),
    merchantCountry: counts!.merchant_country,
    emails: await emailCounts(sql, merchant),
  };
}

async function emailCounts(sql: Sql, merchant: MerchantRef): Promise<DemoSummary['emails']> {
  const rows = await sql.query<{ kind: string; n: number; outbox: number }>(
    `select kind, count(*)::int as n, count(*) filter (where status = 'outbox')::int as outbox
       from billing.emails where merchant_id = $1 and environment = $2 group by kind`,
    [merchant.merchantId, merchant.environment],
  );
  return { byKind: Object.fromEntries(rows.map((r) => [r.kind, r.n])), outbox: rows.reduce((sum, r) => sum + r.outbox, 0) };
}

const formatRevenue = (revenue: Record<string, bigint>): string =>
  Object.keys(revenue)
    .sort()
    .map((currency) => formatMoney(revenue[currency]!, currency))
    .join(', ') || '-';

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
    formatRevenue(m.tax),
    formatRevenue(m.usage),
    formatRevenue(m.seats),
    formatRevenue(m.revenue),
  ]);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = cells.map(line);
  return [line(COLUMNS), rule, ...body.slice(0, -1), rule, body.at(-1)!, '', ...renderInvoicing(summary)].join('\n') + '\n';
}

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

const run = (what: string, r: NumberRun): string =>
  r.count === 0 ? `no ${what}` : `${what} ${r.first} … ${r.last} (${r.count}, ${r.gapFree ? 'no gaps' : 'NOT gap-free'})`;

const byCount = (counts: Record<string, number>): [string, number][] =>
  Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));

/** The lines under the table: customers, numbers, tax by rate, the reverse charge (and, when none was made, why). */
export function renderInvoicing(summary: DemoSummary): string[] {
  const { customers } = summary;
  const total = Object.values(customers.byCountry).reduce((sum, n) => sum + n, 0);
  const countries = byCount(customers.byCountry).map(([country, n]) =>
    country === 'AU' && Object.keys(customers.auStates).length
      ? `${n} in AU (${byCount(customers.auStates)
          .map(([state, k]) => `${state} ${k}`)
          .join(', ')})`
      : `${n} in ${country}`,
  );
  const rates = summary.taxByRate.map(
    (r) => `${r.name} ${r.percentage} %${r.inclusive ? ' incl.' : ''} ${formatMoney(r.amount, r.currency)}`,
  );
  const lines = [
    `customers       ${total}: ${countries.join(', ')}; ${customers.withTaxId} businesses with a tax id`,
    `numbers         ${run('invoices', summary.invoiceNumbers)}; ${run('credit notes', summary.creditNoteNumbers)}`,
    `tax by rate     ${rates.join(', ') || '-'} (paid invoices)`,
    `e-mails         ${summary.emails.outbox} in the local outbox${
      Object.keys(summary.emails.byKind).length
        ? ` (${byCount(summary.emails.byKind)
            .map(([kind, n]) => `${kind} ${n}`)
            .join(', ')})`
        : ''
    }: npx recur emails`,
  ];
  const reverse = `reverse charge  ${summary.reverseCharges} invoice${summary.reverseCharges === 1 ? '' : 's'}`;
  const unreversed = summary.euBusinesses.filter((b) => b.reverseCharged === 0 && b.invoices > 0);
  if (summary.reverseCharges > 0 || unreversed.length === 0) {
    const charged = summary.euBusinesses.filter((b) => b.reverseCharged > 0).map((b) => `${b.name}, ${b.vatId}`);
    lines.push(charged.length ? `${reverse} (${charged.join('; ')}: no tax, the legal note on each)` : reverse);
  } else {
    // The rule as Recur applies it (docs/tax.md, "EU reverse charge"), shown rather than hidden.
    const b = unreversed[0]!;
    const why = !summary.merchantCountry
      ? 'the merchant has no business address'
      : summary.merchantCountry === b.country
        ? `the merchant's business address is in ${REGIONS.of(b.country) ?? b.country}, the customer's own country`
        : 'its invoices named no tax rate and automatic tax was off';
    lines.push(
      `${reverse}: ${b.name} (${b.country}, EU VAT id ${b.vatId}) was taxed ${b.rates.join(', ') || 'nothing'}:`,
      `                ${why} (docs/tax.md, "EU reverse charge")`,
    );
  }
  return lines;
}
