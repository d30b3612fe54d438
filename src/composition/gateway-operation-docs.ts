import { ok, PAGE, type OperationDoc } from './operation-doc.ts';

// The gateway's operations (cards, purchases, refunds, the sandbox script): examples as docs/api.md shows them.

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
const CREDENTIAL = {
  id: '5e8a2c4d-6f1b-4a3e-9c7d-0b2f4e6a8c1d',
  username: 'testmyshop958038',
  environment: 'sandbox',
  created_at: '2026-11-20T08:00:00.000Z',
  rotated_at: null,
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

export const GATEWAY_OPERATION_DOCS: Record<string, OperationDoc> = {
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
  'GET /credentials': {
    summary: "List the merchant's API credentials",
    description:
      'The API credentials of the listener’s environment (one today): `id`, `username`, `environment`, `created_at` and `rotated_at` (null when never rotated). Never a token: Recur keeps only a keyed hash of it. Recur does not record when a credential was last used. Console sessions: admin only.',
    response: ok([CREDENTIAL]),
  },
  'GET /credentials/{id}': {
    summary: 'Get an API credential',
    description:
      'One API credential of the merchant in the listener’s environment, without its token. Another environment’s or merchant’s: 404. Console sessions: admin only.',
    response: ok(CREDENTIAL),
  },
  'POST /credentials/{id}/rotate': {
    summary: 'Rotate an API credential',
    description:
      'Gives the credential a new API token (256 random bits, 43 characters of base64url) and answers it in `api_token`: this answer is the only place it ever appears (sent with `Cache-Control: no-store`; the console audit log keeps it redacted). The old token is refused from the next request on, with no grace period: deploy the new token where the old one was used first, or rotate when the old one may be known. Only the listener’s environment’s credential can be rotated (another’s: 404). Writes a `credential.rotated` audit event naming who rotated it. Console sessions: admin only.',
    response: ok({ ...CREDENTIAL, rotated_at: '2026-11-28T09:40:00.000Z', api_token: 'mG3p7hXn2QvA0sLrT9eKz4YwB6cUoD1fJ8iN5aVbE2s' }),
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
};
