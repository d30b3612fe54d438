import { describe, expect, it } from 'vitest';
import { applyNetworkCaps, decideAfterDecline, DEFAULT_CAPS } from '../../../src/billing/dunning/dunning-policy.ts';

const policy = { retry_days: [1, 3, 5, 7], final_action: 'cancel' as const };
const first = new Date('2027-03-01T09:00:00Z');
const days = (n: number) => new Date(first.getTime() + n * 86_400_000);

describe('dunning policy', () => {
  it('retries 1, 3, 5 and 7 days after the first failure, then ends', () => {
    const decisions = [1, 2, 3, 4, 5].map((attempts) =>
      decideAfterDecline({ policy, declineClass: 'soft', earliestRetryAt: null, firstFailedAt: first, attempts }),
    );
    expect(decisions).toEqual([
      { kind: 'retry', at: days(1), retryNumber: 1 },
      { kind: 'retry', at: days(3), retryNumber: 2 },
      { kind: 'retry', at: days(5), retryNumber: 3 },
      { kind: 'retry', at: days(7), retryNumber: 4 },
      { kind: 'final', reason: 'exhausted' },
    ]);
  });
  it('stops at once on a hard decline and holds card-data declines for an update', () => {
    expect(decideAfterDecline({ policy, declineClass: 'hard', earliestRetryAt: null, firstFailedAt: first, attempts: 1 })).toEqual({
      kind: 'final',
      reason: 'hard_decline',
    });
    expect(decideAfterDecline({ policy, declineClass: 'card_data', earliestRetryAt: null, firstFailedAt: first, attempts: 2 })).toEqual({
      kind: 'hold_for_card',
    });
  });
  it('never retries before advised earliest time', () => {
    const advised = days(4);
    expect(decideAfterDecline({ policy, declineClass: 'soft', earliestRetryAt: advised, firstFailedAt: first, attempts: 1 })).toEqual({
      kind: 'retry',
      at: advised,
      retryNumber: 1,
    });
  });
});

describe('network caps', () => {
  it('leaves a retry alone under the caps', () => {
    expect(applyNetworkCaps(days(1), [first], DEFAULT_CAPS)).toEqual({ at: days(1), capped: null });
  });
  it('defers past the 24-hour cap until the oldest decline in the window leaves it', () => {
    const declines = Array.from({ length: 10 }, (_, i) => new Date(first.getTime() + i * 60_000));
    const result = applyNetworkCaps(new Date(first.getTime() + 3_600_000), declines, DEFAULT_CAPS);
    expect(result.capped).toBe('24h');
    expect(result.at).toEqual(new Date(first.getTime() + 86_400_000 + 1));
  });
  it('defers past the 30-day cap', () => {
    const declines = Array.from({ length: 15 }, (_, i) => days(i * 1.5));
    const result = applyNetworkCaps(days(23), declines, DEFAULT_CAPS);
    expect(result.capped).toBe('30d');
    // 15 declines in the window: the first must leave it.
    expect(result.at).toEqual(new Date(first.getTime() + 30 * 86_400_000 + 1));
    const after = declines.filter((d) => d.getTime() > result.at.getTime() - 30 * 86_400_000);
    expect(after.length).toBeLessThan(15);
  });
});
