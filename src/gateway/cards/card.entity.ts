import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant, uuidKey } from '../../platform/entity-columns.ts';
import { Merchant } from '../merchants/merchant.entity.ts';
import type { ScriptedOutcome } from '../sandbox/sandbox-script.ts';

/**
 * A tokenized card. The PAN is held only sealed (AES-256-GCM, key id beside it, AAD binding
 * merchant, environment and token); first six and last four are kept apart for masking. The
 * CVV has no column: it is never stored.
 */
export const Card = defineEntity({
  name: 'Card',
  schema: 'gateway',
  tableName: 'cards',
  properties: {
    id: uuidKey(),
    merchant: () => p.manyToOne(Merchant),
    environment: environmentName(),
    token: p.string().length(20),
    alias: p.string().length(255).nullable(),
    /** Keyed HMAC of the number (`VaultCrypto.fingerprint`), shared by every token of the card. */
    fingerprint: p.string().length(64),
    /** Keyed HMAC of the number as this card was stored: finds the card's first token (null until backfilled). */
    panDigest: p.string().length(64).nullable(),
    panKeyId: p.string().length(32),
    panSealed: p.blob().columnType('bytea'),
    first6: p.string().length(6),
    last4: p.string().length(4),
    panLength: p.smallint(),
    cardHolder: p.string().length(255),
    expiryMonth: p.smallint(),
    expiryYear: p.smallint(),
    cardType: p.string().length(20),
    cardCategory: p.string().length(40),
    cardSubcategory: p.string().length(40),
    cardIssuer: p.string().length(100),
    cardCountry: p.string().length(40),
    transactionCount: p.integer().default(0),
    /** Sandbox only: outcomes queued for the next purchases on this card. */
    sandboxScript: p.json<ScriptedOutcome[]>().columnType('jsonb').default('[]'),
    createdAt: instant(),
    updatedAt: instant(),
  },
  uniques: [
    { properties: ['merchant', 'environment', 'token'], name: 'cards_token_unique' },
    { properties: ['merchant', 'environment', 'alias'], name: 'cards_alias_unique' },
  ],
  indexes: [
    { properties: ['merchant', 'environment', 'fingerprint'], name: 'cards_fingerprint_index' },
    { properties: ['merchant', 'environment', 'panDigest'], name: 'cards_pan_digest_index' },
    { properties: ['merchant', 'environment', 'createdAt'], name: 'cards_listing_index' },
  ],
});
export type Card = InferEntity<typeof Card>;
