import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SqlPool } from '../../platform/sql.ts';
import type { BillingGateway, ChargeOutcome } from '../ports/gateway-port.ts';
import { DEFAULT_CAPS, type NetworkCaps } from '../dunning/dunning-policy.ts';
import { deferForCaps } from '../dunning/cap-deferral.service.ts';
import { resolveCardAlias } from './card-alias.ts';
import type { CustomerLinks } from '../ports/customer-links.ts';
import type { ChargeHooks } from './charge-hooks.ts';
import type { ChargeInput, ChargeResult } from './charge-result.ts';
import { claimAttempt, type Claimed } from './claim-attempt.ts';
import { recordOutcome } from './record-outcome.ts';

export type { ChargeInput, ChargeResult } from './charge-result.ts';

export interface ChargeDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  gateway: BillingGateway;
  hooks?: ChargeHooks;
  caps?: NetworkCaps;
  /** Lease of a card's retry round (RETRY_CARD_LEASE_MS). */
  retryLeaseMs?: number;
  /** Signs the customer links of `invoice.payment_failed`. */
  links?: CustomerLinks;
}

/** Asks the gateway; an attempt that was already written is looked up by reference first. */
async function callGateway(gateway: BillingGateway, claimed: Claimed): Promise<ChargeOutcome> {
  if (claimed.resumed) {
    let found: ChargeOutcome | null;
    try {
      found = await gateway.findPurchase(claimed.merchant, claimed.reference);
    } catch (err) {
      return { kind: 'unknown', reason: `lookup failed: ${(err as Error).message}` };
    }
    if (found) return found;
  }
  return gateway.purchase(claimed.merchant, {
    reference: claimed.reference,
    amount: claimed.amount,
    currency: claimed.currency,
    cardToken: claimed.cardToken,
    ...(claimed.chainId ? { authorizationTrackingId: claimed.chainId } : {}),
  });
}

/**
 * Charges one attempt of one invoice, exactly once however often it runs: the attempt is
 * written before the call under a reference derived from invoice and attempt (`claim-attempt.ts`),
 * an attempt found `sending` or `unknown` is looked up by that reference before any re-send, and
 * the outcome is recorded only over an unresolved attempt (`record-outcome.ts`). A decline is a
 * business fact and completes; only infrastructure faults throw (and the queue retries them in seconds).
 */
export async function attemptCharge(deps: ChargeDeps, input: ChargeInput): Promise<ChargeResult> {
  const caps = deps.caps ?? DEFAULT_CAPS;
  let claimed = await claimAttempt(deps.sql, deps.clock.now(), input, caps, null);
  if ('resolve' in claimed) {
    const card = await resolveCardAlias(deps, claimed);
    claimed = await claimAttempt(deps.sql, deps.clock.now(), input, caps, card);
    if ('resolve' in claimed) throw new Error(`the card of invoice ${input.invoiceId} was not resolved`);
  }
  if ('skip' in claimed) {
    if (claimed.capped) {
      const retry = await deferForCaps(deps.sql, deps.clock.now(), input, claimed.capped, caps);
      return { kind: 'skipped', reason: claimed.skip, followUps: retry ? { retry } : undefined };
    }
    return { kind: 'skipped', reason: claimed.skip, followUps: claimed.hold ? { hold: claimed.hold } : undefined };
  }
  await deps.hooks?.at('before-call', input.invoiceId);
  const outcome = await callGateway(deps.gateway, claimed);
  await deps.hooks?.at('after-gateway', input.invoiceId);
  return recordOutcome({ ...deps, caps }, input, claimed, outcome);
}
