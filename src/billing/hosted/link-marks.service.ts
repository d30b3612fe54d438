import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';

export type LinkMark = 'used' | 'revoked';

/** A link id as issued: the hex of its 8-byte nonce. */
export const LinkId = z.string().regex(/^[0-9a-f]{16}$/, 'link_id must be the 16 hex digits a link was issued with');

/** What became of a link after it was issued: null while it may still serve. */
export async function linkMark(db: Sql, merchant: MerchantRef, linkId: string): Promise<LinkMark | null> {
  const rows = await db.query<{ mark: LinkMark }>(
    'select mark from billing.hosted_link_marks where merchant_id = $1 and environment = $2 and link_id = $3',
    [merchant.merchantId, merchant.environment, linkId],
  );
  return rows[0]?.mark ?? null;
}

/** A card-update link served: it serves no more. False when it was marked already (used or revoked). */
export async function markLinkUsed(db: Sql, merchant: MerchantRef, linkId: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `insert into billing.hosted_link_marks (merchant_id, environment, link_id, mark, at) values ($1, $2, $3, 'used', $4)
      on conflict do nothing returning link_id`,
    [merchant.merchantId, merchant.environment, linkId, now],
  );
  return rows.length === 1;
}

/** The merchant withdraws a link: it shows "revoked" from now on. Revoking twice keeps the first time. */
export async function revokeLink(
  db: Sql,
  merchant: MerchantRef,
  linkId: string,
  now: Date,
): Promise<{ link_id: string; revoked_at: string }> {
  const parsed = LinkId.safeParse(linkId);
  if (!parsed.success) throw BillingErrors.notFound('Hosted link', linkId);
  const rows = await db.query<{ at: string }>(
    `insert into billing.hosted_link_marks (merchant_id, environment, link_id, mark, at) values ($1, $2, $3, 'revoked', $4)
      on conflict (merchant_id, environment, link_id) do update set mark = 'revoked',
        at = case when hosted_link_marks.mark = 'revoked' then hosted_link_marks.at else excluded.at end
      returning at`,
    [merchant.merchantId, merchant.environment, linkId, now],
  );
  return { link_id: linkId, revoked_at: new Date(rows[0]!.at).toISOString() };
}
