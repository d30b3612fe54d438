import type { Sql } from '../../platform/sql.ts';
import { checkRawCard, type CheckedCard } from '../cards/card-input.ts';
import { findCard, storeCard, type StoredCard, type VaultDeps } from '../cards/cards.service.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { cardSnapshot } from '../purchases/purchase-card.ts';
import type { CardSnapshot } from '../purchases/purchase.entity.ts';

/** The card an unmatched refund credits: a stored one by token (or alias), or card details. */
export type RefundCard = { kind: 'token'; tokenOrAlias: string } | { kind: 'raw'; card: CheckedCard };

/** Validates the card of an unmatched refund; pushes its messages onto `errors`. No CVV is needed to credit a card. */
export function checkRefundCard(body: Record<string, unknown>, ctx: MerchantContext, now: Date, errors: string[]): RefundCard | undefined {
  if (body.card_token !== undefined && body.card_token !== null && body.card_token !== '') {
    if (typeof body.card_token !== 'string' || body.card_token.length > 255) {
      errors.push('Card token must be a string');
      return undefined;
    }
    if (['card_number', 'card_holder', 'card_expiry'].some((k) => body[k] !== undefined && body[k] !== null)) {
      errors.push('Give either card_token or the card details, not both');
      return undefined;
    }
    return { kind: 'token', tokenOrAlias: body.card_token };
  }
  const checked = checkRawCard(body, {
    environment: ctx.environment,
    now,
    cvvRequired: false,
    acceptedTypes: ctx.cardTypes,
    testCardsInProduction: ctx.testCardsInProduction,
  });
  errors.push(...checked.errors);
  return checked.card ? { kind: 'raw', card: checked.card } : undefined;
}

/** The stored card an unmatched refund credits (a raw card is stored, as a purchase would); inside the caller's transaction. */
export async function lockRefundCard(
  tx: Sql,
  deps: VaultDeps,
  ctx: MerchantContext,
  card: RefundCard,
): Promise<{ cardId: string; snapshot: CardSnapshot; stored: StoredCard }> {
  const stored = card.kind === 'raw' ? await storeCard(tx, deps, ctx, card.card) : await findCard(tx, ctx, card.tokenOrAlias);
  // An unknown token is a rejection with a non-2xx status, as for purchases (GATEWAY.md).
  if (!stored) throw GatewayErrors.cardNotFound(card.kind === 'token' ? card.tokenOrAlias : '', 422);
  return { cardId: stored.id, snapshot: cardSnapshot(stored), stored };
}
