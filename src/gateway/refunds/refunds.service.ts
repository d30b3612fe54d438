import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { checkAmount, checkMetadata, checkReference } from '../purchases/purchase-input.ts';
import { newTransactionId, type PurchaseDeps } from '../purchases/purchases.service.ts';
import type { CardSnapshot } from '../purchases/purchase.entity.ts';
import { randomInt } from 'node:crypto';
import { REFUND_COLUMNS, rejectedRefundView, toRefundView, type RefundRow, type RefundView } from './refund-view.ts';
import { checkRefundCard, lockRefundCard, type RefundCard } from './unmatched-refund.ts';
import { openPan } from '../cards/cards.service.ts';
import type { AcquirerAnswer, UpstreamFault } from '../acquirer/acquirer.ts';
import { resolveRefund, settleRefund } from '../acquirer/pending.service.ts';

export type { RefundView } from './refund-view.ts';

const KNOWN_FIELDS = new Set([
  'transaction_id',
  'amount',
  'reference',
  'currency',
  'metadata',
  'customer_ip',
  'card_token',
  'card_holder',
  'card_number',
  'card_expiry',
  'cvv',
  'test',
]);

/** Active Merchant matches on this text; the real gateway answers it to a refund with neither purchase nor card. */
export const NO_UNMATCHED_CARD = 'Invalid credit card for unmatched refund';

export type RefundResult =
  | { kind: 'rejected'; errors: string[]; view: RefundView }
  | { kind: 'processed'; view: RefundView }
  | { kind: 'unknown'; view: RefundView }
  | { kind: 'fault'; fault: UpstreamFault; reason: string; view: RefundView };

export class Rejection extends Error {
  readonly errors: string[];
  constructor(errors: string[]) {
    super(errors[0]);
    this.errors = errors;
  }
}

interface PurchaseForRefund {
  id: string;
  amount: string;
  capturedAmount: string;
  refundedAmount: string;
  currency: string;
  successful: boolean;
  captured: boolean;
  voided: boolean;
  state: string;
  upstreamId: string | null;
  cardSnapshot: CardSnapshot;
}

function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

function checkCurrency(value: unknown, errors: string[]): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) {
    errors.push('Currency must be a three-letter ISO 4217 code');
    return null;
  }
  return value.toUpperCase();
}

/**
 * `POST /refunds`: full, partial or several refunds of a captured purchase, never more in total
 * than it took; or, with card details and no `transaction_id`, an unmatched refund credited to the
 * card (sandbox; production for merchants allowed to). The purchase row is locked so concurrent
 * refunds cannot over-refund.
 */
export async function makeRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  body: Record<string, unknown>,
): Promise<RefundResult> {
  const errors: string[] = [];
  for (const key of Object.keys(body)) if (!KNOWN_FIELDS.has(key)) errors.push(`Unknown field: ${key}`);
  const missingId = body.transaction_id === undefined || body.transaction_id === null || body.transaction_id === '';
  const transactionId = typeof body.transaction_id === 'string' && body.transaction_id.length <= 255 ? body.transaction_id : null;
  const cardGiven = ['card_token', 'card_number', 'card_holder', 'card_expiry'].some((k) => body[k] !== undefined && body[k] !== null);
  let card: RefundCard | undefined;
  if (missingId && cardGiven) card = checkRefundCard(body, ctx, deps.clock.now(), errors);
  else if (missingId) errors.push(NO_UNMATCHED_CARD);
  else if (transactionId === null) errors.push('Original transaction could not be found');
  else if (cardGiven) errors.push('Give either transaction_id or the card details, not both');
  const amount = checkAmount(body.amount, errors, false);
  const reference = checkReference(body.reference, errors);
  const currency = checkCurrency(body.currency, errors);
  const metadata = checkMetadata(body.metadata, errors);
  if (
    body.customer_ip !== undefined &&
    body.customer_ip !== null &&
    (typeof body.customer_ip !== 'string' || body.customer_ip.length > 64)
  ) {
    errors.push('Customer IP must be a string of at most 64 characters');
  }
  const rejected = (errs: string[]): RefundResult => ({
    kind: 'rejected',
    errors: errs,
    view: rejectedRefundView(amount, reference, transactionId, metadata),
  });
  if (errors.length > 0 || amount === null || reference === null || (transactionId === null && !card)) return rejected(errors);
  if (card && ctx.environment === 'production') {
    const allowed = await db.query<{ ok: boolean }>('select unmatched_refunds as ok from gateway.merchants where id = $1', [
      ctx.merchantId,
    ]);
    if (!allowed[0]?.ok) return rejected([NO_UNMATCHED_CARD]);
  }
  if (ctx.environment === 'production' && !deps.acquirer) throw GatewayErrors.upstreamNotConfigured();
  const notMade = rejectedRefundView(amount, reference, transactionId, metadata);
  const now = deps.clock.now();
  const id = newTransactionId(ctx.idPrefix, 'R');
  const sandbox = ctx.environment === 'sandbox';
  const base = {
    id,
    reference,
    state: sandbox ? 'completed' : 'pending',
    amount,
    successful: sandbox,
    refunded: sandbox ? 'Approved' : 'Error',
    responseCode: sandbox ? '00' : '99',
    message: sandbox ? 'Approved' : null,
    authorization: sandbox ? String(randomInt(100000, 999999)) : null,
    rrn: sandbox ? digits(12) : null,
    voided: false,
    metadata,
    transactionDate: now,
    settlementDate: now.toISOString().slice(0, 10),
  };
  try {
    if (card) {
      const refundCard = card;
      const { row, pan } = await db.transaction(async (tx) => {
        const locked = await lockRefundCard(tx, deps, ctx, refundCard);
        const row: RefundRow = {
          ...base,
          purchaseId: null,
          standalone: true,
          currency: currency ?? ctx.currencies[0]!,
          cardSnapshot: locked.snapshot,
        };
        if (!ctx.currencies.includes(row.currency)) {
          throw new Rejection([
            `Currency ${row.currency} is not valid for this merchant. Permitted currencies: ${ctx.currencies.join(', ')}`,
          ]);
        }
        await insertRefund(tx, ctx, row, locked.cardId);
        if (sandbox) return { row, pan: null };
        const pan = refundCard.kind === 'raw' ? refundCard.card.pan : await openPan(tx, deps, ctx, locked.stored, 'unmatched_refund');
        return { row, pan };
      });
      if (sandbox || pan === null) return { kind: 'processed', view: toRefundView(row) };
      return await upstreamRefund(db, deps, row, null, notMade, () =>
        deps.acquirer!.unmatchedRefund({
          reference: row.id,
          amount: Number(row.amount),
          currency: row.currency,
          cardHolder: row.cardSnapshot.card_holder,
          cardNumber: pan,
          cardExpiry: upstreamExpiry(row.cardSnapshot.card_expiry),
        }),
      );
    }
    const { row, purchase } = await db.transaction(async (tx) => {
      const purchases = await tx.query<PurchaseForRefund>(
        `select id, amount, captured_amount as "capturedAmount", refunded_amount as "refundedAmount", currency, successful,
                captured, voided, state, upstream_id as "upstreamId", card_snapshot as "cardSnapshot"
           from gateway.purchases where merchant_id = $1 and environment = $2 and id = $3 for update`,
        [ctx.merchantId, ctx.environment, transactionId],
      );
      const purchase = purchases[0];
      if (!purchase) throw new Rejection(['Original transaction could not be found']);
      if (!purchase.successful || purchase.state !== 'completed')
        throw new Rejection(['Original transaction was not approved and cannot be refunded']);
      if (purchase.voided) throw new Rejection(['Original transaction was voided and cannot be refunded']);
      if (!purchase.captured) throw new Rejection(['Original transaction is an uncaptured authorization and cannot be refunded']);
      if (currency !== null && currency !== purchase.currency) {
        throw new Rejection([`Currency ${currency} does not match the original transaction's currency ${purchase.currency}`]);
      }
      const available = Number(purchase.capturedAmount) - Number(purchase.refundedAmount);
      if (amount > available) throw new Rejection([`Amount exceeds the amount available to refund (${available})`]);
      const row: RefundRow = {
        ...base,
        purchaseId: purchase.id,
        standalone: false,
        currency: purchase.currency,
        cardSnapshot: purchase.cardSnapshot,
      };
      await insertRefund(tx, ctx, row, null);
      // Reserve the amount now, so a concurrent refund sees it; a refused upstream refund releases it.
      await tx.query('update gateway.purchases set refunded_amount = refunded_amount + $1 where id = $2', [amount, purchase.id]);
      return { row, purchase };
    });
    if (sandbox) return { kind: 'processed', view: toRefundView(row) };
    return await upstreamRefund(db, deps, row, purchase.id, notMade, () =>
      deps.acquirer!.refund({ reference: row.id, upstreamTransactionId: purchase.upstreamId ?? purchase.id, amount: Number(row.amount) }),
    );
  } catch (err) {
    if (err instanceof Rejection) return rejected(err.errors);
    throw err;
  }
}

async function insertRefund(tx: Sql, ctx: MerchantContext, row: RefundRow, cardId: string | null): Promise<void> {
  const inserted = await tx.query<{ id: string }>(
    `insert into gateway.refunds (id, merchant_id, environment, reference, purchase_id, state, amount, currency, successful,
        refunded, response_code, message, "authorization", card_snapshot, transaction_date, settlement_date,
        rrn, standalone, metadata, card_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     on conflict (merchant_id, environment, reference) where state <> 'failed' do nothing returning id`,
    [
      row.id,
      ctx.merchantId,
      ctx.environment,
      row.reference,
      row.purchaseId,
      row.state,
      row.amount,
      row.currency,
      row.successful,
      row.refunded,
      row.responseCode,
      row.message,
      row.authorization,
      JSON.stringify(row.cardSnapshot),
      row.transactionDate,
      row.settlementDate,
      row.rrn,
      row.standalone,
      JSON.stringify(row.metadata),
      cardId,
    ],
  );
  if (inserted.length === 0) throw new Rejection(['Reference is already taken']);
}

/** The snapshot's `YYYY-MM-DD` (last day of the month) as the `MM/YYYY` a request takes. */
function upstreamExpiry(snapshotExpiry: string): string {
  return `${snapshotExpiry.slice(5, 7)}/${snapshotExpiry.slice(0, 4)}`;
}

/** Sends a pending refund upstream and records the answer; a refused refund of a purchase releases its amount. */
async function upstreamRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  row: RefundRow,
  purchaseId: string | null,
  notMade: RefundView,
  send: () => Promise<AcquirerAnswer>,
): Promise<RefundResult> {
  const answer = await send();
  if (answer.kind === 'unknown') {
    deps.logger.warn({ refundId: row.id, reason: answer.reason }, 'upstream refund outcome unknown; left pending');
    return { kind: 'unknown', view: toRefundView(row) };
  }
  if (answer.kind === 'fault') {
    // Nothing reached the upstream: no record, the amount released, the reference free again.
    await db.transaction(async (tx) => {
      const deleted = await tx.query(`delete from gateway.refunds where id = $1 and state = 'pending' returning id`, [row.id]);
      if (deleted.length === 1 && purchaseId !== null) {
        await tx.query('update gateway.purchases set refunded_amount = refunded_amount - $1 where id = $2', [
          Number(row.amount),
          purchaseId,
        ]);
      }
    });
    deps.logger.warn({ reference: row.id, fault: answer.fault, reason: answer.reason }, 'upstream refund not made');
    return { kind: 'fault', fault: answer.fault, reason: answer.reason, view: { ...notMade, pending: false } };
  }
  await settleRefund(db, { id: row.id, amount: Number(row.amount), sentAt: new Date(row.transactionDate), purchaseId }, answer);
  return {
    kind: 'processed',
    view: toRefundView({
      ...row,
      state: 'completed',
      successful: answer.successful,
      refunded: answer.successful ? 'Approved' : 'Declined',
      responseCode: answer.responseCode,
      message: answer.message,
      authorization: answer.authorization,
      rrn: answer.rrn ?? row.rrn,
    }),
  };
}

export async function findRefundRow(db: Sql, ctx: MerchantContext, idOrReference: string, lock = false): Promise<RefundRow | undefined> {
  if (idOrReference.length === 0 || idOrReference.length > 255) return undefined;
  const rows = await db.query<RefundRow>(
    `select ${REFUND_COLUMNS} from gateway.refunds where merchant_id = $1 and environment = $2 and (id = $3 or reference = $4)
      order by (id = $5) desc, (state <> 'failed') desc, transaction_date desc limit 1${lock ? ' for update' : ''}`,
    [ctx.merchantId, ctx.environment, idOrReference, idOrReference, idOrReference],
  );
  return rows[0];
}

/** A refund by id or reference; a pending production refund is first looked up at the upstream and settled. */
export async function getRefund(db: SqlPool, deps: PurchaseDeps, ctx: MerchantContext, idOrReference: string): Promise<RefundView> {
  let row = await findRefundRow(db, ctx, idOrReference);
  if (!row) throw GatewayErrors.refundNotFound();
  if (row.state === 'pending' && ctx.environment === 'production' && deps.acquirer && deps.pending) {
    const pendingDeps = { acquirer: deps.acquirer, clock: deps.clock, logger: deps.logger, pending: deps.pending };
    const refund = { id: row.id, amount: Number(row.amount), sentAt: new Date(row.transactionDate), purchaseId: row.purchaseId };
    if ((await resolveRefund(db, pendingDeps, refund)) !== 'pending') row = (await findRefundRow(db, ctx, row.id)) ?? row;
  }
  return toRefundView(row);
}

export async function listRefunds(db: Sql, ctx: MerchantContext, page: Page): Promise<Paginated<RefundView>> {
  const [rows, counts] = await Promise.all([
    db.query<RefundRow>(
      `select ${REFUND_COLUMNS} from gateway.refunds where merchant_id = $1 and environment = $2
        order by transaction_date desc, id desc limit $3 offset $4`,
      [ctx.merchantId, ctx.environment, page.limit, page.skip],
    ),
    db.query<{ n: number }>('select count(*)::int as n from gateway.refunds where merchant_id = $1 and environment = $2', [
      ctx.merchantId,
      ctx.environment,
    ]),
  ]);
  return { items: rows.map(toRefundView), total: counts[0]?.n ?? 0, page };
}
