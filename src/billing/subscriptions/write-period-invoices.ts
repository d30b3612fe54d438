import { randomUUID } from 'node:crypto';
import type { Sql } from '../../platform/sql.ts';
import type { FinalizeHooks } from '../invoices/finalize/finalize-hooks.ts';
import { numberInvoices } from '../invoices/finalize/invoice-numbers.ts';
import { settingsOf } from '../settings/settings.ts';
import { recordBilledUsage } from '../usage/sql/billed-usage.ts';
import { recordUsageCorrections } from '../usage/sql/late-usage.ts';
import {
  writeBatchAdvance,
  writeBatchInvoices,
  type InvoiceBatch,
  type PeriodInvoiceToWrite,
  type WrittenInvoice,
} from './sql/invoice-batch.ts';

/**
 * A scheduler batch's write, in the caller's transaction: each invoice of a merchant that keeps
 * drafts (`draft_hours` > 0) is written a draft, for the draft sweep; every other one is written
 * finalized, numbered (`numberInvoices`, the numbers every finalization takes, in this
 * transaction) with its snapshots and events as every finalization writes them, so that it is
 * written once. Three statements whatever the count: the subscriptions, the customers' credit
 * and the events of creation, answering the invoices' settings and prefixes
 * (`writeBatchAdvance`); the numbers (none when every invoice stays a draft); the invoices
 * (`writeBatchInvoices`), then the usage they bill (`recordBilledUsage`, only when some does). The numbers come as late as they can, so that another batch taking
 * numbers from the same sequence waits for the invoices' write only. Numbers go in batch order
 * within each sequence. Answers the invoices written; the caller hands the `open` ones to the
 * charge queue after its commit.
 */
export async function writePeriodInvoices(tx: Sql, batch: InvoiceBatch, hooks?: FinalizeHooks): Promise<WrittenInvoice[]> {
  const withIds = batch.invoices.map((inv) => ({ ...inv, id: randomUUID() }));
  const issuing = new Map((await writeBatchAdvance(tx, batch, withIds)).map((row) => [row.id, row]));
  const invoices: PeriodInvoiceToWrite[] = [];
  const finalizing: PeriodInvoiceToWrite[] = [];
  for (const inv of withIds) {
    // A period invoiced already is not written again.
    const issue = issuing.get(inv.id);
    if (!issue) continue;
    const { draft_hours } = settingsOf({ invoicing: issue.invoicing, business: null, tax: null }).invoicing;
    const invoice: PeriodInvoiceToWrite = { ...inv, number: null, draft_hours };
    invoices.push(invoice);
    if (draft_hours === 0) finalizing.push(invoice);
  }
  const subjects = finalizing.map((invoice) => {
    const { id, merchant_id, environment, customer_id } = invoice;
    const { invoicing, customer_prefix } = issuing.get(id)!;
    return { id, merchant_id, environment, customer_id, invoicing, customer_prefix };
  });
  const numbers = await numberInvoices(tx, subjects, hooks);
  finalizing.forEach((invoice, i) => {
    invoice.number = numbers[i]!;
  });
  const written = await writeBatchInvoices(tx, batch, invoices);
  // Every invoice must stand (its period was not invoiced, and its subscription is locked since
  // the claim): anything else is a bug, and the throw rolls the batch and its numbers back.
  if (written.length !== invoices.length) throw new Error(`invoice batch: wrote ${written.length} of ${invoices.length} invoices`);
  // The usage the invoices bill, recorded with them: a period's usage is billed once (no statement for flat plans).
  const usage = invoices.flatMap((inv) =>
    inv.usage_billed.map((u) => ({ ...u, subscription_id: inv.subscription_id, invoice_id: inv.id })),
  );
  await recordBilledUsage(tx, usage, batch.now);
  // The corrections of late usage they bill, recorded with them (and their ranges' marks cleared): once.
  await recordUsageCorrections(
    tx,
    invoices.flatMap((inv) => (inv.usage_corrected ?? []).map((c) => ({ ...c, subscription_id: inv.subscription_id, invoice_id: inv.id }))),
    batch.now,
  );
  return written;
}
