import type { Rec } from './api.ts';
import { formatMoney } from './format.ts';

/** One entry of a subscription's timeline. */
export interface TimelineEntry {
  at: string;
  title: string;
  detail: string;
  /** A decline, a churn: drawn in red. */
  bad: boolean;
  invoiceId?: string;
}

/**
 * A subscription's timeline from what the API answers: the subscription's own dates, its invoices,
 * each charge attempt (decline code, class and the issuer's advice), the retries scheduled, and the
 * events that name it. Newest first.
 */
export function timelineOf(subscription: Rec, invoices: Rec[], events: Rec[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const add = (at: string | null | undefined, title: string, detail = '', bad = false, invoiceId?: string) => {
    if (at) entries.push({ at, title, detail, bad, ...(invoiceId ? { invoiceId } : {}) });
  };
  add(subscription.created_at, 'Subscription created', `quantity ${subscription.quantity}`);
  if (subscription.trial_end) add(subscription.trial_end, 'Trial ends');
  add(subscription.paused_at, 'Paused');
  add(subscription.cancelled_at, 'Cancelled', '', true);
  for (const invoice of invoices) {
    const name = invoice.number ?? 'Draft invoice';
    add(
      invoice.created_at,
      `${name} written`,
      `${formatMoney(invoice.amount, invoice.currency)} for ${String(invoice.period_start).slice(0, 10)} – ${String(invoice.period_end).slice(0, 10)}; now ${String(invoice.status).replace(/_/g, ' ')}`,
      false,
      invoice.id,
    );
    for (const attempt of invoice.attempts ?? []) {
      const declined = attempt.status !== 'approved';
      const parts = [
        `${attempt.manual ? 'manual retry' : `attempt ${attempt.number}`}: ${attempt.status}`,
        attempt.response_code ? `code ${attempt.response_code}` : '',
        attempt.message ?? '',
        attempt.decline_class && attempt.decline_class !== 'approved' ? `class ${attempt.decline_class}` : '',
        attempt.advice_code ? `issuer advice ${attempt.advice_code}` : '',
      ].filter(Boolean);
      add(
        attempt.created_at,
        declined ? `Charge declined on ${name}` : `Charge approved on ${name}`,
        parts.join(' · '),
        declined,
        invoice.id,
      );
    }
    if (invoice.next_attempt_at) add(invoice.next_attempt_at, `Retry scheduled for ${name}`, '', false, invoice.id);
    add(invoice.paid_at, `${name} paid`, formatMoney(invoice.amount, invoice.currency), false, invoice.id);
    for (const refund of invoice.refunds ?? []) {
      add(
        refund.created_at,
        `Refund on ${name}`,
        `${formatMoney(refund.amount, invoice.currency)} · ${refund.status}${refund.reason ? ` · ${refund.reason}` : ''}`,
        false,
        invoice.id,
      );
    }
    for (const note of invoice.credit_notes ?? []) {
      add(
        note.created_at,
        `Credit note ${note.number} on ${name}`,
        `${formatMoney(note.amount, invoice.currency)} to ${note.credit_to}`,
        false,
        invoice.id,
      );
    }
  }
  for (const event of events) {
    if (event.data?.subscription_id !== subscription.id && event.data?.subscription?.id !== subscription.id) continue;
    // Invoices and attempts are shown from the invoices themselves; the other events as they are.
    if (String(event.type).startsWith('invoice.')) continue;
    add(event.created_at, `Event ${event.type}`, '', /churn|cancel|unpaid|expired/.test(event.type));
  }
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
