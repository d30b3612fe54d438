import { z } from 'zod';
import type { SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import type { CustomerLinks } from '../ports/customer-links.ts';
import { BillingErrors } from '../errors.ts';
import { findLinkObject } from './link-objects.service.ts';

/** `POST /hosted_links`: a link to the invoice page (`invoice`) or the card-update page (`card_update`, a subscription or a customer). */
export const HostedLinkCreate = z.strictObject({
  purpose: z.enum(['invoice', 'card_update']),
  object_id: z.string().max(64),
});
export type HostedLinkCreate = z.infer<typeof HostedLinkCreate>;

export interface HostedLinkView {
  link_id: string;
  purpose: 'invoice' | 'card_update';
  object_id: string;
  url: string;
  expires_at: string;
}

/** A new signed link to one of the merchant's objects (404 for an object not the merchant's, in this environment). */
export async function issueHostedLink(
  sql: SqlPool,
  links: CustomerLinks | undefined,
  merchant: MerchantRef,
  input: HostedLinkCreate,
  now: Date,
): Promise<HostedLinkView> {
  const what = input.purpose === 'invoice' ? 'Invoice' : 'Subscription or customer';
  const subject = { purpose: input.purpose, objectId: input.object_id.toLowerCase(), environment: merchant.environment };
  const object = await findLinkObject(sql, subject);
  if (!object || object.merchant.merchantId !== merchant.merchantId) throw BillingErrors.notFound(what, input.object_id);
  if (object.kind === 'invoice') {
    const rows = await sql.query<{ status: string }>('select status from billing.invoices where id = $1', [object.id]);
    if (rows[0]?.status === 'draft') throw BillingErrors.conflict('Invoice is a draft; its page is shown once it is finalized');
  }
  if (!links) throw new Error('hosted links: no signer configured');
  const issued = links.issue(subject, now);
  return {
    link_id: issued.linkId,
    purpose: input.purpose,
    object_id: subject.objectId,
    url: issued.url,
    expires_at: issued.expiresAt.toISOString(),
  };
}
