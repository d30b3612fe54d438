import { z } from 'zod';
import { Timestamp } from '../../platform/timestamps.ts';

/** A batch holds at most this many events. */
export const MAX_BATCH = 1000;

/** A property's value: a string of up to 1,000 characters, a number, a boolean or null. */
export type PropertyValue = string | number | boolean | null;

/** One usage event as `POST /usage_events` takes it, alone or in `events` (checked by `parseUsageEvent`). */
export interface UsageEventInput {
  transaction_id: string;
  subscription_id?: string;
  customer_id?: string;
  code: string;
  timestamp: string;
  properties?: Record<string, PropertyValue>;
}

/** Why an event's shape is refused: the field (`properties.region`, or '' for the event itself) and what is wrong. */
export interface ShapeIssue {
  path: string;
  message: string;
}

const FIELDS = new Set(['transaction_id', 'subscription_id', 'customer_id', 'code', 'timestamp', 'properties']);
const Uuid = z.uuid();
const MAX_PROPERTIES = 50;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, min: number, max: number): string | null {
  if (value === undefined) return 'is required';
  if (typeof value !== 'string') return `must be a string, not ${describe(value)}`;
  return value.length < min || value.length > max ? `must be ${min} to ${max} characters long` : null;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function propertyIssue(value: unknown): string | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'must be a finite number';
  if (typeof value === 'string') return value.length <= 1000 ? null : 'must be at most 1,000 characters long';
  return `must be a string, a number, a boolean or null, not ${describe(value)}`;
}

/**
 * Checks one usage event's shape: the only home of these rules (docs/usage.md, `invalid_event`).
 * Hand-written rather than a zod object because a batch of 1,000 events is checked on every
 * request and a zod object with a record of properties cost about 8 ms of CPU a batch, a fifth
 * of the daemon's CPU per event (docs/benchmarks.md); `timestamp` and the ids use the shared
 * zod schemas, `Timestamp` and `z.uuid()`. Answers the first issue found, field by field in the
 * order above.
 */
export function parseUsageEvent(raw: unknown): { event: UsageEventInput } | { issue: ShapeIssue } {
  if (!isRecord(raw)) return { issue: { path: '', message: `an event must be an object, not ${describe(raw)}` } };
  const fail = (path: string, message: string) => ({ issue: { path, message } });
  let problem = text(raw.transaction_id, 1, 255);
  if (problem) return fail('transaction_id', problem);
  for (const key of ['subscription_id', 'customer_id'] as const) {
    const id = raw[key];
    if (id !== undefined && (typeof id !== 'string' || !Uuid.safeParse(id).success)) return fail(key, 'must be a UUID');
  }
  problem = text(raw.code, 1, 64);
  if (problem) return fail('code', problem);
  const at = Timestamp.safeParse(raw.timestamp);
  if (!at.success) return fail('timestamp', at.error.issues[0]!.message);
  const properties = raw.properties;
  if (properties !== undefined) {
    if (!isRecord(properties)) return fail('properties', `must be an object, not ${describe(properties)}`);
    let count = 0;
    for (const key in properties) {
      if (!Object.hasOwn(properties, key)) continue;
      if (++count > MAX_PROPERTIES) return fail('properties', `properties holds at most ${MAX_PROPERTIES} properties`);
      if (key.length < 1 || key.length > 100) return fail('properties', 'a property name must be 1 to 100 characters long');
      problem = propertyIssue(properties[key]);
      if (problem) return fail(`properties.${key}`, problem);
    }
  }
  for (const key in raw) if (Object.hasOwn(raw, key) && !FIELDS.has(key)) return fail('', `unknown field ${key}`);
  if ((raw.subscription_id === undefined) === (raw.customer_id === undefined)) {
    return fail('subscription_id', 'give exactly one of subscription_id and customer_id');
  }
  return { event: raw as unknown as UsageEventInput };
}

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
  'period_invoiced',
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
