import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import type { Discount } from '../invoices/lines/compose-invoice.ts';
import { findCoupon } from './coupons.service.ts';

export interface Redemption {
  couponId: string;
  /** Period invoices the discount still applies to; null for `forever`. */
  periodsLeft: number | null;
}

const refuse = (message: string) => BillingErrors.validation([`coupon: ${message}`]);

/**
 * Redeems a coupon for a subscription, inside the caller's transaction (the redemption count and
 * the subscription change commit together). `at` is the subscription's billing time: its test
 * clock's, if it has one.
 */
export async function redeemCoupon(
  tx: Sql,
  merchant: MerchantRef,
  code: string,
  subscription: { currency: string; at: Date },
): Promise<Redemption> {
  const coupon = await findCoupon(tx, merchant, code, true);
  if (!coupon) throw refuse(`no coupon has the code ${code}`);
  if (coupon.status !== 'active') throw refuse(`coupon ${code} is archived and can no longer be redeemed`);
  if (coupon.redeem_by !== null && subscription.at.getTime() > new Date(coupon.redeem_by).getTime()) {
    throw refuse(`coupon ${code} could be redeemed until ${new Date(coupon.redeem_by).toISOString()}`);
  }
  if (coupon.currency !== null && coupon.currency !== subscription.currency) {
    throw refuse(`coupon ${code} is in ${coupon.currency}, and the subscription bills in ${subscription.currency}`);
  }
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
    throw refuse(`coupon ${code} has reached its ${coupon.max_redemptions} redemptions`);
  }
  await tx.query('update billing.coupons set times_redeemed = times_redeemed + 1 where id = $1', [coupon.id]);
  const periodsLeft = coupon.duration === 'once' ? 1 : coupon.duration === 'repeating' ? coupon.duration_in_periods : null;
  return { couponId: coupon.id, periodsLeft };
}

/** A subscription's coupon as the scheduler reads it, joined on its row. */
export interface HeldCoupon {
  coupon_code: string | null;
  coupon_percent_off_basis_points: number | null;
  coupon_amount_off: string | null;
  coupon_currency: string | null;
  coupon_periods_left: number | null;
}

/** The SQL the scheduler joins to read a subscription's coupon (`s` is the subscription, `k` the coupon). */
export const HELD_COUPON_COLUMNS = `k.code as coupon_code, k.percent_off_basis_points as coupon_percent_off_basis_points,
  k.amount_off as coupon_amount_off, k.currency as coupon_currency, s.coupon_periods_left`;

/** The discount a held coupon gives a period invoice in `currency`, or null (none held, used up, or another currency). */
export function heldDiscount(held: HeldCoupon, currency: string): Discount | null {
  if (held.coupon_code === null) return null;
  if (held.coupon_periods_left !== null && held.coupon_periods_left <= 0) return null;
  const description = `Coupon ${held.coupon_code}`;
  if (held.coupon_percent_off_basis_points !== null) {
    return { kind: 'percent', basisPoints: held.coupon_percent_off_basis_points, description };
  }
  if (held.coupon_amount_off !== null && held.coupon_currency === currency) {
    return { kind: 'amount', amount: Number(held.coupon_amount_off), description };
  }
  return null;
}
