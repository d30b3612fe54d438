/** The billing events, by type, and the shape a writer gives one (a leaf: every room writes events). */
export const EVENT_TYPES = [
  'subscription.created',
  'subscription.updated',
  'subscription.paused',
  'subscription.resumed',
  'subscription.cancelled',
  'subscription.past_due',
  'subscription.completed',
  'invoice.created',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.retry_scheduled',
  'invoice.retry_capped',
  'invoice.uncollectible',
  'invoice.voided',
  'card.expiring',
  'card.expired',
  'card.updated',
  'coupon.created',
  'invoice.refunded',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'credit_note.created',
  'invoice.finalized',
  'billable_metric.created',
  'billable_metric.archived',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface NewEvent {
  merchantId: string;
  environment: string;
  type: EventType;
  data: Record<string, unknown>;
}
