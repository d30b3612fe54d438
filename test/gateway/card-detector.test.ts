import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCardNumbers, maskPan, scrubCardNumbers } from '../../src/platform/pan-scrub.ts';
import { cardNumberFields, scrubJson } from '../../src/platform/http/card-guard.ts';
import { checkPan } from '../../src/gateway/cards/card-scheme.ts';
import { CARD_CONTEXTS, TEST_PANS, cardForms, countOrdinaryRefusals, ordinaryReference, refusedOrMasked } from '../helpers/card-forms.ts';

// RELIABILITY.md I6: a card number is what a card network would take for one, however it is
// written; ordinary values real clients send are never taken for one. The full million ordinary
// values: `node bench/card-detector.ts` (docs/api.md, what counts as a card number).

const ORDINARY_IN_SUITE = 100_000;

function refusedByGuard(value: string): boolean {
  return cardNumberFields({ body: { reference: value }, query: {}, headers: {} }).length > 0;
}

describe('a card number, however it is written', () => {
  for (const [scheme, pans] of Object.entries(TEST_PANS)) {
    it(`is found, refused and masked for each ${scheme} test card in every form and context`, () => {
      let checked = 0;
      for (const pan of pans) {
        for (const [name, form] of cardForms(pan)) {
          for (const context of CARD_CONTEXTS) {
            const text = context(form);
            const label = `${pan} ${name}: ${JSON.stringify(text)}`;
            expect(findCardNumbers(text), label).toEqual([pan]);
            expect(refusedByGuard(text), label).toBe(true);
            expect(cardNumberFields({ body: {}, query: {}, headers: { 'idempotency-key': text } }), label).toEqual([
              'idempotency-key header may not contain a card number',
            ]);
            // Masked in place: the text around it is kept, the whole written form replaced.
            const masked = scrubCardNumbers(text);
            expect(masked, label).toBe(context(maskPan(pan)));
            expect(findCardNumbers(masked), label).toEqual([]);
            // In a JSON answer, where a tab or a no-break space may be escaped.
            const answer = scrubJson(JSON.stringify({ message: text }).replace(/\u00a0/g, '\\u00a0'));
            expect(JSON.parse(answer).message, label).toBe(context(maskPan(pan)));
            checked++;
          }
        }
      }
      expect(checked).toBe(pans.reduce((n, pan) => n + cardForms(pan).length, 0) * CARD_CONTEXTS.length);
    });
  }

  it('is found in a percent-encoded or form-encoded URL', () => {
    for (const url of [
      'https://example.com/hook?card=4111%201111%201111%201111',
      'https://example.com/hook?card=4111+1111+1111+1111',
      'https://example.com/hook?card=4111%C2%A01111%C2%A01111%C2%A01111',
      'https://example.com/hook?card=%EF%BC%94111111111111111',
    ]) {
      expect(refusedByGuard(url), url).toBe(true);
    }
  });

  it('is masked in place among other characters that normalization changes or keeps', () => {
    const text = 'Société\u00a0Générale ﬁle №\u200b7: ４１１１\u3000１１１１\u3000１１１１\u3000１１１１ — 東京 😀 ok';
    expect(findCardNumbers(text)).toEqual(['4111111111111111']);
    expect(scrubCardNumbers(text)).toBe('Société\u00a0Générale ﬁle №\u200b7: 411111XXXXXX1111 — 東京 😀 ok');
  });

  it('is found twice where it is written twice, each masked in place', () => {
    const text = 'from 4111 1111 1111 1111 to 3782-822463-10005, done';
    expect(findCardNumbers(text)).toEqual(['4111111111111111', '378282246310005']);
    expect(scrubCardNumbers(text)).toBe('from 411111XXXXXX1111 to 378282XXXXX0005, done');
  });
});

describe('one rule for the vault and the detector', () => {
  it('what card_number takes is exactly what the detector finds in free text', () => {
    const leading = fc.constantFrom(
      '4',
      '34',
      '37',
      '51',
      '55',
      '2221',
      '2720',
      '3528',
      '3589',
      '300',
      '309',
      '36',
      '38',
      '6011',
      '644',
      '65',
      '62',
      '81',
      '1',
      '7',
      '9',
    );
    fc.assert(
      fc.property(
        leading,
        fc.integer({ min: 10, max: 21 }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 21, maxLength: 21 }),
        (prefix, length, rest) => {
          const body = `${prefix}${rest}`.slice(0, length - 1);
          const pan =
            [...'0123456789']
              .map((d) => `${body}${d}`)
              .find((candidate) => checkPan(candidate).ok || findCardNumbers(candidate).length > 0) ?? `${body}0`;
          expect(checkPan(pan).ok, pan).toBe(findCardNumbers(pan).length === 1);
          expect(findCardNumbers(`ref ${pan} ok`).length === 1, pan).toBe(checkPan(pan).ok);
        },
      ),
      { numRuns: 2_000 },
    );
    expect(checkPan('4222222222222').ok).toBe(false); // a 13-digit Visa number: no longer issued
    expect(checkPan('4000001234562345678')).toMatchObject({ ok: true, scheme: 'VISA' });
    expect(checkPan('36700102000000')).toMatchObject({ ok: true, scheme: 'Diners' });
  });
});

describe('not a card number', () => {
  it.each([
    ['a millisecond count in a reference', 'order-1795939200006'],
    ['a millisecond count in an idempotency key', 'k-1764071234567'],
    ['a millisecond count in an alias', 'cust-1764071234567'],
    ['a Python client reference', 'pytest-0.665963299105887'],
    ['a decimal', '0.4111111111111111'],
    ['a migration name', 'Migration20261124103007'],
    ['digits glued to letters', 'a4111111111111111 4111111111111111b'],
    ['an E.164 phone number', '+36668854398015'],
    ['an ISO instant', '2026-11-24T10:30:07.123Z'],
    ['a UUID whose groups hold a Luhn-valid run', '40000566-5566-4556-8000-0000000000ab'],
    ['a number of no scheme', '9111111111111111'],
    ['a Visa-like number of no Visa length', '4111111111111111111111'],
    ['groups not printed as cards are', '4111 1111 11 11 1111'],
    ['two kinds of separator', '4111-1111.1111-1111'],
  ])('%s: %s', (_name, text) => {
    expect(findCardNumbers(text)).toEqual([]);
    expect(scrubCardNumbers(text)).toBe(text);
    expect(refusedByGuard(text)).toBe(false);
  });

  it(`none of ${ORDINARY_IN_SUITE} ordinary values in references is refused or masked`, () => {
    const { checked, refused, examples } = countOrdinaryRefusals(ORDINARY_IN_SUITE, 20261125);
    expect(checked).toBe(ORDINARY_IN_SUITE);
    expect(examples).toEqual([]);
    expect(refused).toBe(0);
  });

  it('none of the ordinary values fast-check draws and shrinks is refused or masked', () => {
    fc.assert(
      fc.property(ordinaryReference, (value) => !refusedOrMasked(value)),
      { numRuns: 20_000 },
    );
  });
});
