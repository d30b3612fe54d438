import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant } from '../../platform/entity-columns.ts';

/**
 * One retry round per card at a time, across processes: a lease taken and released with short
 * statements (no connection held through the round), which lapses by itself if its holder dies.
 */
export const CardRetryLease = defineEntity({
  name: 'CardRetryLease',
  schema: 'billing',
  tableName: 'card_retry_leases',
  properties: {
    /** The card's key (`cardKey` of the gateway port): every token of one card shares its round. */
    cardKey: p.string().length(255).primary(),
    holder: p.uuid(),
    leaseUntil: instant(),
  },
});
export type CardRetryLease = InferEntity<typeof CardRetryLease>;
