import type { Sql } from '../../../platform/sql.ts';

/** A past-due invoice due for its retry, and the attempt number it has reached. */
export interface DueOnCard {
  id: string;
  attempt_count: number;
}

/** The invoice, if its retry is due by its subscription's time, and the card it was last tried on, in one read. */
export async function dueRetryOf(sql: Sql, invoiceId: string, now: Date): Promise<(DueOnCard & { card_key: string | null }) | undefined> {
  const rows = await sql.query<DueOnCard & { card_key: string | null }>(
    `select i.id, i.attempt_count,
            (select a.card_key from billing.charge_attempts a where a.invoice_id = i.id order by a.number desc limit 1) as card_key
       from billing.invoices i
       join billing.subscriptions s on s.id = i.subscription_id
       left join billing.test_clocks c on c.id = s.test_clock_id
      where i.id = $1 and i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= coalesce(c.frozen_time, $2)`,
    [invoiceId, now],
  );
  return rows[0];
}

/** The card's past-due invoices whose retries are due, last tried on this card, in period order. */
export async function dueOnCard(sql: Sql, cardKey: string, now: Date): Promise<DueOnCard[]> {
  return sql.query<DueOnCard>(
    `select i.id, i.attempt_count from billing.invoices i
       join billing.subscriptions s on s.id = i.subscription_id
       left join billing.test_clocks c on c.id = s.test_clock_id
      where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= coalesce(c.frozen_time, $2)
        and (select a.card_key from billing.charge_attempts a where a.invoice_id = i.id order by a.number desc limit 1) = $1
      order by i.period_start, i.id`,
    [cardKey, now],
  );
}

/**
 * Takes the card's retry lease (`card_retry_leases`, real time: it lapses by itself when its
 * holder dies) unless another holder's is still running at `wallNow`. Returns whether it was taken.
 */
export async function takeCardLease(sql: Sql, cardKey: string, holder: string, until: Date, wallNow: Date): Promise<boolean> {
  const rows = await sql.query(
    `insert into billing.card_retry_leases (card_key, holder, lease_until) values ($1, $2, $3)
     on conflict (card_key) do update set holder = $2, lease_until = $3 where card_retry_leases.lease_until < $4
     returning holder`,
    [cardKey, holder, until, wallNow],
  );
  return rows.length > 0;
}

export async function renewCardLease(sql: Sql, cardKey: string, holder: string, until: Date): Promise<void> {
  await sql.query('update billing.card_retry_leases set lease_until = $3 where card_key = $1 and holder = $2', [cardKey, holder, until]);
}

export async function releaseCardLease(sql: Sql, cardKey: string, holder: string): Promise<void> {
  await sql.query('delete from billing.card_retry_leases where card_key = $1 and holder = $2', [cardKey, holder]);
}

/**
 * The invoice's retry counts as handed to the queue at `at` (the scheduler's clock, the time base
 * of its grace): the scheduler hands it over again only once that grace has passed.
 */
export async function markRetryEnqueued(sql: Sql, invoiceId: string, at: Date): Promise<void> {
  await sql.query('update billing.invoices set retry_enqueued_at = $2 where id = $1', [invoiceId, at]);
}

/** Invoices a round did not reach go back to the scheduler at once. */
export async function handBackRetries(sql: Sql, invoiceIds: string[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  await sql.query('update billing.invoices set retry_enqueued_at = null where id = any($1::uuid[])', [invoiceIds]);
}
