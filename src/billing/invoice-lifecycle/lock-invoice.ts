import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import type { InvoiceLine } from '../invoices/lines/invoice-line.ts';

/** An invoice as the lifecycle's use cases read it, locked. */
export interface LockedInvoice {
  id: string;
  status: string;
  subscription_id: string;
  /** The plan the invoice bills (an added line is taxed as an item of it). */
  plan_id: string;
  currency: string;
  lines: InvoiceLine[];
  credit_applied: string;
  /** An EU reverse charge: no line is taxed. */
  reverse_charge: boolean;
  /** Billing time: the subscription's test clock's, or the real clock's. */
  billing_now: string;
  /** An attempt is at the gateway (`sending` or `unknown`): its outcome is not known yet. */
  in_flight: boolean;
}

/**
 * Locks one invoice of the merchant (404 for another's, or none), then reads it. The lock has a
 * statement of its own, as the refund and retry paths take theirs: the read after it sees what
 * the transactions it waited for committed (an attempt a charge wrote, a status it changed).
 */
export async function lockInvoice(tx: Sql, merchant: MerchantRef, id: string, now: Date): Promise<LockedInvoice> {
  const locked = z.uuid().safeParse(id).success
    ? await tx.query('select 1 from billing.invoices where id = $1 and merchant_id = $2 and environment = $3 for update', [
        id,
        merchant.merchantId,
        merchant.environment,
      ])
    : [];
  if (!locked[0]) throw BillingErrors.notFound('Invoice', id);
  const rows = await tx.query<LockedInvoice>(
    `select i.id, i.status, i.subscription_id, i.plan_id, i.currency, i.lines, i.credit_applied, i.reverse_charge, coalesce(c.frozen_time, $2) as billing_now,
            exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown')) as in_flight
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
       left join billing.test_clocks c on c.id = s.test_clock_id
      where i.id = $1`,
    [id, now],
  );
  return rows[0]!;
}
