import { z } from 'zod';
import type { SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { recordEvents } from '../events/events.service.ts';
import { findPlan, getPlan } from './plans.service.ts';
import { recordRecurringAmounts } from './recurring-amounts.ts';
import { MAX_LINE_AMOUNT, lineFits } from '../pricing/recurring-amount.ts';

export const MoveSubscriptions = z.strictObject({ plan_id: z.string().min(1).max(64), test: z.boolean().optional() });
export type MoveSubscriptions = z.infer<typeof MoveSubscriptions>;

/**
 * Moves every active, trialing, past-due or paused subscription of a plan to another plan of the
 * same currency, from each one's next period (a price change for existing customers): each shows
 * the target as `pending_plan_id`. Idempotent: a subscription already moving there is not counted
 * again. A move that would give a subscription a recurring amount past `MAX_LINE_AMOUNT` (the
 * target's price at its quantity) moves none: the rule creating and changing a subscription keep.
 */
export async function moveSubscriptions(sql: SqlPool, merchant: MerchantRef, planId: string, input: MoveSubscriptions, now: Date) {
  const source = await getPlan(sql, merchant, planId);
  const target = await findPlan(sql, merchant, input.plan_id);
  if (!target) throw BillingErrors.validation([`plan_id: plan ${input.plan_id} could not be found`]);
  if (target.id === source.id) throw BillingErrors.validation(['plan_id: the target is the plan itself']);
  if (target.status !== 'active') throw BillingErrors.validation([`plan_id: plan ${target.id} is archived and takes no subscriptions`]);
  if (target.currency !== source.currency) {
    throw BillingErrors.validation([`plan_id: plan ${target.id} is in ${target.currency}, and plan ${source.id} in ${source.currency}`]);
  }
  return sql.transaction(async (tx) => {
    const moved = await tx.query<{ id: string; quantity: number }>(
      `update billing.subscriptions set next_plan_id = $4, updated_at = $5
        where plan_id = $1 and merchant_id = $2 and environment = $3 and status in ('active', 'trialing', 'past_due', 'paused')
          and next_plan_id is distinct from $4
        returning id, coalesce(next_quantity, quantity) as quantity`,
      [source.id, merchant.merchantId, merchant.environment, target.id, now],
    );
    // Thrown inside the transaction: the update above rolls back, nothing is moved.
    const tooLarge = moved.find((s) => !lineFits(target, s.quantity));
    if (tooLarge) {
      throw BillingErrors.validation([
        `plan_id: plan ${target.id} at the quantity ${tooLarge.quantity} of subscription ${tooLarge.id} would bill more than ${MAX_LINE_AMOUNT} minor units a period`,
      ]);
    }
    await recordRecurringAmounts(
      tx,
      [...new Set(moved.map((s) => s.quantity))].map((quantity) => ({ plan: target, quantity })),
    );
    await recordEvents(
      tx,
      now,
      moved.map((s) => ({
        ...merchant,
        type: 'subscription.updated' as const,
        data: { subscription_id: s.id, changed: ['plan_id'], pending_plan_id: target.id, reason: 'move_subscriptions' },
      })),
    );
    return { moved: moved.length };
  });
}
