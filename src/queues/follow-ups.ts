import type { ChargeResult } from '../billing/billing-jobs.ts';
import { enqueueCharges, enqueueExpiryUpdates, enqueueRetries, type Queues } from './queues.ts';

/**
 * After a charge's transaction commits, what it decided goes to the queues: a real-clock retry as
 * a delayed job (test-clock retries are claimed by the scheduler at the clock's time), a card that
 * needs updating to the expiry-update queue, the final invoice of a subscription dunning ended to
 * the charge queue. A lost hand-off is re-sent from PostgreSQL by the
 * scheduler's sweeps.
 */
export async function dispatchFollowUps(queues: Queues, results: ChargeResult[], now: Date): Promise<void> {
  const retries = [];
  const holds = [];
  const charges = [];
  for (const result of results) {
    if (result.kind === 'unknown' || !result.followUps) continue;
    const { retry, hold, charge } = result.followUps;
    if (charge) charges.push({ invoiceId: charge.invoiceId, attempt: 1 });
    if (retry?.realClock) retries.push({ invoiceId: retry.invoiceId, attempt: retry.attempt, delayMs: retry.at.getTime() - now.getTime() });
    if (hold) holds.push(hold);
  }
  await enqueueRetries(queues, retries);
  await enqueueExpiryUpdates(queues, holds);
  await enqueueCharges(queues, charges);
}
