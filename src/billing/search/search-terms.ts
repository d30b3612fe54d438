import { z } from 'zod';
import type { BillingGateway, MerchantRef } from '../ports/gateway-port.ts';

/**
 * The `q` of `GET /customers` and `GET /subscriptions` (docs/api.md, "Search"): what a billing
 * team types to find a customer or a subscription. One text matches, in any case:
 * - a customer's or a subscription's id, exactly;
 * - a customer's name anywhere in it (`lumi` finds "Atelier Lumière");
 * - a customer's e-mail from its start (`ada@` finds `ada@example.com`);
 * - a subscription's `customer_reference` from its start;
 * - four digits: the last four of the card a subscription charges (through the gateway's vault;
 *   a remote gateway cannot search by them, and the other rules still apply).
 */
export const SearchText = z.string().trim().min(1, 'q: must not be empty').max(100, 'q: at most 100 characters');

export interface SearchTerms {
  /** The text as typed, for an exact id. */
  exact: string;
  /** `%text%` and `text%`, lower-cased, LIKE's own characters escaped. */
  anywhere: string;
  prefix: string;
  /** The tokens and aliases of the cards ending in the four digits typed (empty otherwise). */
  cardKeys: string[];
}

const LAST_FOUR = /^\d{4}$/;

function likeEscaped(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchTerms(gateway: BillingGateway, merchant: MerchantRef, q: string): Promise<SearchTerms> {
  const escaped = likeEscaped(q);
  const cardKeys = LAST_FOUR.test(q) ? ((await gateway.cardKeysByLastFour(merchant, q)) ?? []) : [];
  return { exact: q, anywhere: `%${escaped}%`, prefix: `${escaped}%`, cardKeys };
}

/**
 * The condition on `billing.subscriptions` (under `alias`) that `terms` match, its params pushed
 * onto `params`: the subscription's own id, reference and card, or its customer's name or e-mail.
 */
export function subscriptionMatches(alias: string, terms: SearchTerms, params: unknown[]): string {
  const p = (value: unknown) => `$${params.push(value)}`;
  const exact = p(terms.exact);
  const anywhere = p(terms.anywhere);
  const prefix = p(terms.prefix);
  const keys = p(terms.cardKeys);
  return `(${alias}.id::text = ${exact} or lower(${alias}.customer_reference) like ${prefix}
     or ${alias}.card_token = any(${keys}::text[]) or ${alias}.card_key = any(${keys}::text[])
     or ${alias}.customer_id in (select c.id from billing.customers c
                                  where c.merchant_id = ${alias}.merchant_id and c.environment = ${alias}.environment and c.deleted_at is null
                                    and (lower(c.name) like ${anywhere} or lower(c.email) like ${prefix})))`;
}

/** The condition on `billing.customers` (under `alias`): its id, name or e-mail, or a subscription of its matching by reference or card. */
export function customerMatches(alias: string, terms: SearchTerms, params: unknown[]): string {
  const p = (value: unknown) => `$${params.push(value)}`;
  const exact = p(terms.exact);
  const anywhere = p(terms.anywhere);
  const prefix = p(terms.prefix);
  const keys = p(terms.cardKeys);
  return `(${alias}.id::text = ${exact} or lower(${alias}.name) like ${anywhere} or lower(${alias}.email) like ${prefix}
     or ${alias}.id in (select s.customer_id from billing.subscriptions s
                         where s.merchant_id = ${alias}.merchant_id and s.environment = ${alias}.environment and s.customer_id is not null
                           and (lower(s.customer_reference) like ${prefix} or s.card_token = any(${keys}::text[]) or s.card_key = any(${keys}::text[]))))`;
}
