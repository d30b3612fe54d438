/**
 * The text a gateway of this API answers to a purchase or refund whose reference is already used
 * (GATEWAY.md; Recur's own gateway defines it in `src/gateway/reference-taken.ts`, and answers it
 * with a typed `code` to in-process callers). A remote answer carries only the text: this is the
 * one place that reads it.
 */
const REFERENCE_TAKEN_TEXT = 'Reference is already taken';

/** A rejection because the reference was used before: an earlier send arrived, so look it up and adopt it. */
export function isReferenceTaken(answer: { successful: boolean; errors: string[] }): boolean {
  return !answer.successful && answer.errors.includes(REFERENCE_TAKEN_TEXT);
}
