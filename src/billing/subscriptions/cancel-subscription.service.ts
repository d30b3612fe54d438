import { recordEvents } from '../events/events.service.ts';
import { giveBackVoidedCredit, voidOwedInvoicesSql, type VoidedCredit } from '../invoices/void-owed.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import type { SubscriptionView } from './subscription-view.ts';
import { billFinalUsage } from '../usage/usage-so-far.ts';
import { loadSubscription, nowFor, setSubscription, type SubscriptionDeps } from './subscription-context.ts';

/**
 * Cancels now, or (`atPeriodEnd`, unless paused) when the current period ends. Cancelling now
 * voids what the subscription still owes, and bills the usage of its last partial period on a
 * final invoice (`billFinalUsage`).
 */
export async function cancelSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRef,
  id: string,
  atPeriodEnd: boolean,
): Promise<SubscriptionView> {
  const now = deps.now();
  let finalOwed: string | null = null;
  const view = await deps.sql.transaction(async (tx) => {
    const current = await loadSubscription(tx, merchant, id, true);
    if (current.status === 'cancelled') throw BillingErrors.conflict('Subscription is already cancelled');
    const at = await nowFor(tx, deps, merchant, current.test_clock_id);
    if (atPeriodEnd && current.status !== 'paused') {
      const view = await setSubscription(tx, id, 'cancel_at_period_end = true, updated_at = $2', [now]);
      await recordEvents(tx, at, [
        { ...merchant, type: 'subscription.updated', data: { subscription: view, changed: ['cancel_at_period_end'] } },
      ]);
      return view;
    }
    const view = await setSubscription(tx, id, `status = 'cancelled', cancelled_at = $2, next_charge_at = null, updated_at = $3`, [
      at,
      now,
    ]);
    await recordEvents(tx, at, [{ ...merchant, type: 'subscription.cancelled', data: { subscription: view, reason: 'requested' } }]);
    // Cancelling now stops collection: what is still owed is voided and its retries dropped. An
    // attempt already at the gateway keeps its outcome (an approval still marks the invoice paid).
    // The credit those invoices used goes back where it came from (the customer's balance serves its other subscriptions).
    const voided = await tx.query<VoidedCredit>(
      `with ${voidOwedInvoicesSql({ name: 'voided', where: 'i.subscription_id = $1', reason: `'subscription_cancelled'`, at: '$3', now: '$2' })}
       select customer_id, subscription_id, credit_applied from voided`,
      [id, now, at],
    );
    await giveBackVoidedCredit(tx, voided, now);
    // The usage of the last, partial period is billed in arrears on a final invoice (plans with usage prices only).
    const final = await billFinalUsage(tx, merchant, current, at, now);
    if (final?.kind === 'invoice' && final.status === 'open') finalOwed = final.invoiceId;
    return view;
  });
  // The final invoice is charged once its transaction has committed (a decline enters dunning).
  if (finalOwed && deps.chargeNow) await deps.chargeNow(finalOwed);
  return view;
}
