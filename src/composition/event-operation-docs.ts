import { ok, PAGE, type OperationDoc } from './operation-doc.ts';

// Billing's events, webhooks and their deliveries, and test clocks.

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
    invoice_url: 'https://billing.example.com/pay/default.AQAAMsQWIJVbSXuyfVfrppbLugBnQGqWZ1ZAXmm3s9kGdXE.6qK0w8w2cQm1Qb1Q5c8yTw',
    update_url: 'https://billing.example.com/card/default.AQEAI0--X2ZhSDa5H8GncWHwMwBnQGqWZ5hB9qd7aq6G-NY.kYt0oUqRhwTB9aPQH3rvwQ',
  },
};
const CLOCK = {
  id: 'eb1fd770-6d0d-4b19-a34f-481413ae1f0e',
  frozen_time: '2027-01-31T09:00:00.000Z',
  status: 'ready',
  created_at: '2026-11-22T07:22:52.204Z',
};

export const EVENT_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /events': {
    summary: 'List events',
    description:
      'The event log, newest first, paginated (events of one instant in the reverse of the order they were written: `invoice.paid` above `invoice.finalized` above `invoice.created`); filter by `type`, `subscription_id` (the events about that subscription) and `customer_id` (the events that name that customer, and those of its subscriptions). `card.expiring`, `card.expired` and `invoice.payment_failed` carry `data.update_url`, a signed link to the card-update page of the subscription; `invoice.payment_failed` also `data.invoice_url`, the invoice page, where the customer pays it with a new card (docs/hosted-pages.md).',
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
