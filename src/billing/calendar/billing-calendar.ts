import { IANAZone } from 'luxon';

/**
 * The billing calendar (BILLING.md, "The billing calendar"): period n of a subscription starts at
 * anchor + n × (count × interval), computed in the subscription's local calendar and always from
 * the anchor, never by stepping from the previous period. Pure: no clock reads.
 *
 * Luxon is used only for time-zone data (offsets, validity). Its own local→instant conversion is
 * not used: in a spring-forward gap it shifts by the gap length (02:30 → 03:30) instead of going to
 * the first valid instant (03:00), and for an ambiguous fall-back time it keeps whichever offset the
 * source DateTime had (or, for DateTime.fromObject, the offset the zone has *now*).
 */

export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];
export interface Cadence {
  interval: Interval;
  intervalCount: number;
  timeZone: string;
}

export const DEFAULT_TIME_ZONE = 'UTC';
export const MAX_INTERVAL_COUNT = 365;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** A local wall-clock date and time: calendar date plus milliseconds since local midnight. */
interface Wall {
  year: number;
  month: number; // 1..12
  day: number;
  msOfDay: number;
}

// IANAZone.isValidZone builds a new Intl.DateTimeFormat per call (~0.1 ms): remember the valid ones.
const validZones = new Set<string>();

export function isValidTimeZone(tz: string): boolean {
  if (validZones.has(tz)) return true;
  if (typeof tz !== 'string' || tz.length === 0 || !IANAZone.isValidZone(tz)) return false;
  validZones.add(tz);
  return true;
}

/**
 * A zone and the offsets already read from it. Luxon reads an offset through Intl (about 10 µs a
 * call, and a period takes ten): the scheduler computes a period per due subscription, so offsets
 * are remembered per UTC hour. An hour is remembered only when its first and last millisecond have
 * the same offset (no transition inside it; two transitions that cancel out within one hour do
 * not occur in the time-zone database); an hour holding a transition is always read exactly.
 * Fixed-offset zones (UTC, Etc/GMT±N) have one offset.
 */
interface Zone {
  iana: IANAZone;
  fixed: number | null;
  hours: Map<number, number>;
}

const MS_PER_HOUR = 3_600_000;
/** Hours remembered per zone before the memory starts again (a few MB at most). */
const MAX_HOURS_PER_ZONE = 50_000;
const zones = new Map<string, Zone>();

function exactOffsetMs(zone: IANAZone, ms: number): number {
  return Math.round(zone.offset(ms) * MS_PER_MINUTE);
}

function zoneOf(tz: string): Zone {
  const known = zones.get(tz);
  if (known) return known;
  if (!isValidTimeZone(tz)) throw new RangeError(`invalid IANA time zone: ${JSON.stringify(tz)}`);
  const iana = IANAZone.create(tz);
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  let fixed: number | null = null;
  if (/^(UTC|Etc\/(UTC|GMT|GMT[+-]\d{1,2}))$/.test(canonical)) {
    // Fixed by definition; checked against Intl anyway, from the distant past to the far future.
    const probes = [-4e12, -1e12, 0, 1e12, 2e12, 4e12, 8e12].map((ms) => exactOffsetMs(iana, ms));
    if (probes.every((o) => o === probes[0])) fixed = probes[0]!;
  }
  const zone: Zone = { iana, fixed, hours: new Map() };
  zones.set(tz, zone);
  return zone;
}

function assertCadence(c: Cadence): void {
  if (!INTERVALS.includes(c.interval)) throw new RangeError(`invalid interval: ${String(c.interval)}`);
  if (!Number.isInteger(c.intervalCount) || c.intervalCount < 1 || c.intervalCount > MAX_INTERVAL_COUNT) {
    throw new RangeError(`intervalCount must be an integer in 1..${MAX_INTERVAL_COUNT}: ${c.intervalCount}`);
  }
}

function assertIndex(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`period index must be a non-negative integer: ${n}`);
}

function assertInstant(d: Date, what: string): number {
  const ms = d instanceof Date ? d.getTime() : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`${what} must be a valid Date`);
  return ms;
}

// Proleptic Gregorian day numbers (days since 1970-01-01), valid for every year (H. Hinnant).
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function civilFromDays(z: number): { year: number; month: number; day: number } {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

export function daysInMonth(year: number, month: number): number {
  return daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
}

/** The zone's UTC offset at instant ms, in ms (luxon reports minutes, fractional for LMT). */
function offsetMs(zone: Zone, ms: number): number {
  if (zone.fixed !== null) return zone.fixed;
  const hour = Math.floor(ms / MS_PER_HOUR);
  const known = zone.hours.get(hour);
  if (known !== undefined) return Number.isNaN(known) ? exactOffsetMs(zone.iana, ms) : known;
  const first = exactOffsetMs(zone.iana, hour * MS_PER_HOUR);
  const last = exactOffsetMs(zone.iana, hour * MS_PER_HOUR + MS_PER_HOUR - 1);
  // Outside the range of a Date, nothing is remembered (and the offset is NaN, as before).
  if (Number.isNaN(first) || Number.isNaN(last)) return exactOffsetMs(zone.iana, ms);
  if (zone.hours.size >= MAX_HOURS_PER_ZONE) zone.hours.clear();
  // NaN marks an hour holding a transition: read exactly each time.
  zone.hours.set(hour, first === last ? first : NaN);
  return first === last ? first : exactOffsetMs(zone.iana, ms);
}

function toWall(zone: Zone, ms: number): Wall {
  const local = ms + offsetMs(zone, ms);
  const days = Math.floor(local / MS_PER_DAY);
  return { ...civilFromDays(days), msOfDay: local - days * MS_PER_DAY };
}

/**
 * The instant of a local wall time. Ambiguous (fall-back) → the earlier instant. Nonexistent
 * (spring-forward gap) → the first valid instant after the gap, i.e. the transition itself.
 */
function fromWall(zone: Zone, w: Wall): number {
  const local = daysFromCivil(w.year, w.month, w.day) * MS_PER_DAY + w.msOfDay;
  const before = offsetMs(zone, local - MS_PER_DAY);
  const after = offsetMs(zone, local + MS_PER_DAY);
  // The candidates: local time read with the offset of the day before, and of the day after.
  const early = local - before;
  const late = local - after;
  const earlyValid = early + offsetMs(zone, early) === local;
  const lateValid = before !== after && late + offsetMs(zone, late) === local;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (earlyValid) return early;
  if (lateValid) return late;
  // In a gap: offsets go from `before` to `after` (> before) inside [local - after, local - before].
  let lo = local - after; // offset here is still the earlier one
  let hi = local - before; // offset here is already the later one
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetMs(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The wall time `k` units after `w` in the local calendar, clamping the day to the month's end. */
function addToWall(w: Wall, interval: Interval, k: number): Wall {
  if (interval === 'day' || interval === 'week') {
    const days = daysFromCivil(w.year, w.month, w.day) + k * (interval === 'week' ? 7 : 1);
    return { ...civilFromDays(days), msOfDay: w.msOfDay };
  }
  const months = w.year * 12 + (w.month - 1) + k * (interval === 'year' ? 12 : 1);
  const year = Math.floor(months / 12);
  const month = months - year * 12 + 1;
  return { year, month, day: Math.min(w.day, daysInMonth(year, month)), msOfDay: w.msOfDay };
}

function startMs(anchorMs: number, zone: Zone, cadence: Cadence, n: number, anchorWall?: Wall): number {
  if (n === 0) return anchorMs; // period 0 is the anchor itself, even if its local time is ambiguous
  return fromWall(zone, addToWall(anchorWall ?? toWall(zone, anchorMs), cadence.interval, n * cadence.intervalCount));
}

/** Start instant of period n (n >= 0). */
export function periodStart(anchor: Date, cadence: Cadence, n: number): Date {
  assertCadence(cadence);
  assertIndex(n);
  return new Date(startMs(assertInstant(anchor, 'anchor'), zoneOf(cadence.timeZone), cadence, n));
}

/** [start, end) of period n. */
export function period(anchor: Date, cadence: Cadence, n: number): { index: number; start: Date; end: Date } {
  assertCadence(cadence);
  assertIndex(n);
  const a = assertInstant(anchor, 'anchor');
  const zone = zoneOf(cadence.timeZone);
  const wall = toWall(zone, a);
  return { index: n, start: new Date(startMs(a, zone, cadence, n, wall)), end: new Date(startMs(a, zone, cadence, n + 1, wall)) };
}

/** [start, end) of period n as epoch milliseconds: `period` without its Dates (the scheduler computes one per due row). */
export function periodMs(anchor: Date, cadence: Cadence, n: number): { start: number; end: number } {
  assertCadence(cadence);
  assertIndex(n);
  const a = assertInstant(anchor, 'anchor');
  const zone = zoneOf(cadence.timeZone);
  const wall = toWall(zone, a);
  return { start: startMs(a, zone, cadence, n, wall), end: startMs(a, zone, cadence, n + 1, wall) };
}

const pad2 = (n: number): string => (n < 10 ? '0' : '') + n;

/** `Date.prototype.toISOString` of an instant, about four times faster (years 1000 to 9999; any other year goes to `toISOString`). */
export function isoInstant(ms: number): string {
  const days = Math.floor(ms / MS_PER_DAY);
  const { year, month, day } = civilFromDays(days);
  if (!(year >= 1000 && year <= 9999)) return new Date(ms).toISOString();
  let rest = ms - days * MS_PER_DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / MS_PER_MINUTE);
  rest -= minutes * MS_PER_MINUTE;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/** The index of the period containing instant t (t >= anchor); for t < anchor returns -1. */
export function periodIndexAt(anchor: Date, cadence: Cadence, t: Date): number {
  assertCadence(cadence);
  const a = assertInstant(anchor, 'anchor');
  const at = assertInstant(t, 't');
  const zone = zoneOf(cadence.timeZone);
  if (at < a) return -1;
  // Estimate from the local-calendar distance, then correct by stepping (at most a step or two).
  const wa = toWall(zone, a);
  const wt = toWall(zone, at);
  const units =
    cadence.interval === 'month' || cadence.interval === 'year'
      ? ((wt.year - wa.year) * 12 + (wt.month - wa.month)) / (cadence.interval === 'year' ? 12 : 1)
      : (daysFromCivil(wt.year, wt.month, wt.day) - daysFromCivil(wa.year, wa.month, wa.day)) / (cadence.interval === 'week' ? 7 : 1);
  let n = Math.max(0, Math.floor(units / cadence.intervalCount));
  while (n > 0 && startMs(a, zone, cadence, n) > at) n--;
  while (startMs(a, zone, cadence, n + 1) <= at) n++;
  return n;
}

/** The first period index whose start is >= t (used when resuming a paused subscription). */
export function firstPeriodStartingAtOrAfter(anchor: Date, cadence: Cadence, t: Date): number {
  const i = periodIndexAt(anchor, cadence, t);
  if (i < 0) return 0;
  return periodStart(anchor, cadence, i).getTime() === t.getTime() ? i : i + 1;
}

/** The anchor after `trialDays` local calendar days of trial from `start`, same local time of day. */
export function anchorAfterTrial(start: Date, timeZone: string, trialDays: number): Date {
  const s = assertInstant(start, 'start');
  if (!Number.isSafeInteger(trialDays) || trialDays < 0) {
    throw new RangeError(`trialDays must be a non-negative integer: ${trialDays}`);
  }
  const zone = zoneOf(timeZone);
  if (trialDays === 0) return new Date(s);
  return new Date(fromWall(zone, addToWall(toWall(zone, s), 'day', trialDays)));
}

/** The instant of local midnight on a civil date (`YYYY-MM-DD`) in a zone, under the same gap and overlap rules as period starts. */
export function localMidnight(date: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`no such date: ${date}`);
  return new Date(fromWall(zoneOf(timeZone), { year, month, day, msOfDay: 0 }));
}

/** The start of the full interval that ends at `anchor` (one interval before it, in the local calendar, clamped to the month's end). */
export function intervalStartBefore(anchor: Date, cadence: Cadence): Date {
  assertCadence(cadence);
  const a = assertInstant(anchor, 'anchor');
  const zone = zoneOf(cadence.timeZone);
  return new Date(fromWall(zone, addToWall(toWall(zone, a), cadence.interval, -cadence.intervalCount)));
}
