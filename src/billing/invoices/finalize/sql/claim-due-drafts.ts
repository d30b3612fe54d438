import type { Sql } from '../../../../platform/sql.ts';

export interface DueDraftClaim {
  /** Real time: drafts of subscriptions on the real clock are due by it. */
  now: Date;
  limit: number;
  /** Drafts of subscriptions on test clocks (due by their clock's time) rather than on the real clock. */
  clocked: boolean;
}

/**
 * Claims up to `limit` drafts due for finalization by their subscription's time, locked,
 * skipping those another process holds (another scheduler's sweep, a `POST …/finalize`, a line
 * being added): one statement through the partial index of drafts by `finalizes_at`. Answers
 * each with its billing time.
 */
export async function claimDueDrafts(tx: Sql, claim: DueDraftClaim): Promise<{ id: string; at: string }[]> {
  return claim.clocked
    ? tx.query<{ id: string; at: string }>(
        `select i.id, c.frozen_time as at from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
           join billing.test_clocks c on c.id = s.test_clock_id
          where i.status = 'draft' and i.finalizes_at <= c.frozen_time
          order by i.finalizes_at limit $1 for update of i skip locked`,
        [claim.limit],
      )
    : tx.query<{ id: string; at: string }>(
        `select i.id, $1::timestamptz as at from billing.invoices i
          where i.status = 'draft' and i.finalizes_at <= $1
            and exists (select 1 from billing.subscriptions s where s.id = i.subscription_id and s.test_clock_id is null)
          order by i.finalizes_at limit $2 for update of i skip locked`,
        [claim.now, claim.limit],
      );
}
