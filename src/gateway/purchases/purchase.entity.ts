import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, environmentName, instant, minorUnits } from '../../platform/entity-columns.ts';
import { Merchant } from '../merchants/merchant.entity.ts';
import { Card } from '../cards/card.entity.ts';

/** A purchase as recorded by the gateway: what the issuer (or upstream gateway) answered. */
export const Purchase = defineEntity({
  name: 'Purchase',
  schema: 'gateway',
  tableName: 'purchases',
  properties: {
    /** `<merchant prefix>-P-<8 uppercase alphanumerics>`; also the transaction id. */
    id: p.string().length(40).primary(),
    merchant: () => p.manyToOne(Merchant),
    environment: environmentName(),
    reference: p.string().length(255),
    card: () => p.manyToOne(Card),
    /** pending while an upstream call is in flight; completed once its answer is recorded. */
    state: p.string().length(10),
    /** The resolver's backoff for a pending production transaction: lookups so far, and the next one's time. */
    resolveTries: p.integer().default(0),
    resolveAfter: instant().nullable(),
    amount: minorUnits(),
    currency: currencyCode(),
    successful: p.boolean(),
    responseCode: p.string().length(2),
    message: p.string().length(255).nullable(),
    authorization: p.string().length(12).nullable(),
    rrn: p.string().length(24).nullable(),
    /** The upstream gateway's id for a production purchase. */
    upstreamId: p.string().length(64).nullable(),
    cvvMatch: p.string().length(1),
    captured: p.boolean(),
    capturedAmount: minorUnits(),
    refundedAmount: minorUnits().default(0),
    /** A voided authorization or unsettled purchase: no money moves, nothing can be captured or refunded. */
    voided: p.boolean().default(false),
    /** The stored-credential chain's id: issued on approval (or echoed from `extra`); empty when declined. */
    authorizationTrackingId: p.string().length(64).default(''),
    merchantAdviceCode: p.string().length(20).nullable(),
    merchantAdviceRetryAfter: instant().nullable(),
    customerIp: p.string().length(64).nullable(),
    metadata: p.json<Record<string, string>>().columnType('jsonb'),
    extra: p.json<Record<string, unknown>>().columnType('jsonb'),
    cardSnapshot: p.json<CardSnapshot>().columnType('jsonb'),
    transactionDate: instant(),
    settlementDate: p.string().length(10),
  },
  // A failed transaction (never recorded upstream) frees its reference.
  uniques: [
    {
      name: 'purchases_reference_unique',
      expression: `create unique index "purchases_reference_unique" on "gateway"."purchases" ("merchant_id", "environment", "reference") where "state" <> 'failed'`,
    },
  ],
  indexes: [{ properties: ['merchant', 'environment', 'transactionDate'], name: 'purchases_listing_index' }],
});
export type Purchase = InferEntity<typeof Purchase>;

/** The masked card fields as they were when the purchase was made. */
export interface CardSnapshot {
  card_number: string;
  card_holder: string;
  card_expiry: string;
  card_type: string;
  card_token: string;
  /** Absent on purchases recorded before the snapshot carried them. */
  card_category?: string;
  card_subcategory?: string;
}
