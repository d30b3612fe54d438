/**
 * Points in a charge where tests stop the process (RELIABILITY.md: kill the worker at each step).
 * Production passes none; the hooks cost nothing when absent.
 */
export const CHARGE_STEPS = ['before-call', 'after-gateway', 'before-commit', 'after-commit'] as const;
export type ChargeStep = (typeof CHARGE_STEPS)[number];

export interface ChargeHooks {
  at(step: ChargeStep, invoiceId: string): Promise<void>;
}
