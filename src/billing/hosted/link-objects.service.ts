import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';

/** What a customer link points at, and whose it is. */
export interface LinkObject {
  kind: 'invoice' | 'subscription' | 'customer';
  id: string;
  merchant: MerchantRef;
}

/**
 * The object a verified link names, in the link's environment: an invoice (purpose `invoice`), a
 * subscription or a customer (purpose `card_update`); null when none is (deleted, or of the other
 * environment). The signature, not a credential, is the authority here: the merchant is read from
 * the object.
 */
export async function findLinkObject(
  db: Sql,
  link: { purpose: 'invoice' | 'card_update'; objectId: string; environment: 'sandbox' | 'production' },
): Promise<LinkObject | null> {
  if (!z.uuid().safeParse(link.objectId).success) return null;
  const tables =
    link.purpose === 'invoice'
      ? ([['invoice', 'billing.invoices', '']] as const)
      : ([
          ['subscription', 'billing.subscriptions', ''],
          ['customer', 'billing.customers', ' and deleted_at is null'],
        ] as const);
  for (const [kind, table, extra] of tables) {
    const rows = await db.query<{ merchant_id: string }>(`select merchant_id from ${table} where id = $1 and environment = $2${extra}`, [
      link.objectId,
      link.environment,
    ]);
    if (rows[0]) return { kind, id: link.objectId, merchant: { merchantId: rows[0].merchant_id, environment: link.environment } };
  }
  return null;
}

/** The subscriptions a card typed for the object goes to: the subscription, or the customer's that are still billed. */
export async function subscriptionsToUpdate(db: Sql, object: LinkObject): Promise<string[]> {
  if (object.kind === 'subscription') return [object.id];
  if (object.kind === 'invoice') {
    const rows = await db.query<{ subscription_id: string }>('select subscription_id from billing.invoices where id = $1', [object.id]);
    return rows.map((r) => r.subscription_id);
  }
  const rows = await db.query<{ id: string }>(
    `select id from billing.subscriptions where merchant_id = $1 and environment = $2 and customer_id = $3
        and status not in ('cancelled', 'completed') order by created_at`,
    [object.merchant.merchantId, object.merchant.environment, object.id],
  );
  return rows.map((r) => r.id);
}

/** The invoices of these subscriptions that are owed and can be tried now (past due, held for a card or in dunning). */
export async function owedInvoices(db: Sql, subscriptionIds: string[]): Promise<{ id: string; status: string; attempt_count: number }[]> {
  return db.query(
    `select id, status, attempt_count from billing.invoices where subscription_id = any($1::uuid[]) and status = 'past_due' order by created_at`,
    [subscriptionIds],
  );
}
