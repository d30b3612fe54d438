import type { SqlPool } from '../../platform/sql.ts';
import { isAppError } from '../../platform/errors.ts';
import type { BillingGateway, MerchantRef, NewCard } from '../ports/gateway-port.ts';
import { owedInvoices, subscriptionsToUpdate, type LinkObject } from './link-objects.service.ts';

export interface CustomerCardDeps {
  sql: SqlPool;
  gateway: BillingGateway;
  /** `PUT /subscriptions/{id}` with the new card: its rule releases what was held for the old one. */
  pointAt(merchant: MerchantRef, subscriptionId: string, cardToken: string): Promise<unknown>;
  /** `POST /invoices/{id}/retry`: one try now, under the card's network caps. */
  retry(merchant: MerchantRef, invoiceId: string): Promise<{ status: string; attempts: { message: string | null }[] }>;
  /** The first try of an open invoice, now (a charge the scheduler would make). */
  chargeOpen(
    merchant: MerchantRef,
    invoiceId: string,
    attempt: number,
  ): Promise<{ status: string; attempts: { message: string | null }[] }>;
}

export interface TriedInvoice {
  id: string;
  /** The invoice's status after the try: `paid`, or still owed. */
  status: string;
  /** The gateway's message of a declined try, or why no try was made now. */
  message: string | null;
}

export type CustomerCardOutcome =
  | { kind: 'invalid'; messages: string[] }
  | { kind: 'updated'; card: { masked: string; expiry: string }; subscriptionIds: string[]; invoices: TriedInvoice[] };

/**
 * A customer's new card from a hosted page: stored in the vault (the CVV checked there and
 * dropped), the subscription (or each of the customer's billed subscriptions) pointed at it, and
 * every invoice they owe tried at once on it, as the merchant's `PUT /subscriptions/{id}` and
 * `POST /invoices/{id}/retry` would. `onlyInvoice` limits the tries to one invoice (the invoice
 * page), which is tried when open as well.
 */
export async function updateCardFromLink(
  deps: CustomerCardDeps,
  object: LinkObject,
  card: NewCard,
  onlyInvoice?: string,
): Promise<CustomerCardOutcome> {
  const { merchant } = object;
  const stored = await deps.gateway.tokenize(merchant, card);
  if (stored.kind === 'invalid') return stored;
  const subscriptionIds = await subscriptionsToUpdate(deps.sql, object);
  for (const id of subscriptionIds) await deps.pointAt(merchant, id, stored.card.token);
  const owed = (await owedInvoices(deps.sql, subscriptionIds)).filter((i) => !onlyInvoice || i.id === onlyInvoice);
  if (onlyInvoice && owed.length === 0) {
    const open = await deps.sql.query<{ id: string; attempt_count: number }>(
      `select id, attempt_count from billing.invoices where id = $1 and status = 'open'`,
      [onlyInvoice],
    );
    if (open[0]) owed.push({ ...open[0], status: 'open' });
  }
  const invoices: TriedInvoice[] = [];
  for (const invoice of owed) {
    try {
      const after =
        invoice.status === 'open'
          ? await deps.chargeOpen(merchant, invoice.id, invoice.attempt_count + 1)
          : await deps.retry(merchant, invoice.id);
      invoices.push({
        id: invoice.id,
        status: after.status,
        message: after.status === 'paid' ? null : (after.attempts.at(-1)?.message ?? null),
      });
    } catch (err) {
      // Refused by the retry's rules (a network cap, an attempt in flight): the invoice stays due on the new card.
      if (isAppError(err) && err.status < 500) invoices.push({ id: invoice.id, status: invoice.status, message: err.messages.join('; ') });
      else throw err;
    }
  }
  return { kind: 'updated', card: { masked: stored.card.masked, expiry: stored.card.expiry }, subscriptionIds, invoices };
}
