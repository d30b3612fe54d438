import { ok, PAGE, type OperationDoc } from './operation-doc.ts';

// Billing's operations on plans, subscriptions, coupons, items and invoices. Amounts are integer minor units: 2900 is AUD 29.00.

const PLAN = {
  id: '04e62440-0648-4737-80e3-36142fb50361',
  name: 'Pro',
  amount: 2900,
  currency: 'AUD',
  interval: 'month',
  interval_count: 1,
  trial_days: 0,
  dunning: { retry_days: [1, 3, 5, 7], final_action: 'leave_past_due' },
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
  invoice_id: null,
  created_at: '2026-11-22T07:23:10.000Z',
};

// A period invoice kept as a draft (`draft_hours` 24), then with a line added, then finalized.
const DRAFT = {
  ...INVOICE,
  number: null,
  customer_id: null,
  kind: 'period',
  lines: [{ id: 'il_1', kind: 'subscription', description: 'Pro', quantity: 1, unit_amount: 2900, amount: 2900 }],
  tax: 0,
  tax_breakdown: [],
  total: 2900,
  amount_due: 2900,
  reverse_charge: false,
  credited_amount: 0,
  refunded_amount: 0,
  status: 'draft',
  bill_to: null,
  seller: null,
  finalizes_at: '2026-11-23T07:22:29.328Z',
  finalized_at: null,
  paid_at: null,
  attempts: [],
  refunds: [],
};
const DRAFT_WITH_LINE = {
  ...DRAFT,
  lines: [...DRAFT.lines, { id: 'il_2', kind: 'item', description: 'Onboarding session', quantity: 1, unit_amount: 15000, amount: 15000 }],
  subtotal: 17900,
  total: 17900,
  amount: 17900,
  amount_due: 17900,
};
const BUSINESS = {
  legal_name: 'Example Software Pty Ltd',
  address: { line1: '1 Market St', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
  tax_id: 'ABN 51 824 753 556',
  email: 'billing@example.com',
  phone: '+61 2 8000 0000',
};
const FINALIZED = {
  ...DRAFT_WITH_LINE,
  number: 'INV-000042',
  status: 'paid',
  seller: BUSINESS,
  finalizes_at: null,
  finalized_at: '2026-11-22T09:00:00.000Z',
  paid_at: '2026-11-22T09:00:00.000Z',
  attempts: [{ ...INVOICE.attempts[0], reference: `${INVOICE.id}-1`, created_at: '2026-11-22T09:00:00.000Z' }],
};
const INVOICING = { draft_hours: 24, invoice_prefix: 'INV-', credit_note_prefix: 'CN-', numbering: 'merchant' };

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
  'POST /invoices/{id}/finalize': {
    summary: 'Finalize a draft now',
    description:
      'Finalizes a draft before its `finalizes_at`: it takes the next number of the gap-free sequence, `finalized_at`, the `bill_to` and `seller` snapshots, and becomes `open` (or `paid` when it owes 0), with an `invoice.finalized` event; then it is charged at once. Anything but a draft: 409.',
    response: ok(FINALIZED),
  },
  'POST /invoices/{id}/lines': {
    summary: 'Add a line to a draft',
    description:
      'Adds an item line (`unit_amount` in minor units: 15000 = AUD 150.00, times `quantity`) at the end of a draft and composes it again: the discount is recomputed, the credit it applied kept. A finalized invoice never changes: 409.',
    request: { description: 'Onboarding session', unit_amount: 15000, quantity: 1 },
    response: ok(DRAFT_WITH_LINE),
  },
  'POST /invoices/{id}/void': {
    summary: 'Void a draft or an unpaid invoice',
    description:
      'A draft (it never gets a number) or an open or past-due invoice (it keeps its number) becomes `void`, with an `invoice.voided` event (reason `requested`); it is charged no more. A paid, void or uncollectible invoice, or one whose charge is at the gateway: 409.',
    response: ok({ ...FINALIZED, status: 'void', paid_at: null, attempts: [] }),
  },
  'GET /settings/invoicing': {
    summary: 'Get the invoicing settings',
    description: 'How this environment drafts and numbers invoices: `draft_hours`, `invoice_prefix`, `credit_note_prefix`, `numbering`.',
    response: ok(INVOICING),
  },
  'PUT /settings/invoicing': {
    summary: 'Change the invoicing settings',
    description:
      'Replaces the fields given: `draft_hours` (0 to 720: period invoices stay drafts that long; 0 finalizes at once), the prefixes (1 to 12 letters, digits, `-`, `_`, `/`), `numbering` (`merchant` or `customer`).',
    request: { draft_hours: 24 },
    response: ok(INVOICING),
  },
  'GET /settings/business': {
    summary: 'Get the business details',
    description: 'The legal details printed as the seller on every invoice finalized from now on (null where none is set).',
    response: ok(BUSINESS),
  },
  'PUT /settings/business': {
    summary: 'Change the business details',
    description:
      'Replaces the fields given (null clears one): `legal_name`, `address` (`country` ISO 3166-1 alpha-2), `tax_id`, `email`, `phone`. Invoices already finalized keep the details they were issued with.',
    request: BUSINESS,
    response: ok(BUSINESS),
  },
};
