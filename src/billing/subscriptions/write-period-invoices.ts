import { randomUUID } from 'node:crypto';
import type { Sql } from '../../platform/sql.ts';
import type { FinalizeHooks } from '../invoices/finalize/finalize-hooks.ts';
import { numberInvoices, type NumberingSubject } from '../invoices/finalize/invoice-numbers.ts';
import { settingsOf } from '../settings/settings.ts';
import { writeInvoiceBatch, type InvoiceBatch, type IssuedInvoice, type WrittenInvoice } from './sql/invoice-batch.ts';
import { loadInvoicingContext } from './sql/invoicing-context.ts';

/**
 * A scheduler batch's write, in the caller's transaction: each invoice of a merchant that keeps
 * drafts (`draft_hours` > 0) is written a draft, for the draft sweep; every other one is written
 * finalized, numbered (`numberInvoices`, the numbers every finalization takes, before the insert
 * and in this transaction) with its snapshots and events as every finalization writes them, so
 * it is written once. Three statements at most whatever the count: the invoices' settings and
 * prefixes (`loadInvoicingContext`, none without invoices), their numbers (none without an
 * invoice to finalize), then the write (`writeInvoiceBatch`). Numbers go in batch order within
 * each sequence. Answers the invoices written; the caller hands the `open` ones to the charge
 * queue after its commit.
 */
export async function writePeriodInvoices(tx: Sql, batch: InvoiceBatch, hooks?: FinalizeHooks): Promise<WrittenInvoice[]> {
  const context = await loadInvoicingContext(tx, batch.invoices);
  const issued: IssuedInvoice[] = [];
  const finalizing: { index: number; subject: NumberingSubject }[] = [];
  batch.invoices.forEach((inv, index) => {
    const { invoicing, customer_prefix, invoiced } = context[index]!;
    const { draft_hours } = settingsOf({ invoicing, business: null, tax: null }).invoicing;
    issued.push({ id: randomUUID(), number: null, draft_hours });
    // A period invoiced already is skipped by the insert: it takes no number.
    if (draft_hours > 0 || invoiced) return;
    const { merchant_id, environment, customer_id } = inv;
    finalizing.push({ index, subject: { id: issued[index]!.id, merchant_id, environment, customer_id, invoicing, customer_prefix } });
  });
  const numbers = await numberInvoices(
    tx,
    finalizing.map((f) => f.subject),
    hooks,
  );
  finalizing.forEach((f, i) => {
    issued[f.index] = { ...issued[f.index]!, number: numbers[i]!, draft_hours: 0 };
  });
  const written = await writeInvoiceBatch(tx, batch, issued);
  // Every numbered invoice must stand (its period was not invoiced, its subscription is locked):
  // anything else is a bug, and the throw rolls the numbers back.
  const numbered = new Set(written.flatMap((w) => (w.number === null ? [] : [w.id])));
  if (numbered.size !== finalizing.length)
    throw new Error(`invoice batch: wrote ${numbered.size} of ${finalizing.length} numbered invoices`);
  return written;
}
