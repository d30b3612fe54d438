import { BillingErrors } from '../errors.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { applyNetworkCaps, DEFAULT_CAPS } from '../dunning/dunning-policy.ts';
import { attemptCharge, type ChargeDeps, type ChargeResult } from './attempt-charge.service.ts';
import { CardBusyError } from './card-busy-error.ts';
import { CAPPED_REASON } from './claim-attempt.ts';
import { collectsInvoice } from './collecting.ts';

/** The card an invoice was last tried on (its key: every token and alias of one card alike), or null before any attempt. */
async function cardOf(deps: ChargeDeps, invoiceId: string): Promise<string | null> {
  const rows = await deps.sql.query<{ card_key: string | null }>(
    'select card_key from billing.charge_attempts where invoice_id = $1 order by number desc limit 1',
    [invoiceId],
  );
  return rows[0]?.card_key ?? null;
}

/**
 * `POST /invoices/{id}/retry`: tries a past-due invoice now, under the same rules as a scheduled
 * retry, the card's network caps included. A held invoice is released for this try.
 */
export async function retryInvoiceNow(deps: ChargeDeps, merchant: MerchantRef, invoiceId: string): Promise<ChargeResult> {
  const rows = await deps.sql.query<{
    status: string;
    kind: string;
    subscription_status: string;
    attempt_count: number;
    billing_now: string;
    unresolved: boolean;
  }>(
    `select i.status, i.kind, s.status as subscription_status, i.attempt_count, coalesce(c.frozen_time, $4) as billing_now,
            exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown')) as unresolved
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
       left join billing.test_clocks c on c.id = s.test_clock_id
      where i.id = $1 and i.merchant_id = $2 and i.environment = $3`,
    [invoiceId, merchant.merchantId, merchant.environment, deps.clock.now()],
  );
  const inv = rows[0];
  if (!inv) throw BillingErrors.notFound('Invoice', invoiceId);
  if (inv.status !== 'past_due') throw BillingErrors.conflict(`Invoice is ${inv.status}; only a past-due invoice can be retried`);
  if (!collectsInvoice(inv.subscription_status, inv.kind)) {
    throw BillingErrors.conflict(`Subscription is ${inv.subscription_status}; its invoices are not collected`);
  }
  if (inv.unresolved) throw BillingErrors.conflict('The last attempt is still being resolved; retry once it has an outcome');
  const card = await cardOf(deps, invoiceId);
  const billingNow = new Date(inv.billing_now);
  if (card) {
    const declines = await deps.sql.query<{ attempted_at: string }>(
      `select attempted_at from billing.charge_attempts where card_key = $1 and status = 'declined' and attempted_at > $2`,
      [card, new Date(billingNow.getTime() - 30 * 86_400_000)],
    );
    const capped = applyNetworkCaps(
      billingNow,
      declines.map((d) => new Date(d.attempted_at)),
      deps.caps ?? DEFAULT_CAPS,
    );
    if (capped.capped) {
      throw BillingErrors.conflict(
        `The card reached its network cap (${capped.capped}); it may be retried from ${capped.at.toISOString()}`,
      );
    }
  }
  // A held invoice is released for this try, due now: should the try not be made after all (the
  // subscription paused meanwhile), the invoice still has a time to be tried.
  await deps.sql.query(
    'update billing.invoices set held_for_card = false, next_attempt_at = coalesce(next_attempt_at, $2) where id = $1 and held_for_card',
    [invoiceId, billingNow],
  );
  let result: ChargeResult;
  try {
    result = await attemptCharge(deps, { invoiceId, attempt: inv.attempt_count + 1, manual: true });
  } catch (err) {
    if (err instanceof CardBusyError)
      throw BillingErrors.conflict('The card has attempts awaiting an outcome up to its network cap; retry shortly');
    throw err;
  }
  // The claim's own count (attempts still in flight included, and an invoice not yet tried on the card) refused it.
  const deferred = result.kind === 'skipped' && result.reason === CAPPED_REASON ? result.followUps?.retry : undefined;
  if (deferred?.cap) {
    throw BillingErrors.conflict(`The card reached its network cap (${deferred.cap}); it may be retried from ${deferred.at.toISOString()}`);
  }
  return result;
}
