import type { UpstreamFault } from '../acquirer/acquirer.ts';
import type { REFERENCE_TAKEN } from '../reference-taken.ts';
import type { RefundView } from './refund-view.ts';

/** A refund's answer, as a purchase's: rejected, processed, or in production unknown or a fault of ours. */
export type RefundResult =
  /** `code` says why where a caller branches on it: a taken reference (the errors then hold the gateway's text). */
  | { kind: 'rejected'; errors: string[]; view: RefundView; code?: typeof REFERENCE_TAKEN }
  | { kind: 'processed'; view: RefundView }
  | { kind: 'unknown'; view: RefundView }
  | { kind: 'fault'; fault: UpstreamFault; reason: string; view: RefundView };
