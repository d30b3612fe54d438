import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName } from '../../platform/entity-columns.ts';

/**
 * A gap-free document sequence: invoices or credit notes of a merchant and environment, or of one
 * customer (`scope` is the customer's id, '' for the merchant's own). `last_value` is the last
 * number issued; it moves only in the transaction that issues the number, so a rollback gives
 * it back and no number is skipped or used twice.
 */
export const NumberSequence = defineEntity({
  name: 'NumberSequence',
  schema: 'billing',
  tableName: 'number_sequences',
  properties: {
    merchantId: p.uuid().primary(),
    environment: environmentName().primary(),
    kind: p.string().length(12).primary(),
    scope: p.string().length(36).primary(),
    lastValue: p.bigint('number').default(0),
  },
});
export type NumberSequence = InferEntity<typeof NumberSequence>;
