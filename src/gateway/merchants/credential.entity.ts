import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant, uuidKey } from '../../platform/entity-columns.ts';
import { Merchant } from './merchant.entity.ts';

/**
 * An API credential: one per merchant and environment. The token is stored only as a keyed
 * HMAC (PCI DSS 8.3.2); rotation replaces the hash, which revokes the old token at once.
 */
export const Credential = defineEntity({
  name: 'Credential',
  schema: 'gateway',
  tableName: 'credentials',
  properties: {
    id: uuidKey(),
    merchant: () => p.manyToOne(Merchant),
    environment: environmentName(),
    /** Lower-cased: usernames are case-insensitive. */
    username: p.string().length(64).unique('credentials_username_unique'),
    tokenHash: p.string().length(64),
    failedAttempts: p.integer().default(0),
    failureWindowStart: instant().nullable(),
    createdAt: instant(),
    rotatedAt: instant().nullable(),
  },
  uniques: [{ properties: ['merchant', 'environment'], name: 'credentials_merchant_environment_unique' }],
});
export type Credential = InferEntity<typeof Credential>;
