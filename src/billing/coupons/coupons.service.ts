import { z } from 'zod';
import { Timestamp } from '../../platform/timestamps.ts';
import { iso } from '../../platform/time.ts';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { CurrencyCode, minorUnits } from '../money-input.ts';
import { merchantScope } from '../merchant-scope.ts';
import { recordEvents } from '../events/events.service.ts';
import { COUPON_DURATIONS } from './coupon.entity.ts';

const Code = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'code may hold only letters, digits, "-" and "_"');

export const CouponCreate = z
  .strictObject({
    code: Code,
    name: z.string().trim().min(1).max(200).optional(),
    percent_off: z
      .number()
      .gt(0, 'percent_off must be greater than 0')
      .max(100, 'percent_off may not exceed 100')
      .refine(
        (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9,
        'percent_off has at most two decimals',
      )
      .optional(),
    amount_off: minorUnits('amount_off', 1).optional(),
    currency: CurrencyCode.optional(),
    duration: z.enum(COUPON_DURATIONS),
    duration_in_periods: z.number().int().min(1).max(1000).optional(),
    max_redemptions: z.number().int().min(1).max(1_000_000_000).optional(),
    redeem_by: Timestamp.optional(),
    test: z.boolean().optional(),
  })
  .superRefine((c, ctx) => {
    if ((c.percent_off === undefined) === (c.amount_off === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'give exactly one of percent_off and amount_off' });
    }
    if (c.amount_off !== undefined && c.currency === undefined) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'currency is required with amount_off' });
    }
    if (c.percent_off !== undefined && c.currency !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'currency goes only with amount_off' });
    }
    if ((c.duration === 'repeating') !== (c.duration_in_periods !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration_in_periods'],
        message: 'duration_in_periods is required with, and only with, duration "repeating"',
      });
    }
  });
export type CouponCreate = z.infer<typeof CouponCreate>;

export interface CouponView {
  id: string;
  code: string;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: string;
  duration_in_periods: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  redeem_by: string | null;
  status: string;
  created_at: string;
  archived_at: string | null;
}

/** A coupon as `billing.coupons` stores it: the view's fields, the percentage in basis points, money as `bigint` text. */
export interface CouponRow extends Omit<CouponView, 'percent_off' | 'amount_off'> {
  percent_off_basis_points: number | null;
  amount_off: string | null;
}

export const COUPON_COLUMNS = `id, code, name, percent_off_basis_points, amount_off, currency, duration, duration_in_periods,
  max_redemptions, times_redeemed, redeem_by, status, created_at, archived_at`;

export function toCouponView(r: CouponRow): CouponView {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    percent_off: r.percent_off_basis_points === null ? null : r.percent_off_basis_points / 100,
    amount_off: r.amount_off === null ? null : Number(r.amount_off),
    currency: r.currency,
    duration: r.duration,
    duration_in_periods: r.duration_in_periods,
    max_redemptions: r.max_redemptions,
    times_redeemed: r.times_redeemed,
    redeem_by: iso(r.redeem_by),
    status: r.status,
    created_at: iso(r.created_at),
    archived_at: iso(r.archived_at),
  };
}

export async function createCoupon(db: SqlPool, merchant: MerchantRef, input: CouponCreate, now: Date): Promise<CouponView> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<CouponRow>(
      `insert into billing.coupons (id, merchant_id, environment, code, name, percent_off_basis_points, amount_off, currency, duration,
          duration_in_periods, max_redemptions, times_redeemed, redeem_by, status, created_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, 'active', $12)
       on conflict on constraint coupons_code_unique do nothing returning ${COUPON_COLUMNS}`,
      [
        merchant.merchantId,
        merchant.environment,
        input.code,
        input.name ?? null,
        input.percent_off === undefined ? null : Math.round(input.percent_off * 100),
        input.amount_off ?? null,
        input.currency ?? null,
        input.duration,
        input.duration_in_periods ?? null,
        input.max_redemptions ?? null,
        input.redeem_by ? new Date(input.redeem_by) : null,
        now,
      ],
    );
    if (!rows[0]) throw BillingErrors.conflict(`A coupon with code ${input.code} already exists`);
    const view = toCouponView(rows[0]);
    await recordEvents(tx, now, [{ ...merchant, type: 'coupon.created', data: { coupon: view } }]);
    return view;
  });
}

export async function findCoupon(db: Sql, merchant: MerchantRef, code: string, lock = false): Promise<CouponRow | undefined> {
  const rows = await db.query<CouponRow>(
    `select ${COUPON_COLUMNS} from billing.coupons where code = $1 and merchant_id = $2 and environment = $3${lock ? ' for update' : ''}`,
    [code, merchant.merchantId, merchant.environment],
  );
  return rows[0];
}

export async function getCoupon(db: Sql, merchant: MerchantRef, code: string): Promise<CouponView> {
  const row = await findCoupon(db, merchant, code);
  if (!row) throw BillingErrors.notFound('Coupon', code);
  return toCouponView(row);
}

export function listCoupons(db: Sql, merchant: MerchantRef, page: Page): Promise<Paginated<CouponView>> {
  const scope = merchantScope('billing.coupons', merchant);
  return readPage(db, page, { select: `select ${COUPON_COLUMNS}`, orderBy: 'order by created_at desc, id desc', ...scope }, toCouponView);
}

/** An archived coupon can no longer be redeemed; subscriptions that hold it keep their discount. */
export async function archiveCoupon(db: Sql, merchant: MerchantRef, code: string, now: Date): Promise<CouponView> {
  const rows = await db.query<CouponRow>(
    `update billing.coupons set status = 'archived', archived_at = coalesce(archived_at, $4)
      where code = $1 and merchant_id = $2 and environment = $3 returning ${COUPON_COLUMNS}`,
    [code, merchant.merchantId, merchant.environment, now],
  );
  if (!rows[0]) throw BillingErrors.notFound('Coupon', code);
  return toCouponView(rows[0]);
}
