import type { MerchantRef } from './ports/gateway-port.ts';

/** The `from … where …` and params of a list, for `readPage`'s statement. */
export interface Scope {
  from: string;
  params: unknown[];
}

/**
 * The rows of `table` that belong to the merchant (its id and environment, $1 and $2), narrowed by
 * `column = value` for each filter given a value, in the order given. `alias` prefixes the
 * columns (`i` for `billing.invoices i`).
 */
export function merchantScope(
  table: string,
  merchant: MerchantRef,
  filters: Record<string, string | undefined> = {},
  alias?: string,
): Scope {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const where = [`${column('merchant_id')} = $1`, `${column('environment')} = $2`];
  const params: unknown[] = [merchant.merchantId, merchant.environment];
  for (const [name, value] of Object.entries(filters)) {
    if (value) where.push(`${column(name)} = $${params.push(value)}`);
  }
  return { from: `from ${table}${alias ? ` ${alias}` : ''} where ${where.join(' and ')}`, params };
}
