import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import {
  INTERVALS,
  anchorAfterTrial,
  firstPeriodStartingAtOrAfter,
  isValidTimeZone,
  period,
  periodIndexAt,
  periodStart,
  type Cadence,
  type Interval,
} from '../../../src/billing/calendar/billing-calendar.ts';

// Local readings go through luxon's DateTime (Intl), not through the module's own conversion.
const at = (iso: string): Date => new Date(iso);
const local = (d: Date, zone: string): DateTime => DateTime.fromJSDate(d, { zone });
const localIso = (d: Date, zone: string): string => local(d, zone).toISO({ suppressMilliseconds: true })!;
const wall = (d: DateTime): string => d.toISO({ includeOffset: false })!;
const tod = (dt: DateTime): number => ((dt.hour * 60 + dt.minute) * 60 + dt.second) * 1000 + dt.millisecond;
const cad = (interval: Interval, intervalCount = 1, timeZone = 'UTC'): Cadence => ({ interval, intervalCount, timeZone });
const starts = (anchor: Date, c: Cadence, count: number, zone = c.timeZone): string =>
  Array.from({ length: count }, (_, n) => localIso(periodStart(anchor, c, n), zone)).join(' ');
const dates = (anchor: Date, c: Cadence, count: number): string =>
  Array.from({ length: count }, (_, n) => local(periodStart(anchor, c, n), c.timeZone).toISODate()!).join(' ');

describe('billing calendar: month-end clamping', () => {
  it('a Jan 31 anchor bills on the last day of shorter months and returns to the 31st', () => {
    expect(dates(at('2028-01-31T00:00:00Z'), cad('month'), 14)).toBe(
      '2028-01-31 2028-02-29 2028-03-31 2028-04-30 2028-05-31 2028-06-30 2028-07-31 2028-08-31 2028-09-30 2028-10-31 2028-11-30 2028-12-31 2029-01-31 2029-02-28',
    );
    expect(starts(at('2028-01-31T00:00:00Z'), cad('month'), 2)).toBe('2028-01-31T00:00:00Z 2028-02-29T00:00:00Z');
  });

  it('anchors on the 30th and the 29th', () => {
    expect(dates(at('2029-01-30T12:00:00Z'), cad('month'), 4)).toBe('2029-01-30 2029-02-28 2029-03-30 2029-04-30');
    expect(dates(at('2029-01-29T12:00:00Z'), cad('month'), 3)).toBe('2029-01-29 2029-02-28 2029-03-29');
    expect(dates(at('2028-01-29T12:00:00Z'), cad('month'), 3)).toBe('2028-01-29 2028-02-29 2028-03-29');
  });

  it('a yearly Feb 29 anchor bills Feb 28 in common years and Feb 29 in leap years', () => {
    expect(dates(at('2028-02-29T08:00:00Z'), cad('year'), 5)).toBe('2028-02-29 2029-02-28 2030-02-28 2031-02-28 2032-02-29');
  });

  it('every 3 months, clamped from the anchor (no drift)', () => {
    expect(dates(at('2027-11-30T00:00:00Z'), cad('month', 3), 6)).toBe('2027-11-30 2028-02-29 2028-05-30 2028-08-30 2028-11-30 2029-02-28');
  });

  it('weekly and daily', () => {
    expect(dates(at('2028-02-24T10:00:00Z'), cad('week'), 3)).toBe('2028-02-24 2028-03-02 2028-03-09');
    expect(dates(at('2028-02-24T10:00:00Z'), cad('week', 2), 3)).toBe('2028-02-24 2028-03-09 2028-03-23');
    expect(dates(at('2028-02-27T10:00:00Z'), cad('day'), 4)).toBe('2028-02-27 2028-02-28 2028-02-29 2028-03-01');
    expect(period(at('2028-02-27T10:00:00Z'), cad('day', 3), 1)).toEqual({
      index: 1,
      start: at('2028-03-01T10:00:00Z'),
      end: at('2028-03-04T10:00:00Z'),
    });
  });
});

describe('billing calendar: time zones and DST', () => {
  const NY = 'America/New_York';
  it('America/New_York at 09:00 local stays at 09:00 across both DST changes', () => {
    const monthly = cad('month', 1, NY);
    const ny = starts(at('2024-01-10T14:00:00Z'), monthly, 12).split(' ');
    expect(new Set(ny.map((s) => s.slice(10, 19)))).toEqual(new Set(['T09:00:00']));
    expect(ny.map((s) => s.slice(19)).join(' ')).toBe(`${'-05:00 '.repeat(2)}${'-04:00 '.repeat(8)}-05:00 -05:00`);
    const daily = cad('day', 1, NY);
    expect(starts(at('2024-03-09T14:00:00Z'), daily, 3, 'UTC')).toBe('2024-03-09T14:00:00Z 2024-03-10T13:00:00Z 2024-03-11T13:00:00Z');
    expect(starts(at('2024-11-02T13:00:00Z'), daily, 3, 'UTC')).toBe('2024-11-02T13:00:00Z 2024-11-03T14:00:00Z 2024-11-04T14:00:00Z');
    // a year of daily periods: 366 in 2024, none skipped or doubled by the two changes
    const jan1 = at('2024-01-01T14:00:00Z');
    expect(periodIndexAt(jan1, daily, at('2025-01-01T14:00:00Z'))).toBe(366);
    expect(periodIndexAt(jan1, daily, at('2025-01-01T13:59:59.999Z'))).toBe(365);
  });

  it('Europe/London: 01:30 on the spring-forward day moves to 02:00 BST; fall-back takes the earlier 01:30', () => {
    const LON = 'Europe/London';
    expect(starts(at('2024-01-31T01:30:00Z'), cad('month', 1, LON), 4)).toBe(
      '2024-01-31T01:30:00+00:00 2024-02-29T01:30:00+00:00 2024-03-31T02:00:00+01:00 2024-04-30T01:30:00+01:00',
    );
    expect(starts(at('2024-03-30T01:30:00Z'), cad('day', 1, LON), 3, 'UTC')).toBe(
      '2024-03-30T01:30:00Z 2024-03-31T01:00:00Z 2024-04-01T00:30:00Z',
    );
    // ambiguous 01:30 on 2024-10-27: the BST (earlier) instant, from a BST anchor and from a GMT anchor
    expect(periodStart(at('2024-09-27T00:30:00Z'), cad('month', 1, LON), 1)).toEqual(at('2024-10-27T00:30:00Z'));
    expect(periodStart(at('2023-12-27T01:30:00Z'), cad('month', 1, LON), 10)).toEqual(at('2024-10-27T00:30:00Z'));
    // a trial ending in the gap: the anchor becomes 02:00 BST, and later periods keep 02:00
    const anchor = anchorAfterTrial(at('2024-03-17T01:30:00Z'), LON, 14);
    expect(anchor).toEqual(at('2024-03-31T01:00:00Z'));
    expect(localIso(periodStart(anchor, cad('month', 1, LON), 1), LON)).toBe('2024-04-30T02:00:00+01:00');
  });

  it('Australia/Sydney (southern hemisphere DST)', () => {
    const SYD = 'Australia/Sydney';
    const syd = starts(at('2024-01-14T22:00:00Z'), cad('month', 1, SYD), 11).split(' ');
    expect(new Set(syd.map((s) => s.slice(10, 19)))).toEqual(new Set(['T09:00:00']));
    expect(syd.map((s) => s.slice(19)).join(' ')).toBe(`${'+11:00 '.repeat(3)}${'+10:00 '.repeat(6)}+11:00 +11:00`);
    // 02:30 does not exist on 2024-10-06 (02:00 AEST -> 03:00 AEDT)
    expect(starts(at('2024-10-04T16:30:00Z'), cad('day', 1, SYD), 3)).toBe(
      '2024-10-05T02:30:00+10:00 2024-10-06T03:00:00+11:00 2024-10-07T02:30:00+11:00',
    );
  });

  it('anchorAfterTrial keeps the local time across a DST change', () => {
    expect(anchorAfterTrial(at('2024-03-01T14:00:00Z'), NY, 14)).toEqual(at('2024-03-15T13:00:00Z'));
    expect(anchorAfterTrial(at('2024-10-20T13:00:00Z'), NY, 30)).toEqual(at('2024-11-19T14:00:00Z'));
    expect(anchorAfterTrial(at('2024-03-01T14:00:00.123Z'), NY, 0)).toEqual(at('2024-03-01T14:00:00.123Z'));
    expect(anchorAfterTrial(at('2024-03-01T14:00:00Z'), 'UTC', 7)).toEqual(at('2024-03-08T14:00:00Z'));
  });
});

describe('billing calendar: lookups and validation', () => {
  const anchor = at('2028-01-31T00:00:00Z');
  const monthly = cad('month');
  it('periodIndexAt at exact boundaries and just before', () => {
    expect(periodIndexAt(anchor, monthly, anchor)).toBe(0);
    expect(periodIndexAt(anchor, monthly, at('2028-01-30T23:59:59.999Z'))).toBe(-1);
    expect(periodIndexAt(anchor, monthly, at('2028-02-29T00:00:00Z'))).toBe(1);
    expect(periodIndexAt(anchor, monthly, at('2028-02-28T23:59:59.999Z'))).toBe(0);
    expect(periodIndexAt(anchor, monthly, at('2028-03-30T23:59:59.999Z'))).toBe(1);
    expect(periodIndexAt(anchor, monthly, at('2028-03-31T00:00:00Z'))).toBe(2);
    const daily = cad('day', 1, 'America/Los_Angeles');
    const start = at('2020-01-01T08:00:00Z');
    expect(periodIndexAt(start, daily, periodStart(start, daily, 3653))).toBe(3653);
    expect(periodIndexAt(start, daily, at('2030-01-01T07:59:59.999Z'))).toBe(3652);
  });

  it('firstPeriodStartingAtOrAfter', () => {
    expect(firstPeriodStartingAtOrAfter(anchor, monthly, at('2027-06-01T00:00:00Z'))).toBe(0);
    expect(firstPeriodStartingAtOrAfter(anchor, monthly, anchor)).toBe(0);
    expect(firstPeriodStartingAtOrAfter(anchor, monthly, at('2028-01-31T00:00:00.001Z'))).toBe(1);
    expect(firstPeriodStartingAtOrAfter(anchor, monthly, at('2028-02-29T00:00:00Z'))).toBe(1);
    expect(firstPeriodStartingAtOrAfter(anchor, monthly, at('2028-03-15T00:00:00Z'))).toBe(2);
  });

  it('validates its inputs', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(() => periodStart(anchor, cad('month', 1, 'Nope/Nope'), 1)).toThrow(RangeError);
    expect(() => periodStart(anchor, cad('month', 0), 1)).toThrow(RangeError);
    expect(() => periodStart(anchor, cad('month', 366), 1)).toThrow(RangeError);
    expect(() => periodStart(anchor, cad('month', 1.5), 1)).toThrow(RangeError);
    expect(() => periodStart(anchor, cad('fortnight' as Interval), 1)).toThrow(RangeError);
    expect(() => periodStart(anchor, monthly, -1)).toThrow(RangeError);
    expect(() => periodStart(at('nonsense'), monthly, 1)).toThrow(RangeError);
    expect(() => anchorAfterTrial(anchor, 'UTC', -1)).toThrow(RangeError);
  });
});

const ZONES =
  'UTC America/New_York Europe/London Australia/Sydney Asia/Kolkata Pacific/Chatham America/St_Johns Asia/Kathmandu Europe/Berlin America/Los_Angeles'.split(
    ' ',
  );
const RUNS = 300;
const scenario = fc
  .record({
    anchor: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }),
    timeZone: fc.constantFrom(...ZONES),
    interval: fc.constantFrom(...INTERVALS),
    count: fc.integer({ min: 1, max: 12 }),
    horizon: fc.integer({ min: 1, max: 60 }),
  })
  .map(({ anchor, timeZone, interval, count, horizon }) => ({
    anchor,
    horizon,
    cadence: cad(interval, interval === 'day' ? 1 + (count % 3) : count, timeZone),
  }));
// Daily plans anchored in the small hours (00:00-04:00 local) weeks before a DST change: they hit gaps and overlaps.
const dstScenario = fc
  .record({
    zone: fc.constantFrom(...ZONES.filter((z) => !['UTC', 'Asia/Kolkata', 'Asia/Kathmandu'].includes(z))),
    date: fc.record({
      year: fc.integer({ min: 2000, max: 2100 }),
      month: fc.constantFrom(2, 3, 9, 10),
      day: fc.integer({ min: 1, max: 28 }),
    }),
    ms: fc.integer({ min: 0, max: 4 * 3_600_000 - 1 }),
  })
  .map(({ zone, date, ms }) => ({
    anchor: DateTime.fromObject(date, { zone }).plus({ milliseconds: ms }).toJSDate(),
    horizon: 60,
    cadence: cad('day', 1, zone),
  }));
const mixed = fc.oneof(scenario, dstScenario);

describe('billing calendar: properties', () => {
  it('periods tile time: end(n) = start(n+1), start(n) < start(n+1)', () => {
    fc.assert(
      fc.property(mixed, ({ anchor, cadence, horizon }) => {
        expect(periodStart(anchor, cadence, 0)).toEqual(anchor);
        let prev = period(anchor, cadence, 0);
        for (let n = 1; n <= horizon; n++) {
          const p = period(anchor, cadence, n);
          expect(p.index).toBe(n);
          expect(prev.end).toEqual(p.start);
          expect(prev.start.getTime()).toBeLessThan(p.start.getTime());
          prev = p;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('month and year periods land on min(anchor day, days in month), anchor month + n×count', () => {
    const monthly = scenario.filter(({ cadence }) => cadence.interval === 'month' || cadence.interval === 'year');
    fc.assert(
      fc.property(monthly, ({ anchor, cadence, horizon }) => {
        const a = local(anchor, cadence.timeZone);
        const step = cadence.intervalCount * (cadence.interval === 'year' ? 12 : 1);
        for (let n = 0; n <= horizon; n++) {
          const s = local(periodStart(anchor, cadence, n), cadence.timeZone);
          const expected = a.startOf('month').plus({ months: n * step });
          expect([s.year, s.month]).toEqual([expected.year, expected.month]);
          expect(s.day).toBe(Math.min(a.day, expected.daysInMonth!));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('every start is at the anchor local time of day, or at the end of the gap that swallowed it, earliest if ambiguous', () => {
    let gaps = 0;
    let overlaps = 0;
    fc.assert(
      fc.property(mixed, ({ anchor, cadence, horizon }) => {
        const zone = IANAZone.create(cadence.timeZone);
        const want = tod(local(anchor, cadence.timeZone));
        for (let n = 1; n <= horizon; n++) {
          const start = periodStart(anchor, cadence, n);
          const s = local(start, cadence.timeZone);
          if (tod(s) !== want) {
            const justBefore = local(new Date(start.getTime() - 1), cadence.timeZone);
            expect(zone.offset(start.getTime() - 1)).toBeLessThan(zone.offset(start.getTime()));
            expect(justBefore.toISODate()).toBe(s.toISODate());
            expect(tod(justBefore)).toBeLessThan(want);
            expect(tod(s)).toBeGreaterThan(want);
            gaps++;
          } else {
            for (const other of [start.getTime() - 86_400_000, start.getTime() + 86_400_000]) {
              const twin = start.getTime() + (zone.offset(start.getTime()) - zone.offset(other)) * 60_000;
              const same = wall(local(new Date(twin), cadence.timeZone)) === wall(s);
              if (twin < start.getTime())
                expect(same).toBe(false); // an earlier instant with this wall time
              else if (twin > start.getTime() && same) overlaps++;
            }
          }
        }
      }),
      { numRuns: 400 },
    );
    // both DST cases were exercised (typically 10-20 starts each in 400 runs)
    expect(gaps).toBeGreaterThan(0);
    expect(overlaps).toBeGreaterThan(0);
  });

  it('periodIndexAt(start(n)) = n = periodIndexAt(start(n+1) - 1ms); firstPeriodStartingAtOrAfter agrees', () => {
    fc.assert(
      fc.property(mixed, fc.nat(60), ({ anchor, cadence }, n) => {
        const { start, end } = period(anchor, cadence, n);
        expect(periodIndexAt(anchor, cadence, start)).toBe(n);
        expect(periodIndexAt(anchor, cadence, new Date(end.getTime() - 1))).toBe(n);
        expect(firstPeriodStartingAtOrAfter(anchor, cadence, start)).toBe(n);
        expect(firstPeriodStartingAtOrAfter(anchor, cadence, new Date(start.getTime() + 1))).toBe(n + 1);
        expect(periodIndexAt(anchor, cadence, new Date(anchor.getTime() - 1))).toBe(-1);
      }),
      { numRuns: RUNS },
    );
  });
});
