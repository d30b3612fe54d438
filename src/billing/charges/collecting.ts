/**
 * Subscription states whose invoices are collected. A cancelled, paused or unpaid subscription is
 * never charged, whatever job is still queued for it: the claim reads the state in the statement
 * that writes the attempt (cancelling and pausing touch the owed invoices, so a claim racing them
 * runs again over the new state).
 */
export const COLLECTING = ['trialing', 'active', 'past_due'] as const;

/** Subscription states after which nothing more is collected: a claim voids an invoice still owed. */
export const ENDED_FOR_COLLECTION = ['cancelled', 'unpaid', 'completed'] as const;

/**
 * The one exception to both: a `final` invoice bills the usage of an ended subscription's last
 * period after its end (docs/usage.md), and is collected then.
 */
export const COLLECTED_AFTER_END = 'final';

export function isCollecting(status: string): boolean {
  return (COLLECTING as readonly string[]).includes(status);
}

/** Whether an invoice of this kind is collected while its subscription has this status. */
export function collectsInvoice(subscriptionStatus: string, invoiceKind: string): boolean {
  return isCollecting(subscriptionStatus) || invoiceKind === COLLECTED_AFTER_END;
}

const sqlList = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(', ');

/** `collectsInvoice` in SQL, over the given status and kind columns. */
export function collectsInvoiceSql(status: string, kind: string): string {
  return `(${status} in (${sqlList(COLLECTING)}) or ${kind} = '${COLLECTED_AFTER_END}')`;
}

/** In SQL: the subscription has ended and the invoice is not one collected after the end (a claim voids it). */
export function voidedAtClaimSql(status: string, kind: string): string {
  return `(${status} in (${sqlList(ENDED_FOR_COLLECTION)}) and ${kind} <> '${COLLECTED_AFTER_END}')`;
}
