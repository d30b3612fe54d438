import { emailKindSql } from '../events/email-kinds.ts';

/**
 * The body of a data-modifying CTE of the outbox relay: one pending e-mail per event of `ev`
 * (a CTE of events with id, merchant_id, environment, type, data) that causes a kind of e-mail the
 * merchant turned on, to the customer the event is about (its `customer_id`, else its invoice's or
 * credit note's invoice's, else its subscription's), when that customer has an e-mail address. One
 * per event and kind (`emails_event_kind_unique`): a relay run twice writes it once. `now` is
 * when it is first due.
 */
export function emailsFromEventsSql(ev: string, now: string): string {
  return `insert into billing.emails (id, merchant_id, environment, customer_id, kind, event_id, recipient, locale, status, attempts, next_attempt_at, created_at)
     select gen_random_uuid(), ${ev}.merchant_id, ${ev}.environment, c.id, k.kind, ${ev}.id, c.email, c.locale, 'pending', 0, ${now}, ${now}
       from ${ev}
       cross join lateral (select ${emailKindSql(`${ev}.type`)} as kind) k
       join billing.merchant_settings ms on ms.merchant_id = ${ev}.merchant_id and ms.environment = ${ev}.environment
        and ms.emails->'enabled'->>k.kind = 'true'
       join billing.customers c on c.id = coalesce(
              (${ev}.data->>'customer_id')::uuid,
              (${ev}.data->'credit_note'->>'customer_id')::uuid,
              (select i.customer_id from billing.invoices i
                where i.id = coalesce(${ev}.data->>'invoice_id', ${ev}.data->'credit_note'->>'invoice_id')::uuid),
              (select s.customer_id from billing.subscriptions s where s.id = (${ev}.data->>'subscription_id')::uuid))
        and c.merchant_id = ${ev}.merchant_id and c.environment = ${ev}.environment
        and c.deleted_at is null and c.email is not null
      where k.kind is not null
     on conflict on constraint emails_event_kind_unique do nothing
     returning id`;
}
