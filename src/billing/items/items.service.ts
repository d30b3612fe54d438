import { z } from 'zod';
import { iso } from '../../platform/time.ts';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { minorUnits } from '../money-input.ts';
import { itemLine } from '../invoices/lines/invoice-line.ts';
import { writeImmediateInvoice } from '../invoices/immediate-invoice.service.ts';
import { requireActiveTaxRates, TaxRateIds } from '../taxes/tax-rate-ids.ts';

export const ItemCreate = z.strictObject({
  description: z.string().trim().min(1).max(500),
  amount: minorUnits('amount', 1, 'amount must be greater than 0'),
  quantity: z.number().int().min(1).max(100_000).default(1),
  invoice_now: z.boolean().default(false),
  /** The item's own tax rates, before the subscription's and the plan's (docs/tax.md). */
  tax_rate_ids: TaxRateIds.optional(),
  test: z.boolean().optional(),
});
export type ItemCreate = z.input<typeof ItemCreate>;

export interface ItemView {
  id: string;
  subscription_id: string;
  description: string;
  amount: number;
  quantity: number;
  tax_rate_ids: string[];
  invoice_id: string | null;
  created_at: string;
}

/** The row `COLUMNS` reads: the view's fields in its order, money as `bigint` text. */
interface ItemRow extends Omit<ItemView, 'amount'> {
  amount: string;
}

const COLUMNS = 'id, subscription_id, description, unit_amount as amount, quantity, tax_rate_ids, invoice_id, created_at';

const toView = (r: ItemRow): ItemView => ({ ...r, amount: Number(r.amount), created_at: iso(r.created_at) });

interface SubRow {
  id: string;
  plan_id: string;
  status: string;
  credit_balance: string;
  customer_id: string | null;
  billing_now: string | null;
}

/** The subscription, locked, with its billing time (its test clock's, if it has one). */
export async function lockSubscription(tx: Sql, merchant: MerchantRef, id: string): Promise<SubRow> {
  const rows = z.uuid().safeParse(id).success
    ? await tx.query<SubRow>(
        `select s.id, s.plan_id, s.status, s.credit_balance, s.customer_id, c.frozen_time as billing_now
           from billing.subscriptions s left join billing.test_clocks c on c.id = s.test_clock_id
          where s.id = $1 and s.merchant_id = $2 and s.environment = $3 for update of s`,
        [id, merchant.merchantId, merchant.environment],
      )
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Subscription', id);
  return rows[0];
}

export interface ItemDeps {
  sql: SqlPool;
  now(): Date;
  /** Charges an open invoice now, after the transaction that wrote it commits. */
  chargeNow(invoiceId: string): Promise<void>;
}

/**
 * A one-off item: on the next period invoice, or (`invoice_now`) on an invoice of its own,
 * charged at once. Cancelled and completed subscriptions take no items (409).
 */
export async function addItem(deps: ItemDeps, merchant: MerchantRef, subscriptionId: string, body: ItemCreate): Promise<ItemView> {
  const input = ItemCreate.parse(body);
  const now = deps.now();
  const { item, outcome } = await deps.sql.transaction(async (tx) => {
    const sub = await lockSubscription(tx, merchant, subscriptionId);
    if (['cancelled', 'completed'].includes(sub.status)) {
      throw BillingErrors.conflict(`Subscription is ${sub.status} and takes no items`);
    }
    await requireActiveTaxRates(tx, merchant, input.tax_rate_ids);
    const rows = await tx.query<ItemRow>(
      `insert into billing.subscription_items (id, merchant_id, environment, subscription_id, description, unit_amount, quantity, created_at, tax_rate_ids)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
      [
        merchant.merchantId,
        merchant.environment,
        sub.id,
        input.description,
        input.amount,
        input.quantity,
        now,
        JSON.stringify(input.tax_rate_ids ?? []),
      ],
    );
    let item = rows[0]!;
    if (!input.invoice_now) return { item, outcome: null };
    const outcome = await writeImmediateInvoice(tx, merchant, {
      subscription: sub,
      kind: 'one_off',
      lines: [itemLine({ description: input.description, unitAmount: input.amount, quantity: input.quantity })],
      sources: [{ planId: sub.plan_id, itemRateIds: input.tax_rate_ids ?? [] }],
      billingNow: sub.billing_now ? new Date(sub.billing_now) : now,
      now,
    });
    if (outcome.kind === 'invoice') {
      const invoiced = await tx.query<ItemRow>(`update billing.subscription_items set invoice_id = $2 where id = $1 returning ${COLUMNS}`, [
        item.id,
        outcome.invoiceId,
      ]);
      item = invoiced[0]!;
    }
    return { item, outcome };
  });
  if (outcome?.kind === 'invoice' && outcome.status === 'open') await deps.chargeNow(outcome.invoiceId);
  return toView(item);
}

/** The items waiting for the next period invoice. */
export async function listPendingItems(db: Sql, merchant: MerchantRef, subscriptionId: string): Promise<ItemView[]> {
  await lockSubscription(db, merchant, subscriptionId);
  const rows = await db.query<ItemRow>(
    `select ${COLUMNS} from billing.subscription_items where subscription_id = $1 and invoice_id is null order by created_at, id`,
    [subscriptionId],
  );
  return rows.map(toView);
}

/** One item of the subscription, invoiced or not; 404 when the subscription (of this merchant) has no such item. */
export async function getItem(db: Sql, merchant: MerchantRef, subscriptionId: string, itemId: string): Promise<ItemView> {
  const rows =
    z.uuid().safeParse(subscriptionId).success && z.uuid().safeParse(itemId).success
      ? await db.query<ItemRow>(
          `select ${COLUMNS.split(', ')
            .map((c) => `it.${c}`)
            .join(', ')}
             from billing.subscription_items it join billing.subscriptions s on s.id = it.subscription_id
            where it.id = $1 and it.subscription_id = $2 and s.merchant_id = $3 and s.environment = $4`,
          [itemId, subscriptionId, merchant.merchantId, merchant.environment],
        )
      : [];
  if (rows[0]) return toView(rows[0]);
  // The subscription's own 404 first, as the other item routes answer.
  const subscription = z.uuid().safeParse(subscriptionId).success
    ? await db.query('select 1 from billing.subscriptions where id = $1 and merchant_id = $2 and environment = $3', [
        subscriptionId,
        merchant.merchantId,
        merchant.environment,
      ])
    : [];
  if (!subscription[0]) throw BillingErrors.notFound('Subscription', subscriptionId);
  throw BillingErrors.notFound('Item', itemId);
}

/** Removes an item not yet invoiced; an invoiced one is 409. */
export async function deleteItem(deps: ItemDeps, merchant: MerchantRef, subscriptionId: string, itemId: string): Promise<ItemView> {
  return deps.sql.transaction(async (tx) => {
    await lockSubscription(tx, merchant, subscriptionId);
    const rows = z.uuid().safeParse(itemId).success
      ? await tx.query<ItemRow>(`select ${COLUMNS} from billing.subscription_items where id = $1 and subscription_id = $2 for update`, [
          itemId,
          subscriptionId,
        ])
      : [];
    if (!rows[0]) throw BillingErrors.notFound('Item', itemId);
    if (rows[0].invoice_id) throw BillingErrors.conflict(`Item ${itemId} is on invoice ${rows[0].invoice_id} and can no longer be removed`);
    await tx.query('delete from billing.subscription_items where id = $1', [itemId]);
    return toView(rows[0]);
  });
}
