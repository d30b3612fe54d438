/**
 * The card-number detector measured (RELIABILITY.md I6): a million ordinary values in the
 * references, keys and names that carry them (consecutive millisecond and second counts,
 * Math.random() decimals, UUIDs, hex ids, E.164 phone numbers, ISO dates, order numbers), of which
 * none may be refused or masked, and every written form of each scheme's test cards, of which
 * every one must be. Prints both counts; exits 1 when either misses.
 *
 *   node bench/card-detector.ts                 # a million, seed 20261125
 *   node bench/card-detector.ts --count 5000000 --seed 7
 *
 * The suite runs the same check on a tenth of the values (test/gateway/card-detector.test.ts).
 */
import { parseArgs } from 'node:util';
import { findCardNumbers, scrubCardNumbers } from '../src/platform/pan-scrub.ts';
import { cardNumberFields } from '../src/platform/http/card-guard.ts';
import { CARD_CONTEXTS, TEST_PANS, cardForms, countOrdinaryRefusals } from '../test/helpers/card-forms.ts';

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '1000000' }, seed: { type: 'string', default: '20261125' } },
});

const started = performance.now();
const ordinary = countOrdinaryRefusals(Number(args.count), Number(args.seed));
const ordinaryMs = performance.now() - started;

let cards = 0;
let caught = 0;
const missed: string[] = [];
for (const pans of Object.values(TEST_PANS)) {
  for (const pan of pans) {
    for (const [, form] of cardForms(pan)) {
      for (const context of CARD_CONTEXTS) {
        const text = context(form);
        cards++;
        const refused = cardNumberFields({ body: { reference: text }, query: {}, headers: {} }).length > 0;
        const masked = findCardNumbers(scrubCardNumbers(text)).length === 0 && scrubCardNumbers(text) !== text;
        if (refused && masked && findCardNumbers(text).includes(pan)) caught++;
        else if (missed.length < 10) missed.push(JSON.stringify(text));
      }
    }
  }
}

console.log(`ordinary values: ${ordinary.checked} checked, ${ordinary.refused} refused or masked (${Math.round(ordinaryMs)} ms)`);
if (ordinary.examples.length > 0) console.log(`  for example: ${ordinary.examples.map((v) => JSON.stringify(v)).join(', ')}`);
console.log(`card numbers in written forms: ${cards} checked, ${caught} refused and masked`);
if (missed.length > 0) console.log(`  missed, for example: ${missed.join(', ')}`);
process.exitCode = ordinary.refused === 0 && caught === cards ? 0 : 1;
