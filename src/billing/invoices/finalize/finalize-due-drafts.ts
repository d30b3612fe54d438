import type { SqlPool } from '../../../platform/sql.ts';
import type { FinalizeHooks } from './finalize-hooks.ts';
import { finalizeInvoices } from './finalize-invoices.ts';
import { claimDueDrafts } from './sql/claim-due-drafts.ts';

export interface DraftSweepBatch {
  now: Date;
  limit: number;
  clocked: boolean;
  hooks?: FinalizeHooks;
}

/**
 * One batch of the draft sweep, in one transaction: claim drafts due by their subscription's time
 * and finalize them (the one finalization). Answers how many it finalized and the invoices now
 * owed a charge, which the caller hands to the queue after this commit (the sweep of owed charges
 * hands them over again should that fail).
 */
export async function finalizeDueDrafts(sql: SqlPool, batch: DraftSweepBatch): Promise<{ finalized: number; owed: string[] }> {
  return sql.transaction(async (tx) => {
    const due = await claimDueDrafts(tx, batch);
    const finalized = await finalizeInvoices(tx, due, { now: batch.now, locked: true, hooks: batch.hooks });
    return { finalized: due.length, owed: finalized.filter((f) => f.status === 'open').map((f) => f.id) };
  });
}
