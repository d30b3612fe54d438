import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, merchantRow, minorUnits } from '../../platform/entity-columns.ts';

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'cancelled',
  'incomplete',
  'completed',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A customer's card subscribed to a plan. `next_charge_at` is when the scheduler next owes an
 * invoice: the start of period `next_period_index` of the calendar anchored at `anchor_at`.
 */
export const Subscription = defineEntity({
  name: 'Subscription',
  schema: 'billing',
  tableName: 'subscriptions',
  properties: {
    ...merchantRow(),
    planId: p.uuid(),
    /** A plan change takes effect from the next period. */
    nextPlanId: p.uuid().nullable(),
    /** A token or an alias: resolved at charge time, so an alias moved to a new card just works. */
    cardToken: p.string().length(255),
    /**
     * `cardToken` is the card's own token, so a charge counts network caps against it as it is; an
     * alias (or a name not yet checked) is resolved by the gateway at each charge.
     */
    cardIsToken: p.boolean().default(false),
    /**
     * The card's key (`cardKey` of the gateway port: its fingerprint, else its token) when
     * `cardIsToken`: a token names one card for good, so its key is kept; null until known.
     */
    cardKey: p.string().length(255).nullable(),
    /** Seats: the subscription line is `plan.amount × quantity`. */
    quantity: p.integer().default(1),
    /** A quantity change that takes effect from the next period. */
    nextQuantity: p.integer().nullable(),
    /** Period invoices written so far: the setup fee goes on the first, `billing_cycles` counts them. */
    periodsInvoiced: p.integer().default(0),
    /** Credit held (minor units, ≥ 0): later invoices use it before the card. */
    creditBalance: minorUnits().default(0),
    /** The coupon held, and how many more period invoices it discounts (null: every one). */
    couponId: p.uuid().nullable(),
    couponPeriodsLeft: p.integer().nullable(),
    customerReference: p.string().length(255),
    /** The customer billed (optional): its address and tax ids tax the invoices, its balance pays them first. */
    customerId: p.uuid().nullable(),
    /** Tax rates for the subscription's lines (before the plan's, after an item's own). */
    taxRateIds: p.json<string[]>().columnType('jsonb').default('[]'),
    status: p.string().length(12),
    timeZone: p.string().length(64),
    startAt: instant(),
    anchorAt: instant(),
    nextPeriodIndex: p.integer(),
    currentPeriodStart: instant().nullable(),
    currentPeriodEnd: instant().nullable(),
    nextChargeAt: instant().nullable(),
    trialEnd: instant().nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    cancelledAt: instant().nullable(),
    pausedAt: instant().nullable(),
    testClockId: p.uuid().nullable(),
    /** The card's expiry (`YYYY-MM-DD`, last day of the month), kept from the gateway so a charge can be checked without asking it. */
    cardExpiry: p.string().length(10).nullable(),
    /** Charges are held until the merchant sends a new expiry or card. */
    awaitingCardUpdate: p.boolean().default(false),
    /** The charge date `card.expiring` was last sent for (once per date). */
    expiringNotifiedFor: instant().nullable(),
    metadata: p.json<Record<string, string>>().columnType('jsonb'),
    createdAt: instant(),
    updatedAt: instant(),
  },
  indexes: [
    {
      name: 'subscriptions_customer_index',
      expression: `create index "subscriptions_customer_index" on "billing"."subscriptions" ("customer_id") where "customer_id" is not null`,
    },
    { properties: ['merchantId', 'environment', 'createdAt'], name: 'subscriptions_listing_index' },
    {
      // Only subscriptions on a test clock: those on the real clock (all of production's) are
      // claimed through the due index, and an advance of one writes no entry here.
      name: 'subscriptions_clock_due_index',
      expression:
        `create index "subscriptions_clock_due_index" on "billing"."subscriptions" ("test_clock_id", "next_charge_at") ` +
        `where "test_clock_id" is not null`,
    },
    {
      // card.expiring reads only cards expiring within the lead horizon (a tick must not scan the table).
      name: 'subscriptions_card_expiry_index',
      expression:
        `create index "subscriptions_card_expiry_index" on "billing"."subscriptions" ("card_expiry") ` +
        `where "card_expiry" is not null and not "awaiting_card_update" and "status" in ('trialing', 'active')`,
    },
    {
      name: 'subscriptions_due_index',
      expression:
        `create index "subscriptions_due_index" on "billing"."subscriptions" ("next_charge_at") ` +
        `where "test_clock_id" is null and "status" in ('trialing', 'active', 'past_due')`,
    },
  ],
});
export type Subscription = InferEntity<typeof Subscription>;
