import type { EventType } from './event-types.ts';

/**
 * The e-mails a merchant's customers can receive, each caused by one event type: the one map from
 * events to e-mails (the relay's, `bornRelayedSql`'s and the settings').
 */
export const EMAIL_EVENTS = {
  invoice_finalized: 'invoice.finalized',
  payment_succeeded: 'invoice.paid',
  payment_failed: 'invoice.payment_failed',
  card_expiring: 'card.expiring',
  card_expired: 'card.expired',
  credit_note_created: 'credit_note.created',
} as const satisfies Record<string, EventType>;

export type EmailKind = keyof typeof EMAIL_EVENTS;
export const EMAIL_KINDS = Object.keys(EMAIL_EVENTS) as EmailKind[];

/** SQL: the e-mail kind an event type (a text expression) causes, or null for one that causes none. */
export function emailKindSql(type: string): string {
  const arms = Object.entries(EMAIL_EVENTS).map(([kind, event]) => `when '${event}' then '${kind}'`);
  return `(case ${type} ${arms.join(' ')} end)`;
}
