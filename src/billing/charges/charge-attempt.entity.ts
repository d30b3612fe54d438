import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, uuidKey } from '../../platform/entity-columns.ts';

/** The closed set of attempt states; `sending` and `unknown` are resolved by lookup, never guessed. */
export const ATTEMPT_STATUSES = ['sending', 'approved', 'declined', 'unknown', 'error'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * One try at collecting an invoice, written before the gateway is called. Its reference,
 * derived from invoice and attempt number, is the purchase reference: a re-send is recognised.
 */
export const ChargeAttempt = defineEntity({
  name: 'ChargeAttempt',
  schema: 'billing',
  tableName: 'charge_attempts',
  properties: {
    id: uuidKey(),
    invoiceId: p.uuid(),
    number: p.integer(),
    reference: p.string().length(64).unique('charge_attempts_reference_unique'),
    status: p.string().length(10),
    purchaseId: p.string().length(40).nullable(),
    responseCode: p.string().length(2).nullable(),
    message: p.string().length(255).nullable(),
    declineClass: p.string().length(12).nullable(),
    adviceCode: p.string().length(20).nullable(),
    /** The card token the gateway charged (an alias resolved). */
    cardToken: p.string().length(20).nullable(),
    /** The card token the attempt was claimed against (an alias resolved): a resumed attempt is re-sent with it. */
    claimedCardToken: p.string().length(255).nullable(),
    /**
     * The card the attempt counts against, written by the claim: its key at the gateway port
     * (`cardKey`: the fingerprint, shared by every token of the card; the token where the gateway
     * shows none). Network caps, attempts in flight and the card's retry rhythm are per key.
     */
    cardKey: p.string().length(255).nullable(),
    /**
     * Billing time of the attempt's claim (a test clock's where one applies), written once with the
     * claim and never moved by its outcome: network caps count attempts in this time, on every path.
     */
    attemptedAt: instant().nullable(),
    /** Billing time at which the outcome was recorded (later than `attemptedAt` when a worker died in between); null while unresolved. */
    resolvedAt: instant().nullable(),
    /** Made by `POST /invoices/{id}/retry`: it does not use up the dunning schedule. */
    manual: p.boolean().default(false),
    createdAt: instant(),
    updatedAt: instant(),
  },
  uniques: [{ properties: ['invoiceId', 'number'], name: 'charge_attempts_number_unique' }],
  indexes: [
    { properties: ['cardKey', 'attemptedAt'], name: 'charge_attempts_card_key_index' },
    {
      // Per card, not one list of every attempt in flight: the claim looks up one card's, and a
      // burst leaves dead entries in a partial index until vacuum (a list of all of them is scanned whole).
      name: 'charge_attempts_in_flight_card_key_index',
      expression: `create index "charge_attempts_in_flight_card_key_index" on "billing"."charge_attempts" ("card_key") where "status" in ('sending', 'unknown')`,
    },
    {
      name: 'charge_attempts_unresolved_index',
      expression: `create index "charge_attempts_unresolved_index" on "billing"."charge_attempts" ("updated_at") where "status" in ('sending', 'unknown')`,
    },
    {
      // The analytics' failed payments by month (docs/analytics.md).
      name: 'charge_attempts_failed_index',
      expression: `create index "charge_attempts_failed_index" on "billing"."charge_attempts" ("attempted_at") where "status" in ('declined', 'error')`,
    },
  ],
});
export type ChargeAttempt = InferEntity<typeof ChargeAttempt>;
