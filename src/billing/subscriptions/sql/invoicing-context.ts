import type { Sql } from '../../../platform/sql.ts';
import type { InvoicingSettings } from '../../settings/merchant-settings.entity.ts';

/** A period invoice about to be written, as its numbering reads it. */
export interface PeriodInvoiceKey {
  merchant_id: string;
  environment: string;
  subscription_id: string;
  customer_id: string | null;
  period_start: string;
}

/** What a period invoice is issued by: its merchant's invoicing settings, its customer's prefix, and whether it exists already. */
export interface InvoicingContext {
  /** The merchant's stored invoicing settings (null: none stored; `settingsOf` fills the defaults). */
  invoicing: Partial<InvoicingSettings> | null;
  /** The customer's own prefix, for per-customer numbering (null without a customer). */
  customer_prefix: string | null;
  /** The period is invoiced already: the batch's insert skips it (`on conflict … do nothing`). */
  invoiced: boolean;
}

/**
 * One statement for a scheduler batch's invoices, answered in their order: each one's merchant
 * invoicing settings, its customer's invoice prefix (the customers are locked since the claim, so
 * the prefix cannot change before the commit) and whether its period is invoiced already (the
 * subscriptions are locked since the claim, and only a batch that claimed one writes its period
 * invoices, so the answer holds until the insert).
 */
export async function loadInvoicingContext(tx: Sql, invoices: PeriodInvoiceKey[]): Promise<InvoicingContext[]> {
  if (invoices.length === 0) return [];
  return tx.query<InvoicingContext>(
    `select ms.invoicing, c.invoice_prefix as customer_prefix,
            exists (select 1 from billing.invoices i
                     where i.subscription_id = x.subscription_id and i.period_start = x.period_start::timestamptz and i.kind = 'period') as invoiced
       from rows from (json_to_recordset($1::json) as (merchant_id uuid, environment text, subscription_id uuid, customer_id uuid, period_start text))
            with ordinality as x(merchant_id, environment, subscription_id, customer_id, period_start, n)
       left join billing.merchant_settings ms on ms.merchant_id = x.merchant_id and ms.environment = x.environment
       left join billing.customers c on c.id = x.customer_id
      order by x.n`,
    [
      JSON.stringify(
        invoices.map((i) => ({
          merchant_id: i.merchant_id,
          environment: i.environment,
          subscription_id: i.subscription_id,
          customer_id: i.customer_id,
          period_start: i.period_start,
        })),
      ),
    ],
  );
}
