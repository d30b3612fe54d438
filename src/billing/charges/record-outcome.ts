import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { ChargeOutcome } from '../ports/gateway-port.ts';
import { classifyDecline } from '../declines/decline-table.ts';
import { applyFailure } from '../dunning/apply-failure.service.ts';
import type { NetworkCaps } from '../dunning/dunning-policy.ts';
import type { ChargeHooks } from './charge-hooks.ts';
import { cardUpdateUrl, invoicePageUrl, type CustomerLinks } from '../ports/customer-links.ts';
import type { ChargeInput, ChargeResult } from './charge-result.ts';
import type { Claimed } from './claim-attempt.ts';
import { keepChainId } from './credential-chain.ts';
import { markAttemptUnknown, recordApproved, recordFailedAttempt, type AttemptRecord } from './sql/record-attempt.ts';

export interface RecordDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  hooks?: ChargeHooks;
  caps: NetworkCaps;
  /** Signs the customer links a failed payment's event carries. */
  links?: CustomerLinks;
}

type Resolved = Exclude<ChargeOutcome, { kind: 'unknown' }>;

/** What the attempt row records of an outcome (the resolution of a `sending` or `unknown` attempt), and its decline's classification. */
function attemptRecord(claimed: Claimed, outcome: Resolved, now: Date) {
  const classification =
    outcome.kind === 'rejected'
      ? null
      : classifyDecline(
          outcome.responseCode,
          outcome.kind === 'declined' ? outcome.adviceCode : null,
          outcome.kind === 'declined' ? outcome.adviceRetryAfter : null,
          claimed.billingNow,
        );
  const record: AttemptRecord = {
    attemptId: claimed.attemptId,
    status: outcome.kind === 'approved' ? 'approved' : outcome.kind === 'declined' ? 'declined' : 'error',
    purchaseId: outcome.kind === 'rejected' ? null : outcome.purchaseId,
    responseCode: outcome.kind === 'rejected' ? null : outcome.responseCode,
    message: outcome.message,
    adviceCode: outcome.kind === 'declined' ? outcome.adviceCode : null,
    declineClass: classification?.declineClass ?? null,
    cardToken: outcome.kind === 'rejected' ? null : (outcome.cardToken ?? null),
    now,
    billingNow: claimed.billingNow,
  };
  return { record, classification };
}

/** The invoice's part of an outcome's event (`invoice.paid`, `invoice.payment_failed`). */
function invoiceEventData(input: ChargeInput, claimed: Claimed) {
  return {
    invoice_id: input.invoiceId,
    subscription_id: claimed.subscriptionId,
    attempt: input.attempt,
    amount: claimed.amount,
    currency: claimed.currency,
  };
}

const alreadyRecorded = (): ChargeResult => ({ kind: 'skipped', reason: 'attempt already recorded' });

/**
 * The approval in one statement sent as one message, the one production sends. The test hooks
 * stop a process just before that message leaves (`before-commit`: nothing of the record is
 * written) and just after it returns (`after-commit`: all of it is).
 */
async function recordApproval(
  deps: RecordDeps,
  input: ChargeInput,
  claimed: Claimed,
  outcome: Extract<Resolved, { kind: 'approved' }>,
): Promise<ChargeResult> {
  const { merchantId, environment } = claimed.merchant;
  const { record } = attemptRecord(claimed, outcome, deps.clock.now());
  await deps.hooks?.at('before-commit', input.invoiceId);
  const recorded = await recordApproved(deps.sql, record, {
    invoiceId: input.invoiceId,
    subscriptionId: claimed.subscriptionId,
    merchantId,
    environment,
    purchaseId: outcome.purchaseId,
    amount: claimed.amount,
    currency: claimed.currency,
    paid: { merchantId, environment, type: 'invoice.paid', data: { ...invoiceEventData(input, claimed), purchase_id: outcome.purchaseId } },
    active: { merchantId, environment, type: 'subscription.updated', data: { previous_status: 'past_due' } },
  });
  await deps.hooks?.at('after-commit', input.invoiceId);
  // Outside the money statement: a lost chain id is only re-learned from the next approval.
  // A card whose chain was known and that answered with it has nothing new to keep.
  const sameChain = claimed.chainId !== null && outcome.authorizationTrackingId === claimed.chainId;
  if (outcome.authorizationTrackingId && !sameChain) {
    await keepChainId(deps.sql, claimed.merchant, claimed.cardKey, outcome.authorizationTrackingId, deps.clock.now());
  }
  // Someone else recorded this attempt first (a duplicate delivery): nothing more to do.
  if (!recorded) return alreadyRecorded();
  const { amount, currency } = claimed;
  return { kind: 'recorded', status: 'approved', invoiceStatus: 'paid', amount, currency, declineClass: null, followUps: undefined };
}

/** The attempt, then dunning's decision and its writes (two or three statements), in the caller's transaction. */
async function recordFailureIn(
  tx: Sql,
  deps: RecordDeps,
  input: ChargeInput,
  claimed: Claimed,
  outcome: Exclude<Resolved, { kind: 'approved' }>,
): Promise<ChargeResult> {
  const now = deps.clock.now();
  const { record, classification } = attemptRecord(claimed, outcome, now);
  const inv = await recordFailedAttempt(tx, record, input.invoiceId);
  // Someone else recorded this attempt first (a duplicate delivery): nothing more to do.
  if (!inv) return alreadyRecorded();
  const { merchantId, environment } = claimed.merchant;
  const declineClass = classification?.declineClass ?? 'error';
  const failure = await applyFailure(tx, {
    merchantId,
    environment,
    invoiceId: input.invoiceId,
    subscriptionId: claimed.subscriptionId,
    attempt: input.attempt,
    // Manual retries do not use up the schedule: only the others count.
    scheduledAttempts: input.attempt - inv.manual_attempts,
    declineClass,
    earliestRetryAt: classification?.earliestRetryAt ?? null,
    cardToken: record.cardToken,
    cardKey: claimed.cardKey,
    billingNow: claimed.billingNow,
    now,
    caps: deps.caps,
    dunning: inv.dunning,
    firstFailedAt: inv.first_failed_at ? new Date(inv.first_failed_at) : null,
    testClockId: inv.test_clock_id,
    outcomeEvent: (decided) => ({
      merchantId,
      environment,
      type: 'invoice.payment_failed',
      data: {
        ...invoiceEventData(input, claimed),
        response_code: outcome.kind === 'declined' ? outcome.responseCode : null,
        message: outcome.message,
        decline_class: declineClass,
        next_attempt_at: decided.nextAttemptAt?.toISOString() ?? null,
        final: decided.final,
        // Where the customer pays this invoice, or gives a new card for the subscription.
        invoice_url: invoicePageUrl(deps.links, environment, input.invoiceId, now),
        update_url: cardUpdateUrl(deps.links, environment, claimed.subscriptionId, now),
      },
    }),
  });
  const status = outcome.kind === 'declined' ? 'declined' : 'error';
  const { amount, currency } = claimed;
  return { kind: 'recorded', status, invoiceStatus: failure.invoiceStatus, amount, currency, declineClass, followUps: failure.followUps };
}

/**
 * Transaction 2 of a declined or refused charge, the same with or without the test hooks, which
 * stop a process before its commit and after it.
 */
async function recordFailure(
  deps: RecordDeps,
  input: ChargeInput,
  claimed: Claimed,
  outcome: Exclude<Resolved, { kind: 'approved' }>,
): Promise<ChargeResult> {
  const result = await deps.sql.transaction(async (tx) => {
    const recorded = await recordFailureIn(tx, deps, input, claimed, outcome);
    await deps.hooks?.at('before-commit', input.invoiceId);
    return recorded;
  });
  await deps.hooks?.at('after-commit', input.invoiceId);
  return result;
}

/**
 * Transaction 2: records the gateway's answer over the claimed attempt, only while it is unresolved.
 * An unknown answer leaves it unresolved (`unknown`) for the reconciler to look up by reference.
 */
export async function recordOutcome(deps: RecordDeps, input: ChargeInput, claimed: Claimed, outcome: ChargeOutcome): Promise<ChargeResult> {
  switch (outcome.kind) {
    case 'unknown': {
      await markAttemptUnknown(deps.sql, claimed.attemptId, outcome.reason, deps.clock.now());
      deps.logger.warn(
        { invoiceId: input.invoiceId, attempt: input.attempt, reason: outcome.reason },
        'charge outcome unknown; the reconciler will look it up',
      );
      return { kind: 'unknown', reason: outcome.reason };
    }
    case 'approved':
      return recordApproval(deps, input, claimed, outcome);
    case 'declined':
    case 'rejected':
      return recordFailure(deps, input, claimed, outcome);
    default: {
      const unreachable: never = outcome;
      throw new Error(`unhandled outcome ${String(unreachable)}`);
    }
  }
}
