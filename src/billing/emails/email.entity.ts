import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant, uuidKey } from '../../platform/entity-columns.ts';

/**
 * One e-mail to a merchant's customer, caused by one event: written by the outbox relay in the
 * transaction that marks the event relayed (one per event and kind, however often the relay runs),
 * then sent by the notifications sender (`pending` → `sent`, or `failed` after its tries), or kept
 * in the local outbox (`outbox`: no SMTP relay, or sandbox mail the merchant keeps from real
 * addresses), its rendered message in `raw`.
 */
export const Email = defineEntity({
  name: 'Email',
  schema: 'billing',
  tableName: 'emails',
  properties: {
    id: uuidKey(),
    merchantId: p.uuid(),
    environment: environmentName(),
    customerId: p.uuid(),
    kind: p.string().length(30),
    eventId: p.uuid(),
    recipient: p.string().length(255),
    locale: p.string().length(35).nullable(),
    /** `pending`, `sent`, `failed` or `outbox`. */
    status: p.string().length(10),
    attempts: p.integer().default(0),
    nextAttemptAt: instant().nullable(),
    lastError: p.string().length(500).nullable(),
    messageId: p.string().length(255).nullable(),
    subject: p.string().length(500).nullable(),
    /** The plain-text part as rendered, for the API and the CLI. */
    textBody: p.text().nullable(),
    /** The whole message (RFC 5322, attachments included) when it went to the local outbox. */
    raw: p.text().nullable(),
    sentAt: instant().nullable(),
    createdAt: instant(),
  },
  uniques: [{ properties: ['eventId', 'kind'], name: 'emails_event_kind_unique' }],
  indexes: [
    { properties: ['customerId', 'createdAt'], name: 'emails_customer_index' },
    {
      name: 'emails_due_index',
      expression: `create index "emails_due_index" on "billing"."emails" ("next_attempt_at") where "status" = 'pending'`,
    },
    {
      name: 'emails_outbox_index',
      expression: `create index "emails_outbox_index" on "billing"."emails" ("created_at") where "status" = 'outbox'`,
    },
  ],
});
export type Email = InferEntity<typeof Email>;
