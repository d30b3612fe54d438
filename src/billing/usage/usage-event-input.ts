import { z } from 'zod';
import { Timestamp } from '../../platform/timestamps.ts';

/** A batch holds at most this many events. */
export const MAX_BATCH = 1000;

const PropertyValue = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);

/** One usage event as `POST /usage_events` takes it, alone or in `events`. */
export const UsageEventInput = z
  .strictObject({
    transaction_id: z.string().min(1).max(255),
    subscription_id: z.uuid().optional(),
    customer_id: z.uuid().optional(),
    code: z.string().min(1).max(64),
    timestamp: Timestamp,
    properties: z
      .record(z.string().min(1).max(100), PropertyValue)
      .refine((p) => Object.keys(p).length <= 50, 'properties holds at most 50 properties')
      .optional(),
  })
  .superRefine((e, ctx) => {
    if ((e.subscription_id === undefined) === (e.customer_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['subscription_id'], message: 'give exactly one of subscription_id and customer_id' });
    }
  });
export type UsageEventInput = z.infer<typeof UsageEventInput>;

/** The body: one event, or `{events: [...]}` of 1 to 1,000 (each event is checked on its own, and refused on its own). */
export const UsageEventsBody = z.looseObject({
  events: z.array(z.unknown()).min(1, 'events needs at least one event').max(MAX_BATCH, 'events holds at most 1,000 events').optional(),
});

/** Why an event was refused (docs/usage.md lists them). */
export const REFUSALS = [
  'invalid_event',
  'subscription_not_found',
  'customer_not_found',
  'no_subscription_at_timestamp',
  'several_subscriptions',
  'metric_not_found',
  'metric_archived',
  'outside_subscription',
  'missing_field',
  'archived_month',
] as const;
export type Refusal = (typeof REFUSALS)[number];

export type EventOutcome =
  | { index: number; transaction_id: string; status: 'accepted' | 'duplicate' }
  | { index: number; transaction_id: string | null; status: 'refused'; reason: { code: Refusal; message: string } };

export interface IngestAnswer {
  accepted: number;
  duplicates: number;
  refused: number;
  events: EventOutcome[];
}
