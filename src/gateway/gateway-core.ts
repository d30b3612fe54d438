import type { SqlPool } from '../platform/sql.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { Page, Paginated } from '../platform/pagination.ts';
import type { Acquirer } from './acquirer/acquirer.ts';
import { resolveDue, type PendingPolicy, type Resolution } from './acquirer/pending.service.ts';
import {
  authenticate,
  getCredential,
  listCredentials,
  rotateCredential,
  type AuthPolicy,
  type CredentialView,
  type MerchantContext,
  type RotatedCredential,
} from './merchants/credentials.service.ts';
import { checkAlias, checkRawCard } from './cards/card-input.ts';
import { toCardView, type CardView } from './cards/card-view.ts';
import { getCard, listCards, cardKeysByLastFour, setSandboxScript, storeCard, updateCard, type CardUpdate } from './cards/cards.service.ts';
import { parseExpiry, isExpired } from './cards/expiry.ts';
import { GatewayErrors } from './errors.ts';
import type { Environment } from './environment.ts';
import { isPlainObject } from './purchases/purchase-input.ts';
import { makePurchase } from './purchases/purchases.service.ts';
import type { PurchaseResult } from './purchases/purchase-deps.ts';
import { getPurchase, listPurchases } from './purchases/purchase-reads.service.ts';
import type { PurchaseView } from './purchases/purchase-view.ts';
import { capturePurchase, voidPurchase } from './purchases/authorizations.service.ts';
import type { AuthorizationResult } from './purchases/follow-up.ts';
import { makeRefund } from './refunds/refunds.service.ts';
import { getRefund, listRefunds } from './refunds/refund-reads.service.ts';
import type { RefundResult } from './refunds/refund-result.ts';
import type { RefundView } from './refunds/refund-view.ts';
import { voidRefund } from './refunds/void-refund.service.ts';
import type { ScriptedOutcome } from './sandbox/sandbox-script.ts';
import type { VaultCrypto } from './vault/vault-crypto.ts';
import { CARD_SCHEMES } from '../platform/card-schemes.ts';

export interface GatewayCoreDeps {
  /** Raw SQL on the ORM's pool: every gateway request is a hot path. */
  sql: SqlPool;
  vault: VaultCrypto;
  clock: Clock;
  logger: Logger;
  auth: AuthPolicy;
  acquirer?: Acquirer;
  /** How pending production transactions are resolved; required with an acquirer. */
  pending?: PendingPolicy;
  /** Told after a card's expiry changed or an alias was assigned to it (billing resumes held charges). */
  onCardChanged?: (ctx: MerchantContext, card: CardView) => Promise<void>;
}

const TOKENIZE_FIELDS = new Set(['card_number', 'card_holder', 'card_expiry', 'cvv', 'alias', 'is_billing', 'customer_ip', 'test']);
const UPDATE_FIELDS = new Set(['card_expiry', 'alias', 'test']);

function unknownFields(body: Record<string, unknown>, known: Set<string>): string[] {
  return Object.keys(body)
    .filter((k) => !known.has(k))
    .map((k) => `Unknown field: ${k}`);
}

/**
 * The gateway as one in-process object: the HTTPS API and the embedded billing adapter both call
 * it. Every operation takes the caller's MerchantContext; every query is scoped by it.
 */
export class GatewayCore {
  readonly #deps: GatewayCoreDeps;
  constructor(deps: GatewayCoreDeps) {
    this.#deps = deps;
  }

  readonly #contexts = new Map<string, MerchantContext>();

  /**
   * The context of a merchant for in-process callers that are already trusted (the embedded
   * billing adapter): no credentials, the same scoping.
   */
  async merchantContext(merchantId: string, environment: Environment): Promise<MerchantContext> {
    const key = `${merchantId}|${environment}`;
    const cached = this.#contexts.get(key);
    if (cached) return cached;
    const rows = await this.#deps.sql.query<{ id_prefix: string; currencies: string[] }>(
      'select id_prefix, currencies from gateway.merchants where id = $1',
      [merchantId],
    );
    if (!rows[0]) throw GatewayErrors.validation([`Merchant ${merchantId} does not exist`]);
    const ctx: MerchantContext = {
      merchantId,
      environment,
      idPrefix: rows[0].id_prefix,
      currencies: rows[0].currencies,
      cardTypes: [...CARD_SCHEMES],
      username: 'recur-billing',
      testCardsInProduction: this.#deps.auth.testCardsInProduction,
    };
    this.#contexts.set(key, ctx);
    return ctx;
  }

  authenticate(environment: Environment, username: string, token: string, source: string): Promise<MerchantContext> {
    return authenticate(this.#deps.sql, this.#deps.clock, this.#deps.auth, environment, username, token, source);
  }

  /** The merchant's API credentials in the caller's environment: never a token. */
  credentials(ctx: MerchantContext): Promise<CredentialView[]> {
    return listCredentials(this.#deps.sql, ctx.merchantId, ctx.environment);
  }

  credential(ctx: MerchantContext, id: string): Promise<CredentialView> {
    return getCredential(this.#deps.sql, ctx.merchantId, ctx.environment, id);
  }

  /** A new token for one of the merchant's credentials in the caller's environment; the old one stops working at once. */
  rotateCredential(ctx: MerchantContext, id: string): Promise<RotatedCredential> {
    const target = { merchantId: ctx.merchantId, environment: ctx.environment, id };
    return rotateCredential(this.#deps.sql, this.#deps.clock.now(), this.#deps.auth.credentialKey, target, ctx.username);
  }

  now(): Date {
    return this.#deps.clock.now();
  }

  /** The database answers: the gateway can serve. */
  async healthy(): Promise<boolean> {
    try {
      await this.#deps.sql.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async tokenize(ctx: MerchantContext, body: Record<string, unknown>): Promise<CardView> {
    const errors = unknownFields(body, TOKENIZE_FIELDS);
    const checked = checkRawCard(body, {
      environment: ctx.environment,
      now: this.#deps.clock.now(),
      cvvRequired: body.is_billing !== true,
      acceptedTypes: ctx.cardTypes,
      testCardsInProduction: ctx.testCardsInProduction,
    });
    errors.push(...checked.errors);
    if (body.is_billing !== undefined && typeof body.is_billing !== 'boolean') errors.push('is_billing must be true or false');
    // Accepted because clients always send it; a card is not a transaction, so it is not kept.
    if (
      body.customer_ip !== undefined &&
      body.customer_ip !== null &&
      (typeof body.customer_ip !== 'string' || body.customer_ip.length > 64)
    ) {
      errors.push('Customer IP must be a string of at most 64 characters');
    }
    const alias = body.alias === undefined ? undefined : checkAlias(body.alias);
    if (alias?.error) errors.push(alias.error);
    if (errors.length > 0 || !checked.card) throw GatewayErrors.validation(errors);
    const card = checked.card;
    const stored = await this.#deps.sql.transaction((tx) => storeCard(tx, this.#deps, ctx, card, alias?.alias));
    const view = toCardView(stored);
    if (alias?.alias) await this.#cardChanged(ctx, view);
    return view;
  }

  async card(ctx: MerchantContext, tokenOrAlias: string): Promise<CardView> {
    return toCardView(await getCard(this.#deps.sql, ctx, tokenOrAlias));
  }

  async cards(ctx: MerchantContext, page: Page): Promise<Paginated<CardView>> {
    return listCards(this.#deps.sql, ctx, page);
  }

  /** The tokens and aliases of the merchant's cards ending in these four digits. */
  cardKeysByLastFour(ctx: MerchantContext, last4: string): Promise<string[]> {
    return cardKeysByLastFour(this.#deps.sql, ctx, last4);
  }

  async updateCard(ctx: MerchantContext, tokenOrAlias: string, body: Record<string, unknown>): Promise<CardView> {
    const errors = unknownFields(body, UPDATE_FIELDS);
    const update: CardUpdate = {};
    if (body.card_expiry !== undefined) {
      const expiry = typeof body.card_expiry === 'string' ? parseExpiry(body.card_expiry) : undefined;
      if (!expiry) errors.push('Expiry date is missing or invalid.');
      else if (isExpired(expiry, this.#deps.clock.now())) errors.push('Expiry date is invalid (expired)');
      else update.expiry = expiry;
    }
    if (body.alias !== undefined) {
      const alias = checkAlias(body.alias);
      if (alias.error) errors.push(alias.error);
      else update.alias = alias.alias ?? null;
    }
    if (errors.length === 0 && body.card_expiry === undefined && body.alias === undefined) {
      errors.push('Nothing to update: give card_expiry and/or alias');
    }
    if (errors.length > 0) throw GatewayErrors.validation(errors);
    const view = toCardView(await updateCard(this.#deps.sql, this.#deps, ctx, tokenOrAlias, update));
    await this.#cardChanged(ctx, view);
    return view;
  }

  async #cardChanged(ctx: MerchantContext, card: CardView): Promise<void> {
    if (!this.#deps.onCardChanged) return;
    try {
      await this.#deps.onCardChanged(ctx, card);
    } catch (err) {
      // The card change itself stands; billing's sweep picks held charges up if this hand-off failed.
      this.#deps.logger.error({ err, token: card.token }, 'card change hand-off failed');
    }
  }

  purchase(ctx: MerchantContext, body: Record<string, unknown>): Promise<PurchaseResult> {
    return makePurchase(this.#deps.sql, this.#deps, ctx, body);
  }

  /** A pending production purchase is looked up at the upstream first (see `resolvePending`). */
  findPurchase(ctx: MerchantContext, idOrReference: string): Promise<PurchaseView> {
    return getPurchase(this.#deps.sql, this.#deps, ctx, idOrReference);
  }

  purchases(ctx: MerchantContext, page: Page): Promise<Paginated<PurchaseView>> {
    return listPurchases(this.#deps.sql, ctx, page);
  }

  capture(ctx: MerchantContext, idOrReference: string, body: Record<string, unknown>): Promise<AuthorizationResult<PurchaseView>> {
    return capturePurchase(this.#deps.sql, this.#deps, ctx, idOrReference, body);
  }

  voidPurchase(ctx: MerchantContext, id: string): Promise<AuthorizationResult<PurchaseView>> {
    return voidPurchase(this.#deps.sql, this.#deps, ctx, id);
  }

  voidRefund(ctx: MerchantContext, id: string): Promise<AuthorizationResult<RefundView>> {
    return voidRefund(this.#deps.sql, this.#deps, ctx, id);
  }

  refund(ctx: MerchantContext, body: Record<string, unknown>): Promise<RefundResult> {
    return makeRefund(this.#deps.sql, this.#deps, ctx, body);
  }

  findRefund(ctx: MerchantContext, idOrReference: string): Promise<RefundView> {
    return getRefund(this.#deps.sql, this.#deps, ctx, idOrReference);
  }

  /**
   * One pass of the resolver of pending production purchases and refunds whose next lookup is
   * due: each is looked up at the upstream by the reference Recur sent and settled to approved,
   * declined, or failed (no upstream record past UPSTREAM_PENDING_WINDOW_MS). Nothing without an
   * upstream gateway.
   */
  async resolvePending(limit = 50): Promise<Record<Resolution, number>> {
    const { acquirer, pending } = this.#deps;
    if (!acquirer || !pending) return { approved: 0, declined: 0, failed: 0, pending: 0 };
    return resolveDue(this.#deps.sql, { acquirer, pending, clock: this.#deps.clock, logger: this.#deps.logger }, limit);
  }

  refunds(ctx: MerchantContext, page: Page): Promise<Paginated<RefundView>> {
    return listRefunds(this.#deps.sql, ctx, page);
  }

  async scriptSandboxCard(
    ctx: MerchantContext,
    tokenOrAlias: string,
    outcomes: ScriptedOutcome[],
  ): Promise<{ token: string; outcomes: ScriptedOutcome[] }> {
    const card = await setSandboxScript(this.#deps.sql, ctx, tokenOrAlias, outcomes);
    return { token: card.token, outcomes: card.sandboxScript };
  }
}
