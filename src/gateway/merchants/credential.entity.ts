import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
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
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    merchant: () => p.manyToOne(Merchant),
    environment: p.string().length(10),
    /** Lower-cased: usernames are case-insensitive. */
    username: p.string().length(64).unique('credentials_username_unique'),
    tokenHash: p.string().length(64),
    failedAttempts: p.integer().default(0),
    failureWindowStart: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    rotatedAt: p.datetime().columnType('timestamptz').nullable(),
  },
  uniques: [{ properties: ['merchant', 'environment'], name: 'credentials_merchant_environment_unique' }],
});
export type Credential = InferEntity<typeof Credential>;
