import type { Sql, SqlPool } from '../../platform/sql.ts';
import { maskedNumber } from '../cards/card-view.ts';
import { expiryDate } from '../cards/expiry.ts';
import { findCard } from '../cards/cards.service.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { ReferenceTakenError, referenceTakenRejection } from '../reference-taken.ts';
import type { PurchaseDeps, PurchaseResult } from './purchase-deps.ts';
import { checkPurchase, type PurchaseEcho } from './purchase-input.ts';
import { rejectedPurchaseView, type PurchaseView } from './purchase-view.ts';
import { sandboxPurchase } from './sandbox-purchase.ts';
import { newTransactionId } from './transaction-ids.ts';
import { upstreamPurchase } from './upstream-purchase.ts';

/**
 * `POST /purchases`. Validation failures are gateway rejections (nothing written); a valid
 * purchase is recorded with the issuer's answer, approved or declined. The sandbox simulates the
 * issuer inside one transaction (`sandbox-purchase.ts`). Production writes the purchase as
 * pending, asks the upstream gateway with the purchase id as its reference, then records the
 * answer (`upstream-purchase.ts`): a crash or timeout in between leaves a pending record that a
 * lookup by reference resolves, never a lost one.
 */
export async function makePurchase(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  body: Record<string, unknown>,
): Promise<PurchaseResult> {
  const now = deps.clock.now();
  const checked = checkPurchase(body, ctx, now);
  if (!checked.input) return { kind: 'rejected', errors: checked.errors, view: await rejectedView(db, ctx, checked.echo) };
  const input = checked.input;
  if (ctx.environment === 'production' && !deps.acquirer) throw GatewayErrors.upstreamNotConfigured();
  try {
    if (ctx.environment === 'sandbox') return await sandboxPurchase(db, deps, ctx, input, now);
    return await upstreamPurchase(db, deps, deps.acquirer!, ctx, input, now, rejectedPurchaseView(checked.echo));
  } catch (err) {
    if (err instanceof ReferenceTakenError) return referenceTakenRejection(await rejectedView(db, ctx, checked.echo));
    throw err;
  }
}

/**
 * A rejected purchase's would-be record, filled in as the real gateway's: an id, and the card's
 * fields (the stored card a known token or alias names, or the valid raw card sent).
 */
async function rejectedView(db: Sql, ctx: MerchantContext, echo: PurchaseEcho): Promise<PurchaseView> {
  const id = newTransactionId(ctx.idPrefix, 'P');
  if (echo.cardToken !== null && echo.cardNumber === null) {
    const card = await findCard(db, ctx, echo.cardToken);
    if (card) {
      const shown = {
        number: maskedNumber(card),
        holder: card.cardHolder,
        expiry: expiryDate({ month: card.expiryMonth, year: card.expiryYear }),
        type: card.cardType,
        category: card.cardCategory,
        subcategory: card.cardSubcategory,
        token: card.token,
      };
      return rejectedPurchaseView({ ...echo, cardNumber: shown.number, card: shown }, id);
    }
  }
  return rejectedPurchaseView(echo, id);
}
