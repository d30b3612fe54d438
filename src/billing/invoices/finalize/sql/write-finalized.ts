import type { Sql } from '../../../../platform/sql.ts';
import { bornRelayedSql } from '../../../events/insert-events-sql.ts';

const isoSql = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One invoice's finalization: its number and its billing time. */
export interface Numbered {
  id: string;
  number: string;
  /** Billing time (a test clock's where the subscription has one): `finalized_at`, `paid_at` of an invoice of 0, the events' time. */
  at: string;
}

/** What the finalization wrote of each invoice. */
export interface FinalizedRow {
  id: string;
  number: string;
  status: 'open' | 'paid';
  amount: string;
}

/**
 * The write of a finalization, one statement whatever the count: each draft gets its number,
 * `finalized_at`, the snapshots (`bill_to`: its customer as the customers table holds it now,
 * null without one; `seller`: the merchant's business settings over their defaults), status
 * `open` (or `paid` at once when it owes 0), and its events: `invoice.finalized`, then
 * `invoice.paid` for an invoice of 0. Only drafts are written (`status = 'draft'`): the caller
 * checks that every invoice it numbered was.
 */
export async function writeFinalized(tx: Sql, numbered: Numbered[], businessDefaults: object, now: Date): Promise<FinalizedRow[]> {
  return tx.query<FinalizedRow>(
    `with input as (select * from json_to_recordset($1::json) as x(id uuid, number text, at timestamptz)),
     finalized as (
       update billing.invoices i
          set number = x.number, finalized_at = x.at, finalizes_at = null,
              status = case when i.amount = 0 then 'paid' else 'open' end,
              paid_at = case when i.amount = 0 then x.at else i.paid_at end,
              bill_to = (select jsonb_build_object('customer_id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                                   'address', c.address, 'tax_ids', c.tax_ids)
                           from billing.customers c where c.id = i.customer_id),
              seller = $2::jsonb || coalesce((select ms.business from billing.merchant_settings ms
                                               where ms.merchant_id = i.merchant_id and ms.environment = i.environment), '{}'::jsonb),
              updated_at = $3
         from input x
        where i.id = x.id and i.status = 'draft'
       returning i.id, i.merchant_id, i.environment, i.subscription_id, i.customer_id, i.kind, i.number, i.status, i.subtotal,
                 i.discount, i.tax, i.total, i.credit_applied, i.amount, i.currency, i.period_start, i.period_end, x.at),
     events as (
       insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
       select gen_random_uuid(), f.merchant_id, f.environment, e.type, e.data, f.at, ${bornRelayedSql('f.merchant_id', 'f.environment', 'e.type')}
         from finalized f
         cross join lateral (values
           ('invoice.finalized', jsonb_build_object('invoice_id', f.id, 'number', f.number, 'subscription_id', f.subscription_id,
              'customer_id', f.customer_id, 'kind', f.kind, 'status', f.status, 'period_start', ${isoSql('f.period_start')}, 'period_end', ${isoSql('f.period_end')},
              'subtotal', f.subtotal, 'discount', f.discount, 'tax', f.tax, 'total', f.total, 'credit_applied', f.credit_applied,
              'amount', f.amount, 'currency', f.currency, 'finalized_at', ${isoSql('f.at')})),
           -- An invoice of 0 (a full discount, credit) is paid as it is finalized: no purchase, no charge job.
           ('invoice.paid', case when f.status = 'paid' then jsonb_build_object('invoice_id', f.id, 'subscription_id', f.subscription_id,
              'amount', 0, 'currency', f.currency, 'purchase_id', null) end)) as e(type, data)
        where e.data is not null)
     select id, number, status, amount from finalized`,
    [JSON.stringify(numbered), JSON.stringify(businessDefaults), now],
  );
}
