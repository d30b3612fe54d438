import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from '../../../src/platform/money-format.ts';
import { DocumentCache } from '../../../src/billing/documents/document-cache.ts';
import { textRuns } from '../../../src/billing/documents/fonts.ts';

// The parts of the documents that the API test cannot reach with every input: money in each
// currency's minor units, the cache's bounds, and the font chosen per character.

describe('money on a document', () => {
  it("prints the currency's minor units: 2 for AUD, 0 for JPY, 3 for BHD, with English grouping and the sign first", () => {
    expect(formatMoney(2900, 'AUD')).toBe('AUD 29.00');
    expect(formatMoney(5, 'AUD')).toBe('AUD 0.05');
    expect(formatMoney(1_234_567_89, 'EUR')).toBe('EUR 1,234,567.89');
    expect(formatMoney(1500, 'JPY')).toBe('JPY 1,500');
    expect(formatMoney(1_234_567, 'BHD')).toBe('BHD 1,234.567');
    expect(formatMoney(-897, 'EUR')).toBe('-EUR 8.97');
    expect(formatAmount(-100_000, 'JPY')).toBe('-100,000');
    expect(formatAmount(0, 'AUD')).toBe('0.00');
    // Integer arithmetic: past 2^53 minor units nothing is rounded.
    expect(formatMoney(9_007_199_254_740_993n, 'AUD')).toBe('AUD 90,071,992,547,409.93');
  });
});

describe('the document cache', () => {
  it('keeps at most its count and bytes, evicting the least recently used first', () => {
    const cache = new DocumentCache(3, 1_000);
    const pdf = (n: number) => Buffer.alloc(n, 1);
    cache.set('a', pdf(100));
    cache.set('b', pdf(100));
    cache.set('c', pdf(100));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('d', pdf(100)); // over the count: b, the least recent, goes
    expect([cache.get('b'), cache.size]).toEqual([undefined, 3]);
    cache.set('e', pdf(900)); // over the bytes: the oldest (c, then a) go until 1,000 bytes are held
    expect(['a', 'c', 'd', 'e'].filter((k) => cache.get(k))).toEqual(['d', 'e']);
    cache.set('huge', pdf(2_000)); // larger than the whole cache: not kept, nothing evicted for it
    expect([cache.get('huge'), cache.get('e')?.length]).toEqual([undefined, 900]);
  });
});

describe('fonts per run of text', () => {
  it('draws Latin and Greek in Noto Sans and Japanese in Noto Sans JP, run by run', () => {
    expect(textRuns('Jürgen Müller', 'regular')).toEqual([{ face: 'regular', text: 'Jürgen Müller' }]);
    expect(textRuns('Παπαδόπουλος', 'bold')).toEqual([{ face: 'bold', text: 'Παπαδόπουλος' }]);
    expect(textRuns('山田太郎 (Tokyo)', 'regular')).toEqual([
      { face: 'cjk', text: '山田太郎' },
      { face: 'regular', text: ' (Tokyo)' },
    ]);
  });
});
