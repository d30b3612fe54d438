/**
 * Whom an event is about, read from its data by PostgreSQL itself (generated columns of
 * `billing.events`, so every writer of events fills them however it inserts): the subscription
 * and the customer that `GET /events?subscription_id=` and `?customer_id=` filter by. An id that
 * is not a UUID is read as null, so an insert never fails on it. The migration that added the
 * columns (Migration20261128050000) holds the same expressions as they were then.
 */
const uuidOf = (expr: string) =>
  `case when (${expr}) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${expr})::uuid end`;

/** `data.subscription_id` (invoice.*, card.expiring, card.expired, subscription.*), `data.subscription.id` or `data.credit_note.subscription_id`. */
export const EVENT_SUBSCRIPTION_SQL = uuidOf(
  `coalesce(data->>'subscription_id', data->'subscription'->>'id', data->'credit_note'->>'subscription_id')`,
);

/** `data.customer_id` (invoice.finalized), `data.subscription.customer_id`, `data.customer.id` (customer.*) or `data.credit_note.customer_id`. */
export const EVENT_CUSTOMER_SQL = uuidOf(
  `coalesce(data->>'customer_id', data->'subscription'->>'customer_id', data->'customer'->>'id', data->'credit_note'->>'customer_id')`,
);
