import type { Sql } from '../../../../platform/sql.ts';
import type { NumberingSubject } from '../invoice-numbers.ts';

/** An invoice as its finalization reads it, with what its number is made of. */
export interface FinalizingRow extends NumberingSubject {
  status: string;
  created_at: string;
}

/**
 * The invoices to finalize, read (and, unless the caller holds them already, locked in id order)
 * in one statement, with their merchant's invoicing settings and their customer's prefix.
 */
export async function lockForFinalize(tx: Sql, ids: string[], locked: boolean): Promise<FinalizingRow[]> {
  return tx.query<FinalizingRow>(
    `select i.id, i.merchant_id, i.environment, i.status, i.customer_id, i.created_at, ms.invoicing, c.invoice_prefix as customer_prefix
       from billing.invoices i
       left join billing.merchant_settings ms on ms.merchant_id = i.merchant_id and ms.environment = i.environment
       left join billing.customers c on c.id = i.customer_id
      where i.id = any($1::uuid[])
      order by i.id${locked ? '' : ' for update of i'}`,
    [ids],
  );
}
