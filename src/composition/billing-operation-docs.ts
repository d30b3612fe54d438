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
  prices: [],
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
  customer_id: null,
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

const CUSTOMER = {
  id: '5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21',
  name: 'Acme Pty Ltd',
  email: 'accounts@acme.example',
  phone: '+61 2 9876 5432',
  address: { line1: '1 George St', line2: 'Level 10', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
  tax_ids: [{ type: 'au_abn', value: '51824753556', country: 'AU' }],
  currency: 'AUD',
  locale: 'en-AU',
  metadata: { crm_id: '42' },
  credit_balance: 0,
  invoice_prefix: 'QKZMBTRA',
  created_at: '2026-11-22T07:21:58.112Z',
  updated_at: '2026-11-22T07:21:58.112Z',
};

// A credit note of 10.00 against a paid AUD 29.00 invoice with 10 % GST inclusive (tax 264): round(1000 × 264 / 2900) = 91 of it is tax.
const CREDIT_NOTE = {
  id: '5d9c0c1e-8f57-4f2e-9a43-2f1c6a0e7b21',
  number: 'CN-000001',
  invoice_id: INVOICE.id,
  invoice_number: 'INV-000042',
  customer_id: null,
  subscription_id: SUBSCRIPTION.id,
  amount: 1000,
  tax: 91,
  subtotal: 909,
  currency: 'AUD',
  lines: [],
  reason: 'duplicate',
  memo: 'Charged twice for December',
  credit_to: 'refund',
  refund: { refund_id: 'DOCS-R-4CISLT8T', reference: `${INVOICE.id}-r1`, status: 'approved' },
  created_at: '2026-11-23T09:12:40.000Z',
};

const METRIC = {
  id: '5b0f7d0e-9c55-4d8e-a0c4-2f1f0e6b7a11',
  code: 'api_calls',
  name: 'API calls',
  aggregation: 'count',
  field: null,
  filters: { region: ['eu', 'us'] },
  status: 'active',
  created_at: '2026-11-27T16:40:00.000Z',
  archived_at: null,
};
const USAGE_EVENT = {
  transaction_id: 'req_7f3a91',
  subscription_id: 'c1eda3f8-a678-47d2-847c-b2d61209f839',
  code: 'api_calls',
  timestamp: '2026-12-03T10:15:00Z',
  properties: { region: 'eu' },
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
const EMAIL_SETTINGS = {
  from: 'billing@nordlicht.example',
  reply_to: 'help@nordlicht.example',
  enabled: {
    invoice_finalized: true,
    payment_succeeded: true,
    payment_failed: true,
    card_expiring: true,
    card_expired: true,
    credit_note_created: false,
  },
  sandbox_delivery: 'outbox',
};

const EMAIL = {
  id: '3b7c1f0e-5a2d-4c8e-9f61-0d2e4a6b8c10',
  customer_id: '7d3c2f4e-8a1b-4c5d-9e6f-0a1b2c3d4e5f',
  kind: 'invoice_finalized',
  event_id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716',
  recipient: 'jurgen@example.de',
  locale: 'de-DE',
  status: 'sent',
  attempts: 1,
  next_attempt_at: null,
  last_error: null,
  message_id: '<1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9@nordlicht.example>',
  subject: 'Rechnung INV-000042 von Nordlicht Software GmbH',
  sent_at: '2026-11-01T00:00:04.000Z',
  created_at: '2026-11-01T00:00:01.000Z',
};

const BUSINESS_VIEW = {
  ...BUSINESS,
  logo: { content_type: 'image/svg+xml', size: 1843, sha256: '9f2c1e0b7d4a5c3e8f6b1a2d4c5e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80' },
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
const INVOICING = { draft_hours: 24, invoice_prefix: 'INV-', credit_note_prefix: 'CN-', numbering: 'merchant', late_usage: 'correct' };

export const BILLING_OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /plans': {
    summary: 'Create a plan',
    description:
      'A price and a cadence: `amount` in minor units (2900 = AUD 29.00) every `interval_count` `interval`s, with an optional trial, setup fee (first charged invoice only), fixed number of billing cycles and dunning policy (`retry_days`, `final_action`). `prices` prices billable metrics, billed in arrears on the invoice that closes each period: `[{metric_code, model: per_unit | graduated | volume | package, unit_amount?, tiers?: [{up_to (null for the last), unit_amount, flat_amount?}], package_size?, free_units?}]` (docs/usage.md); `metric_code: "seats"` prices the subscription’s `quantity` instead, billed in advance on each period’s invoice, `amount` then being a base fee billed once per period (docs/pricing.md); `amount` may be 0 when there are prices. An unknown or archived metric, tiers out of order, a field that does not go with the model: 422 naming the field (`prices.0.tiers.1.up_to: …`).',
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
      "Starts billing a stored card (token or alias) on a plan, in advance: the first period is charged when the subscription starts (now, `start_date`, or at the trial's end). Optional customer (`customer_id`: its credit pays the invoices first), seats (`quantity`), a coupon, a billing anchor, a time zone, metadata and, in the sandbox, a test clock.",
    request: { plan_id: PLAN.id, card_token: 'customer-42', customer_reference: 'cust-42', metadata: { crm_id: '42' } },
    response: ok(SUBSCRIPTION),
  },
  'GET /subscriptions': {
    summary: 'List subscriptions',
    description:
      'Subscriptions, newest first, paginated; filter by `status`, `customer_reference` and `customer_id`; `q` searches by id, reference, card’s last four, or the customer’s name or e-mail (docs/api.md, Search).',
    response: ok([SUBSCRIPTION], PAGE),
  },
  'GET /subscriptions/{id}': {
    summary: 'Get a subscription',
    description: 'One subscription. Unknown: 404.',
    response: ok(SUBSCRIPTION),
  },
  'GET /subscriptions/{id}/timeline': {
    summary: 'A subscription’s timeline',
    description:
      'What happened to the subscription and its invoices, newest first, paginated: created, MRR movements, invoices created, finalized, paid, voided, attempts with their decline code, class and advice, the retry scheduled or the hold for a card update, network caps hit (`invoice.retry_capped`), card updates (`card.updated`), refunds and credit notes, and each webhook delivery of the subscription’s events (`webhook.delivery`: its status and tries, to resend with `POST /webhooks/{id}/deliveries/{delivery_id}/retry`) (docs/api.md). Unknown: 404.',
    response: ok([{ at: '2027-02-01T00:00:00.000Z', type: 'attempt.declined', invoice_id: 'uuid', details: {} }], PAGE),
  },
  'POST /subscriptions/{id}/preview': {
    summary: 'Preview a subscription change',
    description:
      'The body of PUT /subscriptions/{id}; answers what that change would make, made by the same code and rolled back: `{preview: true, subscription, invoices}`, the invoices it would write and charge at once (a proration, the usage so far) with their lines, tax and totals. Nothing is kept or charged; refusals are those of the change.',
    response: ok({ preview: true, subscription: SUBSCRIPTION, invoices: [] }),
  },
  'PUT /subscriptions/{id}': {
    summary: 'Change a subscription',
    description:
      'A new card, metadata, coupon or customer (`customer_id`, or null for none); or a new plan or seat count, from the next period (the default) or `effective: "now"`, prorated: the net is invoiced at once or kept as credit (the customer\'s `credit_balance` where the subscription has a customer, else its own).',
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
  'POST /customers': {
    summary: 'Create a customer',
    description:
      'Who a merchant bills: a name, optional e-mail, phone, postal address (`country` ISO 3166-1 alpha-2), tax ids checked for their format (EU VAT patterns, the ABN checksum…) and stored normalised, currency, locale and metadata. `invoice_prefix` (1–12 of A–Z 0–9, unique per merchant) is generated (8 letters) when not given; a taken one is 409 `invoice_prefix_taken`.',
    request: {
      name: 'Acme Pty Ltd',
      email: 'accounts@acme.example',
      phone: '+61 2 9876 5432',
      address: { line1: '1 George St', line2: 'Level 10', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
      tax_ids: [{ type: 'au_abn', value: '51 824 753 556' }],
      currency: 'AUD',
      locale: 'en-AU',
      metadata: { crm_id: '42' },
    },
    response: ok(CUSTOMER),
  },
  'GET /customers': {
    summary: 'List customers',
    description:
      'Customers not deleted, newest first, paginated; `email` matches exactly, in any case; `q` searches by id, name, e-mail, or a subscription’s reference or card’s last four (docs/api.md, Search).',
    response: ok([CUSTOMER], PAGE),
  },
  'GET /customers/{id}': {
    summary: 'Get a customer',
    description: 'One customer, with its `credit_balance`. Unknown or deleted: 404.',
    response: ok(CUSTOMER),
  },
  'PUT /customers/{id}': {
    summary: 'Change a customer',
    description:
      'Changes the fields given, checked as on creation; `null` clears an optional field, `tax_ids` and `metadata` are replaced whole. The currency stays while the customer has subscriptions or credit (422); the invoice prefix until its invoices carry numbers (409).',
    request: { email: 'billing@acme.example', tax_ids: [{ type: 'au_abn', value: '51824753556' }] },
    response: ok({ ...CUSTOMER, email: 'billing@acme.example', updated_at: '2026-11-23T02:10:00.000Z' }),
  },
  'DELETE /customers/{id}': {
    summary: 'Delete a customer',
    description:
      'Deletes a customer whose subscriptions are all cancelled or completed (409 `customer_has_subscriptions` otherwise) and answers it; from then on it answers 404 and no subscription can take it. Its invoices keep naming it.',
    response: ok({ ...CUSTOMER, updated_at: '2026-12-01T00:00:00.000Z' }),
  },
  'GET /customers/{id}/subscriptions': {
    summary: "List a customer's subscriptions",
    description: 'Its subscriptions, whatever their status, newest first, paginated.',
    response: ok([{ ...SUBSCRIPTION, customer_id: CUSTOMER.id }], PAGE),
  },
  'GET /customers/{id}/invoices': {
    summary: "List a customer's invoices",
    description: 'The invoices written for its subscriptions while they belonged to it, newest period first, paginated.',
    response: ok([{ ...INVOICE, customer_id: CUSTOMER.id }], PAGE),
  },
  'GET /customers/{id}/emails': {
    summary: "List a customer's e-mails",
    description:
      "The e-mails Recur wrote to the customer (docs/emails.md), newest first, paginated: `kind`, `recipient`, `status` (`pending`: to send, or to try again at `next_attempt_at`; `sent`; `failed`: its tries spent, `last_error` says why; `outbox`: kept in the local outbox, never sent), `attempts`, the relay's `message_id`, `subject`.",
    response: ok([EMAIL], PAGE),
  },
  'GET /emails/{id}': {
    summary: 'Get an e-mail',
    description: 'One e-mail with `text`, its plain-text part as rendered (null until it is). Unknown: 404.',
    response: ok({ ...EMAIL, text: 'Hallo Jürgen,\n\nIhre Rechnung INV-000042 über EUR 29.00 liegt vor.\n…' }),
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
  'POST /billable_metrics': {
    summary: 'Create a billable metric',
    description:
      'What usage events count: `code` (unique per merchant and environment, letters, digits, `-`, `_`), `name`, `aggregation` (`count`, `sum`, `max`, `unique_count`, `latest`), `field` (the event property aggregated: required except for `count`, refused with it) and `filters` (`{property: [values]}`: only events whose property is one of the values count). A code taken: 409. Emits `billable_metric.created`. Plans price metrics with `prices` (POST /plans).',
    request: { code: 'api_calls', name: 'API calls', aggregation: 'count', filters: { region: ['eu', 'us'] } },
    response: ok(METRIC),
  },
  'GET /billable_metrics': {
    summary: 'List billable metrics',
    description: 'Billable metrics, archived ones too, newest first, paginated.',
    response: ok([METRIC], PAGE),
  },
  'GET /billable_metrics/{key}': {
    summary: 'Get a billable metric',
    description: 'One billable metric by its code or its id. Unknown: 404.',
    response: ok(METRIC),
  },
  'POST /billable_metrics/{key}/archive': {
    summary: 'Archive a billable metric',
    description:
      'By code or id. New events for it are refused (`metric_archived`); the events already counted stay and still aggregate. The code is not reused. Emits `billable_metric.archived` (once).',
    response: ok({ ...METRIC, status: 'archived', archived_at: '2027-01-01T00:00:00.000Z' }),
  },
  'POST /usage_events': {
    summary: 'Send usage events',
    description:
      "One event, or `{events: [...]}` of 1 to 1,000: `transaction_id` (the idempotency key, unique per merchant and environment), `subscription_id` or `customer_id` (the customer's one subscription live at the timestamp), `code` (a billable metric), `timestamp`, `properties`. Each event is answered on its own: `accepted`, `duplicate` (a transaction id seen before, or earlier in the batch: ignored) or `refused` with a `reason` (`invalid_event`, `subscription_not_found`, `customer_not_found`, `no_subscription_at_timestamp`, `several_subscriptions`, `metric_not_found`, `metric_archived`, `outside_subscription`, `missing_field`, `archived_month`, `period_invoiced`: a late event refused by the `late_usage` setting, or an event of a subscription that has ended). Refused events are not written; the others are written together, in one transaction. HTTP 200 whatever the outcomes; a body that is not one event or a batch (e.g. `events` empty or over 1,000) is a 422.",
    request: { events: [USAGE_EVENT, { ...USAGE_EVENT, transaction_id: 'req_7f3a92', code: 'storage_gb' }] },
    response: ok({
      accepted: 1,
      duplicates: 0,
      refused: 1,
      events: [
        { index: 0, transaction_id: 'req_7f3a91', status: 'accepted' },
        {
          index: 1,
          transaction_id: 'req_7f3a92',
          status: 'refused',
          reason: { code: 'metric_not_found', message: 'Billable metric storage_gb could not be found' },
        },
      ],
    }),
  },
  'GET /subscriptions/{id}/usage': {
    summary: "Get a subscription's usage",
    description:
      "The usage over [`from`, `to`) — by default the current period — per billable metric of the merchant: the aggregated `quantity`, the `events` counted and, for the metrics the subscription's plan prices, the `amount` it would bill now with the `tiers` applied (null for a metric the plan does not price); `amount` at the top sums them (the upcoming usage, before coupon and tax).",
    response: ok({
      subscription_id: 'c1eda3f8-a678-47d2-847c-b2d61209f839',
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
      metrics: [
        {
          code: 'api_calls',
          name: 'API calls',
          aggregation: 'count',
          status: 'active',
          quantity: 1250,
          events: 1250,
          amount: 500,
          tiers: [
            { tier: 1, from_unit: 1, to_unit: 1000, units: 1000, unit_amount: 0, flat_amount: 0, amount: 0 },
            { tier: 2, from_unit: 1001, to_unit: 1250, units: 250, unit_amount: 2, flat_amount: 0, amount: 500 },
          ],
        },
      ],
      amount: 500,
    }),
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
  'GET /analytics/mrr': {
    summary: 'MRR and its movements, per month',
    description:
      'Per currency and month (UTC, `from` and `to` as `YYYY-MM`, both included; default the 12 months up to the current one, at most 60): MRR at the month’s start and end, its movements (`new`, `expansion`, `reactivation` positive; `contraction`, `churn` negative; their sum `net_change`), and the subscriptions with MRR at its end. A subscription’s MRR: its plan’s recurring amount (amount × quantity, or with a seats price the base fee plus the seats price’s amount) less a recurring coupon (forever or repeating), per month (a year’s ÷ 12, a week’s × 52 ÷ 12, a day’s × 365 ÷ 12, each ÷ the interval count), rounded half away from zero; active and past-due subscriptions only. Definitions: docs/analytics.md.',
    response: ok({
      from: '2027-01',
      to: '2027-01',
      series: [
        {
          currency: 'AUD',
          months: [
            {
              month: '2027-01',
              mrr_start: 120000,
              mrr: 125900,
              new: 8700,
              expansion: 2000,
              contraction: -300,
              churn: -5800,
              reactivation: 1300,
              net_change: 5900,
              active_subscriptions: 42,
            },
          ],
        },
      ],
    }),
  },
  'GET /analytics/revenue': {
    summary: 'Revenue collected and refunded, failed payments and dunning, per month',
    description:
      'Per currency and month (the same `from` and `to` as MRR): `collected` (approved charges, by the month their invoice was paid, billing time), `refunded` (approved refunds, by the month they were made), `net`; `failed` (declined or failed attempts by decline class: how many, for how much); `dunning` (invoices first failing that month, those of them paid since, the amount recovered, and `recovery_rate` = recovered ÷ failed, null when none failed).',
    response: ok({
      from: '2027-01',
      to: '2027-01',
      series: [
        {
          currency: 'AUD',
          months: [
            {
              month: '2027-01',
              collected: 412300,
              refunded: 2900,
              net: 409400,
              failed: { soft: { attempts: 6, amount: 17400 }, hard: { attempts: 1, amount: 2900 } },
              dunning: { failed_invoices: 5, recovered_invoices: 4, recovered_amount: 11600, recovery_rate: 0.8 },
            },
          ],
        },
      ],
    }),
  },
  'GET /analytics/past_due': {
    summary: 'Invoices past due now',
    description: 'Per currency: how many invoices are past due, the amount still due, and how many of them wait for a card update.',
    response: ok({ currencies: [{ currency: 'AUD', invoices: 3, amount: 8700, held_for_card: 1 }] }),
  },
  'GET /analytics/renewals': {
    summary: 'Renewals in the next days',
    description:
      'Subscriptions whose next charge falls in the next `days` (1 to 90, default 30; a test clock’s time for its subscriptions), per currency and day (UTC): how many, and their amount before tax, items and credit (the recurring amount of the plan that will bill at its quantity, less a coupon still held). Subscriptions cancelling at period end are left out.',
    response: ok({
      days: 30,
      currencies: [{ currency: 'AUD', renewals: 2, amount: 5800, days: [{ day: '2027-02-01', renewals: 2, amount: 5800 }] }],
    }),
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
    description:
      'Invoices with their lines and charge attempts, newest first, paginated; filter by `subscription_id`, `customer_id`, `status`, and by the day they were issued (`finalized_at`, the date printed on the invoice): `from` (inclusive) and `to` (exclusive), each a day (`2026-11-01`, midnight UTC) or an ISO 8601 instant. A draft is issued on no day.',
    response: ok([INVOICE], PAGE),
  },
  'GET /dunning/holds': {
    summary: 'Cards held by network caps or waiting for an update',
    description:
      'The past-due invoices whose card may not be charged now, paginated, the ones ending soonest first: `reason` `network_cap` (the card reached a network cap, `cap` `24h` or `30d`, as the `invoice.retry_capped` event said at `held_since`; no retry before `held_until`) or `card_update` (the card expired or needs new details; `held_until` null: retried at once when the card is updated). Each names the `card_token`, the `invoice_id`, `subscription_id`, `customer_id`, `amount` and `currency`. Filter: `reason`. Times are billing times (a test clock’s, for its subscriptions).',
    response: ok(
      [
        {
          reason: 'network_cap',
          card_token: 'r5u58fueb5ulhlhbjj4z',
          invoice_id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
          subscription_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
          customer_id: null,
          amount: 2900,
          currency: 'AUD',
          cap: '24h',
          held_since: '2026-11-28T09:00:00.000Z',
          held_until: '2026-11-29T08:00:00.000Z',
        },
      ],
      PAGE,
    ),
  },
  'GET /invoices/{id}': {
    summary: 'Get an invoice',
    description: 'One invoice with its lines and charge attempts. Unknown: 404.',
    response: ok(INVOICE),
  },
  'POST /invoices/{id}/refund': {
    summary: 'Refund an invoice',
    description:
      'Refunds all (no `amount`: what is left to refund and to credit) or part of a paid invoice through the gateway, in minor units (1000 = AUD 10.00). Recorded on the invoice (`refunds`, `refunded_amount`; it stays `paid`) and as an `invoice.refunded` event, with its credit note (`credit_notes`, `credited_amount`; `credit_note.created`): its reason is one of the five credit note reasons when the text is one, else `other`, the text its memo.',
    request: { amount: 1000, reason: 'goodwill' },
    response: ok({ ...INVOICE, refunded_amount: 1000 }),
  },
  'POST /invoices/{id}/credit_notes': {
    summary: 'Credit an invoice',
    description:
      'A credit note of a finalized invoice (`open`, `past_due` or `paid`; a draft is edited instead, 409): `amount`, or `lines` (`[{invoice_line_id, amount}]`, `il_<n>` as the invoice shows its lines), in minor units, tax included; `reason` one of `duplicate`, `fraudulent`, `order_change`, `product_unsatisfactory`, `other`. Tax is credited in proportion: a first note takes `round(amount × tax ÷ total)`. On an invoice still owed it lowers `amount_due` (paid with no purchase at 0); on a paid one it refunds the card through the gateway (`refund: true`) or raises the customer’s, else the subscription’s, credit balance. The notes of an invoice never sum past its `total` (422). Numbered `CN-000001`, … without a gap; `credit_note.created`.',
    request: { amount: 1000, reason: 'duplicate', refund: true, memo: 'Charged twice for December' },
    response: ok(CREDIT_NOTE),
  },
  'GET /credit_notes': {
    summary: 'List credit notes',
    description: 'Credit notes, newest first, paginated; filter by `invoice_id` or `customer_id`.',
    response: ok([CREDIT_NOTE], PAGE),
  },
  'GET /credit_notes/{id}': {
    summary: 'Get a credit note',
    description:
      'One credit note: its figures (`amount`, `tax`, `subtotal`), lines, reason, memo, where the credit went (`credit_to`) and the refund it made. Unknown: 404.',
    response: ok(CREDIT_NOTE),
  },
  'GET /credit_notes/{id}/pdf': {
    summary: 'Download a credit note as PDF',
    description:
      'The credit note as a PDF document (`application/pdf`, `Content-Disposition` with `CN-000001.pdf`): the seller and bill-to of its invoice, its number and date, the invoice it corrects, the lines credited with their tax, the totals, the reason and memo, and the invoice’s reverse-charge note where it carries one. Rendered on request and cached by version (docs/api.md, "Documents"). Unknown or another merchant’s: 404 in the JSON envelope.',
    response: '%PDF-1.3 … (the credit note CN-000001)',
  },
  'GET /invoices/{id}/pdf': {
    summary: 'Download an invoice as PDF',
    description:
      'The finalized invoice as a PDF document (`application/pdf`, `Content-Disposition` with `INV-000042.pdf`): the seller snapshot and logo, the bill-to snapshot, number, dates, lines (quantity, unit price, discount, tax, amount), tax per rate, totals, the reverse-charge note where it applies, and the amount paid or due. Fonts embedded (Latin, Greek, Japanese). The same invoice version gives the same bytes; rendered on request and cached by version. A draft has no document yet: 409. Unknown or another merchant’s: 404 in the JSON envelope.',
    response: '%PDF-1.3 … (the invoice INV-000042)',
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
    description:
      'How this environment drafts and numbers invoices: `draft_hours`, `invoice_prefix`, `credit_note_prefix`, `numbering`, and what a late usage event does (`late_usage`).',
    response: ok(INVOICING),
  },
  'PUT /settings/invoicing': {
    summary: 'Change the invoicing settings',
    description:
      'Replaces the fields given: `draft_hours` (0 to 720: period invoices stay drafts that long; 0 finalizes at once), the prefixes (1 to 12 letters, digits, `-`, `_`, `/`), `numbering` (`merchant` or `customer`), `late_usage` (`correct`, the default: a usage event in a range already billed is billed on the next invoice as a `usage_correction` line; `refuse`: it is refused, `period_invoiced`).',
    request: { draft_hours: 24 },
    response: ok(INVOICING),
  },
  'GET /settings/business': {
    summary: 'Get the business details',
    description:
      'The legal details printed as the seller on every invoice finalized from now on (null where none is set), and the `logo` the documents print (`content_type`, `size`, `sha256`; null for none).',
    response: ok(BUSINESS_VIEW),
  },
  'PUT /settings/business': {
    summary: 'Change the business details',
    description:
      'Replaces the fields given (null clears one): `legal_name`, `address` (`country` ISO 3166-1 alpha-2), `tax_id`, `email`, `phone`, and `logo` (`{content_type: "image/png" | "image/svg+xml", data: <base64>}`, at most 256 KiB decoded; an SVG may hold no script and no reference outside itself; a bad one: 422 naming `logo`). Invoices already finalized keep the details they were issued with; their documents print the current logo.',
    request: {
      ...BUSINESS,
      logo: {
        content_type: 'image/svg+xml',
        data: 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI4MCIgaGVpZ2h0PSIyNCI+PHJlY3Qgd2lkdGg9IjgwIiBoZWlnaHQ9IjI0IiBmaWxsPSIjMWE3M2U4Ii8+PC9zdmc+',
      },
    },
    response: ok(BUSINESS_VIEW),
  },
  'POST /hosted_links': {
    summary: 'Create a link to a customer page',
    description:
      'A signed link for the merchant to send its customer: `purpose` `invoice` (`object_id` an invoice, finalized: the hosted invoice page, where an open or past-due invoice can be paid with a new card) or `card_update` (`object_id` a subscription or a customer: the card-update page, which points the subscription, or each of the customer’s billed subscriptions, at the new card and tries what they owe at once). The link names one object, one purpose and this environment, lives `HOSTED_LINK_TTL_DAYS` (14 by default) and is signed with the active `HOSTED_LINK_KEYS` key; nothing of it is stored but its later use or revocation. A card-update link serves once. Unknown or another merchant’s object: 404; a draft invoice: 409. See docs/hosted-pages.md.',
    request: { purpose: 'card_update', object_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f' },
    response: ok({
      link_id: '9f86d081884c7d65',
      purpose: 'card_update',
      object_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      url: 'https://billing.example.com/card/default.AQEAbxwtPktaTG2Ofxqgscs-T2dBqQBnSYKAn4bQgYhMfWU.kYt0oUqRhwTB9aPQH3rvwQ',
      expires_at: '2026-12-11T10:00:00.000Z',
    }),
  },
  'POST /hosted_links/{link_id}/revoke': {
    summary: 'Revoke a link to a customer page',
    description:
      'Withdraws a link (its `link_id`, as created, or as read from the link): its page answers 410 "This link was withdrawn" from now on. Revoking again keeps the first `revoked_at`. A `link_id` that is not 16 hex digits: 404. Links in events (`update_url`, `invoice_url`) are revoked the same way: their id is the link’s nonce, answered here when created through the API.',
    response: ok({ link_id: '9f86d081884c7d65', revoked_at: '2026-11-28T09:30:00.000Z' }),
  },
  'GET /settings/emails': {
    summary: 'Get the e-mail settings',
    description:
      "Who the e-mails to the merchant's customers come from (`from`, `reply_to`; null until set), which kinds are on (`enabled`: all off until turned on), and where sandbox and test-clock e-mails go (`sandbox_delivery`: `outbox`, the default, keeps them in the local outbox; `smtp` sends them).",
    response: ok(EMAIL_SETTINGS),
  },
  'PUT /settings/emails': {
    summary: 'Change the e-mail settings',
    description:
      "Replaces the fields given; `enabled` names the kinds it turns on or off (`invoice_finalized`, `payment_succeeded`, `payment_failed`, `card_expiring`, `card_expired`, `credit_note_created`), the others stay. A kind is turned on only with a `from` address (given or stored; else 422 naming `from`). Bad values: 422 naming the field, nothing written. Events from now on cause the e-mails turned on; the merchant's own domain must allow Recur's relay to send as `from` (SPF, DKIM, DMARC: docs/emails.md).",
    request: EMAIL_SETTINGS,
    response: ok(EMAIL_SETTINGS),
  },
};
