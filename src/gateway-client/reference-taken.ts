import { REFERENCE_TAKEN_TEXT } from '../platform/http/reference-taken-text.ts';

/**
 * A rejection because the reference was used before: an earlier send arrived, so look it up and
 * adopt it. A remote gateway's answer carries only the text (`REFERENCE_TAKEN_TEXT`; Recur's own
 * gateway answers in-process callers with a typed `code` instead): this is the one place that
 * reads it, for billing's remote adapter and the upstream acquirer.
 */
export function isReferenceTaken(answer: { successful: boolean; errors: string[] }): boolean {
  return !answer.successful && answer.errors.includes(REFERENCE_TAKEN_TEXT);
}
