import { iso } from '../../platform/time.ts';

/** A subscription as the API answers it and as its events carry it. */
export interface SubscriptionView {
  id: string;
  status: string;
  plan_id: string;
  pending_plan_id: string | null;
  quantity: number;
  pending_quantity: number | null;
  credit_balance: number;
  coupon: string | null;
  card_token: string;
  customer_reference: string;
  /** The customer billed, or null. */
  customer_id: string | null;
  time_zone: string;
  current_period_start: string | null;
  current_period_end: string | null;
  next_charge_at: string | null;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  created_at: string;
  cancelled_at: string | null;
  paused_at: string | null;
  metadata: Record<string, string>;
  test_clock_id: string | null;
  /** The instant periods are counted from (the given `billing_anchor`, else the start or the trial's end). */
  billing_anchor: string;
  /** Tax rates for its lines, before the plan's (docs/tax.md). */
  tax_rate_ids: string[];
}

/** The row `SUBSCRIPTION_COLUMNS` reads: the view's fields under their column names, and the merchant's. */
export interface SubscriptionRow extends Omit<
  SubscriptionView,
  'pending_plan_id' | 'pending_quantity' | 'credit_balance' | 'billing_anchor'
> {
  next_plan_id: string | null;
  next_quantity: number | null;
  credit_balance: string;
  coupon_id: string | null;
  anchor_at: string;
  merchant_id: string;
  environment: string;
}

export const SUBSCRIPTION_COLUMNS = `id, status, plan_id, next_plan_id, quantity, next_quantity, credit_balance, coupon_id,
  (select k.code from billing.coupons k where k.id = subscriptions.coupon_id) as coupon, card_token, customer_reference, customer_id, time_zone, current_period_start, current_period_end,
  next_charge_at, trial_end, cancel_at_period_end, created_at, cancelled_at, paused_at, metadata, test_clock_id, anchor_at, merchant_id, environment,
  tax_rate_ids`;

export function toSubscriptionView(r: SubscriptionRow): SubscriptionView {
  return {
    id: r.id,
    status: r.status,
    plan_id: r.plan_id,
    pending_plan_id: r.next_plan_id,
    quantity: r.quantity,
    pending_quantity: r.next_quantity,
    credit_balance: Number(r.credit_balance),
    coupon: r.coupon,
    card_token: r.card_token,
    customer_reference: r.customer_reference,
    customer_id: r.customer_id,
    time_zone: r.time_zone,
    current_period_start: iso(r.current_period_start),
    current_period_end: iso(r.current_period_end),
    next_charge_at: iso(r.next_charge_at),
    trial_end: iso(r.trial_end),
    cancel_at_period_end: r.cancel_at_period_end,
    created_at: iso(r.created_at),
    cancelled_at: iso(r.cancelled_at),
    paused_at: iso(r.paused_at),
    metadata: r.metadata,
    test_clock_id: r.test_clock_id,
    billing_anchor: iso(r.anchor_at),
    tax_rate_ids: r.tax_rate_ids,
  };
}

/** An instant as the API prints it (`toISOString()`), in SQL. */
const isoSql = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The subscription as the API shows it (`toSubscriptionView`), built in SQL from a
 * `billing.subscriptions` row named `alias`: events written inside a statement (the scheduler's,
 * the charge path's) carry the same object as those the API writes.
 */
export function subscriptionJsonSql(alias: string): string {
  const a = (column: string) => `${alias}.${column}`;
  return `jsonb_build_object('id', ${a('id')}, 'status', ${a('status')}, 'plan_id', ${a('plan_id')}, 'pending_plan_id', ${a('next_plan_id')},
    'quantity', ${a('quantity')}, 'pending_quantity', ${a('next_quantity')}, 'credit_balance', ${a('credit_balance')},
    'coupon', (select k.code from billing.coupons k where k.id = ${a('coupon_id')}),
    'card_token', ${a('card_token')}, 'customer_reference', ${a('customer_reference')},
    'customer_id', ${a('customer_id')}, 'time_zone', ${a('time_zone')},
    'current_period_start', ${isoSql(a('current_period_start'))}, 'current_period_end', ${isoSql(a('current_period_end'))},
    'next_charge_at', ${isoSql(a('next_charge_at'))}, 'trial_end', ${isoSql(a('trial_end'))}, 'cancel_at_period_end', ${a('cancel_at_period_end')},
    'created_at', ${isoSql(a('created_at'))}, 'cancelled_at', ${isoSql(a('cancelled_at'))}, 'paused_at', ${isoSql(a('paused_at'))},
    'metadata', ${a('metadata')}, 'test_clock_id', ${a('test_clock_id')}, 'billing_anchor', ${isoSql(a('anchor_at'))},
    'tax_rate_ids', ${a('tax_rate_ids')})`;
}
