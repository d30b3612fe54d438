import { randomUUID } from 'node:crypto';
import { attemptCharge, type ChargeDeps, type ChargeResult } from './attempt-charge.service.ts';
import {
  dueOnCard,
  dueRetryOf,
  handBackRetries,
  markRetryEnqueued,
  releaseCardLease,
  renewCardLease,
  takeCardLease,
  type DueOnCard,
} from './sql/retry-round.ts';

/** Lease length: longer than one charge (a gateway call and its timeout), renewed after each; a crashed holder's lapses within it. */
const LEASE_MS = 60_000;

/**
 * A dunning retry. One card's retries are coordinated: the card's invoices that are due are tried
 * in period order, and the first that fails ends the round (its outcome reschedules the others),
 * so a card that declines is not hit once per subscription.
 */
export async function runRetry(deps: ChargeDeps, input: { invoiceId: string; attempt: number }): Promise<ChargeResult[]> {
  const self = await dueRetryOf(deps.sql, input.invoiceId, deps.clock.now());
  // Not due (any more): its time moved with its card's rhythm, it was paid, or another round took it.
  if (!self) return [{ kind: 'skipped', reason: 'retry not due' }];
  const card = self.card_key;
  if (!card) return runRound(deps, [{ id: self.id, attempt_count: self.attempt_count }]);
  // One round per card at a time: another process's round on this card takes this invoice if due.
  const holder = randomUUID();
  const leaseUntil = () => new Date(Date.now() + (deps.retryLeaseMs ?? LEASE_MS)); // wall-clock: a lease is real time
  const wallNow = new Date(); // wall-clock: a lease lapses in real time, whatever the billing clock says
  if (!(await takeCardLease(deps.sql, card, holder, leaseUntil(), wallNow))) {
    // The holder's round takes this invoice if it is due; if not, the scheduler hands it over again
    // after its grace (never at once: a busy card must not spin the queue). The grace is counted on
    // the scheduler's clock, so the hand-off is stamped with that clock too.
    await markRetryEnqueued(deps.sql, input.invoiceId, deps.clock.now());
    return [{ kind: 'skipped', reason: 'another retry round holds the card' }];
  }
  try {
    const round = await dueOnCard(deps.sql, card, deps.clock.now());
    // The lease is renewed as the round goes, so that it stays short and a dead holder's lapses fast.
    return await runRound(deps, round, () => renewCardLease(deps.sql, card, holder, leaseUntil()));
  } finally {
    await releaseCardLease(deps.sql, card, holder);
  }
}

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
      await handBackRetries(
        deps.sql,
        round.slice(i + 1).map((r) => r.id),
      );
      break;
    }
  }
  return results;
}
