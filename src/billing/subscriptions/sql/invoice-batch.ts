import { jsonRows, jsonRowsSql, type JsonColumns } from '../../../platform/json-rows.ts';
import type { Sql } from '../../../platform/sql.ts';
import { bornRelayedSql, eventDataSql } from '../../events/insert-events-sql.ts';
import { finalizedColumnsSql, finalizedEventsSql, sellerSql } from '../../invoices/finalize/sql/finalized-sql.ts';
import { giveBackCreditSql, voidOwedInvoicesSql } from '../../invoices/void-owed.ts';
import { DEFAULT_SETTINGS } from '../../settings/settings.ts';
import { subscriptionJsonSql } from '../subscription-view.ts';
import type { NumberingSubject } from '../../invoices/finalize/invoice-numbers.ts';
import type { PeriodAdvance, PeriodInvoiceRow } from '../period-advance.ts';

/** A batch's rows, each with its billing time `at` (a test clock's for a subscription on one). */
export interface InvoiceBatch {
  invoices: (PeriodInvoiceRow & { at: string })[];
  /** Every claimed subscription advanced; the events of what an advance voids carry its time. */
  advances: (PeriodAdvance & { at: string })[];
  /** The subscription events of the batch (`subscription.updated`, `.cancelled`, `.completed`). */
  events: { merchant_id: string; environment: string; type: string; data: Record<string, unknown>; at: string; subscription_id: string }[];
  /** Real time: the rows' `created_at` and `updated_at`. */
  now: Date;
}

/**
 * How an invoice of the batch is issued: its id, and either its number, taken in this transaction
 * (`numberInvoices`), when it is written finalized, or the hours it stays a draft.
 */
export interface IssuedInvoice {
  id: string;
  number: string | null;
  /** Hours it stays a draft (its merchant's `draft_hours`); 0 with a number. */
  draft_hours: number;
}

/** A period invoice to write: only periods not invoiced yet (`writeBatchAdvance`). */
export type PeriodInvoiceToWrite = InvoiceBatch['invoices'][number] & IssuedInvoice;

/** An invoice the batch wrote. */
export interface WrittenInvoice {
  id: string;
  subscription_id: string;
  /** `draft` (until `finalizes_at`, by the draft sweep), or finalized as written: `open`, `paid` when it owes 0. */
  status: 'draft' | 'open' | 'paid';
  number: string | null;
  finalizes_at: string | null;
}

/** An invoice to write, as the second write reads it. */
const INVOICE_COLUMNS: JsonColumns = [
  ['id', 'uuid'],
  ['number', 'text'],
  ['draft_hours', 'int'],
  ['merchant_id', 'uuid'],
  ['environment', 'text'],
  ['subscription_id', 'uuid'],
  ['customer_id', 'uuid'],
  ['plan_id', 'uuid'],
  ['period_index', 'int'],
  ['period_start', 'text'],
  ['period_end', 'timestamptz'],
  ['amount', 'bigint'],
  ['currency', 'text'],
  ['dunning', 'text'],
  ['at', 'timestamptz'],
  ['lines', 'text'],
  ['subtotal', 'bigint'],
  ['discount', 'bigint'],
  ['total', 'bigint'],
  ['credit_applied', 'bigint'],
  ['item_ids', 'text'],
  ['tax', 'bigint'],
  ['tax_breakdown', 'text'],
  ['reverse_charge', 'boolean'],
  ['tax_note', 'text'],
];

/** What the first write reads of each invoice (the rest of its row is read once, by the second). */
const ADVANCE_INVOICE_COLUMNS: JsonColumns = [
  ['id', 'uuid'],
  ['merchant_id', 'uuid'],
  ['environment', 'text'],
  ['subscription_id', 'uuid'],
  ['customer_id', 'uuid'],
  ['period_start', 'text'],
  ['amount', 'bigint'],
  ['currency', 'text'],
  ['at', 'timestamptz'],
  ['credit_applied', 'bigint'],
];

/** A subscription advanced, as the first write reads it. */
const ADVANCE_COLUMNS: JsonColumns = [
  ['id', 'uuid'],
  ['plan_id', 'uuid'],
  ['status', 'text'],
  ['anchor_at', 'timestamptz'],
  ['next_period_index', 'int'],
  ['current_period_start', 'timestamptz'],
  ['current_period_end', 'timestamptz'],
  ['next_charge_at', 'timestamptz'],
  ['cancelled_at', 'timestamptz'],
  ['quantity', 'int'],
  ['periods_invoiced', 'int'],
  ['credit_balance', 'bigint'],
  ['coupon_used', 'boolean'],
];

/** An invoice the batch is about to write, with what its number is made of (its merchant's invoicing settings, its customer's prefix). */
export type InvoiceToIssue = Pick<NumberingSubject, 'id' | 'invoicing' | 'customer_prefix'>;

/**
 * The first write of a scheduler batch, one statement, before its invoices' numbers are taken (so
 * that another batch waiting for the same number sequence waits only for the second); it writes
 * no invoice. A period invoiced already is left out (its subscription is locked since the claim,
 * and only a batch that claimed it writes its period invoices, so it stays so until the second
 * write). Written: the subscriptions advanced, the credit the invoices of customers'
 * subscriptions use taken off those customers (locked by the claim), and the events of the
 * invoices' creation (`invoice.created`) and of the subscriptions (as advanced here). Answers
 * the invoices to write, each with its merchant's invoicing settings and its customer's prefix
 * (the customers are locked since the claim: the prefix cannot change before the commit). They
 * are written next, in the same transaction (`writeBatchInvoices`), with the ids given here.
 * The rows travel as one JSON document each, an array per row (`jsonRows`).
 */
export async function writeBatchAdvance(
  tx: Sql,
  batch: InvoiceBatch,
  invoices: (InvoiceBatch['invoices'][number] & { id: string })[],
): Promise<InvoiceToIssue[]> {
  const { advances, events, now } = batch;
  return tx.query<InvoiceToIssue>(
    `with input as (
       -- One index probe per invoice (a lateral with a limit): as an anti join, the planner may hash
       -- every period invoice of the table instead, a cost that grows with the table.
       select x.* from ${jsonRowsSql('$1', ADVANCE_INVOICE_COLUMNS, 'x')}
         left join lateral (select 1 as found from billing.invoices i
                             where i.subscription_id = x.subscription_id and i.period_start = x.period_start::timestamptz and i.kind = 'period'
                             limit 1) invoiced on true
        where invoiced.found is null),
     advanced as (
       update billing.subscriptions s set plan_id = u.plan_id, next_plan_id = null, status = u.status, anchor_at = u.anchor_at,
           next_period_index = u.next_period_index, current_period_start = coalesce(u.current_period_start, s.current_period_start),
           current_period_end = coalesce(u.current_period_end, s.current_period_end), next_charge_at = u.next_charge_at,
           cancelled_at = coalesce(u.cancelled_at, s.cancelled_at), cancel_at_period_end = s.cancel_at_period_end and u.cancelled_at is null,
           quantity = coalesce(u.quantity, s.quantity), next_quantity = case when u.quantity is null then s.next_quantity end,
           periods_invoiced = coalesce(u.periods_invoiced, s.periods_invoiced), credit_balance = coalesce(u.credit_balance, s.credit_balance),
           coupon_id = case when u.coupon_used and s.coupon_periods_left <= 1 then null else s.coupon_id end,
           coupon_periods_left = case when u.coupon_used and s.coupon_periods_left <= 1 then null
                                      when u.coupon_used then s.coupon_periods_left - 1 else s.coupon_periods_left end,
           updated_at = $4
         from ${jsonRowsSql('$2', ADVANCE_COLUMNS, 'u')}
        where s.id = u.id
        returning s.*),
     -- The customers' rows are locked since the claim: their balance is the one the batch was planned
     -- from, and what its invoices apply (credit used once: advancePeriods) comes off it.
     credit_used as (
       update billing.customers c set credit_balance = c.credit_balance - used.amount
         from (select customer_id, sum(credit_applied) as amount from input where customer_id is not null group by customer_id) used
        where c.id = used.customer_id and used.amount > 0),
     created_events as (
       select merchant_id, environment, 'invoice.created' as type,
              jsonb_build_object('invoice_id', id, 'subscription_id', subscription_id, 'amount', amount, 'currency', currency,
                                 'period_start', period_start) as data, at
         from input),
     -- Subscription events carry the subscription as the API shows it, as advanced here.
     other_events as (
       select x.merchant_id, x.environment, x.type, x.data || jsonb_build_object('subscription', ${subscriptionJsonSql('a')}), x.at
         from json_to_recordset($3::json) as x(merchant_id uuid, environment text, type text, data jsonb, at timestamptz, subscription_id uuid)
         join advanced a on a.id = x.subscription_id),
     recorded as (
       insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
       select gen_random_uuid(), m, e, t, ${eventDataSql('t', 'd')}, at, ${bornRelayedSql('m', 'e', 't')}
         from (select * from created_events union all select * from other_events) as y(m, e, t, d, at))
     select input.id, ms.invoicing, c.invoice_prefix as customer_prefix
       from input
       left join billing.merchant_settings ms on ms.merchant_id = input.merchant_id and ms.environment = input.environment
       left join billing.customers c on c.id = input.customer_id`,
    [jsonRows(ADVANCE_INVOICE_COLUMNS, invoices), jsonRows(ADVANCE_COLUMNS, advances), JSON.stringify(events), now.toISOString()],
  );
}

/**
 * The second write of a scheduler batch, one statement, after `writeBatchAdvance` and the numbers,
 * every write of invoices: the period invoices (unique on subscription and period start, so a
 * period is invoiced once), the one-off items they took, and the owed invoices of completed
 * subscriptions voided. An invoice with a number is written finalized (number,
 * `finalized_at`, status and snapshots as every finalization writes them: `finalizedColumnsSql`)
 * with its events (`finalizedEventsSql`); one without is a draft with `finalizes_at` (its billing
 * time plus its `draft_hours`), for the draft sweep. Answers the invoices written: every one
 * given, or the caller throws (and the transaction, its numbers with it, rolls back).
 */
export async function writeBatchInvoices(tx: Sql, batch: InvoiceBatch, invoices: PeriodInvoiceToWrite[]): Promise<WrittenInvoice[]> {
  const { now } = batch;
  const completed = batch.advances.flatMap((a) => (a.status === 'completed' ? [{ id: a.id, status: a.status, at: a.at }] : []));
  const set = finalizedColumnsSql({
    amount: 'input.amount',
    at: 'input.at',
    paidAt: 'null',
    customerId: 'input.customer_id',
    merchantId: 'input.merchant_id',
    environment: 'input.environment',
    businessDefaults: '$3::jsonb',
  });
  const final = (expr: string) => `case when input.number is not null then ${expr} end`;
  return tx.query<WrittenInvoice>(
    `with input as (select * from ${jsonRowsSql('$1', INVOICE_COLUMNS, 'x')}),
     -- The seller snapshot is its merchant's: built once per merchant and environment of the batch, not per invoice.
     sellers as (select m.merchant_id, m.environment, ${sellerSql('m.merchant_id', 'm.environment', '$3::jsonb')} as seller
                   from (select distinct merchant_id, environment from input) m),
     invoiced as (
       insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, period_index, period_start, period_end,
           amount, currency, status, attempt_count, dunning, created_at, updated_at, lines, subtotal, discount, credit_applied, total, finalizes_at,
           customer_id, tax, tax_breakdown, reverse_charge, tax_note, number, finalized_at, paid_at, bill_to, seller)
       select input.id, input.merchant_id, input.environment, subscription_id, plan_id, period_index, period_start::timestamptz, period_end,
              amount, currency, coalesce(${final(set.status)}, 'draft'), 0, dunning::jsonb, $2, $2, lines::jsonb, subtotal, discount,
              credit_applied, total, case when input.number is null then at + make_interval(hours => input.draft_hours) end,
              input.customer_id, input.tax, input.tax_breakdown::jsonb, input.reverse_charge, input.tax_note,
              input.number, ${final('input.at')}, ${final(set.paid_at)}, ${final(set.bill_to)}, ${final('sellers.seller')}
         from input join sellers on sellers.merchant_id = input.merchant_id and sellers.environment = input.environment
       on conflict (subscription_id, period_start) where kind = 'period' do nothing
       returning id, merchant_id, environment, subscription_id, customer_id, kind, number, status, subtotal, discount, tax, total,
                 credit_applied, amount, currency, period_start, period_end, finalized_at, finalizes_at),
     -- A completed subscription is collected no more, as a cancelled one: what it still owes is void.
     ${voidOwedInvoicesSql({
       name: 'completed_void',
       from: 'json_to_recordset($4::json) as c(id uuid, status text, at timestamptz)',
       where: `c.status = 'completed' and i.subscription_id = c.id`,
       reason: `'subscription_completed'`,
       at: 'c.at',
       now: '$2',
     })},
     -- The credit those invoices had used comes back, as a cancel gives it back (this statement
     -- writes neither the subscriptions, advanced by the batch's first write, nor the customers).
     ${giveBackCreditSql('completed_credit', 'completed_void', '$2')},
     items_taken as (
       update billing.subscription_items it set invoice_id = invoiced.id
         from invoiced join input on input.id = invoiced.id
        where it.id in (select value::uuid from json_array_elements_text(input.item_ids::json))),
     recorded as (
       insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
       select gen_random_uuid(), m, e, t, d, at, ${bornRelayedSql('m', 'e', 't')}
         from (${finalizedEventsSql("(select * from invoiced where status <> 'draft')")}) as y(m, e, t, d, at))
     select id, subscription_id, status, number, finalizes_at from invoiced`,
    [jsonRows(INVOICE_COLUMNS, invoices), now.toISOString(), JSON.stringify(DEFAULT_SETTINGS.business), JSON.stringify(completed)],
  );
}
