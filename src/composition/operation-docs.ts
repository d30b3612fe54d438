/**
 * What the OpenAPI document says about each operation, beside what the routes' schemas say: a
 * summary, a description, and a real example request and answer (as docs/api.md shows them),
 * keyed by method and path under `/v1.0`. One file for all of them, merged into the document by
 * openapi.ts; test/ops/openapi.test.ts fails when an operation has no entry here, or an entry no
 * operation. Amounts are integer minor units: 2900 is AUD 29.00.
 */
export interface OperationDoc {
  summary: string;
  description: string;
  /** The JSON body of an example request (operations that take one). */
  request?: unknown;
  /** The example answer's envelope. */
  response: unknown;
}

const ok = (response: unknown, page?: { records: number; total_records: number }) => ({
  successful: true,
  response,
  errors: [],
  test: true,
  ...(page ? { ...page, page: 1, total_pages: Math.max(1, Math.ceil(page.total_records / Math.max(1, page.records))) } : {}),
});

const CARD = {
  token: 'r5u58fueb5ulhlhbjj4z',
  card_holder: 'Jane Doe',
  card_number: '512345XXXXXX2346',
  card_expiry: '2030-05-31',
  card_type: 'MasterCard',
  card_category: 'Credit',
  card_subcategory: 'Standard',
  card_issuer: 'Recur Test Bank',
  card_country: 'AU',
  authorized: true,
  transaction_count: 0,
  alias: 'customer-42',
};
const PURCHASE = {
  id: 'DOCS-P-2Q9WLBLO',
  transaction_id: 'DOCS-P-2Q9WLBLO',
  authorization: '078178',
  card_number: '512345XXXXXX2346',
  card_holder: 'Jane Doe',
  card_expiry: '2030-05-31',
  card_token: 'r5u58fueb5ulhlhbjj4z',
  card_type: 'MasterCard',
  amount: 1000,
  decimal_amount: 10,
  successful: true,
  message: 'Approved',
  reference: 'order-1',
  currency: 'AUD',
  response_code: '00',
  transaction_date: '2026-11-22T07:21:58.507Z',
  settlement_date: '2026-11-22',
  captured: true,
  captured_amount: 1000,
  refunded_amount: 0,
  rrn: '024877441153',
  cvv_match: 'U',
  metadata: {},
  customer_ip: null,
  extra: {},
};
const REFUND = {
  id: 'DOCS-R-4CISLT8T',
  transaction_id: 'DOCS-R-4CISLT8T',
  authorization: '786720',
  amount: 400,
  decimal_amount: 4,
  refunded: 'Approved',
  message: 'Approved',
  successful: true,
  reference: 'refund-1',
  currency: 'AUD',
  card_number: '512345XXXXXX2346',
  card_holder: 'Jane Doe',
  card_expiry: '2030-05-31',
  card_type: 'MasterCard',
  card_token: 'r5u58fueb5ulhlhbjj4z',
  transaction_date: '2026-11-22T07:22:01.839Z',
  settlement_date: '2026-11-22',
  response_code: '00',
  original_transaction_id: 'DOCS-P-2Q9WLBLO',
};
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
const WEBHOOK = {
  id: '5f5f124b-5fc7-4683-9d08-aadf44bad9d2',
  url: 'https://shop.example/recur',
  events: ['invoice.paid', 'invoice.payment_failed'],
  created_at: '2026-11-22T07:22:37.554Z',
};
const DELIVERY = {
  id: '82ed58da-71bd-4590-88f2-a20f566aeb7c',
  event_id: '3c7f5001-d0de-44f5-a11f-66699a2fc93c',
  event_type: 'invoice.paid',
  status: 'delivered',
  attempts: [
    { number: 1, status_code: 500, error: 'receiver answered HTTP 500', duration_ms: 154, created_at: '2026-11-22T07:22:53.012Z' },
    { number: 2, status_code: 200, error: null, duration_ms: 9, created_at: '2026-11-22T07:23:23.087Z' },
  ],
  created_at: '2026-11-22T07:22:52.803Z',
  delivered_at: '2026-11-22T07:23:23.087Z',
};
const EVENT = {
  id: '0cd8eca2-6bc7-488b-b210-4740fcd632d9',
  type: 'invoice.payment_failed',
  created_at: '2026-11-22T07:22:54.513Z',
  data: {
    final: false,
    amount: 2951,
    attempt: 1,
    message: 'Insufficient Funds',
    currency: 'AUD',
    invoice_id: '32c41620-955a-497b-b27e-57eba6896cba',
    decline_class: 'soft',
    response_code: '51',
    next_attempt_at: '2027-06-02T00:00:00.000Z',
    subscription_id: '234fbe5f-6661-4836-aaf0-da7661c8f033',
  },
};
const CLOCK = {
  id: 'eb1fd770-6d0d-4b19-a34f-481413ae1f0e',
  frozen_time: '2027-01-31T09:00:00.000Z',
  status: 'ready',
  created_at: '2026-11-22T07:22:52.204Z',
};
const PAGE = { records: 1, total_records: 1 };

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /health': {
    summary: 'Check credentials and the database',
    description:
      'Answers 200 when the credentials are valid and the database answers, otherwise 503. `echo` comes back in `response.echo`.',
    response: ok({ timestamp: '2026-11-22T07:21:52.173Z', echo: 'ping' }),
  },
  'GET /ping': {
    summary: 'Ping (not enveloped)',
    description:
      'What the official Ruby client calls. Authenticated like every request; the answer is not enveloped: `{"timestamp": <unix seconds>, "echo": "<echo>"}`.',
    response: { timestamp: 1795939200, echo: 'hello' },
  },
  'GET /ping.json': {
    summary: 'Ping, JSON spelling (not enveloped)',
    description: 'The same as `GET /ping`, under the name some clients use.',
    response: { timestamp: 1795939200, echo: 'hello' },
  },
  'POST /credit_cards': {
    summary: 'Tokenize a card',
    description:
      'Seals the card number in the vault and answers the card record with its token (the number masked to first six and last four). The same number and expiry again for the same merchant answers the existing token. The CVV is used for this call only and never stored. Every validation problem is listed at once (422).',
    request: { card_holder: 'Jane Doe', card_number: '5123456789012346', card_expiry: '05/2030', cvv: '123', alias: 'customer-42' },
    response: ok(CARD),
  },
  'GET /credit_cards': {
    summary: 'List cards',
    description:
      "The merchant's cards in this environment, newest first, paginated (`limit` up to 50, `offset` is the page number from 1).",
    response: ok([CARD], PAGE),
  },
  'GET /credit_cards/{key}': {
    summary: 'Get a card by token or alias',
    description: 'One card, looked up by token or by alias (a token wins over an alias of the same spelling). Unknown: 404.',
    response: ok(CARD),
  },
  'PUT /credit_cards/{key}': {
    summary: "Update a card's expiry or alias",
    description:
      'A new expiry, or an alias set, moved or removed (`null`). Subscriptions on the card learn the new expiry and invoices held for a card update are retried at once; a `card.updated` event is emitted.',
    request: { card_expiry: '08/2031' },
    response: ok({ ...CARD, card_expiry: '2031-08-31' }),
  },
  'POST /purchases': {
    summary: 'Charge a card',
    description:
      "Charges a stored card (`card_token`: a token or an alias) or raw card details (tokenized in the same call). `amount` is in minor units (1000 = AUD 10.00); `reference` is unique per merchant and environment, so a repeat with the same reference is refused rather than charged twice. A decline is not an error: `successful: true` with `response.successful: false` and the bank's `response_code`.",
    request: { amount: 1000, currency: 'AUD', reference: 'order-1', card_token: 'customer-42' },
    response: ok(PURCHASE),
  },
  'GET /purchases': {
    summary: 'List purchases',
    description: 'Purchases in this environment, newest first, paginated (`limit` up to 50, `offset` is the page number from 1).',
    response: ok([PURCHASE], PAGE),
  },
  'POST /purchases/void': {
    summary: 'Void a purchase',
    description:
      'Voids an uncaptured authorization, or a purchase not yet settled (settlement is at the end of its UTC day) and not refunded. The id comes as `?id=` or in the body. The answer is the purchase with `voided: true`.',
    request: { id: 'DOCS-P-2Q9WLBLO' },
    response: ok({ ...PURCHASE, voided: true, message: 'Voided' }),
  },
  'POST /purchases/{key}/capture': {
    summary: 'Capture an authorization',
    description:
      'Captures an authorization (a purchase made with `capture: false`), once, for up to the authorized amount (`amount` in minor units: 800 = AUD 8.00). A refused capture answers 200 with `successful: false`.',
    request: { amount: 800, currency: 'AUD' },
    response: ok({ ...PURCHASE, captured: true, captured_amount: 800 }),
  },
  'GET /purchases/{key}': {
    summary: 'Get a purchase by id or reference',
    description: 'One purchase, looked up by its id or by your reference. Unknown: 404.',
    response: ok(PURCHASE),
  },
  'POST /refunds': {
    summary: 'Refund a purchase',
    description:
      'Refunds all or part of an approved purchase (`transaction_id`), in minor units (400 = AUD 4.00), never more than what is left to refund. `reference` is unique per merchant and environment.',
    request: { transaction_id: 'DOCS-P-2Q9WLBLO', amount: 400, reference: 'refund-1' },
    response: ok(REFUND),
  },
  'GET /refunds': {
    summary: 'List refunds',
    description: 'Refunds in this environment, newest first, paginated.',
    response: ok([REFUND], PAGE),
  },
  'POST /void': {
    summary: 'Void a purchase or a refund by id',
    description:
      'Voids the purchase or the refund with that id (`?id=` or in the body), as `POST /purchases/void` or `POST /refunds/void` would: the path Active Merchant sends. An unknown id: 404 "Transaction Not Found".',
    request: { id: 'DOCS-P-2Q9WLBLO' },
    response: ok({ ...PURCHASE, voided: true, message: 'Voided' }),
  },
  'POST /refunds/void': {
    summary: 'Void a refund',
    description:
      "Voids an approved refund not yet settled (`id`: the refund id), and gives its amount back to the purchase's refundable amount.",
    request: { id: 'DOCS-R-4CISLT8T' },
    response: ok({ ...REFUND, voided: true }),
  },
  'GET /refunds/{key}': {
    summary: 'Get a refund by id or reference',
    description: 'One refund, looked up by its id or by your reference. Unknown: 404.',
    response: ok(REFUND),
  },
  'PUT /sandbox/credit_cards/{key}/script': {
    summary: "Script a sandbox card's next answers",
    description:
      "Sandbox only. The card's next charges answer the scripted outcomes in order (a response code, a merchant advice code, or a fault such as a delay or a dropped connection), then the card answers as usual.",
    request: {
      outcomes: [
        { response_code: '51', merchant_advice_code: 'retry_later', merchant_advice_retry_after: '2030-01-01T00:00:00Z' },
        { response_code: '00', fault: 'delay', delay_ms: 2000 },
        { fault: 'drop' },
      ],
    },
    response: ok({
      token: 'owae057rg7lk2t998hnx',
      outcomes: [
        { response_code: '51', merchant_advice_code: 'retry_later', merchant_advice_retry_after: '2030-01-01T00:00:00Z' },
        { response_code: '00', fault: 'delay', delay_ms: 2000 },
        { fault: 'drop' },
      ],
    }),
  },
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
  'GET /events': {
    summary: 'List events',
    description: 'The event log, newest first, paginated; filter by `type`.',
    response: ok([EVENT], { records: 1, total_records: 5 }),
  },
  'POST /webhooks': {
    summary: 'Register a webhook endpoint',
    description:
      'Deliveries of the named event types (or `*`) to `url`, signed with a secret answered only here (header `Recur-Signature`). Production endpoints must be public HTTPS URLs.',
    request: { url: 'https://shop.example/recur', events: ['invoice.paid', 'invoice.payment_failed'] },
    response: ok({ ...WEBHOOK, secret: 'whsec_TrNhZw3v9sQyq8o1Jd2kXbLmPfR5aGtU' }),
  },
  'GET /webhooks': {
    summary: 'List webhook endpoints',
    description: 'The endpoints, without their secrets, paginated.',
    response: ok([WEBHOOK], PAGE),
  },
  'GET /webhooks/{id}': {
    summary: 'Get a webhook endpoint',
    description: 'One endpoint, without its secret. Unknown: 404.',
    response: ok(WEBHOOK),
  },
  'DELETE /webhooks/{id}': {
    summary: 'Delete a webhook endpoint',
    description: 'Stops deliveries to it.',
    response: ok(WEBHOOK),
  },
  'GET /webhooks/{id}/deliveries': {
    summary: "List an endpoint's deliveries",
    description: 'Each delivery with its tries (status code, error, duration), newest first, paginated.',
    response: ok([DELIVERY], PAGE),
  },
  'POST /webhooks/{id}/deliveries/{delivery_id}/retry': {
    summary: 'Send a delivery again',
    description:
      'Sends a `failed` delivery again: it becomes `pending` with a fresh set of tries; its earlier tries stay in its history. No body; idempotent.',
    response: ok({ ...DELIVERY, status: 'pending', delivered_at: null }),
  },
  'POST /test_clocks': {
    summary: 'Create a test clock',
    description: 'Sandbox only: a frozen "now" for the subscriptions attached to it (`test_clock_id`).',
    request: { frozen_time: '2027-01-31T09:00:00Z' },
    response: ok(CLOCK),
  },
  'GET /test_clocks/{id}': {
    summary: 'Get a test clock',
    description: 'Sandbox only. `status` is `advancing` until everything due up to its time has an outcome, then `ready`.',
    response: ok(CLOCK),
  },
  'POST /test_clocks/{id}/advance': {
    summary: 'Advance a test clock',
    description: 'Sandbox only: moves the clock forward; every period, retry and expiry notice due up to the new time runs, in order.',
    request: { frozen_time: '2027-06-01T00:00:00Z' },
    response: ok({ ...CLOCK, frozen_time: '2027-06-01T00:00:00.000Z', status: 'advancing' }),
  },
};
