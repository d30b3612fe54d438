import type { Sql } from '../../../platform/sql.ts';
import { BILLABLE_STATUSES } from '../../subscriptions/period-advance.ts';

/** A paused, cancelled or unpaid subscription's retries wait (paused) or are never made. */
const BILLABLE_SQL = `(${BILLABLE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

export interface DueRetryClaim {
  /** Billing time on the real clock; written as `retry_enqueued_at`. */
  now: Date;
  /** A retry handed over before this and still owed is handed over again. */
  resendBefore: Date;
  limit: number;
  /** Invoices of subscriptions on test clocks (due by their clock's time) rather than on the real clock. */
  clocked: boolean;
}

/**
 * Claims up to `limit` dunning retries due by their subscription's time, one statement: each is
 * marked handed over (`retry_enqueued_at`) and answered with the attempt it is owed. PostgreSQL
 * holds `next_attempt_at`; the delayed retry job is only a convenience.
 */
export async function claimDueRetryBatch(sql: Sql, claim: DueRetryClaim): Promise<{ id: string; attempt_count: number }[]> {
  return sql.query<{ id: string; attempt_count: number }>(
    claim.clocked
      ? `with due as (
           select i.id from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
             join billing.test_clocks c on c.id = s.test_clock_id
            where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= c.frozen_time
              and s.status in ${BILLABLE_SQL} and (i.retry_enqueued_at is null or i.retry_enqueued_at < $2)
              -- A clock that jumped past a period boundary has it invoiced first (the tick's batches, or the
              -- next tick's when it jumped during this one): a term that completes there, or a cancel at
              -- period end, ends the subscription's collection before a retry due after it is made.
              and not (s.next_charge_at is not null and s.next_charge_at <= c.frozen_time)
            order by i.next_attempt_at limit $3 for update of i skip locked)
         update billing.invoices i set retry_enqueued_at = $1 from due where i.id = due.id returning i.id, i.attempt_count`
      : `with due as (
           select i.id from billing.invoices i
            where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= $1
              and (i.retry_enqueued_at is null or i.retry_enqueued_at < $2)
              and exists (select 1 from billing.subscriptions s where s.id = i.subscription_id and s.test_clock_id is null
                             and s.status in ${BILLABLE_SQL})
            order by i.next_attempt_at limit $3 for update of i skip locked)
         update billing.invoices i set retry_enqueued_at = $1 from due where i.id = due.id returning i.id, i.attempt_count`,
    [claim.now, claim.resendBefore, claim.limit],
  );
}
