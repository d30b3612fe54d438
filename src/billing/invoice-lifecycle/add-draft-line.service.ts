import { z } from 'zod';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { MAX_MINOR_UNITS, minorUnits } from '../money-input.ts';
import { composeInvoice } from '../invoices/lines/compose-invoice.ts';
import { itemLine, type InvoiceLine } from '../invoices/lines/invoice-line.ts';
import { isReverseCharge, resolveLineRates, UNTAXED } from '../taxes/resolve-rates.ts';
import { loadTaxContexts } from '../taxes/sql/batch-tax-context.ts';
import { parsePercentage, type TaxRateSpec } from '../taxes/tax-math.ts';
import { draftDiscount } from './draft-discount.ts';
import type { LifecycleDeps } from './finalize-draft.service.ts';
import { lockInvoice } from './lock-invoice.ts';

export const DraftLineCreate = z
  .strictObject({
    description: z.string().trim().min(1).max(500),
    unit_amount: minorUnits('unit_amount', 1, 'unit_amount must be greater than 0'),
    quantity: z.number().int().min(1).max(100_000).default(1),
    /** The tax rates of the line (the merchant's, not archived). */
    tax_rate_ids: z.array(z.uuid()).max(10).optional(),
    test: z.boolean().optional(),
  })
  .refine((l) => l.unit_amount * l.quantity <= MAX_MINOR_UNITS, {
    path: ['unit_amount'],
    message: `unit_amount × quantity may not exceed ${MAX_MINOR_UNITS}`,
  });
export type DraftLineCreate = z.input<typeof DraftLineCreate>;

/** A line as a draft stores it: an item line, with the tax rates it names (the tax rules compose them). */
type DraftLine = InvoiceLine & { tax_rate_ids?: string[] };

/** The rates a line of the draft was taxed by, as it carries them (`tax_rates`): they keep taxing it. */
function ratesOfLine(line: InvoiceLine): TaxRateSpec[] {
  return (line.tax_rates ?? []).map((r) => ({
    id: r.tax_rate_id,
    display_name: r.display_name,
    rate_millionths: parsePercentage(r.percentage)!,
    inclusive: r.inclusive,
  }));
}

/**
 * `POST /invoices/{id}/lines`: an item line added at the end of a draft (a finalized invoice never
 * changes: 409), and the draft composed again by the one composer: the discount recomputed over
 * the new lines, tax composed again over every line (the new one taxed as an item of the draft's
 * plan), the credit it already applied kept (a line adds to what is owed, so the credit it took
 * still fits and none goes back). Lines keep their places, so their ids (`il_<n>`) stay.
 */
export async function addDraftLine(deps: Pick<LifecycleDeps, 'sql' | 'now'>, merchant: MerchantRef, id: string, body: DraftLineCreate) {
  const input = DraftLineCreate.parse(body);
  const now = deps.now();
  await deps.sql.transaction(async (tx) => {
    const taxRateIds = input.tax_rate_ids ?? [];
    if (taxRateIds.length > 0) {
      const known = await tx.query<{ id: string }>(
        `select id from billing.tax_rates where id = any($1::uuid[]) and merchant_id = $2 and environment = $3 and archived_at is null`,
        [taxRateIds, merchant.merchantId, merchant.environment],
      );
      const missing = taxRateIds.flatMap((rate, i) =>
        known.some((k) => k.id === rate) ? [] : [`tax_rate_ids.${i}: no active tax rate ${rate}`],
      );
      if (missing.length > 0) throw BillingErrors.validation(missing);
    }
    const invoice = await lockInvoice(tx, merchant, id, now);
    if (invoice.status !== 'draft') throw BillingErrors.conflict(`Invoice is ${invoice.status}; lines can be added to a draft only`);
    const line: DraftLine = {
      ...itemLine({ description: input.description, unitAmount: input.unit_amount, quantity: input.quantity }),
      ...(taxRateIds.length > 0 ? { tax_rate_ids: taxRateIds } : {}),
    };
    const kept = invoice.lines.filter((l) => l.kind !== 'discount');
    const lines = [...kept, line];
    // Tax: the lines already there keep the rates they carry; the new one is taxed as an item of
    // the draft's plan is (its own rates, else the subscription's, the plan's, or automatic tax:
    // the one resolver). A reverse charge stays one, and becomes one once the draft is taxed at all.
    const contexts = await loadTaxContexts(tx, [
      { subscriptionId: invoice.subscription_id, planIds: [invoice.plan_id], itemRateIds: taxRateIds },
    ]);
    const context = contexts.get(invoice.subscription_id) ?? UNTAXED;
    const taxRates = [...kept.map(ratesOfLine), resolveLineRates(context, { planId: invoice.plan_id, itemRateIds: taxRateIds })];
    const reverseCharge =
      invoice.reverse_charge ||
      isReverseCharge(
        context,
        taxRates.some((r) => r.length > 0),
      );
    const composed = composeInvoice({
      lines,
      discount: await draftDiscount(tx, merchant, invoice.lines, invoice.currency),
      creditBalance: Number(invoice.credit_applied),
      taxRates,
      reverseCharge,
    });
    // Every line of a draft is positive (a period's lines, items): the composer answers an invoice.
    if (composed.kind !== 'invoice') throw new RangeError('a draft cannot become a credit');
    if (composed.amount > MAX_MINOR_UNITS) {
      throw BillingErrors.validation([`unit_amount: the invoice would owe more than ${MAX_MINOR_UNITS}`]);
    }
    await tx.query(
      `update billing.invoices set lines = $2, subtotal = $3, discount = $4, total = $5, credit_applied = $6, amount = $7, updated_at = $8,
              tax = $9, tax_breakdown = $10, reverse_charge = $11, tax_note = $12
        where id = $1`,
      [
        id,
        JSON.stringify(composed.lines),
        composed.subtotal,
        composed.discount,
        composed.total,
        composed.creditApplied,
        composed.amount,
        now,
        composed.tax,
        JSON.stringify(composed.taxBreakdown),
        composed.reverseCharge,
        composed.taxNote,
      ],
    );
  });
}
