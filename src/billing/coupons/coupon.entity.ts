import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { currencyCode, instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/**
 * A discount a subscription can redeem by code: a percentage (kept in basis points, so that
 * 12.5% stays an integer) or an amount in one currency. Codes are unique per merchant and
 * environment. Coupons are immutable but for their redemption count and archiving.
 */
export const Coupon = defineEntity({
  name: 'Coupon',
  schema: 'billing',
  tableName: 'coupons',
  properties: {
    ...merchantRow(),
    code: p.string().length(64),
    name: p.string().length(200).nullable(),
    percentOffBasisPoints: p.integer().nullable(),
    amountOff: minorUnits().nullable(),
    currency: currencyCode().nullable(),
    duration: p.string().length(10),
    durationInPeriods: p.integer().nullable(),
    maxRedemptions: p.integer().nullable(),
    timesRedeemed: p.integer().default(0),
    redeemBy: instant().nullable(),
    status: p.string().length(10).default('active'),
    createdAt: instant(),
    archivedAt: instant().nullable(),
  },
  uniques: [{ properties: ['merchantId', 'environment', 'code'], name: 'coupons_code_unique' }],
  indexes: [{ properties: ['merchantId', 'environment', 'createdAt'], name: 'coupons_listing_index' }],
});
export type Coupon = InferEntity<typeof Coupon>;
