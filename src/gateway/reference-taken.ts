import { REFERENCE_TAKEN_TEXT } from '../platform/http/reference-taken-text.ts';

/**
 * A purchase or refund whose merchant reference is already used (a re-send, or two requests with
 * one reference). The gateway answers it as a rejection with this text, which clients match on
 * (GATEWAY.md); in-process callers branch on the rejection's `code` instead.
 */
export const REFERENCE_TAKEN_MESSAGE = REFERENCE_TAKEN_TEXT;

/** The `code` of a rejection whose reference is taken. */
export const REFERENCE_TAKEN = 'reference_taken';

/** Thrown inside a purchase or refund when its reference is taken; the service answers it as that rejection. */
export class ReferenceTakenError extends Error {
  constructor() {
    super(REFERENCE_TAKEN_MESSAGE);
    this.name = 'ReferenceTakenError';
  }
}

/** The rejection of a purchase or refund whose reference is taken, with the view the caller built. */
export function referenceTakenRejection<V>(view: V): { kind: 'rejected'; code: typeof REFERENCE_TAKEN; errors: string[]; view: V } {
  return { kind: 'rejected', code: REFERENCE_TAKEN, errors: [REFERENCE_TAKEN_MESSAGE], view };
}
