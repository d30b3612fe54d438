/**
 * Subscription states whose invoices are collected. A cancelled, paused or unpaid subscription is
 * never charged, whatever job is still queued for it: the claim reads the state in the statement
 * that writes the attempt (cancelling and pausing touch the owed invoices, so a claim racing them
 * runs again over the new state). The one exception is a `final` invoice: the usage of an ended
 * subscription's last period, billed after its end (docs/usage.md), and collected then.
 */
export const COLLECTING = ['trialing', 'active', 'past_due'] as const;

export function isCollecting(status: string): boolean {
  return (COLLECTING as readonly string[]).includes(status);
}
