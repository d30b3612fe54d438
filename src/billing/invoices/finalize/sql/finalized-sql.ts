/**
 * What finalizing an invoice writes, as SQL over the caller's expressions: the one rule for a
 * finalized invoice's columns and events, whether a draft is finalized (`writeFinalized`) or a
 * scheduler invoice is written finalized (`writeInvoiceBatch`).
 */

const isoSql = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL expressions for an invoice's row, as named by the caller. */
export interface FinalizingSql {
  /** Its amount owed (bigint). */
  amount: string;
  /** Its billing time (timestamptz): `finalized_at`, and `paid_at` of an invoice of 0. */
  at: string;
  /** Its `paid_at` before finalization. */
  paidAt: string;
  customerId: string;
  merchantId: string;
  environment: string;
  /** The business settings' defaults (jsonb), under the merchant's own. */
  businessDefaults: string;
}

/**
 * The columns a finalization sets besides `number` and `finalized_at`: status `open` (or `paid`
 * at once when it owes 0), `paid_at`, and the snapshots: `bill_to`, its customer as the customers
 * table holds it now (null without one); `seller`, the merchant's business settings over their
 * defaults.
 */
export function finalizedColumnsSql(x: FinalizingSql): { status: string; paid_at: string; bill_to: string; seller: string } {
  return {
    status: `(case when ${x.amount} = 0 then 'paid' else 'open' end)`,
    paid_at: `(case when ${x.amount} = 0 then ${x.at} else ${x.paidAt} end)`,
    bill_to: `(select jsonb_build_object('customer_id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                        'address', c.address, 'tax_ids', c.tax_ids)
                 from billing.customers c where c.id = ${x.customerId})`,
    seller: sellerSql(x.merchantId, x.environment, x.businessDefaults),
  };
}

/**
 * A finalized invoice's `seller` snapshot, SQL over its merchant, environment and the business
 * settings' defaults (jsonb): the merchant's business settings over their defaults. The same for
 * every invoice of a merchant's environment, so a batch may build it once per merchant.
 */
export function sellerSql(merchantId: string, environment: string, businessDefaults: string): string {
  return `(${businessDefaults} || coalesce((select ms.business from billing.merchant_settings ms
                                           where ms.merchant_id = ${merchantId} and ms.environment = ${environment}), '{}'::jsonb))`;
}

/**
 * The events of invoices just finalized, as rows (merchant_id, environment, type, data,
 * created_at) for the caller's insert: `invoice.finalized`, then `invoice.paid` for an invoice of
 * 0. `rows` names a relation of the finalized invoices with their columns (id, merchant_id,
 * environment, subscription_id, customer_id, kind, number, status, subtotal, discount, tax,
 * total, credit_applied, amount, currency, period_start, period_end, finalized_at).
 */
export function finalizedEventsSql(rows: string): string {
  return `select f.merchant_id, f.environment, e.type, e.data, f.finalized_at
         from ${rows} f
         cross join lateral (values
           ('invoice.finalized', jsonb_build_object('invoice_id', f.id, 'number', f.number, 'subscription_id', f.subscription_id,
              'customer_id', f.customer_id, 'kind', f.kind, 'status', f.status, 'period_start', ${isoSql('f.period_start')}, 'period_end', ${isoSql('f.period_end')},
              'subtotal', f.subtotal, 'discount', f.discount, 'tax', f.tax, 'total', f.total, 'credit_applied', f.credit_applied,
              'amount', f.amount, 'currency', f.currency, 'finalized_at', ${isoSql('f.finalized_at')})),
           -- An invoice of 0 (a full discount, credit) is paid as it is finalized: no purchase, no charge job.
           ('invoice.paid', case when f.status = 'paid' then jsonb_build_object('invoice_id', f.id, 'subscription_id', f.subscription_id,
              'amount', 0, 'currency', f.currency, 'purchase_id', null) end)) as e(type, data)
        where e.data is not null`;
}
