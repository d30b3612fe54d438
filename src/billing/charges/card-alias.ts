import type { SqlPool } from '../../platform/sql.ts';
import { cardKey, type BillingGateway } from '../ports/gateway-port.ts';
import type { AliasToResolve } from './claim-attempt.ts';

/**
 * The card a subscription's alias names now, for its claim. Network caps are per card: an alias is
 * counted as the card it names now, and every token of one card as that card (its fingerprint). A
 * card the gateway no longer has is tried by its name (the purchase is refused, and dunning follows).
 */
export async function resolveCardAlias(
  deps: { sql: SqlPool; gateway: BillingGateway },
  alias: AliasToResolve,
): Promise<{ token: string; key: string }> {
  const found = await deps.gateway.findCard(alias.merchant, alias.resolve);
  const card = found ? { token: found.token, key: cardKey(found) } : { token: alias.resolve, key: alias.resolve };
  if (found?.token === alias.resolve) {
    // The name is the card's own token: later claims need not ask again.
    await deps.sql.query('update billing.subscriptions set card_is_token = true, card_key = $3 where id = $1 and card_token = $2', [
      alias.subscriptionId,
      card.token,
      card.key,
    ]);
  }
  return card;
}
