import { DelayedError, type Job } from 'bullmq';
import { CardBusyError } from '../src/billing/charges/card-busy-error.ts';

/** How soon a charge waiting for its card's attempts in flight is tried again. */
export const CARD_BUSY_DELAY_MS = 250;

/**
 * A card whose attempts still at the gateway fill a network-cap window is busy, not failing: its
 * job goes back to the queue, delayed a moment, without using up one of its transport attempts
 * (whose exponential backoff would hold a burst of charges on one card for minutes).
 */
export async function waitIfCardBusy<T>(job: Job, token: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof CardBusyError) || token === undefined) throw err;
    await job.moveToDelayed(Date.now() + CARD_BUSY_DELAY_MS, token);
    throw new DelayedError();
  }
}
