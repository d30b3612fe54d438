/**
 * Billing's port to the signer of customer links (the hosted invoice and card-update pages): the
 * composition root injects it, so billing writes the links into its events without knowing how
 * they are signed or where the pages are served.
 */
export interface CustomerLinkSubject {
  purpose: 'invoice' | 'card_update';
  /** The invoice (`invoice`), or the subscription or customer (`card_update`). */
  objectId: string;
  environment: 'sandbox' | 'production';
}

export interface CustomerLinks {
  /** A new signed URL for the subject, living the configured lifetime from `now`. */
  url(subject: CustomerLinkSubject, now: Date): string;
  /** A new signed link: its URL, its id (the key of a use or a revocation) and its expiry. */
  issue(subject: CustomerLinkSubject, now: Date): { url: string; linkId: string; expiresAt: Date };
}

/** The card-update link of a subscription, or null where no signer is given. */
export function cardUpdateUrl(links: CustomerLinks | undefined, environment: string, subscriptionId: string, now: Date): string | null {
  return links ? links.url({ purpose: 'card_update', objectId: subscriptionId, environment: asEnvironment(environment) }, now) : null;
}

/** The hosted page of an invoice, or null where no signer is given. */
export function invoicePageUrl(links: CustomerLinks | undefined, environment: string, invoiceId: string, now: Date): string | null {
  return links ? links.url({ purpose: 'invoice', objectId: invoiceId, environment: asEnvironment(environment) }, now) : null;
}

function asEnvironment(environment: string): 'sandbox' | 'production' {
  return environment === 'sandbox' ? 'sandbox' : 'production';
}
