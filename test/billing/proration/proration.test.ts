import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  divideRoundHalfAwayFromZero,
  proRata,
  prorateChange,
  prorateFirstPeriod,
  secondsBetween,
} from '../../../src/billing/proration/proration.ts';
import { intervalStartBefore } from '../../../src/billing/calendar/billing-calendar.ts';

const at = (iso: string): Date => new Date(iso);
const MAX_LINE = Number.MAX_SAFE_INTEGER; // amounts are safe integers; the product with seconds is not
const YEAR_SECONDS = 366 * 86_400;

describe('round half away from zero', () => {
  it('rounds halves away from zero on both signs, and everything else to the nearest', () => {
    expect(divideRoundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divideRoundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfAwayFromZero(7n, 3n)).toBe(2n);
    expect(divideRoundHalfAwayFromZero(8n, 3n)).toBe(3n);
    expect(divideRoundHalfAwayFromZero(-8n, 3n)).toBe(-3n);
    expect(divideRoundHalfAwayFromZero(0n, 7n)).toBe(0n);
    expect(() => divideRoundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });

  it('is the nearest integer, ties away from zero (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (n, d) => {
        const q = divideRoundHalfAwayFromZero(n, d);
        const twiceError = 2n * (n - q * d); // 2 × (n − q·d), compared with d to avoid fractions
        const abs = (x: bigint): bigint => (x < 0n ? -x : x);
        expect(abs(twiceError) <= d).toBe(true);
        // A tie goes away from zero: the quotient's magnitude is the larger candidate.
        if (abs(twiceError) === d) expect(abs(q) * d > abs(n)).toBe(true);
      }),
    );
  });
});

describe('pro rata', () => {
  it('matches the documented worked example', () => {
    // 2,999 a month of 30 days (2,592,000 s), 1,000,000 s left: 2999 × 1e6 / 2.592e6 = 1157.02 → 1157.
    expect(proRata(2999, 1_000_000, 2_592_000)).toBe(1157);
    // An exact half rounds up: 3 × 1 / 2 = 1.5 → 2.
    expect(proRata(3, 1, 2)).toBe(2);
  });

  it('stays exact far past 2^53 in the intermediate product', () => {
    expect(proRata(MAX_LINE, YEAR_SECONDS - 1, YEAR_SECONDS)).toBe(
      Number(divideRoundHalfAwayFromZero(BigInt(MAX_LINE) * BigInt(YEAR_SECONDS - 1), BigInt(YEAR_SECONDS))),
    );
    expect(proRata(MAX_LINE, YEAR_SECONDS, YEAR_SECONDS)).toBe(MAX_LINE);
  });

  it('refuses what is not a pro-rata question', () => {
    expect(() => proRata(100, 11, 10)).toThrow(RangeError);
    expect(() => proRata(100, -1, 10)).toThrow(RangeError);
    expect(() => proRata(100, 1, 0)).toThrow(RangeError);
    expect(() => proRata(1.5, 1, 2)).toThrow(RangeError);
  });

  it('a period split at any instant into two pro-rata lines sums to the full line within one minor unit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_LINE }),
        fc.integer({ min: 1, max: YEAR_SECONDS }).chain((full) => fc.tuple(fc.constant(full), fc.integer({ min: 0, max: full }))),
        (amount, [full, seconds]) => {
          const a = proRata(amount, seconds, full);
          const b = proRata(amount, full - seconds, full);
          expect(Math.abs(a + b - amount)).toBeLessThanOrEqual(1);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

describe('a change inside a period', () => {
  const period = { start: at('2027-03-01T00:00:00Z'), end: at('2027-04-01T00:00:00Z') }; // 31 days

  it('credits the unused rest at the old amount and charges it at the new one', () => {
    // Upgrade 1,000 → 3,000 on Mar 16 00:00: 16 of 31 days left.
    const r = prorateChange({ period, at: at('2027-03-16T00:00:00Z'), oldAmount: 1000, newAmount: 3000 });
    expect(r).toEqual({ seconds: 16 * 86_400, fullSeconds: 31 * 86_400, credit: -516, charge: 1548, net: 1032 });
    const down = prorateChange({ period, at: at('2027-03-16T00:00:00Z'), oldAmount: 3000, newAmount: 1000 });
    expect(down.net).toBe(-1032);
  });

  it('is nothing at the period end and everything at its start', () => {
    expect(prorateChange({ period, at: period.end, oldAmount: 1000, newAmount: 3000 }).net).toBe(0);
    expect(prorateChange({ period, at: period.start, oldAmount: 1000, newAmount: 3000 }).net).toBe(2000);
    expect(() => prorateChange({ period, at: at('2027-04-02T00:00:00Z'), oldAmount: 1, newAmount: 2 })).toThrow(RangeError);
  });

  it('an upgrade never costs more than the new price nor a downgrade credits more than the old one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 31 * 86_400_000 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        (offset, oldAmount, newAmount) => {
          const r = prorateChange({ period, at: new Date(period.start.getTime() + offset), oldAmount, newAmount });
          expect(r.credit).toBeLessThanOrEqual(0);
          expect(-r.credit).toBeLessThanOrEqual(oldAmount);
          expect(r.charge).toBeLessThanOrEqual(newAmount);
          expect(r.net).toBe(r.credit + r.charge);
          expect(Math.sign(r.net) === 0 || Math.sign(r.net) === Math.sign(newAmount - oldAmount)).toBe(true);
          expect(r.seconds).toBe(secondsBetween(new Date(period.start.getTime() + offset), period.end));
        },
      ),
    );
  });
});

describe('a first period before a billing anchor', () => {
  it('uses the full interval that ends at the anchor', () => {
    // Started Mar 20, anchored on Apr 1: 12 of March's 31 days at 3,100 → 1,200.
    const r = prorateFirstPeriod({
      amount: 3100,
      start: at('2027-03-20T00:00:00Z'),
      anchor: at('2027-04-01T00:00:00Z'),
      intervalStart: at('2027-03-01T00:00:00Z'),
    });
    expect(r).toEqual({ seconds: 12 * 86_400, fullSeconds: 31 * 86_400, amount: 1200 });
    expect(() =>
      prorateFirstPeriod({
        amount: 1,
        start: at('2027-02-20T00:00:00Z'),
        anchor: at('2027-04-01T00:00:00Z'),
        intervalStart: at('2027-03-01T00:00:00Z'),
      }),
    ).toThrow(RangeError);
  });
});

describe('the full interval that ends at an anchor', () => {
  it('is one interval back in the local calendar, clamped to the month end', () => {
    const monthly = { interval: 'month' as const, intervalCount: 1, timeZone: 'UTC' };
    expect(intervalStartBefore(at('2027-04-01T00:00:00Z'), monthly).toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(intervalStartBefore(at('2027-03-31T09:00:00Z'), monthly).toISOString()).toBe('2027-02-28T09:00:00.000Z');
    const weekly = { interval: 'week' as const, intervalCount: 2, timeZone: 'Europe/London' };
    expect(intervalStartBefore(at('2027-04-05T09:00:00Z'), weekly).toISOString()).toBe('2027-03-22T10:00:00.000Z');
  });
});
