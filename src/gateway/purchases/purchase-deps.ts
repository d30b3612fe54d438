import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Acquirer, UpstreamFault } from '../acquirer/acquirer.ts';
import type { PendingDeps, PendingPolicy } from '../acquirer/pending.service.ts';
import type { VaultCrypto } from '../vault/vault-crypto.ts';
import type { SimulatedOutcome } from '../sandbox/simulator.ts';
import type { REFERENCE_TAKEN } from '../reference-taken.ts';
import type { PurchaseView } from './purchase-view.ts';

/** What purchases and refunds need: the vault, the clock, the logger, and in production the upstream. */
export interface PurchaseDeps {
  vault: VaultCrypto;
  clock: Clock;
  logger: Logger;
  /** Production's upstream gateway; absent means production purchases are refused. */
  acquirer?: Acquirer;
  /** How pending production transactions are resolved; required with an acquirer. */
  pending?: PendingPolicy;
}

export type SandboxFault = NonNullable<SimulatedOutcome['fault']>;

export type PurchaseResult =
  /** `code` says why where a caller branches on it: a taken reference (the errors then hold the gateway's text). */
  | { kind: 'rejected'; errors: string[]; view: PurchaseView; code?: typeof REFERENCE_TAKEN }
  | { kind: 'processed'; view: PurchaseView; fault: SandboxFault | null }
  /** Production only: the upstream did not answer and has no record by reference yet. */
  | { kind: 'unknown'; view: PurchaseView }
  /** Production only: the upstream refused us or was never reached; nothing was recorded or charged. */
  | { kind: 'fault'; fault: UpstreamFault; reason: string; view: PurchaseView };

/** What the resolver of pending production transactions needs, when there is an upstream to ask; null otherwise. */
export function pendingDepsOf(deps: PurchaseDeps): PendingDeps | null {
  if (!deps.acquirer || !deps.pending) return null;
  return { acquirer: deps.acquirer, clock: deps.clock, logger: deps.logger, pending: deps.pending };
}
