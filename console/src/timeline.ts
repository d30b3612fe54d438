import type { Rec } from './api.ts';
import { formatInstant, formatMoney } from './format.ts';

/** One entry of a subscription's timeline, as the page draws it. */
export interface TimelineEntry {
  at: string;
  title: string;
  detail: string;
  /** A decline, a churn: drawn in red. */
  bad: boolean;
  invoiceId?: string;
  /** A webhook delivery (it may be resent): its endpoint and its id. */
  delivery?: { webhookId: string; deliveryId: string; eventType: string };
}

const money = (d: Rec, key = 'amount') => (typeof d[key] === 'number' && d.currency ? formatMoney(d[key], d.currency) : '');

/**
 * The words for each entry of `GET /subscriptions/{id}/timeline` (the API decides what happened
 * and in which order; this only says it). `invoiceNumber` names an invoice by its id where the
 * entry itself carries no number (an attempt).
 */
export function describeEntry(entry: Rec, invoiceNumber: (id: string) => string | undefined = () => undefined): TimelineEntry {
  const d: Rec = entry.details ?? {};
  const type = String(entry.type);
  const invoiceId: string | undefined = entry.invoice_id ?? undefined;
  // An invoice entry carries the invoice's number; a credit note's `number` is its own, so its invoice is named by id.
  const own = type.startsWith('credit_note.') ? undefined : d.number;
  const name = own ?? (invoiceId ? invoiceNumber(invoiceId) : undefined) ?? 'the invoice';
  const out = (title: string, detail = '', bad = false): TimelineEntry => ({
    at: entry.at,
    title,
    detail,
    bad,
    ...(invoiceId ? { invoiceId } : {}),
  });
  if (type.startsWith('attempt.')) {
    const status = type.slice('attempt.'.length);
    const parts = [
      d.manual ? 'manual retry' : `attempt ${d.attempt}`,
      d.response_code ? `code ${d.response_code}` : '',
      d.message ?? '',
      d.decline_class && d.decline_class !== 'approved' ? `class ${d.decline_class}` : '',
      d.advice_code ? `issuer advice ${d.advice_code}` : '',
    ].filter(Boolean);
    if (status === 'approved') return out(`Charge approved on ${name}`, parts.join(' · '));
    if (status === 'sending' || status === 'unknown') return out(`Charge ${status} on ${name}`, parts.join(' · '));
    return out(`Charge ${status} on ${name}`, parts.join(' · '), true);
  }
  if (type.startsWith('mrr.')) {
    const kind = type.slice('mrr.'.length);
    const detail = d.currency ? `MRR ${formatMoney(d.mrr_before, d.currency)} → ${formatMoney(d.mrr_after, d.currency)}` : '';
    return out(`MRR ${kind}`, detail, kind === 'churn' || kind === 'contraction');
  }
  if (type.startsWith('refund.')) {
    const status = type.slice('refund.'.length);
    return out(`Refund on ${name}`, [money(d), status, d.reason ?? ''].filter(Boolean).join(' · '), status !== 'approved');
  }
  if (type === 'webhook.delivery') {
    const tries = `${d.attempts} ${d.attempts === 1 ? 'try' : 'tries'}`;
    const detail = [String(d.status), tries, d.last_status_code ? `last answer ${d.last_status_code}` : ''].filter(Boolean).join(' · ');
    return {
      ...out(`Webhook ${d.event_type}`, detail, d.status === 'failed'),
      delivery: { webhookId: String(d.webhook_id), deliveryId: String(d.delivery_id), eventType: String(d.event_type) },
    };
  }
  switch (type) {
    case 'invoice.retry_capped':
      return out(`Network cap (${d.cap}) hit on ${name}`, `no retry of its card before ${formatInstant(d.next_attempt_at)}`, true);
    case 'card.updated': {
      const retried = Array.isArray(d.retried_invoice_ids) ? d.retried_invoice_ids.length : 0;
      return out(
        'Card updated',
        [d.card_expiry ? `expires ${String(d.card_expiry).slice(0, 7)}` : '', retried ? `${retried} held invoice(s) retried` : '']
          .filter(Boolean)
          .join(' · '),
      );
    }
    case 'subscription.started':
      return out('Subscription started', `quantity ${d.quantity}`);
    case 'subscription.trial_end':
      return out('Trial ends');
    case 'subscription.paused':
      return out('Paused');
    case 'subscription.cancelled':
      return out('Cancelled', '', true);
    case 'invoice.draft':
      return out('Draft invoice', `${money(d, 'total')}; finalizes ${String(d.finalizes_at ?? '').slice(0, 10)}`);
    case 'invoice.finalized':
      return out(
        `${name} issued`,
        `${money(d, 'total')} for ${String(d.period_start).slice(0, 10)} – ${String(d.period_end).slice(0, 10)}`,
      );
    case 'invoice.retry_scheduled':
      return out(`Retry scheduled for ${name}`, `after ${d.attempts_so_far} attempt(s)`);
    case 'invoice.held_for_card':
      return out(`${name} waits for a card update`, '', true);
    case 'invoice.paid':
      return out(`${name} paid`, money(d));
    case 'invoice.void':
      return out(`${name} voided`, money(d), true);
    case 'invoice.uncollectible':
      return out(`${name} marked uncollectible`, money(d), true);
    case 'credit_note.created':
      return out(`Credit note ${d.number} on ${name}`, `${money(d)} to ${d.credit_to}`);
    default:
      return out(type);
  }
}
