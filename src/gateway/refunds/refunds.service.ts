import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import { decimalAmount } from '../money.ts';
import { GatewayErrors } from '../errors.ts';
import type { MerchantContext } from '../merchants/credentials.service.ts';
import { checkAmount, checkReference } from '../purchases/purchase-input.ts';
import { iso } from '../purchases/purchase-view.ts';
import { newTransactionId, type PurchaseDeps } from '../purchases/purchases.service.ts';
import type { CardSnapshot } from '../purchases/purchase.entity.ts';
import { randomInt } from 'node:crypto';
import { scrubCardNumbers } from '../../platform/pan-scrub.ts';
import type { UpstreamFault } from '../acquirer/acquirer.ts';
import { resolveRefund, settleRefund } from '../acquirer/pending.service.ts';

const KNOWN_FIELDS = new Set(['transaction_id', 'amount', 'reference', 'test']);

interface RefundRow {
  id: string;
  reference: string;
  purchaseId: string;
  state: string;
  amount: number | string;
  currency: string;
  successful: boolean;
  refunded: string;
  responseCode: string;
  message: string | null;
  authorization: string | null;
  cardSnapshot: CardSnapshot;
  transactionDate: Date | string;
  settlementDate: string;
}

const REFUND_COLUMNS = `id, reference, purchase_id as "purchaseId", state, amount, currency, successful, refunded,
  response_code as "responseCode", message, "authorization", card_snapshot as "cardSnapshot",
  transaction_date as "transactionDate", settlement_date as "settlementDate"`;

export interface RefundView {
  id: string | null;
  transaction_id: string | null;
  authorization: string | null;
  amount: number | null;
  decimal_amount: number | null;
  refunded: 'Approved' | 'Declined' | 'Error' | null;
  message: string | null;
  successful: boolean;
  reference: string | null;
  currency: string | null;
  card_number: string | null;
  card_holder: string | null;
  card_expiry: string | null;
  card_type: string | null;
  card_token: string | null;
  transaction_date: string | null;
  settlement_date: string | null;
  response_code: string;
  original_transaction_id: string | null;
  pending?: boolean;
  failed?: boolean;
}

function toRefundView(row: RefundRow): RefundView {
  const amount = Number(row.amount);
  const view: RefundView = {
    id: row.id,
    transaction_id: row.id,
    authorization: row.authorization,
    amount,
    decimal_amount: decimalAmount(amount, row.currency),
    refunded: row.refunded as RefundView['refunded'],
    message: row.message,
    successful: row.successful,
    reference: row.reference,
    currency: row.currency,
    card_number: row.cardSnapshot.card_number,
    card_holder: row.cardSnapshot.card_holder,
    card_expiry: row.cardSnapshot.card_expiry,
    card_type: row.cardSnapshot.card_type,
    card_token: row.cardSnapshot.card_token,
    transaction_date: iso(row.transactionDate),
    settlement_date: row.settlementDate,
    response_code: row.responseCode,
    original_transaction_id: row.purchaseId,
  };
  if (row.state === 'pending') view.pending = true;
  if (row.state === 'failed') view.failed = true;
  return view;
}

function rejectedRefundView(amount: number | null, reference: string | null, transactionId: string | null): RefundView {
  return {
    id: null,
    transaction_id: null,
    authorization: null,
    amount,
    decimal_amount: null,
    refunded: null,
    message: null,
    successful: false,
    reference: reference && scrubCardNumbers(reference),
    currency: null,
    card_number: null,
    card_holder: null,
    card_expiry: null,
    card_type: null,
    card_token: null,
    transaction_date: null,
    settlement_date: null,
    response_code: '99',
    original_transaction_id: transactionId && scrubCardNumbers(transactionId),
  };
}

export type RefundResult =
  | { kind: 'rejected'; errors: string[]; view: RefundView }
  | { kind: 'processed'; view: RefundView }
  | { kind: 'unknown'; view: RefundView }
  | { kind: 'fault'; fault: UpstreamFault; reason: string; view: RefundView };

class Rejection extends Error {
  readonly errors: string[];
  constructor(errors: string[]) {
    super(errors[0]);
    this.errors = errors;
  }
}

interface PurchaseForRefund {
  id: string;
  amount: string;
  refundedAmount: string;
  currency: string;
  successful: boolean;
  state: string;
  upstreamId: string | null;
  cardSnapshot: CardSnapshot;
}

/**
 * `POST /refunds`: full, partial or several refunds of an approved purchase, never more in total
 * than it took. The purchase row is locked so concurrent refunds cannot over-refund.
 */
export async function makeRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  ctx: MerchantContext,
  body: Record<string, unknown>,
): Promise<RefundResult> {
  const errors: string[] = [];
  for (const key of Object.keys(body)) if (!KNOWN_FIELDS.has(key)) errors.push(`Unknown field: ${key}`);
  const transactionId = typeof body.transaction_id === 'string' && body.transaction_id.length <= 255 ? body.transaction_id : null;
  if (transactionId === null) errors.push('Original transaction could not be found');
  const amount = checkAmount(body.amount, errors, false);
  const reference = checkReference(body.reference, errors);
  if (errors.length > 0 || amount === null || reference === null || transactionId === null) {
    return { kind: 'rejected', errors, view: rejectedRefundView(amount, reference, transactionId) };
  }
  if (ctx.environment === 'production' && !deps.acquirer) throw GatewayErrors.upstreamNotConfigured();
  const now = deps.clock.now();
  const id = newTransactionId(ctx.idPrefix, 'R');
  try {
    const { row, purchase } = await db.transaction(async (tx) => {
      const purchases = await tx.query<PurchaseForRefund>(
        `select id, amount, refunded_amount as "refundedAmount", currency, successful, state, upstream_id as "upstreamId",
                card_snapshot as "cardSnapshot"
           from gateway.purchases where merchant_id = $1 and environment = $2 and id = $3 for update`,
        [ctx.merchantId, ctx.environment, transactionId],
      );
      const purchase = purchases[0];
      if (!purchase) throw new Rejection(['Original transaction could not be found']);
      if (!purchase.successful || purchase.state !== 'completed')
        throw new Rejection(['Original transaction was not approved and cannot be refunded']);
      const available = Number(purchase.amount) - Number(purchase.refundedAmount);
      if (amount > available) throw new Rejection([`Amount exceeds the amount available to refund (${available})`]);
      const sandbox = ctx.environment === 'sandbox';
      const row: RefundRow = {
        id,
        reference,
        purchaseId: purchase.id,
        state: sandbox ? 'completed' : 'pending',
        amount,
        currency: purchase.currency,
        successful: sandbox,
        refunded: sandbox ? 'Approved' : 'Error',
        responseCode: sandbox ? '00' : '99',
        message: sandbox ? 'Approved' : null,
        authorization: sandbox ? String(randomInt(100000, 999999)) : null,
        cardSnapshot: purchase.cardSnapshot,
        transactionDate: now,
        settlementDate: now.toISOString().slice(0, 10),
      };
      const inserted = await tx.query<{ id: string }>(
        `insert into gateway.refunds (id, merchant_id, environment, reference, purchase_id, state, amount, currency, successful,
            refunded, response_code, message, "authorization", card_snapshot, transaction_date, settlement_date)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
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
        ],
      );
      if (inserted.length === 0) throw new Rejection(['Reference is already taken']);
      // Reserve the amount now, so a concurrent refund sees it; a refused upstream refund releases it.
      await tx.query('update gateway.purchases set refunded_amount = refunded_amount + $1 where id = $2', [amount, purchase.id]);
      return { row, purchase };
    });
    if (ctx.environment === 'sandbox') return { kind: 'processed', view: toRefundView(row) };
    return await upstreamRefund(db, deps, row, purchase, rejectedRefundView(amount, reference, transactionId));
  } catch (err) {
    if (err instanceof Rejection)
      return { kind: 'rejected', errors: err.errors, view: rejectedRefundView(amount, reference, transactionId) };
    throw err;
  }
}

async function upstreamRefund(
  db: SqlPool,
  deps: PurchaseDeps,
  row: RefundRow,
  purchase: PurchaseForRefund,
  notMade: RefundView,
): Promise<RefundResult> {
  const answer = await deps.acquirer!.refund({
    reference: row.id,
    upstreamTransactionId: purchase.upstreamId ?? purchase.id,
    amount: Number(row.amount),
  });
  if (answer.kind === 'unknown') {
    deps.logger.warn({ refundId: row.id, reason: answer.reason }, 'upstream refund outcome unknown; left pending');
    return { kind: 'unknown', view: toRefundView(row) };
  }
  if (answer.kind === 'fault') {
    // Nothing reached the upstream: no record, the amount released, the reference free again.
    await db.transaction(async (tx) => {
      const deleted = await tx.query(`delete from gateway.refunds where id = $1 and state = 'pending' returning id`, [row.id]);
      if (deleted.length === 1) {
        await tx.query('update gateway.purchases set refunded_amount = refunded_amount - $1 where id = $2', [
          Number(row.amount),
          purchase.id,
        ]);
      }
    });
    deps.logger.warn({ reference: row.id, fault: answer.fault, reason: answer.reason }, 'upstream refund not made');
    return { kind: 'fault', fault: answer.fault, reason: answer.reason, view: { ...notMade, pending: false } };
  }
  const pending = { id: row.id, amount: Number(row.amount), sentAt: new Date(row.transactionDate), purchaseId: purchase.id };
  await settleRefund(db, pending, answer);
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
    }),
  };
}

async function findRefundRow(db: Sql, ctx: MerchantContext, idOrReference: string): Promise<RefundRow | undefined> {
  if (idOrReference.length > 255) return undefined;
  const rows = await db.query<RefundRow>(
    `select ${REFUND_COLUMNS} from gateway.refunds where merchant_id = $1 and environment = $2 and (id = $3 or reference = $4)
      order by (id = $5) desc, (state <> 'failed') desc, transaction_date desc limit 1`,
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
