import { ok, PAGE, type OperationDoc } from './operation-doc.ts';

// Billing's operations on plans, subscriptions, coupons, items, tax rates and invoices. Amounts are integer minor units: 2900 is AUD 29.00.

const PLAN = {
  id: '04e62440-0648-4737-80e3-36142fb50361',
  name: 'Pro',
  amount: 2900,
  currency: 'AUD',
  interval: 'month',
  interval_count: 1,
  trial_days: 0,
  dunning: { retry_days: [1, 3, 5, 7], final_action: 'leave_past_due' },
  tax_rate_ids: [],
  status: 'active',
  created_at: '2026-11-22T07:22:19.368Z',
  archived_at: null,
};
const SUBSCRIPTION = {
  id: 'c1eda3f8-a678-47d2-847c-b2d61209f839',
  status: 'active',
  plan_id: PLAN.id,
  pending_plan_id: null,
  card_token: 'customer-42',
  customer_reference: 'cust-42',
  quantity: 1,
  time_zone: 'UTC',
  current_period_start: '2026-11-22T07:22:29.328Z',
  current_period_end: '2026-12-22T07:22:29.328Z',
  next_charge_at: '2026-12-22T07:22:29.328Z',
  trial_end: null,
  cancel_at_period_end: false,
  created_at: '2026-11-22T07:22:29.358Z',
  cancelled_at: null,
  paused_at: null,
  metadata: { crm_id: '42' },
  test_clock_id: null,
  tax_rate_ids: [],
};
const INVOICE = {
  id: 'c4d834de-3b9e-4c5b-95df-256b85590e03',
  subscription_id: SUBSCRIPTION.id,
  period_start: '2026-11-22T07:22:29.328Z',
  period_end: '2026-12-22T07:22:29.328Z',
  lines: [{ kind: 'plan', description: 'Pro', quantity: 1, unit_amount: 2900, amount: 2900 }],
  subtotal: 2900,
  discount: 0,
  credit_applied: 0,
  amount: 2900,
  currency: 'AUD',
  status: 'paid',
  next_attempt_at: null,
  paid_at: '2026-11-22T07:22:29.491Z',
  created_at: '2026-11-22T07:22:29.404Z',
  attempts: [
    {
      number: 1,
      reference: 'c4d834de-3b9e-4c5b-95df-256b85590e03-1',
      purchase_id: 'DOCS-P-UIMVOLEO',
      status: 'approved',
      response_code: '00',
      message: 'Approved',
      decline_class: 'approved',
      advice_code: null,
      created_at: '2026-11-22T07:22:29.470Z',
    },
  ],
};
const COUPON = {
  code: 'LAUNCH20',
  name: 'Launch: 20% off for 3 months',
  percent_off: 20,
  amount_off: null,
  currency: null,
  duration: 'repeating',
  duration_in_periods: 3,
  max_redemptions: 100,
  redeem_by: '2027-03-31T00:00:00.000Z',
  times_redeemed: 0,
  status: 'active',
  created_at: '2026-11-22T07:22:40.000Z',
  archived_at: null,
};
const ITEM = {
  id: '7b0e1f7c-2a51-4a53-9d2f-5f0b2b1f9c11',
  subscription_id: SUBSCRIPTION.id,
  description: 'Onboarding session',
  amount: 15000,
  quantity: 1,
  tax_rate_ids: [],
  invoice_id: null,
  created_at: '2026-11-22T07:23:10.000Z',
};

const GST = {
  id: '5b8c1a9e-3f4d-4c2b-9a61-7e0d2c4f8a10',
  display_name: 'GST',
  description: 'Australian GST, included in prices',
  percentage: '10',
  inclusive: true,
  country: 'AU',
  state: null,
  active: true,
  created_at: '2026-11-22T07:21:00.000Z',
  archived_at: null,
};

export const BILLING_OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /plans': {
    summary: 'Create a plan',
    description:
      'A price and a cadence: `amount` in minor units (2900 = AUD 29.00) every `interval_count` `interval`s, with an optional trial, setup fee (first charged invoice only), fixed number of billing cycles and dunning policy (`retry_days`, `final_action`).',
    request: { name: 'Pro', amount: 2900, currency: 'AUD', interval: 'month', interval_count: 1 },
    response: ok(PLAN),
  },
  'GET /plans': {
    summary: 'List plans',
    description: 'Plans, newest first, paginated.',
    response: ok([PLAN], PAGE),
  },
  'GET /plans/{id}': {
    summary: 'Get a plan',
    description: 'One plan. Unknown: 404.',
    response: ok(PLAN),
  },
  'POST /plans/{id}/archive': {
    summary: 'Archive a plan',
    description: 'No new subscriptions on it; existing ones keep billing.',
    response: ok({ ...PLAN, status: 'archived', archived_at: '2026-12-01T00:00:00.000Z' }),
  },
  'POST /plans/{id}/move_subscriptions': {
    summary: "Move a plan's subscriptions to another plan",
    description:
      'Moves its active, trialing, past-due and paused subscriptions to another plan of the same currency, from their next period. Answers how many moved.',
    request: { plan_id: '9a1c7d52-0c1e-4a4e-b3c5-2f1f5a0c8e11' },
    response: ok({ moved: 12 }),
  },
  'POST /subscriptions': {
    summary: 'Subscribe a card to a plan',
    description:
      "Starts billing a stored card (token or alias) on a plan, in advance: the first period is charged when the subscription starts (now, `start_date`, or at the trial's end). Optional seats (`quantity`), a coupon, a billing anchor, a time zone, metadata and, in the sandbox, a test clock.",
    request: { plan_id: PLAN.id, card_token: 'customer-42', customer_reference: 'cust-42', metadata: { crm_id: '42' } },
    response: ok(SUBSCRIPTION),
  },
  'GET /subscriptions': {
    summary: 'List subscriptions',
    description: 'Subscriptions, newest first, paginated; filter by `status` and `customer_reference`.',
    response: ok([SUBSCRIPTION], PAGE),
  },
  'GET /subscriptions/{id}': {
    summary: 'Get a subscription',
    description: 'One subscription. Unknown: 404.',
    response: ok(SUBSCRIPTION),
  },
  'PUT /subscriptions/{id}': {
    summary: 'Change a subscription',
    description:
      'A new card, metadata or coupon; or a new plan or seat count, from the next period (the default) or `effective: "now"`, prorated: the net is invoiced at once or kept as `credit_balance`.',
    request: { quantity: 5, effective: 'now' },
    response: ok({ ...SUBSCRIPTION, quantity: 5 }),
  },
  'POST /subscriptions/{id}/pause': {
    summary: 'Pause a subscription',
    description: 'No invoices while paused; `next_charge_at` becomes null.',
    response: ok({ ...SUBSCRIPTION, status: 'paused', next_charge_at: null, paused_at: '2026-11-22T07:23:56.205Z' }),
  },
  'POST /subscriptions/{id}/resume': {
    summary: 'Resume a paused subscription',
    description: 'Billing restarts with the first period that begins after the resume.',
    response: ok(SUBSCRIPTION),
  },
  'POST /subscriptions/{id}/cancel': {
    summary: 'Cancel a subscription',
    description: 'Cancels now, or with `at_period_end: true` at the end of the period already paid for (no further invoice).',
    request: { at_period_end: true },
    response: ok({ ...SUBSCRIPTION, cancel_at_period_end: true }),
  },
  'POST /coupons': {
    summary: 'Create a coupon',
    description:
      '`percent_off`, or `amount_off` in minor units with its `currency`, for one period (`once`), `repeating` for `duration_in_periods`, or `forever`; optionally limited in redemptions and time.',
    request: {
      code: 'LAUNCH20',
      name: 'Launch: 20% off for 3 months',
      percent_off: 20,
      duration: 'repeating',
      duration_in_periods: 3,
      max_redemptions: 100,
    },
    response: ok(COUPON),
  },
  'GET /coupons': {
    summary: 'List coupons',
    description: 'Coupons with `times_redeemed`, newest first, paginated.',
    response: ok([COUPON], PAGE),
  },
  'GET /coupons/{code}': {
    summary: 'Get a coupon',
    description: 'One coupon by its code. Unknown: 404.',
    response: ok(COUPON),
  },
  'POST /coupons/{code}/archive': {
    summary: 'Archive a coupon',
    description: 'No new redemptions; subscriptions holding it keep their discount.',
    response: ok({ ...COUPON, status: 'archived', archived_at: '2027-01-01T00:00:00.000Z' }),
  },
  'POST /tax_rates': {
    summary: 'Create a tax rate',
    description:
      'A percentage as a decimal string with up to 4 decimal places (`"10"`, `"8.875"`, 0 to 100), `inclusive` (the price contains it) or exclusive (added on top), and optionally the `country` (ISO 3166-1 alpha-2) and `state` it applies to where the merchant taxes automatically. Rates never change; archive one and create another.',
    request: { display_name: 'GST', percentage: '10', inclusive: true, country: 'AU', description: 'Australian GST, included in prices' },
    response: ok(GST),
  },
  'GET /tax_rates': {
    summary: 'List tax rates',
    description: 'Tax rates, newest first, paginated; `active=true` for those new objects may name, `active=false` for archived ones.',
    response: ok([GST], PAGE),
  },
  'GET /tax_rates/{id}': {
    summary: 'Get a tax rate',
    description: 'One tax rate. Unknown: 404.',
    response: ok(GST),
  },
  'POST /tax_rates/{id}/archive': {
    summary: 'Archive a tax rate',
    description:
      'No new plan, subscription or item may name it (422); invoices already written keep it, and what already names it stays taxed by it. Automatic tax stops using it.',
    response: ok({ ...GST, active: false, archived_at: '2027-01-01T00:00:00.000Z' }),
  },
  'GET /settings/tax': {
    summary: 'Get the tax settings',
    description: "The merchant's tax settings in this environment: `automatic_tax` (false unless set).",
    response: ok({ automatic_tax: true }),
  },
  'PUT /settings/tax': {
    summary: 'Change the tax settings',
    description:
      "`automatic_tax: true` taxes lines that name no rate (on the item, the subscription or the plan) by the merchant's active rates for the customer's country and state. Applies to invoices written from then on.",
    request: { automatic_tax: true },
    response: ok({ automatic_tax: true }),
  },
  'POST /subscriptions/{id}/items': {
    summary: 'Add a one-off item',
    description:
      'A one-off charge (`amount` in minor units: 15000 = AUD 150.00, times `quantity`) on the next period invoice, or with `invoice_now: true` invoiced and charged at once.',
    request: { description: 'Onboarding session', amount: 15000 },
    response: ok(ITEM),
  },
  'GET /subscriptions/{id}/items': {
    summary: "List a subscription's pending items",
    description: 'The one-off items not yet invoiced.',
    response: ok([ITEM], PAGE),
  },
  'GET /subscriptions/{id}/items/{item_id}': {
    summary: 'Get a pending item',
    description: 'One item of the subscription not yet invoiced. An unknown item or subscription: 404.',
    response: ok(ITEM),
  },
  'DELETE /subscriptions/{id}/items/{item_id}': {
    summary: 'Remove a pending item',
    description: 'Removes an item not yet invoiced and answers it; 409 once it is on an invoice.',
    response: ok(ITEM),
  },
  'GET /invoices': {
    summary: 'List invoices',
    description: 'Invoices with their lines and charge attempts, newest first, paginated; filter by `subscription_id` and `status`.',
    response: ok([INVOICE], PAGE),
  },
  'GET /invoices/{id}': {
    summary: 'Get an invoice',
    description: 'One invoice with its lines and charge attempts. Unknown: 404.',
    response: ok(INVOICE),
  },
  'POST /invoices/{id}/refund': {
    summary: 'Refund an invoice',
    description:
      'Refunds all (no `amount`: what is left) or part of a paid invoice through the gateway, in minor units (1000 = AUD 10.00). Recorded on the invoice (`refunds`, `refunded_amount`; it stays `paid`) and as an `invoice.refunded` event.',
    request: { amount: 1000, reason: 'goodwill' },
    response: ok({ ...INVOICE, refunded_amount: 1000 }),
  },
  'POST /invoices/{id}/retry': {
    summary: 'Retry a past-due invoice now',
    description: 'Charges a past-due invoice at once, under the same rules and network caps as a scheduled retry.',
    response: ok({ ...INVOICE, status: 'paid' }),
  },
};
