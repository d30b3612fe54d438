import type { DeclineClass } from '../declines/decline-table.ts';
import type { FailureFollowUps } from '../dunning/apply-failure.service.ts';

export interface ChargeInput {
  invoiceId: string;
  attempt: number;
  /** A manual retry (`POST /invoices/{id}/retry`): outside the dunning schedule. */
  manual?: boolean;
}

export type ChargeResult =
  | { kind: 'skipped'; reason: string; followUps?: FailureFollowUps }
  | {
      kind: 'recorded';
      status: 'approved' | 'declined' | 'error';
      invoiceStatus: string;
      amount: number;
      currency: string;
      /** How the decline was classified (`BILLING.md`); null when approved. */
      declineClass: DeclineClass | 'error' | null;
      followUps?: FailureFollowUps;
    }
  | { kind: 'unknown'; reason: string };
