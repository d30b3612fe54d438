import type { Params } from '../../platform/sql-params.ts';
import type { NewEvent } from './event-types.ts';
import { EMAIL_EVENTS, emailKindSql } from './email-kinds.ts';

/**
 * Whether an event is born relayed: no endpoint of its merchant subscribes to its type, and it
 * causes no e-mail the merchant has turned on (`PUT /settings/emails`), so the outbox relay has
 * nothing to make of it and never has to touch its row (most merchants' events on the charge
 * path). The predicate is the relay's own joins, negated; an endpoint created (or an e-mail turned
 * on) while the event's statement runs applies to the events created after it. The e-mail
 * settings are read only for the types that cause an e-mail (one primary-key lookup). SQL over the
 * given expressions (merchant id, environment, type), for the caller's insert.
 */
export function bornRelayedSql(merchant: string, environment: string, type: string): string {
  const mailed = Object.values(EMAIL_EVENTS)
    .map((t) => `'${t}'`)
    .join(', ');
  return `(not exists (select 1 from billing.webhook_endpoints w
                       where w.merchant_id = ${merchant} and w.environment = ${environment} and w.deleted_at is null
                         and (w.events @> to_jsonb(${type}::text) or w.events @> '"*"'::jsonb))
     and not (case when ${type} in (${mailed}) then exists (select 1 from billing.merchant_settings s
                       where s.merchant_id = ${merchant} and s.environment = ${environment}
                         and s.emails->'enabled'->>${emailKindSql(type)} = 'true') else false end))`;
}

/**
 * An event's data as it is stored, SQL over the type and data (jsonb) expressions: a
 * `subscription.*` event carries the subscription (`data.subscription`) and, beside it at the top
 * level, its `subscription_id` and `status` (and a `subscription.cancelled` its `cancelled_at`),
 * the fields receivers read before `data.subscription` existed. Every insert of events goes through
 * here, so no writer can leave them out; what the writer put in `data` wins.
 */
export function eventDataSql(type: string, data: string): string {
  return `(case when ${type} like 'subscription.%' and jsonb_typeof(${data}->'subscription') = 'object'
      then jsonb_build_object('subscription_id', ${data}->'subscription'->'id', 'status', ${data}->'subscription'->'status')
           || case when ${type} = 'subscription.cancelled' then jsonb_build_object('cancelled_at', ${data}->'subscription'->'cancelled_at') else '{}'::jsonb end
           || ${data}
      else ${data} end)`;
}

/**
 * The body of a data-modifying CTE that writes events inside the caller's statement, so that a
 * change and its events are one round trip: `events` always, and each `when` event once per row
 * the named CTE returned (a change that happened, e.g. `update … returning id`).
 */
export function insertEventsSql(
  params: Params,
  now: Date,
  events: NewEvent[],
  when: { cte: string; event: NewEvent; /** A jsonb expression over the CTE's row, merged into the data. */ dataSql?: string }[] = [],
): string {
  // One `select` per event (not `unnest` of arrays): the planner then knows the row count, and a
  // prepared statement's generic plan is as good as a custom one, so it is planned once.
  const row = (event: NewEvent, dataSql?: string) =>
    `select ${params.add(event.merchantId)}::uuid, ${params.add(event.environment)}::text, ${params.add(event.type)}::text,
       ${params.add(JSON.stringify(event.data))}::jsonb${dataSql ? ` || ${dataSql}` : ''}`;
  const rows = [...events.map((e) => row(e)), ...when.map(({ cte, event, dataSql }) => `${row(event, dataSql)} from ${cte}`)];
  return `insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
     select gen_random_uuid(), m, e, t, ${eventDataSql('t', 'd')}, ${params.add(now)}, ${bornRelayedSql('m', 'e', 't')}
       from (${rows.join(' union all ')}) as y(m, e, t, d)`;
}
