import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { prepared, type Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';

/**
 * The stored-credential chain of a card: the `authorization_tracking_id` its first approved
 * recurring charge returned, sent with every later charge of that card (stored credential "S"),
 * whichever of its tokens a subscription names. The card is its key (`cardKey` of the gateway port).
 */
export const CredentialChain = defineEntity({
  name: 'CredentialChain',
  schema: 'billing',
  tableName: 'credential_chains',
  properties: {
    merchantId: p.uuid().primary(),
    environment: p.string().length(10).primary(),
    cardKey: p.string().length(255).primary(),
    trackingId: p.string().length(64),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
export type CredentialChain = InferEntity<typeof CredentialChain>;

/** Keeps the first approved charge's id: a later one never replaces it. */
export async function keepChainId(db: Sql, merchant: MerchantRef, cardKey: string, trackingId: string, now: Date): Promise<void> {
  if (trackingId === '' || trackingId.length > 64) return;
  await db.query(
    prepared(`insert into billing.credential_chains (merchant_id, environment, card_key, tracking_id, created_at)
     values ($1, $2, $3, $4, $5) on conflict do nothing`),
    [merchant.merchantId, merchant.environment, cardKey, trackingId, now],
  );
}
