import type { Sql } from '../../../platform/sql.ts';
import { formatNumber, takeNumbers, type NumberClaim } from '../../numbering/take-numbers.ts';
import type { InvoicingSettings } from '../../settings/merchant-settings.entity.ts';
import { settingsOf } from '../../settings/settings.ts';
import type { FinalizeHooks } from './finalize-hooks.ts';

/** An invoice about to be finalized, with what its number is made of. */
export interface NumberingSubject {
  id: string;
  merchant_id: string;
  environment: string;
  customer_id: string | null;
  /** The merchant's stored invoicing settings (null: none stored; `settingsOf` fills the defaults). */
  invoicing: Partial<InvoicingSettings> | null;
  /** The customer's own prefix, for per-customer numbering (null without a customer). */
  customer_prefix: string | null;
}

/** The sequence an invoice takes its number from, and how the number is printed. */
function sequenceOf(subject: NumberingSubject): { claim: Omit<NumberClaim, 'count'>; prefix: string; width: number } {
  const { invoicing } = settingsOf({ invoicing: subject.invoicing, business: null, tax: null });
  const base = { merchantId: subject.merchant_id, environment: subject.environment, kind: 'invoice' as const };
  // Per-customer numbering for an invoice with a customer; the merchant's sequence otherwise.
  if (invoicing.numbering === 'customer' && subject.customer_id !== null && subject.customer_prefix !== null) {
    return { claim: { ...base, scope: subject.customer_id }, prefix: `${invoicing.invoice_prefix}${subject.customer_prefix}-`, width: 4 };
  }
  return { claim: { ...base, scope: '' }, prefix: invoicing.invoice_prefix, width: 6 };
}

/**
 * The numbers of invoices being finalized, in the order given within each sequence: one
 * statement (`takeNumbers`, inside the caller's transaction, which must then write them: a
 * rollback or a crash before its commit gives them back), then the `numbered` hook. Every
 * finalization takes its numbers here, a draft's (`finalizeInvoices`) as a scheduler invoice
 * finalized as it is written (`writePeriodInvoices`). Answers the printed numbers, in the order
 * of `subjects`.
 */
export async function numberInvoices(tx: Sql, subjects: NumberingSubject[], hooks?: FinalizeHooks): Promise<string[]> {
  if (subjects.length === 0) return [];
  const planned = subjects.map(sequenceOf);
  const key = (c: Omit<NumberClaim, 'count'>) => `${c.merchantId}|${c.environment}|${c.kind}|${c.scope}`;
  const counts = new Map<string, NumberClaim>();
  for (const p of planned) {
    const k = key(p.claim);
    counts.set(k, { ...p.claim, count: (counts.get(k)?.count ?? 0) + 1 });
  }
  const next = new Map((await takeNumbers(tx, [...counts.values()])).map((t) => [key(t), t.first]));
  const numbers = planned.map((p) => {
    const k = key(p.claim);
    const value = next.get(k)!;
    next.set(k, value + 1);
    return formatNumber(p.prefix, value, p.width);
  });
  await hooks?.at(
    'numbered',
    subjects.map((s) => s.id),
  );
  return numbers;
}
