import { describe, expect, it } from 'vitest';
import { formatAmount, formatInstant, formatMoney, formatRate, minorDigits, monthBefore, parseAmount } from '../src/format.ts';

describe('console money formatting', () => {
  it('splits minor units by the currency exponent', () => {
    expect(minorDigits('AUD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
    expect(formatAmount(1234560, 'AUD')).toBe('12,345.60');
    expect(formatAmount(1500, 'JPY')).toBe('1,500');
    expect(formatAmount(1234, 'BHD')).toBe('1.234');
    expect(formatAmount(5, 'AUD')).toBe('0.05');
    expect(formatAmount(-5, 'AUD')).toBe('-0.05');
    expect(formatAmount(0, 'EUR')).toBe('0.00');
  });

  it('never goes through a float: amounts past 2^53 keep every digit', () => {
    expect(formatAmount(12345678901234567890n, 'AUD')).toBe('123,456,789,012,345,678.90');
    expect(formatAmount('99999999999', 'USD')).toBe('999,999,999.99');
    // 0.1 + 0.2 as minor units is exact.
    expect(formatAmount(10 + 20, 'AUD')).toBe('0.30');
  });

  it('puts the currency first and the sign before it', () => {
    expect(formatMoney(2900, 'AUD')).toBe('AUD 29.00');
    expect(formatMoney(-1500, 'JPY')).toBe('-JPY 1,500');
    expect(formatMoney(null, 'AUD')).toBe('–');
    expect(formatMoney(100, null)).toBe('–');
  });

  it('reads what a person types as minor units, refusing what is not an amount of that currency', () => {
    expect(parseAmount('29', 'AUD')).toBe(2900);
    expect(parseAmount('29.5', 'AUD')).toBe(2950);
    expect(parseAmount('1,200.05', 'AUD')).toBe(120005);
    expect(parseAmount(' 14.50 ', 'AUD')).toBe(1450);
    expect(parseAmount('1500', 'JPY')).toBe(1500);
    expect(parseAmount('15.5', 'JPY')).toBeNull();
    expect(parseAmount('0.001', 'AUD')).toBeNull();
    expect(parseAmount('-3', 'AUD')).toBeNull();
    expect(parseAmount('3e2', 'AUD')).toBeNull();
    expect(parseAmount('', 'AUD')).toBeNull();
    expect(parseAmount('99999999999999999999', 'AUD')).toBeNull();
  });
});

describe('console dates and rates', () => {
  it('shows instants in UTC', () => {
    expect(formatInstant('2027-01-15T10:00:00.000Z')).toBe('2027-01-15 10:00 UTC');
    expect(formatInstant('2027-01-15T23:30:00+10:00')).toBe('2027-01-15 13:30 UTC');
    expect(formatInstant(null)).toBe('–');
  });

  it('counts months back across years', () => {
    const now = new Date('2027-02-10T00:00:00Z');
    expect(monthBefore(now, 0)).toBe('2027-02');
    expect(monthBefore(now, 1)).toBe('2027-01');
    expect(monthBefore(now, 2)).toBe('2026-12');
    expect(monthBefore(now, 25)).toBe('2025-01');
  });

  it('shows the API recovery rate as a percentage', () => {
    expect(formatRate(0.8)).toBe('80.0 %');
    expect(formatRate(0.3333)).toBe('33.3 %');
    expect(formatRate(null)).toBe('–');
  });
});
