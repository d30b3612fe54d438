import type { Sql } from '../../../platform/sql.ts';
import { iso } from '../../../platform/time.ts';
import { BillingErrors } from '../../errors.ts';
import { DEFAULT_SETTINGS } from '../../settings/settings.ts';
import type { FinalizeHooks } from './finalize-hooks.ts';
import { numberInvoices } from './invoice-numbers.ts';
import { lockForFinalize } from './sql/lock-for-finalize.ts';
import { writeFinalized, type Numbered } from './sql/write-finalized.ts';

/** An invoice to finalize, and its billing time (a test clock's where its subscription has one). */
export interface FinalizeTarget {
  id: string;
  at: Date | string;
}

export interface FinalizeOptions {
  /** Real time: the invoices' `updated_at`. */
  now: Date;
  /** The caller already holds the invoices' row locks (it claimed them, or wrote them in this transaction). */
  locked?: boolean;
  hooks?: FinalizeHooks;
}

export interface Finalized {
  id: string;
  number: string;
  status: 'open' | 'paid';
  amount: number;
}

/**
 * The one finalization of a draft (the draft sweep, `POST /invoices/{id}/finalize`, an invoice of
 * its own charged now), inside the caller's transaction, in three statements whatever the count:
 * lock and read the drafts, take their numbers (`numberInvoices`: the sequences move in this
 * transaction, so a rollback or a crash before the commit gives the numbers back), write the
 * numbers, snapshots, status and events (`writeFinalized`). Numbers go in creation order within
 * each sequence. Every target must be a draft (409 otherwise); the caller hands the `open` ones
 * to the charge queue after its commit. A scheduler invoice its merchant keeps no draft of is
 * written finalized instead, with the same numbers, columns and events (`writePeriodInvoices`).
 */
export async function finalizeInvoices(tx: Sql, targets: FinalizeTarget[], options: FinalizeOptions): Promise<Finalized[]> {
  if (targets.length === 0) return [];
  const at = new Map(targets.map((t) => [t.id, iso(t.at)]));
  const rows = await lockForFinalize(tx, [...at.keys()], options.locked ?? false);
  const refused = rows.find((r) => r.status !== 'draft');
  if (refused) throw BillingErrors.conflict(`Invoice ${refused.id} is ${refused.status}; only a draft can be finalized`);
  if (rows.length !== at.size) throw new Error(`finalize: ${at.size - rows.length} of ${at.size} invoices do not exist`);
  rows.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1));
  const numbers = await numberInvoices(tx, rows, options.hooks);
  const numbered: Numbered[] = rows.map((row, i) => ({ id: row.id, number: numbers[i]!, at: at.get(row.id)! }));
  const written = await writeFinalized(tx, numbered, DEFAULT_SETTINGS.business, options.now);
  // Every invoice was a locked draft: anything else is a bug, and the throw rolls the numbers back.
  if (written.length !== numbered.length) throw new Error(`finalize: wrote ${written.length} of ${numbered.length} invoices`);
  return written.map((w) => ({ id: w.id, number: w.number, status: w.status, amount: Number(w.amount) }));
}
