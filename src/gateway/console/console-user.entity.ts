import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, uuidKey } from '../../platform/entity-columns.ts';
import { Merchant } from '../merchants/merchant.entity.ts';

/**
 * A console user of a merchant (docs/console.md). The e-mail is unique across all users in any
 * case (a unique index on `lower(email)`, migration 20261127190000); the password is kept as a
 * scrypt hash with its parameters and salt (console-password.ts), never in clear.
 */
export const ConsoleUser = defineEntity({
  name: 'ConsoleUser',
  schema: 'console',
  tableName: 'users',
  properties: {
    id: uuidKey(),
    merchant: () => p.manyToOne(Merchant),
    email: p.string().length(254),
    name: p.string().length(200).nullable(),
    /** viewer, support, billing or admin (console-role.ts). */
    role: p.string().length(10),
    passwordHash: p.string().length(200),
    disabled: p.boolean().default(false),
    createdAt: instant(),
    updatedAt: instant(),
  },
  indexes: [{ properties: ['merchant', 'createdAt'], name: 'users_merchant_index' }],
});
export type ConsoleUser = InferEntity<typeof ConsoleUser>;
