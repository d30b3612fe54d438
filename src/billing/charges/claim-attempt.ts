import type { SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import type { FailureFollowUps } from '../dunning/apply-failure.service.ts';
import type { NetworkCaps } from '../dunning/dunning-policy.ts';
import { CardBusyError } from './card-busy-error.ts';
import type { ChargeInput } from './charge-result.ts';
import { collectsInvoice } from './collecting.ts';
import { claimAttemptRow, type ClaimRow } from './sql/claim-attempt.ts';

/** The purchase reference of an attempt: derived, so a re-send is recognised as the same purchase. */
export function attemptReference(invoiceId: string, attempt: number): string {
  return `${invoiceId}-${attempt}`;
}

/** An attempt written (or found unresolved) before the gateway is called: what the purchase and its record need. */
export interface Claimed {
  merchant: MerchantRef;
  attemptId: string;
  reference: string;
  amount: number;
  currency: string;
  cardToken: string;
  subscriptionId: string;
  /** Billing time: the subscription's test clock where it has one. */
  billingNow: Date;
  /** The attempt was already written (a crash, a lapsed lock, a duplicate job): look it up before any re-send. */
  resumed: boolean;
  /** The card's stored-credential chain id, sent with the purchase; null before its first approval. */
  chainId: string | null;
  /** What the attempt counts against (`cardKey` of the gateway port: the card's fingerprint, or its token). */
  cardKey: string;
}

/** The card's alias awaiting resolution: the claim wrote nothing until the gateway says which card that is. */
export interface AliasToResolve {
  resolve: string;
  merchant: MerchantRef;
  subscriptionId: string;
}

export type ClaimOutcome =
  | Claimed
  | { skip: string; hold?: FailureFollowUps['hold']; capped?: { billingNow: Date; cardToken: string; cardKey: string } }
  | AliasToResolve;

/** Why an attempt the card's network caps refused was not made. */
export const CAPPED_REASON = 'the card is at a network cap';

/** A statement that found the invoice changed under its snapshot runs again; this many times at most. */
const CLAIM_TRIES = 10;

/**
 * Transaction 1: write the attempt (or find the unresolved one) before the gateway is called.
 * `card`: the token the subscription's alias resolves to (null on the first pass: a subscription
 * that names its card by token needs no resolution, and one that names it by alias gets
 * `resolve` back without anything written).
 */
export async function claimAttempt(
  sql: SqlPool,
  now: Date,
  input: ChargeInput,
  caps: NetworkCaps,
  card: { token: string; key: string } | null,
): Promise<ClaimOutcome> {
  const reference = attemptReference(input.invoiceId, input.attempt);
  const args = { ...input, now, reference, manual: input.manual ?? false, ...caps, card };
  let inv: ClaimRow | undefined;
  for (let tries = 1; ; tries++) {
    inv = await claimAttemptRow(sql, args);
    if (!inv || inv.consistent) break;
    if (tries >= CLAIM_TRIES) throw new Error(`invoice ${input.invoiceId} kept changing while its attempt was claimed`);
  }
  if (!inv) return { skip: 'no such invoice' };
  const base = {
    merchant: { merchantId: inv.merchant_id, environment: inv.environment },
    reference,
    amount: Number(inv.amount),
    currency: inv.currency,
    // The purchase names the card the caps were counted against (an alias moved since is charged next time).
    cardToken: inv.card ?? inv.card_token,
    subscriptionId: inv.subscription_id,
    billingNow: new Date(inv.billing_now),
    chainId: inv.chain_id,
    cardKey: inv.card_key ?? inv.card ?? inv.card_token,
  };
  // An attempt already written may have moved money: it is looked up and recorded whatever
  // happened since (an invoice voided by a cancel while it was at the gateway is still paid by it).
  if (inv.existing_id && (inv.existing_status === 'sending' || inv.existing_status === 'unknown')) {
    return {
      ...base,
      cardToken: inv.existing_card ?? inv.card_token,
      cardKey: inv.existing_card_key ?? inv.existing_card ?? inv.card_token,
      attemptId: inv.existing_id,
      resumed: true,
    };
  }
  if (inv.status !== 'open' && inv.status !== 'past_due') return { skip: `invoice is ${inv.status}` };
  if (inv.held_for_card) return { skip: 'held for a card update' };
  if (!collectsInvoice(inv.subscription_status, inv.kind)) return { skip: `subscription is ${inv.subscription_status}` };
  if (inv.existing_id) return { skip: `attempt is ${inv.existing_status}` };
  if (input.attempt !== inv.attempt_count + 1) return { skip: `attempt ${input.attempt} is not the next (${inv.attempt_count + 1})` };
  if (inv.expired) {
    return { skip: 'card expired on the charge date', hold: { subscriptionId: inv.subscription_id, invoiceId: input.invoiceId } };
  }
  if (inv.card === null || inv.card_key === null)
    return { resolve: inv.card_token, merchant: base.merchant, subscriptionId: inv.subscription_id };
  if (inv.capped && !inv.capped_by_declines) {
    // Only attempts still at the gateway fill the window: they may well be approved. Not a day's
    // deferral but a short wait: the queue runs the job again in seconds.
    throw new CardBusyError(`card of invoice ${input.invoiceId} has attempts in flight up to its network cap`);
  }
  if (inv.capped) return { skip: CAPPED_REASON, capped: { billingNow: base.billingNow, cardToken: inv.card, cardKey: inv.card_key } };
  if (!inv.attempt_id) throw new Error(`attempt ${input.attempt} of invoice ${input.invoiceId} was neither written nor refused`);
  return { ...base, attemptId: inv.attempt_id, resumed: false };
}
