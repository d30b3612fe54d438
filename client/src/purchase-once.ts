import { RecurApiError, RecurNetworkError } from './errors.ts';

export interface PurchaseRetry {
  /** Re-sends after the first try, each only once the lookup found no purchase. */
  retries: number;
  baseDelayMs: number;
}

const TAKEN = 'Reference is already taken';

/** No answer, or a 5xx: the purchase may or may not have been made. */
function lost(err: unknown): boolean {
  return err instanceof RecurNetworkError || (err instanceof RecurApiError && err.status >= 500);
}

/**
 * The gateway makes at most one purchase per `reference` (a second is refused with "Reference is
 * already taken"), and that is what makes a purchase safe to retry where an Idempotency-Key is not
 * honoured. After a lost answer the purchase is looked up by its reference: found, its record is
 * the answer (a pending one included); not found, it is sent again under the same reference. A
 * first try that arrives late turns the re-send into "Reference is already taken", and the lookup
 * then adopts the first. Nothing is charged twice.
 */
export async function purchaseOnce<T>(
  reference: string,
  send: () => Promise<T>,
  find: (reference: string) => Promise<T | null>,
  retry: PurchaseRetry,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const taken = attempt > 0 && err instanceof RecurApiError && err.errors.includes(TAKEN);
      if (!lost(err) && !taken) throw err;
      const found = await find(reference).catch((lookupError: unknown) => {
        if (lost(lookupError)) return null;
        throw lookupError;
      });
      if (found) return found;
      if (attempt >= retry.retries) throw err;
      const delay = retry.baseDelayMs * 2 ** attempt;
      await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * (delay / 2)));
    }
  }
}
