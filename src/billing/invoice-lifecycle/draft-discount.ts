import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { heldDiscount, HELD_COUPON_COLUMNS, type HeldCoupon } from '../coupons/redeem-coupon.ts';
import type { Discount } from '../invoices/lines/compose-invoice.ts';
import type { InvoiceLine } from '../invoices/lines/invoice-line.ts';

/**
 * The discount a draft's lines were composed with, to compose them again: its discount line
 * names its coupon (`Coupon <code>`, as `heldDiscount` writes it), and a coupon's discount never
 * changes (only its redemption count and archiving do), so the coupon gives the same rule back.
 * Null when the draft has no discount line. The draft already counted as one of the coupon's
 * periods: the rule applies whatever periods the subscription has left.
 */
export async function draftDiscount(tx: Sql, merchant: MerchantRef, lines: InvoiceLine[], currency: string): Promise<Discount | null> {
  const line = lines.find((l) => l.kind === 'discount');
  const code = line?.description.match(/^Coupon (.+)$/)?.[1];
  if (code === undefined) return null;
  const rows = await tx.query<HeldCoupon>(
    `select ${HELD_COUPON_COLUMNS} from billing.coupons k, (select null::int as coupon_periods_left) s
      where k.code = $1 and k.merchant_id = $2 and k.environment = $3`,
    [code, merchant.merchantId, merchant.environment],
  );
  return rows[0] ? heldDiscount(rows[0], currency) : null;
}
