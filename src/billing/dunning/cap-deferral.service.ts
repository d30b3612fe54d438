import type { SqlPool } from '../../platform/sql.ts';
import { recordEvents } from '../events/events.service.ts';
import type { FailureFollowUps } from './apply-failure.service.ts';
import { applyNetworkCaps, type NetworkCaps } from './dunning-policy.ts';

const DAY_MS = 86_400_000;

/**
 * An attempt the card's network caps refused at its claim (whatever path asked for it: a first
 * charge, a scheduled or deferred retry, a manual retry, a card update) is not made: the invoice
 * waits, past due, until the windows leave room, which is always after `billingNow`, and
 * `invoice.retry_capped` says until when. The attempt number is not used up. Returns the retry to
 * queue, or null when the invoice no longer waits for one (paid, voided meanwhile).
 */
export async function deferForCaps(
  sql: SqlPool,
  now: Date,
  input: { invoiceId: string; attempt: number },
  capped: { billingNow: Date; cardToken: string; cardKey: string },
  caps: NetworkCaps,
): Promise<NonNullable<FailureFollowUps['retry']> | null> {
  return sql.transaction(async (tx) => {
    const rows = await tx.query<{ merchant_id: string; environment: string; subscription_id: string; test_clock_id: string | null }>(
      `select i.merchant_id, i.environment, i.subscription_id, s.test_clock_id
         from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
        where i.id = $1 and i.status in ('open', 'past_due') and not i.held_for_card for update of i`,
      [input.invoiceId],
    );
    const inv = rows[0];
    if (!inv) return null;
    // Declines only: a deferral is decided when they alone fill a window (see the claim).
    const counted = await tx.query<{ attempted_at: string }>(
      `select attempted_at from billing.charge_attempts where card_key = $1 and status = 'declined' and attempted_at > $2 and attempted_at <= $3`,
      [capped.cardKey, new Date(capped.billingNow.getTime() - 30 * DAY_MS), capped.billingNow],
    );
    const decided = applyNetworkCaps(
      capped.billingNow,
      counted.map((r) => new Date(r.attempted_at)),
      caps,
    );
    // Room again since the claim (an attempt resolved as approved): due at once.
    const at = decided.at;
    const realClock = inv.test_clock_id === null;
    await tx.query(
      `update billing.invoices set status = 'past_due', next_attempt_at = $2, retry_enqueued_at = $3, updated_at = $4 where id = $1`,
      [input.invoiceId, at, realClock ? at : null, now],
    );
    if (decided.capped) {
      await recordEvents(tx, capped.billingNow, [
        {
          merchantId: inv.merchant_id,
          environment: inv.environment,
          type: 'invoice.retry_capped',
          data: {
            invoice_id: input.invoiceId,
            subscription_id: inv.subscription_id,
            card_token: capped.cardToken,
            cap: decided.capped,
            next_attempt_at: at.toISOString(),
          },
        },
      ]);
    }
    return { invoiceId: input.invoiceId, attempt: input.attempt, at, realClock, cap: decided.capped };
  });
}
