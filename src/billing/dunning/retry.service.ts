import { randomUUID } from 'node:crypto';
import {
  attemptCharge,
  CAPPED_REASON,
  CardBusyError,
  COLLECTING,
  type ChargeDeps,
  type ChargeResult,
} from '../charges/attempt-charge.service.ts';
import { applyNetworkCaps, DEFAULT_CAPS } from './dunning-policy.ts';
import { BillingErrors } from '../errors.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';

interface DueOnCard {
  id: string;
  attempt_count: number;
}

/** The card an invoice was last tried on (its key: every token and alias of one card alike), or null before any attempt. */
async function cardOf(deps: ChargeDeps, invoiceId: string): Promise<string | null> {
  const rows = await deps.sql.query<{ card_key: string | null }>(
    'select card_key from billing.charge_attempts where invoice_id = $1 order by number desc limit 1',
    [invoiceId],
  );
  return rows[0]?.card_key ?? null;
}

/**
 * A dunning retry. One card's retries are coordinated: the card's invoices that are due are tried
 * in period order, and the first that fails ends the round (its outcome reschedules the others),
 * so a card that declines is not hit once per subscription.
 */
export async function runRetry(deps: ChargeDeps, input: { invoiceId: string; attempt: number }): Promise<ChargeResult[]> {
  // The invoice, if its retry is due, and the card it was last tried on, in one read.
  const self = await deps.sql.query<DueOnCard & { card_key: string | null }>(
    `select i.id, i.attempt_count,
            (select a.card_key from billing.charge_attempts a where a.invoice_id = i.id order by a.number desc limit 1) as card_key
       from billing.invoices i
       join billing.subscriptions s on s.id = i.subscription_id
       left join billing.test_clocks c on c.id = s.test_clock_id
      where i.id = $1 and i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= coalesce(c.frozen_time, $2)`,
    [input.invoiceId, deps.clock.now()],
  );
  // Not due (any more): its time moved with its card's rhythm, it was paid, or another round took it.
  if (self.length === 0) return [{ kind: 'skipped', reason: 'retry not due' }];
  const card = self[0]!.card_key;
  if (!card) return runRound(deps, [{ id: self[0]!.id, attempt_count: self[0]!.attempt_count }]);
  // One round per card at a time: another process's round on this card takes this invoice if due.
  const holder = randomUUID();
  const leased = await deps.sql.query(
    `insert into billing.card_retry_leases (card_key, holder, lease_until) values ($1, $2, $3)
     on conflict (card_key) do update set holder = $2, lease_until = $3 where card_retry_leases.lease_until < $4
     returning holder`,
    [card, holder, new Date(Date.now() + (deps.retryLeaseMs ?? LEASE_MS)), new Date()],
  );
  if (leased.length === 0) {
    // The holder's round takes this invoice if it is due; if not, the scheduler hands it over again
    // after its grace (never at once: a busy card must not spin the queue).
    await deps.sql.query('update billing.invoices set retry_enqueued_at = $2 where id = $1', [input.invoiceId, new Date()]);
    return [{ kind: 'skipped', reason: 'another retry round holds the card' }];
  }
  try {
    const round = await deps.sql.query<DueOnCard>(
      `select i.id, i.attempt_count from billing.invoices i
         join billing.subscriptions s on s.id = i.subscription_id
         left join billing.test_clocks c on c.id = s.test_clock_id
        where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= coalesce(c.frozen_time, $2)
          and (select a.card_key from billing.charge_attempts a where a.invoice_id = i.id order by a.number desc limit 1) = $1
        order by i.period_start, i.id`,
      [card, deps.clock.now()],
    );
    // The lease is renewed as the round goes, so that it stays short and a dead holder's lapses fast.
    const renew = () =>
      deps.sql.query('update billing.card_retry_leases set lease_until = $3 where card_key = $1 and holder = $2', [
        card,
        holder,
        new Date(Date.now() + (deps.retryLeaseMs ?? LEASE_MS)),
      ]);
    return await runRound(deps, round, renew);
  } finally {
    await deps.sql.query('delete from billing.card_retry_leases where card_key = $1 and holder = $2', [card, holder]);
  }
}

/** Lease length: longer than one charge (a gateway call and its timeout), renewed after each; a crashed holder's lapses within it. */
const LEASE_MS = 60_000;

/**
 * Tries the round's invoices in order; the first that fails ends the round. Invoices the round did
 * not reach are handed back to the scheduler at once (their time was moved by the failure, or they
 * are still due because that failure ended its own invoice's dunning).
 */
async function runRound(deps: ChargeDeps, round: DueOnCard[], renew?: () => Promise<unknown>): Promise<ChargeResult[]> {
  const results: ChargeResult[] = [];
  for (const [i, invoice] of round.entries()) {
    const result = await attemptCharge(deps, { invoiceId: invoice.id, attempt: invoice.attempt_count + 1 });
    results.push(result);
    await renew?.();
    if (!(result.kind === 'recorded' && result.status === 'approved') && result.kind !== 'skipped') {
      const rest = round.slice(i + 1).map((r) => r.id);
      if (rest.length) await deps.sql.query('update billing.invoices set retry_enqueued_at = null where id = any($1::uuid[])', [rest]);
      break;
    }
  }
  return results;
}

/**
 * `POST /invoices/{id}/retry`: tries a past-due invoice now, under the same rules as a scheduled
 * retry, the card's network caps included. A held invoice is released for this try.
 */
export async function retryInvoiceNow(deps: ChargeDeps, merchant: MerchantRef, invoiceId: string): Promise<ChargeResult> {
  const rows = await deps.sql.query<{
    status: string;
    subscription_status: string;
    attempt_count: number;
    billing_now: string;
    unresolved: boolean;
  }>(
    `select i.status, s.status as subscription_status, i.attempt_count, coalesce(c.frozen_time, $4) as billing_now,
            exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown')) as unresolved
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
       left join billing.test_clocks c on c.id = s.test_clock_id
      where i.id = $1 and i.merchant_id = $2 and i.environment = $3`,
    [invoiceId, merchant.merchantId, merchant.environment, deps.clock.now()],
  );
  const inv = rows[0];
  if (!inv) throw BillingErrors.notFound('Invoice', invoiceId);
  if (inv.status !== 'past_due') throw BillingErrors.conflict(`Invoice is ${inv.status}; only a past-due invoice can be retried`);
  if (!(COLLECTING as readonly string[]).includes(inv.subscription_status)) {
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
