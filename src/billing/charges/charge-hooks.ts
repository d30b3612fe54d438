/**
 * Points in a charge where tests stop the process (RELIABILITY.md: kill the worker at each step).
 * Production passes none; the hooks cost nothing when absent, and the charge takes the same
 * statements with them as without:
 * - `before-call`: the attempt is written (`sending`), the gateway not asked;
 * - `after-gateway`: the gateway answered, nothing recorded;
 * - `before-commit`: the outcome's record not committed. An approval's record is one statement
 *   sent as one message (its own transaction): the hook runs just before that message is sent. A
 *   failure's record is a transaction of a few statements: the hook runs before its commit;
 * - `after-commit`: the record committed (the message returned, or the commit did).
 */
export const CHARGE_STEPS = ['before-call', 'after-gateway', 'before-commit', 'after-commit'] as const;
export type ChargeStep = (typeof CHARGE_STEPS)[number];

export interface ChargeHooks {
  at(step: ChargeStep, invoiceId: string): Promise<void>;
}
