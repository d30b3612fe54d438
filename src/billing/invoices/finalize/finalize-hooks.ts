/**
 * Points in a finalization where tests stop the process (the gap-free proof kills a process
 * between taking its numbers and its commit). Production passes none.
 * - `numbered`: the numbers are taken (the sequences incremented, and locked, in the
 *   transaction), nothing else of the finalization is written, nothing committed.
 */
export const FINALIZE_STEPS = ['numbered'] as const;
export type FinalizeStep = (typeof FINALIZE_STEPS)[number];

export interface FinalizeHooks {
  at(step: FinalizeStep, invoiceIds: string[]): Promise<void>;
}
