import type { Sql } from '../../../../platform/sql.ts';
import { bornRelayedSql } from '../../../events/insert-events-sql.ts';
import { finalizedColumnsSql, finalizedEventsSql } from './finalized-sql.ts';

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
 * `finalized_at`, the status and snapshots, and its events (`finalizedColumnsSql`,
 * `finalizedEventsSql`). Only drafts are written (`status = 'draft'`): the caller
 * checks that every invoice it numbered was.
 */
export async function writeFinalized(tx: Sql, numbered: Numbered[], businessDefaults: object, now: Date): Promise<FinalizedRow[]> {
  const set = finalizedColumnsSql({
    amount: 'i.amount',
    at: 'x.at',
    paidAt: 'i.paid_at',
    customerId: 'i.customer_id',
    merchantId: 'i.merchant_id',
    environment: 'i.environment',
    businessDefaults: '$2::jsonb',
  });
  return tx.query<FinalizedRow>(
    `with input as (select * from json_to_recordset($1::json) as x(id uuid, number text, at timestamptz)),
     finalized as (
       update billing.invoices i
          set number = x.number, finalized_at = x.at, finalizes_at = null, status = ${set.status}, paid_at = ${set.paid_at},
              bill_to = ${set.bill_to}, seller = ${set.seller}, updated_at = $3
         from input x
        where i.id = x.id and i.status = 'draft'
       returning i.id, i.merchant_id, i.environment, i.subscription_id, i.customer_id, i.kind, i.number, i.status, i.subtotal,
                 i.discount, i.tax, i.total, i.credit_applied, i.amount, i.currency, i.period_start, i.period_end, i.finalized_at),
     events as (
       insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
       select gen_random_uuid(), m, e, t, d, at, ${bornRelayedSql('m', 'e', 't')}
         from (${finalizedEventsSql('finalized')}) as y(m, e, t, d, at))
     select id, number, status, amount from finalized`,
    [JSON.stringify(numbered), JSON.stringify(businessDefaults), now],
  );
}
