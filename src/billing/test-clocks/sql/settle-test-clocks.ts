import type { Sql } from '../../../platform/sql.ts';
import { expiringNoticeDueSql } from '../../cards/card-expiry.service.ts';
import { BILLABLE_STATUSES } from '../../subscriptions/period-advance.ts';

const BILLABLE_SQL = `(${BILLABLE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * A test clock is `ready` again once nothing on it is due and no charge of its subscriptions is
 * still owed: every invoice up to its time has an outcome (a draft due by then is finalized), and
 * no card notice is due. One
 * statement; answers how many clocks it settled.
 */
export async function settleTestClocks(sql: Sql, now: Date, expiringLeadDays = 14): Promise<number> {
  const rows = await sql.query(
    `update billing.test_clocks c set status = 'ready', updated_at = $1
      where c.status = 'advancing'
        and not exists (select 1 from billing.subscriptions s
                         where s.test_clock_id = c.id and s.status in ('trialing', 'active', 'past_due') and s.next_charge_at <= c.frozen_time)
        and not exists (select 1 from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
                         where s.test_clock_id = c.id
                           -- An open invoice has a charge coming (it charges or, the subscription ended, voids it);
                           -- a paused subscription's waits for the resume.
                           and ((i.status = 'open' and s.status <> 'paused')
                                -- A draft due by the clock's time is finalized (then charged) by the draft sweep.
                                or (i.status = 'draft' and i.finalizes_at <= c.frozen_time)
                                or (s.status in ${BILLABLE_SQL}
                                    and ((i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= c.frozen_time)
                                         or (i.held_for_card and not s.awaiting_card_update)))
                                or exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown'))))
        and not exists (select 1 from billing.subscriptions s where s.test_clock_id = c.id and ${expiringNoticeDueSql('c.frozen_time', '$2')})
      returning c.id`,
    [now, expiringLeadDays * 86_400_000],
  );
  return rows.length;
}
