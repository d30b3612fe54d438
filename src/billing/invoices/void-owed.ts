import type { Sql } from '../../platform/sql.ts';
import { bornRelayedSql } from '../events/insert-events-sql.ts';

/**
 * The one rule "void owed invoices", for every path that ends a subscription's collection (a
 * cancel now, dunning's final action, a fixed term completing, a charge that finds its
 * subscription ended) and for `POST /invoices/{id}/void`: each `draft`, `open` or `past_due`
 * invoice it selects becomes `void` (a finalized one keeps its number; a draft never gets one),
 * its retries are dropped (`next_attempt_at`, `retry_enqueued_at`), it no longer waits for a card
 * (`held_for_card`) or for its finalization (`finalizes_at`), and it gets its `invoice.voided`
 * event (`{invoice_id, subscription_id, reason}`) at billing time, in the same statement.
 */
export interface VoidOwed {
  /** The CTE that voids (it returns the voided invoices' ids); the events are written by `<name>_events`. */
  name: string;
  /** Further FROM items that `where`, `reason` and `at` read, besides the invoice `i`. */
  from?: string;
  /** Which owed invoices (SQL over `i`, billing.invoices, and the `from` items). */
  where: string;
  /** The event's reason, SQL text: `subscription_cancelled`, `subscription_unpaid`, `subscription_completed` or `requested`. */
  reason: string;
  /** The events' time, SQL timestamptz: billing time (a test clock's where the subscription has one). */
  at: string;
  /** The invoices' `updated_at`, SQL timestamptz (real time). */
  now: string;
}

/** Two CTEs for the caller's `with`: `<name>` voids, `<name>_events` writes each voided invoice's event. */
export function voidOwedInvoicesSql(v: VoidOwed): string {
  return `${v.name} as (
    update billing.invoices i set status = 'void', next_attempt_at = null, retry_enqueued_at = null, held_for_card = false, finalizes_at = null,
        updated_at = ${v.now}
      ${v.from ? `from ${v.from}` : ''}
     where i.status in ('draft', 'open', 'past_due') and (${v.where})
    returning i.id, i.merchant_id, i.environment, i.subscription_id, i.customer_id, i.credit_applied, (${v.reason})::text as reason, (${v.at})::timestamptz as at),
  ${v.name}_events as (
    insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
    select gen_random_uuid(), v.merchant_id, v.environment, 'invoice.voided',
           jsonb_build_object('invoice_id', v.id, 'subscription_id', v.subscription_id, 'reason', v.reason), v.at,
           ${bornRelayedSql('v.merchant_id', 'v.environment', "'invoice.voided'")}
      from ${v.name} v)`;
}

/** A voided invoice as `voidOwedInvoicesSql`'s CTE returns it, as far as its credit is concerned. */
export interface VoidedCredit {
  customer_id: string | null;
  subscription_id: string;
  credit_applied: string | number;
}

/**
 * The one rule "a voided invoice gives back the credit it used" (`credit_applied`): to the
 * customer's balance for an invoice written for a customer (its credit came from there), else to
 * its subscription's. Two CTEs for the caller's `with` over `voided` (rows with `customer_id`,
 * `subscription_id`, `credit_applied`), summed per customer and per subscription (an UPDATE … FROM
 * applies one matching row only). The customer is written after the invoices and the subscription
 * the caller holds, as every writer of a customer's credit locks them; a subscription's row must
 * not be written by another part of the caller's statement.
 */
export function giveBackCreditSql(name: string, voided: string, now: string): string {
  return `${name}_customers as (
    update billing.customers c set credit_balance = c.credit_balance + g.credit, updated_at = ${now}
      from (select customer_id, sum(credit_applied) as credit from ${voided}
             where customer_id is not null and credit_applied > 0 group by customer_id) g
     where c.id = g.customer_id),
  ${name}_subscriptions as (
    update billing.subscriptions s set credit_balance = s.credit_balance + g.credit, updated_at = ${now}
      from (select subscription_id, sum(credit_applied) as credit from ${voided}
             where customer_id is null and credit_applied > 0 group by subscription_id) g
     where s.id = g.subscription_id)`;
}

/**
 * `giveBackCreditSql` over voided invoices read back by the caller: for the use cases that void
 * in a statement which also writes the subscription (a cancel now, dunning's final action) or in
 * a transaction of their own (`POST /invoices/{id}/void`), after the void, in its transaction.
 */
export async function giveBackVoidedCredit(tx: Sql, voided: VoidedCredit[], now: Date): Promise<void> {
  const given = voided.filter((v) => Number(v.credit_applied) > 0);
  if (!given.length) return;
  await tx.query(
    `with voided as (select * from json_to_recordset($1::json) as v(customer_id uuid, subscription_id uuid, credit_applied bigint)),
       ${giveBackCreditSql('given', 'voided', '$2')}
     select 1`,
    [JSON.stringify(given), now],
  );
}
