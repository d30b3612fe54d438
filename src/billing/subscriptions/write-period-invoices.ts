import { randomUUID } from 'node:crypto';
import type { Sql } from '../../platform/sql.ts';
import type { FinalizeHooks } from '../invoices/finalize/finalize-hooks.ts';
import { numberInvoices } from '../invoices/finalize/invoice-numbers.ts';
import { settingsOf } from '../settings/settings.ts';
import {
  writeBatchAdvance,
  writeBatchInvoices,
  type InvoiceBatch,
  type PeriodInvoiceToWrite,
  type WrittenInvoice,
} from './sql/invoice-batch.ts';
import { loadInvoicingContext } from './sql/invoicing-context.ts';

/**
 * A scheduler batch's write, in the caller's transaction: each invoice of a merchant that keeps
 * drafts (`draft_hours` > 0) is written a draft, for the draft sweep; every other one is written
 * finalized, numbered (`numberInvoices`, the numbers every finalization takes, in this
 * transaction) with its snapshots and events as every finalization writes them, so that it is
 * written once. Four statements at most whatever the count: the invoices' settings and prefixes,
 * and whether their periods are invoiced already (`loadInvoicingContext`; such a period is not
 * written again); the subscriptions, the customers' credit and the events of creation
 * (`writeBatchAdvance`); the numbers (none when every invoice stays a draft); the invoices
 * (`writeBatchInvoices`). The numbers come as late as they can, so that another batch taking
 * numbers from the same sequence waits for the invoices' write only. Numbers go in batch order
 * within each sequence. Answers the invoices written; the caller hands the `open` ones to the
 * charge queue after its commit.
 */
export async function writePeriodInvoices(tx: Sql, batch: InvoiceBatch, hooks?: FinalizeHooks): Promise<WrittenInvoice[]> {
  const context = await loadInvoicingContext(tx, batch.invoices);
  const invoices: PeriodInvoiceToWrite[] = [];
  const subjects: { index: number; invoicing: (typeof context)[number]['invoicing']; customer_prefix: string | null }[] = [];
  batch.invoices.forEach((inv, i) => {
    const { invoicing, customer_prefix, invoiced } = context[i]!;
    if (invoiced) return;
    const { draft_hours } = settingsOf({ invoicing, business: null, tax: null }).invoicing;
    if (draft_hours === 0) subjects.push({ index: invoices.length, invoicing, customer_prefix });
    invoices.push({ ...inv, id: randomUUID(), number: null, draft_hours });
  });
  await writeBatchAdvance(tx, batch, invoices);
  const numbers = await numberInvoices(
    tx,
    subjects.map(({ index, invoicing, customer_prefix }) => {
      const { id, merchant_id, environment, customer_id } = invoices[index]!;
      return { id, merchant_id, environment, customer_id, invoicing, customer_prefix };
    }),
    hooks,
  );
  subjects.forEach(({ index }, i) => {
    invoices[index]!.number = numbers[i]!;
  });
  const written = await writeBatchInvoices(tx, batch, invoices);
  // Every invoice must stand (its period was not invoiced, and its subscription is locked since
  // the claim): anything else is a bug, and the throw rolls the batch and its numbers back.
  if (written.length !== invoices.length) throw new Error(`invoice batch: wrote ${written.length} of ${invoices.length} invoices`);
  return written;
}
