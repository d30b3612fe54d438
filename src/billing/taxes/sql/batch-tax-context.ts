import type { Sql } from '../../../platform/sql.ts';
import { UNTAXED, type TaxContext, type TaxCustomer, type TaxRateRecord } from '../resolve-rates.ts';

/** One subscription whose invoice is being composed: the plans its lines bill, and the rates its items name. */
export interface TaxSubject {
  subscriptionId: string;
  planIds: readonly string[];
  itemRateIds: readonly string[];
}

interface SubscriptionRow {
  id: string;
  merchant_id: string;
  environment: string;
  tax_rate_ids: string[];
  has_customer: boolean;
  country: string | null;
  state: string | null;
  tax_ids: TaxCustomer['tax_ids'] | null;
}
interface MerchantRow {
  merchant_id: string;
  environment: string;
  automatic: boolean;
  country: string | null;
}
interface Document {
  subs: SubscriptionRow[];
  merchants: MerchantRow[];
  plans: { id: string; tax_rate_ids: string[] }[];
  rates: TaxRateRecord[];
}

/**
 * The tax context of every subscription of a batch, in ONE statement whatever the batch's size
 * (the scheduler's batch, or one immediate invoice): each subscription's `tax_rate_ids` and
 * customer (address country and state, tax ids), its merchant's tax and business settings, the
 * plans' `tax_rate_ids`, every rate those lists and the items name (archived ones too), and,
 * for merchants taxing automatically, their active rates of the customers' countries. Read in
 * the caller's transaction, where the subscriptions are locked.
 */
export async function loadTaxContexts(db: Sql, subjects: readonly TaxSubject[]): Promise<Map<string, TaxContext>> {
  const out = new Map<string, TaxContext>();
  if (subjects.length === 0) return out;
  const planIds = [...new Set(subjects.flatMap((s) => s.planIds))];
  const itemRateIds = [...new Set(subjects.flatMap((s) => s.itemRateIds))];
  const [doc] = await db.query<Document>(
    `with subs as (
       select s.id, s.merchant_id, s.environment, s.tax_rate_ids, c.id is not null as has_customer,
              upper(c.address->>'country') as country, c.address->>'state' as state, c.tax_ids
         from billing.subscriptions s left join billing.customers c on c.id = s.customer_id
        where s.id = any($1::uuid[])),
     merchants as (
       select m.merchant_id, m.environment, coalesce((ms.tax->>'automatic_tax')::boolean, false) as automatic,
              upper(ms.business->'address'->>'country') as country
         from (select distinct merchant_id, environment from subs) m
         left join billing.merchant_settings ms on ms.merchant_id = m.merchant_id and ms.environment = m.environment),
     plans as (select id, tax_rate_ids from billing.plans where id = any($2::uuid[])),
     named as (
       select jsonb_array_elements_text(tax_rate_ids)::uuid as id from subs
       union select jsonb_array_elements_text(tax_rate_ids)::uuid from plans
       union select unnest($3::uuid[])),
     automatic as (
       select distinct subs.merchant_id, subs.environment, subs.country
         from subs join merchants m on m.merchant_id = subs.merchant_id and m.environment = subs.environment
        where m.automatic and subs.country is not null),
     rates as (
       select r.id, r.merchant_id, r.environment, r.display_name, r.rate_millionths, r.inclusive, r.country, r.state,
              r.archived_at is not null as archived, r.created_at
         from billing.tax_rates r where r.id in (select id from named)
       union
       select r.id, r.merchant_id, r.environment, r.display_name, r.rate_millionths, r.inclusive, r.country, r.state, false, r.created_at
         from billing.tax_rates r join automatic a on a.merchant_id = r.merchant_id and a.environment = r.environment and a.country = r.country
        where r.archived_at is null)
     select (select coalesce(json_agg(subs), '[]') from subs) as subs,
            (select coalesce(json_agg(merchants), '[]') from merchants) as merchants,
            (select coalesce(json_agg(plans), '[]') from plans) as plans,
            -- Automatic tax lists a country's rates before its states' rates, each oldest first.
            (select coalesce(json_agg(rates order by rates.state is not null, rates.created_at, rates.id), '[]') from rates) as rates`,
    [subjects.map((s) => s.subscriptionId), planIds, itemRateIds],
  );
  const { subs, merchants, plans, rates } = doc!;
  const planRateIds = Object.fromEntries(plans.map((p) => [p.id, p.tax_rate_ids]));
  const key = (row: { merchant_id: string; environment: string }) => `${row.merchant_id}/${row.environment}`;
  const merchantOf = new Map(merchants.map((m) => [key(m), m]));
  // A rate is only ever its own merchant's subscriptions' (inputs are checked; this keeps it so).
  const ratesOf = new Map<string, TaxRateRecord[]>();
  for (const rate of rates) {
    const list = ratesOf.get(key(rate));
    if (list) list.push(rate);
    else ratesOf.set(key(rate), [rate]);
  }
  for (const sub of subs) {
    const merchant = merchantOf.get(key(sub));
    const own = ratesOf.get(key(sub)) ?? [];
    const customer: TaxCustomer | null = sub.has_customer ? { country: sub.country, state: sub.state, tax_ids: sub.tax_ids ?? [] } : null;
    out.set(sub.id, {
      ...UNTAXED,
      subscriptionRateIds: sub.tax_rate_ids,
      planRateIds,
      automatic: merchant?.automatic ?? false,
      customer,
      merchantCountry: merchant?.country ?? null,
      rates: Object.fromEntries(own.map((r) => [r.id, r])),
      automaticRates: customer?.country ? own.filter((r) => !r.archived && r.country === customer.country) : [],
    });
  }
  return out;
}
