import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type ApiClient, type HttpResult, type TestApp } from '../../helpers/test-app.ts';
import { APPROVE, DECLINE, DYNAMIC, createCard, createClock, createPlan, invoicesOf, settle } from '../../helpers/billing.ts';
import { checkCrossPath } from '../../helpers/invariants.ts';
import { DEAD_STEPS, DeadWorkerHooks, advanceWithDeadWorker, type DeadStep } from '../../helpers/dead-worker.ts';

// Model-based test: random sequences of API operations interleaved with test-clock advances of
// random length, against a real Recur, the rules that hold across paths checked after every step
// (checkCrossPath: no charge after cancel or pause, network caps in every sliding window, one
// invoice per period, nothing invoiced while paused, ledger = approved purchases, every invoice
// settled or waiting for a retry, deferrals ahead, owed invoices voided alike with their events
// whatever ended the subscription). A worker may also die between a charge's claim
// and its record while the clock moves on (past the 24-hour window) and a subscription is cancelled
// or paused: the attempt keeps its claim's time, so C1 and C2 hold there too. Each sequence has a
// merchant and test clock of its own. Seeded and shrinkable (fast-check):
//   RECUR_MODEL_RUNS=500 RECUR_MODEL_SEED=42 npx vitest run test/billing/scenarios/model.test.ts
// A failure prints its seed and shrunk command list; each becomes a named regression test.

vi.setConfig({ testTimeout: 1_800_000 });
const H = 3_600_000;
const CAPS = { per24Hours: 3, per30Days: 6 };
const RUNS = Number(process.env.RECUR_MODEL_RUNS ?? 120);
const SEED = process.env.RECUR_MODEL_SEED === undefined ? undefined : Number(process.env.RECUR_MODEL_SEED);
const MAX_COMMANDS = Number(process.env.RECUR_MODEL_COMMANDS ?? 24);

interface Model {
  subscriptions: number;
  now: number;
}
interface Real {
  app: TestApp;
  api: ApiClient;
  merchantId: string;
  clockId: string;
  cards: { token: string; number: string }[];
  /** Each card is tokenized with an alias (`aliases[i]` on card i); MoveAlias moves them between cards. */
  aliases: string[];
  plans: string[];
  subscriptions: string[];
  now: number;
}

/** The API answers every operation in the envelope, never with a server error. */
function expectAnswered(res: HttpResult, what: string): void {
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(500);
  expect(res.body, `${what}: ${res.text}`).toHaveProperty('successful');
}

/** Waits until the clock has settled, then checks the rules across paths for this merchant. */
async function check(r: Real, what: string): Promise<void> {
  await settle(r.api, r.clockId, 120_000);
  const broken = await checkCrossPath(r.app.config.DATABASE_URL, { merchantId: r.merchantId, caps: CAPS });
  expect(broken, `after ${what}`).toEqual([]);
}

abstract class Step implements fc.AsyncCommand<Model, Real> {
  check(m: Readonly<Model>): boolean {
    return m.subscriptions > 0;
  }
  abstract run(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
}

/** A subscription names a card by its token, or by an alias (whichever card the alias is on when charged). */
function cardName(r: Real, card: number, byAlias: boolean): string {
  return byAlias ? r.aliases[card % r.aliases.length]! : r.cards[card % r.cards.length]!.token;
}

class Create extends Step {
  readonly plan: number;
  readonly card: number;
  readonly startHours: number;
  readonly byAlias: boolean;
  constructor(plan: number, card: number, startHours: number, byAlias = false) {
    super();
    this.plan = plan;
    this.card = card;
    this.startHours = startHours;
    this.byAlias = byAlias;
  }
  override check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const res = await r.api.post('/subscriptions', {
      plan_id: r.plans[this.plan % r.plans.length],
      card_token: cardName(r, this.card, this.byAlias),
      customer_reference: `cust-${r.subscriptions.length}`,
      start_date: new Date(r.now + this.startHours * H).toISOString(),
      test_clock_id: r.clockId,
    });
    // Refused (422): an alias moved away leaves its name on no card; an archived plan takes no new subscriptions.
    if (res.status === 422 && ((this.byAlias && /could not be found/.test(res.text)) || /is archived/.test(res.text))) return;
    expect(res.status, res.text).toBe(201);
    r.subscriptions.push(res.body.response.id);
    m.subscriptions++;
    await check(r, this.toString());
  }
  toString(): string {
    return `create(plan ${this.plan}, card ${this.byAlias ? 'alias ' : ''}${this.card}, +${this.startHours}h)`;
  }
}

class OnSubscription extends Step {
  readonly op: 'pause' | 'resume' | 'cancel' | 'cancel_at_period_end';
  readonly sub: number;
  constructor(op: 'pause' | 'resume' | 'cancel' | 'cancel_at_period_end', sub: number) {
    super();
    this.op = op;
    this.sub = sub;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const id = r.subscriptions[this.sub % r.subscriptions.length]!;
    const path = this.op.startsWith('cancel') ? 'cancel' : this.op;
    const res = await r.api.post(`/subscriptions/${id}/${path}`, this.op === 'cancel_at_period_end' ? { at_period_end: true } : {});
    expectAnswered(res, this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `${this.op}(sub ${this.sub})`;
  }
}

class Change extends Step {
  readonly field: 'card_token' | 'plan_id';
  readonly sub: number;
  readonly to: number;
  readonly byAlias: boolean;
  constructor(field: 'card_token' | 'plan_id', sub: number, to: number, byAlias = false) {
    super();
    this.field = field;
    this.sub = sub;
    this.to = to;
    this.byAlias = byAlias;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const id = r.subscriptions[this.sub % r.subscriptions.length]!;
    const value = this.field === 'card_token' ? cardName(r, this.to, this.byAlias) : r.plans[this.to % r.plans.length];
    expectAnswered(await r.api.put(`/subscriptions/${id}`, { [this.field]: value }), this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `change ${this.field}(sub ${this.sub} -> ${this.byAlias ? 'alias ' : ''}${this.to})`;
  }
}

class UpdateCard extends Step {
  readonly card: number;
  readonly expiry: string;
  constructor(card: number, expiry: string) {
    super();
    this.card = card;
    this.expiry = expiry;
  }
  override check(): boolean {
    return true;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const card = r.cards[this.card % r.cards.length]!;
    expectAnswered(await r.api.put(`/credit_cards/${card.token}`, { card_expiry: this.expiry }), this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `update card ${this.card} expiry ${this.expiry}`;
  }
}

/** A plan or seat change effective now: prorated, the net invoiced (and charged) at once or kept as credit. */
class ChangeNow extends Step {
  readonly sub: number;
  readonly plan: number | null;
  readonly quantity: number;
  readonly prorate: boolean;
  constructor(sub: number, plan: number | null, quantity: number, prorate: boolean) {
    super();
    this.sub = sub;
    this.plan = plan;
    this.quantity = quantity;
    this.prorate = prorate;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const id = r.subscriptions[this.sub % r.subscriptions.length]!;
    const body = {
      ...(this.plan === null ? {} : { plan_id: r.plans[this.plan % r.plans.length] }),
      quantity: this.quantity,
      effective: 'now',
      prorate: this.prorate,
    };
    expectAnswered(await r.api.put(`/subscriptions/${id}`, body), this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `change now(sub ${this.sub} -> ${this.plan === null ? '' : `plan ${this.plan}, `}quantity ${this.quantity}${this.prorate ? '' : ', no proration'})`;
  }
}

/** A one-off item: on the next period invoice, or invoiced and charged now. */
class Item extends Step {
  readonly sub: number;
  readonly amount: number;
  readonly invoiceNow: boolean;
  constructor(sub: number, amount: number, invoiceNow: boolean) {
    super();
    this.sub = sub;
    this.amount = amount;
    this.invoiceNow = invoiceNow;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const id = r.subscriptions[this.sub % r.subscriptions.length]!;
    const body = { description: 'Extra', amount: this.amount, invoice_now: this.invoiceNow };
    expectAnswered(await r.api.post(`/subscriptions/${id}/items`, body), this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `item(sub ${this.sub}, ${this.amount}${this.invoiceNow ? ', now' : ''})`;
  }
}

let refundsMade = 0;

/** Moves a plan's subscriptions to another plan from their next period; or archives a plan (no new subscriptions). */
class PlanOp extends Step {
  readonly op: 'move' | 'archive';
  readonly from: number;
  readonly to: number;
  constructor(op: 'move' | 'archive', from: number, to: number) {
    super();
    this.op = op;
    this.from = from;
    this.to = to;
  }
  override check(): boolean {
    return true;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const from = r.plans[this.from % r.plans.length]!;
    const res =
      this.op === 'archive'
        ? await r.api.post(`/plans/${from}/archive`)
        : await r.api.post(`/plans/${from}/move_subscriptions`, { plan_id: r.plans[this.to % r.plans.length] });
    expectAnswered(res, this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return this.op === 'archive' ? `archive plan ${this.from}` : `move plan ${this.from}'s subscriptions to plan ${this.to}`;
  }
}

/** Redeems one of the merchant's coupons on a subscription, or removes the one it holds. */
class Coupon extends Step {
  readonly sub: number;
  readonly code: string | null;
  constructor(sub: number, code: string | null) {
    super();
    this.sub = sub;
    this.code = code;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const id = r.subscriptions[this.sub % r.subscriptions.length]!;
    expectAnswered(await r.api.put(`/subscriptions/${id}`, { coupon: this.code }), this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `coupon(sub ${this.sub}, ${this.code ?? 'none'})`;
  }
}

/** Refunds the subscription's latest paid invoice, in part or in full (more than is left answers 422). */
class Refund extends Step {
  readonly sub: number;
  readonly amount: number | null;
  constructor(sub: number, amount: number | null) {
    super();
    this.sub = sub;
    this.amount = amount;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const id = r.subscriptions[this.sub % r.subscriptions.length]!;
    const paid = (await invoicesOf(r.api, id)).filter((i) => i.status === 'paid').at(-1);
    if (!paid) return;
    const res = await r.api.post(`/invoices/${paid.id}/refund`, this.amount === null ? {} : { amount: this.amount });
    expectAnswered(res, this.toString());
    if (res.status === 200) refundsMade++;
    await check(r, this.toString());
  }
  toString(): string {
    return `refund(sub ${this.sub}, ${this.amount ?? 'all'})`;
  }
}

/** Moves alias `alias` onto card `card` (that card's own alias, if another, is gone). */
class MoveAlias extends Step {
  readonly alias: number;
  readonly card: number;
  constructor(alias: number, card: number) {
    super();
    this.alias = alias;
    this.card = card;
  }
  override check(): boolean {
    return true;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const card = r.cards[this.card % r.cards.length]!;
    const alias = r.aliases[this.alias % r.aliases.length]!;
    expectAnswered(await r.api.put(`/credit_cards/${card.token}`, { alias }), this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `move alias ${this.alias} to card ${this.card}`;
  }
}

class Script extends Step {
  readonly codes: string[];
  constructor(codes: string[]) {
    super();
    this.codes = codes;
  }
  override check(): boolean {
    return true;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const card = r.cards.find((c) => c.number === DYNAMIC)!;
    const res = await r.api.put(`/sandbox/credit_cards/${card.token}/script`, {
      outcomes: this.codes.map((response_code) => ({ response_code })),
    });
    expect(res.status, res.text).toBe(200);
  }
  toString(): string {
    return `script dynamic card [${this.codes.join(', ')}]`;
  }
}

class ManualRetry extends Step {
  readonly sub: number;
  constructor(sub: number) {
    super();
    this.sub = sub;
  }
  async run(_m: Model, r: Real): Promise<void> {
    const id = r.subscriptions[this.sub % r.subscriptions.length]!;
    const owed = (await invoicesOf(r.api, id)).find((i) => i.status === 'past_due');
    if (!owed) return;
    expectAnswered(await r.api.post(`/invoices/${owed.id}/retry`), this.toString());
    await check(r, this.toString());
  }
  toString(): string {
    return `manual retry(sub ${this.sub})`;
  }
}

class Webhook extends Step {
  override check(): boolean {
    return true;
  }
  async run(_m: Model, r: Real): Promise<void> {
    // Loopback only, a closed port: deliveries fail, and billing must not mind.
    const res = await r.api.post('/webhooks', { url: 'http://127.0.0.1:9/recur', events: ['*'] });
    expectAnswered(res, this.toString());
  }
  toString(): string {
    return 'webhook endpoint';
  }
}

/** The charge worker in this process: a worker may die in it between a claim and its record. */
const deadWorker = new DeadWorkerHooks();

/**
 * Advances the clock with a worker that dies between the claim and the record of the first charge
 * to reach `step`; while it is dead its subscription may be cancelled or paused and the clock moves
 * on `laterHours` more (past a 24-hour window when that is over 24); then its job is taken up again.
 */
class AdvanceWithDeadWorker extends Step {
  readonly step: DeadStep;
  readonly hours: number;
  readonly laterHours: number;
  readonly meanwhile: 'cancel' | 'pause' | null;
  constructor(step: DeadStep, hours: number, laterHours: number, meanwhile: 'cancel' | 'pause' | null) {
    super();
    this.step = step;
    this.hours = hours;
    this.laterHours = laterHours;
    this.meanwhile = meanwhile;
  }
  override check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const to = r.now + this.hours * H;
    const thenTo = to + this.laterHours * H;
    r.now = thenTo;
    m.now = thenTo;
    await advanceWithDeadWorker(r.api, r.clockId, deadWorker, {
      step: this.step,
      to,
      thenTo,
      whileDead: async (invoiceId) => {
        if (!this.meanwhile) return;
        const invoice = await r.api.get(`/invoices/${invoiceId}`);
        expect(invoice.status, invoice.text).toBe(200);
        expectAnswered(await r.api.post(`/subscriptions/${invoice.body.response.subscription_id}/${this.meanwhile}`, {}), this.toString());
      },
    });
    await check(r, this.toString());
  }
  toString(): string {
    return `advance ${this.hours}h, a worker dead at ${this.step} for ${this.laterHours}h more${this.meanwhile ? ` (its subscription ${this.meanwhile === 'cancel' ? 'cancelled' : 'paused'} meanwhile)` : ''}`;
  }
}

class Advance extends Step {
  readonly hours: number;
  constructor(hours: number) {
    super();
    this.hours = hours;
  }
  override check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    r.now += this.hours * H;
    m.now = r.now;
    const res = await r.api.post(`/test_clocks/${r.clockId}/advance`, { frozen_time: new Date(r.now).toISOString() });
    expect(res.status, res.text).toBe(200);
    await check(r, this.toString());
  }
  toString(): string {
    return `advance ${this.hours}h`;
  }
}

const index = fc.nat(7);
const commands = [
  fc.tuple(fc.nat(3), fc.nat(3), fc.integer({ min: 0, max: 60 }), fc.boolean()).map(([p, c, h, a]) => new Create(p, c, h, a)),
  fc
    .tuple(fc.constantFrom('pause', 'resume', 'cancel', 'cancel_at_period_end') as fc.Arbitrary<'pause'>, index)
    .map(([op, s]) => new OnSubscription(op, s)),
  fc
    .tuple(fc.constantFrom('card_token', 'plan_id') as fc.Arbitrary<'card_token'>, index, fc.nat(3), fc.boolean())
    .map(([f, s, t, a]) => new Change(f, s, t, a)),
  fc.tuple(fc.nat(3), fc.nat(3)).map(([a, c]) => new MoveAlias(a, c)),
  fc.tuple(index, fc.option(fc.nat(3)), fc.integer({ min: 1, max: 5 }), fc.boolean()).map(([s, p, q, pr]) => new ChangeNow(s, p, q, pr)),
  fc.tuple(index, fc.constantFrom(100, 1250, 9900), fc.boolean()).map(([s, a, now]) => new Item(s, a, now)),
  fc.tuple(index, fc.option(fc.constantFrom(1, 300, 700))).map(([s, a]) => new Refund(s, a)),
  fc.tuple(index, fc.constantFrom('HALF', 'OFF300', null)).map(([s, c]) => new Coupon(s, c)),
  fc
    .tuple(fc.constantFrom('move', 'move', 'archive') as fc.Arbitrary<'move'>, fc.nat(3), fc.nat(3))
    .map(([op, from, to]) => new PlanOp(op, from, to)),
  fc.tuple(fc.nat(3), fc.constantFrom('12/2039', '06/2041')).map(([c, e]) => new UpdateCard(c, e)),
  fc.array(fc.constantFrom('51', '51', '05', '54', '43', '00'), { minLength: 1, maxLength: 6 }).map((codes) => new Script(codes)),
  index.map((s) => new ManualRetry(s)),
  fc.constant(new Webhook()),
  fc
    .oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 24, max: 24 * 20 }), fc.integer({ min: 24 * 25, max: 24 * 70 }))
    .map((h) => new Advance(h)),
  fc
    .tuple(
      fc.constantFrom(...DEAD_STEPS),
      fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 24, max: 24 * 20 })),
      fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 25, max: 72 })),
      fc.constantFrom('cancel', 'pause', null) as fc.Arbitrary<'cancel' | 'pause' | null>,
    )
    .map(([step, h, later, meanwhile]) => new AdvanceWithDeadWorker(step, h, later, meanwhile)),
];

describe('billing model: rules that hold across paths', () => {
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

  /** One sequence on a fresh merchant and test clock. */
  let n = 0;
  async function runSequence(cmds: Iterable<fc.AsyncCommand<Model, Real>>): Promise<void> {
    n++;
    const merchant = await app.newMerchant(`Model ${n}`);
    const api = app.client('sandbox', merchant.sandbox);
    const start = Date.parse('2034-01-01T00:00:00.000Z');
    const clock = await createClock(api, new Date(start).toISOString());
    const cards = [];
    // The declining card is tokenized twice: two tokens (cards 1 and 3) of one card, which the
    // network caps (C2) count as one, whichever token or alias a subscription names.
    const numbers = [DYNAMIC, DECLINE, APPROVE, DECLINE];
    const aliases = numbers.map((_, i) => `model-${n}-card-${i}`);
    for (const [i, number] of numbers.entries()) {
      cards.push({ number, token: (await createCard(api, number, { alias: aliases[i] })).token });
    }
    const plans = [
      (await createPlan(api, { amount: 1000, interval: 'month', dunning: { retry_days: [1, 3, 5], final_action: 'leave_past_due' } })).id,
      (await createPlan(api, { amount: 700, interval: 'week', dunning: { retry_days: [1, 2], final_action: 'cancel' } })).id,
      (await createPlan(api, { amount: 2500, interval: 'day', dunning: { retry_days: [2], final_action: 'mark_unpaid' } })).id,
      // A fixed term with a trial and a setup fee: three weekly periods, then `completed`.
      (
        await createPlan(api, {
          amount: 1500,
          interval: 'week',
          trial_days: 3,
          billing_cycles: 3,
          setup_fee: 500,
          dunning: { retry_days: [1], final_action: 'cancel' },
        })
      ).id,
    ];
    for (const coupon of [
      { code: 'HALF', percent_off: 50, duration: 'repeating', duration_in_periods: 2 },
      { code: 'OFF300', amount_off: 300, currency: 'AUD', duration: 'once' },
    ]) {
      const res = await api.post('/coupons', coupon);
      expect(res.status, res.text).toBe(201);
    }
    const real: Real = {
      app,
      api,
      merchantId: merchant.merchant_id,
      clockId: clock.id,
      cards,
      aliases,
      plans,
      subscriptions: [],
      now: start,
    };
    await fc.asyncModelRun(() => ({ model: { subscriptions: 0, now: start }, real }), cmds);
  }

  // Counterexamples it found, replayed as named regression tests.
  it('regression (seed 109614231): dunning cancels a weekly subscription caught up over weeks; its other invoices are voided', async () => {
    await runSequence([
      new Advance(29),
      new Create(1, 0, 50),
      new Create(0, 0, 30),
      new Script(['51', '51', '00', '51', '51', '43']),
      new Script(['05', '51', '43', '05', '54', '43']),
      new Advance(1514),
    ]);
  });

  it('regression (seed 7): a manual retry while paused keeps the next retry for the resume', async () => {
    await runSequence([
      new Create(2, 1, 2),
      new Advance(11),
      new OnSubscription('pause', 0),
      new ManualRetry(0),
      new OnSubscription('resume', 0),
    ]);
  });

  it('regression (seed 7): the clock settles only once an ended subscription has no open invoice left', async () => {
    await runSequence([
      new Advance(95),
      new Webhook(),
      new Script(['05', '00', '51', '43', '00', '51']),
      new Create(1, 0, 12),
      new UpdateCard(1, '12/2039'),
      new Advance(1109),
    ]);
  });

  it("regression (alias): subscriptions that name their cards by alias are held to those cards' network caps", async () => {
    await runSequence([
      new UpdateCard(1, '12/2039'),
      new Create(0, 0, 30, true),
      new Create(2, 1, 1, true),
      new Script(['51']),
      new Advance(852),
    ]);
  });

  it("regression (two tokens): subscriptions on two tokens of one card are held to that card's network caps", async () => {
    await runSequence([new Create(0, 1, 0), new Create(0, 3, 0), new Create(1, 3, 2, true), new Advance(24 * 8), new Advance(24 * 30)]);
  });

  it('a worker dies between a claim and its record, the subscription is cancelled and the clock moves on: the attempt keeps its time (C1)', async () => {
    const killed = deadWorker.killed;
    await runSequence([new Create(0, 1, 1), new AdvanceWithDeadWorker('after-gateway', 2, 30, 'cancel')]);
    expect(deadWorker.killed, 'a charge died between its claim and its record').toBe(killed + 1);
  });

  it('a fixed term completing with an invoice held for a card voids it as a cancel would: invoice.voided, no longer held (C9)', async () => {
    await runSequence([new Script(['54', '54', '54', '54', '54', '54']), new Create(3, 0, 0), new Advance(24 * 30)]);
  });

  it('regression (seed 77): an item invoiced while paused is charged when the subscription resumes', async () => {
    await runSequence([
      new Create(0, 2, 0),
      new Advance(1),
      new OnSubscription('pause', 0),
      new Item(0, 1250, true),
      new OnSubscription('resume', 0),
    ]);
  });

  it('random operations and clock advances never break the global invariants', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
        await runSequence(cmds);
        steps += [...cmds].length;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // Sequences really ran (a guard against a generator that yields nothing to do).
    expect(steps).toBeGreaterThan(RUNS);
    console.log(
      `model: ${RUNS} sequences, ${steps} steps, ${refundsMade} refunds made, ${deadWorker.killed} charges whose worker died between claim and record`,
    );
  });
});
