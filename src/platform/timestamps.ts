import { z } from 'zod';

/**
 * The range of every timestamp and date Recur accepts (docs/api.md "Timestamps"): from
 * 1970-01-01T00:00:00Z to 2999-12-31T23:59:59.999Z. Outside it a value is a 422 naming the field,
 * and nothing is written. Below it lie years that ISO 8601 writes with a sign or that come before
 * Unix time; the upper bound leaves room for the periods, retries and anchors billing computes
 * from an accepted time (years ahead of it) to stay four-digit years that every client parses.
 */
export const EARLIEST_TIMESTAMP = new Date('1970-01-01T00:00:00.000Z');
export const LATEST_TIMESTAMP = new Date('2999-12-31T23:59:59.999Z');

const RANGE_MESSAGE = 'must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z';

/** True when `value` (a time or an ISO text) lies in the accepted range. */
export function inTimestampRange(value: string | Date): boolean {
  const time = (typeof value === 'string' ? new Date(value) : value).getTime();
  return Number.isFinite(time) && time >= EARLIEST_TIMESTAMP.getTime() && time <= LATEST_TIMESTAMP.getTime();
}

/** An ISO 8601 date-time with a `Z` or an offset, in the accepted range. */
export const Timestamp = z.iso
  .datetime({ offset: true })
  .refine((value) => inTimestampRange(value), RANGE_MESSAGE)
  .meta({ description: `An ISO 8601 date-time with an offset, ${RANGE_MESSAGE}` });

/** A date-time or a calendar date (a start: `2026-12-01` or `2026-12-01T09:00:00+10:00`), in the accepted range. */
export const DateOrTimestamp = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .refine((value) => inTimestampRange(value.length === 10 ? `${value}T00:00:00Z` : value), RANGE_MESSAGE)
  .meta({ description: `An ISO 8601 date or date-time with an offset, ${RANGE_MESSAGE}` });
