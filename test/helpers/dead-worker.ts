/**
 * A charge worker that dies between its claim and its record, inside the test's own process (for
 * tests that run Recur in process, such as the model-based test and the caps property test; the
 * exactly-once tests SIGKILL real child processes instead).
 *
 * Armed at a step between the claim and the record (`before-call`: the attempt is written,
 * `sending`, and the gateway not asked; `after-gateway`: the gateway answered, nothing recorded),
 * the next charge that reaches that step is held there as a dead worker's would be: its job stays
 * taken and nobody records its outcome. `revive()` makes that delivery fail, as a crash does, so
 * that the queue runs the job again: the next delivery finds the attempt written and resumes it
 * (lookup by reference, then the record), at whatever time the clock has reached meanwhile.
 */
import type { ChargeHooks, ChargeStep } from '../../src/billing/charges/charge-hooks.ts';
import type { ApiClient } from './test-app.ts';
import { settle } from './billing.ts';
import { waitFor } from './wait-for.ts';

export const DEAD_STEPS = ['before-call', 'after-gateway'] as const satisfies readonly ChargeStep[];
export type DeadStep = (typeof DEAD_STEPS)[number];

export class DeadWorkerHooks implements ChargeHooks {
  private armed: DeadStep | null = null;
  private held: { invoiceId: string; release: () => void } | null = null;
  /** How many charges died this way, over the hooks' life. */
  killed = 0;

  async at(step: ChargeStep, invoiceId: string): Promise<void> {
    if (this.armed !== step || this.held) return;
    this.armed = null;
    this.killed++;
    await new Promise<void>((release) => {
      this.held = { invoiceId, release };
    });
    throw new Error(`charge worker died at ${step} (test)`);
  }

  /** The next charge to reach `step` dies there. */
  arm(step: DeadStep): void {
    this.armed = step;
  }

  disarm(): void {
    this.armed = null;
  }

  /** The invoice whose charge is held dead, if any. */
  get caught(): string | null {
    return this.held?.invoiceId ?? null;
  }

  /** The dead delivery fails (the queue runs its job again); nothing is held any more. */
  revive(): void {
    const held = this.held;
    this.held = null;
    this.armed = null;
    held?.release();
  }
}

async function postAdvance(api: ApiClient, clockId: string, to: number): Promise<void> {
  const res = await api.post(`/test_clocks/${clockId}/advance`, { frozen_time: new Date(to).toISOString() });
  if (res.status !== 200) throw new Error(`advance to ${new Date(to).toISOString()}: ${res.status} ${res.text}`);
}

/**
 * Advances the clock to `to` with a worker that dies at `step` in the first charge to reach it;
 * when one did, `whileDead` runs (e.g. a cancel of its subscription, at the clock's time `to`) and
 * the clock moves on to `thenTo` while that worker is dead, and only then is the job taken up again. Returns the invoice
 * whose charge died, or null when no charge reached the step (the clock then settled at `to`, and
 * is moved on to `thenTo` all the same). Waits until the clock has settled at `thenTo`.
 */
export async function advanceWithDeadWorker(
  api: ApiClient,
  clockId: string,
  hooks: DeadWorkerHooks,
  o: { step: DeadStep; to: number; thenTo: number; whileDead?: (invoiceId: string) => Promise<void>; timeoutMs?: number },
): Promise<string | null> {
  const timeoutMs = o.timeoutMs ?? 120_000;
  hooks.arm(o.step);
  let caught: string | null = null;
  try {
    await postAdvance(api, clockId, o.to);
    await waitFor(async () => hooks.caught !== null || (await api.get(`/test_clocks/${clockId}`)).body.response.status === 'ready', {
      message: `clock ${clockId} to settle or lose a worker`,
      timeout: timeoutMs,
    });
    // Read after the wait: a charge may have died just before the clock read ready (it then cannot be ready).
    caught = hooks.caught;
    hooks.disarm();
    if (caught && o.whileDead) await o.whileDead(caught);
    await postAdvance(api, clockId, o.thenTo);
  } finally {
    hooks.revive();
  }
  await settle(api, clockId, timeoutMs);
  return caught;
}
