import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { DECLINE, DYNAMIC, createCard, createClock, createPlan, settle, subscribe } from '../../helpers/billing.ts';
import { checkCrossPath } from '../../helpers/invariants.ts';
import { DEAD_STEPS, DeadWorkerHooks, advanceWithDeadWorker } from '../../helpers/dead-worker.ts';

// Property: whatever the schedules, however many subscriptions share a card, by whichever of its
// tokens (each tokenization of a card issues a new one) or aliases, and however the clock jumps, no
// card ever gets more than the network caps of declined attempts in any sliding window, and every
// deferral lies ahead, also when a worker dies between a charge's claim and its record and the
// clock moves on (past the 24-hour window) before the job is taken up again: the attempt counts at
// its claim's time. Runs: RECUR_CAPS_RUNS (default 12); seed: RECUR_CAPS_SEED.

vi.setConfig({ testTimeout: 600_000 });
const H = 3_600_000;
const CAPS = { per24Hours: 2, per30Days: 5 };
const RUNS = Number(process.env.RECUR_CAPS_RUNS ?? 12);
const SEED = process.env.RECUR_CAPS_SEED === undefined ? undefined : Number(process.env.RECUR_CAPS_SEED);

const at = (base: string, ms: number) => new Date(Date.parse(base) + ms).toISOString();

async function advanceTo(api: ApiClient, clockId: string, iso: string): Promise<void> {
  const res = await api.post(`/test_clocks/${clockId}/advance`, { frozen_time: iso });
  if (res.status !== 200) throw new Error(`advance: ${res.status} ${res.text}`);
  await settle(api, clockId, 120_000);
}

const Scenario = fc.record({
  cards: fc.array(fc.constantFrom(DECLINE, DYNAMIC), { minLength: 1, maxLength: 2 }),
  /** Tokenizations of each card: two give two tokens of one card. */
  copies: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 2, maxLength: 2 }),
  subscriptions: fc.array(
    fc.record({
      /** Which token (of every card's tokens) the subscription names. */
      card: fc.nat(3),
      /** Name the card by its alias rather than its token (a subscription may hold either). */
      byAlias: fc.boolean(),
      startHours: fc.integer({ min: 0, max: 72 }),
      retryDays: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }).map((d) => d.sort((a, b) => a - b)),
      interval: fc.constantFrom('day', 'week', 'month'),
    }),
    { minLength: 2, maxLength: 7 },
  ),
  /** Scripted declines on the dynamic card (it approves once they run out). */
  declines: fc.integer({ min: 0, max: 12 }),
  jumpsHours: fc.array(fc.integer({ min: 1, max: 24 * 12 }), { minLength: 2, maxLength: 7 }),
  /** Per jump: a worker dies between the claim and the record of its first charge, and the clock moves on this many hours more before the job resumes. */
  deaths: fc.array(
    fc.option(fc.record({ step: fc.constantFrom(...DEAD_STEPS), laterHours: fc.integer({ min: 1, max: 72 }) }), { freq: 2 }),
    {
      minLength: 7,
      maxLength: 7,
    },
  ),
});

const deadWorker = new DeadWorkerHooks();

describe('network caps hold on every path (property)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      billing: true,
      env: { NETWORK_CAP_24_HOURS: String(CAPS.per24Hours), NETWORK_CAP_30_DAYS: String(CAPS.per30Days) },
      hooks: deadWorker,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('no card exceeds the caps in any sliding 24-hour or 30-day window', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(Scenario, async (s) => {
        runs++;
        const merchant = await app.newMerchant(`Caps ${runs}`);
        const api = app.client('sandbox', merchant.sandbox);
        const T = '2033-01-01T00:00:00.000Z';
        const clock = await createClock(api, at(T, -60_000));
        // Every tokenization gives a new token: one number twice, or tokenized twice, is one card with two tokens.
        const cards: { token: string; number: string }[] = [];
        for (const [i, number] of s.cards.entries()) {
          for (let c = 0; c < s.copies[i]!; c++) cards.push({ ...(await createCard(api, number)), number });
        }
        expect(new Set(cards.map((c) => c.token)).size).toBe(cards.length);
        // Each token also gets an alias of its own.
        const aliases = new Map<string, string>();
        for (const { token } of cards) {
          aliases.set(token, `caps-${runs}-${aliases.size}`);
          expect((await api.put(`/credit_cards/${token}`, { alias: aliases.get(token) })).status).toBe(200);
        }
        const dynamic = cards.find((c) => c.number === DYNAMIC);
        if (dynamic && s.declines > 0) {
          const outcomes = Array.from({ length: s.declines }, () => ({ response_code: '51' }));
          expect((await api.put(`/sandbox/credit_cards/${dynamic.token}/script`, { outcomes })).status).toBe(200);
        }
        for (const sub of s.subscriptions) {
          const plan = await createPlan(api, {
            interval: sub.interval,
            dunning: { retry_days: sub.retryDays, final_action: 'leave_past_due' },
          });
          const card = cards[sub.card % cards.length]!;
          await subscribe(api, {
            plan_id: plan.id,
            card_token: sub.byAlias ? aliases.get(card.token) : card.token,
            start_date: at(T, sub.startHours * H),
            test_clock_id: clock.id,
          });
        }
        let now = Date.parse(T) - 60_000;
        for (const [i, jump] of s.jumpsHours.entries()) {
          now += jump * H;
          const death = s.deaths[i];
          if (death) {
            const to = now;
            now += death.laterHours * H;
            await advanceWithDeadWorker(api, clock.id, deadWorker, { step: death.step, to, thenTo: now });
          } else await advanceTo(api, clock.id, new Date(now).toISOString());
          const broken = await checkCrossPath(app.config.DATABASE_URL, { merchantId: merchant.merchant_id, caps: CAPS });
          expect(broken).toEqual([]);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // Workers really died between a claim and its record (a guard against hooks that catch nothing).
    expect(deadWorker.killed).toBeGreaterThan(0);
    console.log(`caps: ${runs} runs, ${deadWorker.killed} charges whose worker died between claim and record`);
  });
});
