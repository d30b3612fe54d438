/** The card's attempts in flight fill a cap window: the charge is tried again shortly (the queue's transport retry). */
export class CardBusyError extends Error {
  override name = 'CardBusyError';
}
