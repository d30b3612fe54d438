import type { DunningPolicy } from '../plans/plan.entity.ts';
import type { DeclineClass } from '../declines/decline-table.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export type DunningDecision =
  | { kind: 'retry'; at: Date; retryNumber: number }
  /** No blind retry: the invoice waits for new card data (expiry update, new card), then retries once at once. */
  | { kind: 'hold_for_card' }
  /** Dunning is over: the plan's final action applies. */
  | { kind: 'final'; reason: 'exhausted' | 'hard_decline' };

/**
 * What follows a failed attempt (a pure policy, in days; transport retries in seconds live in the
 * queue). Retry k of the schedule runs `retry_days[k-1]` days after the first failure, never
 * before an advised earliest time.
 */
export function decideAfterDecline(input: {
  policy: DunningPolicy;
  declineClass: DeclineClass | 'error';
  earliestRetryAt: Date | null;
  firstFailedAt: Date;
  /** Attempts made so far on the invoice, the failed one included. */
  attempts: number;
}): DunningDecision {
  if (input.declineClass === 'hard') return { kind: 'final', reason: 'hard_decline' };
  if (input.declineClass === 'card_data' || input.declineClass === 'error') return { kind: 'hold_for_card' };
  const retryNumber = input.attempts; // attempt 1 failed → retry 1 is next
  const days = input.policy.retry_days[retryNumber - 1];
  if (days === undefined) return { kind: 'final', reason: 'exhausted' };
  let at = new Date(input.firstFailedAt.getTime() + days * DAY_MS);
  if (input.earliestRetryAt && input.earliestRetryAt > at) at = input.earliestRetryAt;
  return { kind: 'retry', at, retryNumber };
}

export interface NetworkCaps {
  /** Declined attempts per card in a rolling 30 days (card networks: 15; some allow 20). */
  per30Days: number;
  /** Declined attempts per card in a rolling 24 hours. */
  per24Hours: number;
}

export const DEFAULT_CAPS: NetworkCaps = { per30Days: 15, per24Hours: 10 };

/**
 * The earliest time at or after `at` when one more attempt on the card stays within the caps,
 * given the card's declined attempts (billing times, any order). `capped` names the cap that
 * pushed it out, if one did.
 */
export function applyNetworkCaps(at: Date, declines: Date[], caps: NetworkCaps): { at: Date; capped: '24h' | '30d' | null } {
  let result = at;
  let capped: '24h' | '30d' | null = null;
  for (const [window, cap, name] of [
    [30 * DAY_MS, caps.per30Days, '30d'],
    [24 * HOUR_MS, caps.per24Hours, '24h'],
  ] as const) {
    const times = declines
      .map((d) => d.getTime())
      .filter((t) => t > result.getTime() - window && t <= result.getTime())
      .sort((a, b) => a - b);
    if (times.length >= cap) {
      // Once the oldest (n - cap + 1) have left the window, n - (n - cap + 1) = cap - 1 remain.
      const freed = new Date(times[times.length - cap]! + window + 1);
      if (freed > result) {
        result = freed;
        capped = name;
      }
    }
  }
  return { at: result, capped };
}
