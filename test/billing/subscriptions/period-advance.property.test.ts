import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  advancePeriod,
  stillDue,
  BILLABLE_STATUSES,
  type DueSubscription,
  type PlannedPeriod,
} from '../../../src/billing/subscriptions/period-advance.ts';
import {
  firstPeriodStartingAtOrAfter,
  intervalStartBefore,
  periodMs,
  periodStart,
  type Interval,
} from '../../../src/billing/calendar/billing-calendar.ts';

/**
 * The period rule by its properties, with no database: a subscription is walked through time by
 * a model of the scheduler (claim what is due by `now`, apply the rule's answer as the batch
 * statement does, claim again while still due) and of pause and resume (as the subscriptions
 * service sets the calendar on resume).
 */

interface Plan {
  id: string;
  amount: number;
  interval: Interval;
  intervalCount: number;
  billingCycles: number | null;
  setupFee: number;
}

/** The subscription's columns the claim reads, as the batch statement leaves them. */
type Sub = Pick<
  DueSubscription,
  | 'id'
  | 'status'
  | 'plan_id'
  | 'next_plan_id'
  | 'time_zone'
  | 'anchor_at'
  | 'next_period_index'
  | 'cancel_at_period_end'
  | 'quantity'
  | 'next_quantity'
  | 'periods_invoiced'
> & { next_charge_at: string | null; cancelled_at: string | null; credit_balance: number };

interface Invoice {
  start: number;
  end: number;
  index: number;
  amount: number;
  planId: string;
}

interface Walk {
  sub: Sub;
  invoices: Invoice[];
  events: string[];
}

const ZONES = ['UTC', 'Australia/Sydney', 'America/New_York', 'Europe/Berlin'];
const DAY = 86_400_000;

/** The claim's join: the plan billed from this period (the next one where set) and the current plan's cadence. */
function dueRow(sub: Sub, plans: Map<string, Plan>): DueSubscription {
  const billed = plans.get(sub.next_plan_id ?? sub.plan_id)!;
  const current = plans.get(sub.plan_id)!;
  return {
    id: sub.id,
    merchant_id: 'm',
    environment: 'sandbox',
    status: sub.status,
    plan_id: sub.plan_id,
    next_plan_id: sub.next_plan_id,
    time_zone: sub.time_zone,
    anchor_at: sub.anchor_at,
    next_period_index: sub.next_period_index,
    next_charge_at: sub.next_charge_at!,
    cancel_at_period_end: sub.cancel_at_period_end,
    plan_amount: String(billed.amount),
    plan_currency: 'AUD',
    plan_interval: billed.interval,
    plan_interval_count: billed.intervalCount,
    plan_dunning: '{}',
    current_interval: current.interval,
    current_interval_count: current.intervalCount,
    clock_time: null,
    plan_name: billed.id,
    plan_setup_fee: String(billed.setupFee),
    plan_billing_cycles: billed.billingCycles,
    quantity: sub.quantity,
    next_quantity: sub.next_quantity,
    periods_invoiced: sub.periods_invoiced,
    credit_balance: String(sub.credit_balance),
    coupon_code: null,
    coupon_percent_off_basis_points: null,
    coupon_amount_off: null,
    coupon_currency: null,
    coupon_periods_left: null,
    pending_items: null,
    tax_relevant: false,
  };
}

/** What the batch statement's update does with the rule's answer (`coalesce` keeps a null column's value). */
function apply(sub: Sub, planned: PlannedPeriod): Sub {
  const a = planned.advance;
  return {
    ...sub,
    plan_id: a.plan_id,
    next_plan_id: null,
    status: a.status,
    anchor_at: a.anchor_at,
    next_period_index: a.next_period_index,
    next_charge_at: a.next_charge_at,
    cancelled_at: a.cancelled_at ?? sub.cancelled_at,
    cancel_at_period_end: sub.cancel_at_period_end && a.cancelled_at === null,
    quantity: a.quantity ?? sub.quantity,
    next_quantity: a.quantity === null ? sub.next_quantity : null,
    periods_invoiced: a.periods_invoiced ?? sub.periods_invoiced,
    credit_balance: a.credit_balance ?? sub.credit_balance,
  };
}

/** One scheduler tick at `now`: the subscription is claimed, advanced and claimed again while it is due. */
function tick(walk: Walk, plans: Map<string, Plan>, now: number): Walk {
  let { sub } = walk;
  const invoices = [...walk.invoices];
  const events = [...walk.events];
  for (let guard = 0; guard < 10_000; guard++) {
    const billable = (BILLABLE_STATUSES as readonly string[]).includes(sub.status);
    if (!billable || sub.next_charge_at === null || Date.parse(sub.next_charge_at) > now) break;
    const row = dueRow(sub, plans);
    const planned = advancePeriod(row);
    if (planned.invoice) {
      const inv = planned.invoice;
      invoices.push({
        start: Date.parse(inv.period_start),
        end: Date.parse(inv.period_end),
        index: inv.period_index,
        amount: Number(inv.amount),
        planId: inv.plan_id,
      });
    }
    events.push(...planned.events.map((e) => e.type));
    sub = apply(sub, planned);
    expect(stillDue(planned, row, new Date(now))).toBe(sub.next_charge_at !== null && Date.parse(sub.next_charge_at) <= now);
  }
  return { sub, invoices, events };
}

function pause(walk: Walk): Walk {
  if (!['active', 'trialing', 'past_due'].includes(walk.sub.status)) return walk;
  return { ...walk, sub: { ...walk.sub, status: 'paused', next_charge_at: null } };
}

/** As `resumeSubscription` sets the calendar: the first period starting at or after `at`, the anchor kept. */
function resume(walk: Walk, plans: Map<string, Plan>, at: number): Walk {
  if (walk.sub.status !== 'paused') return walk;
  const plan = plans.get(walk.sub.plan_id)!;
  const cadence = { interval: plan.interval, intervalCount: plan.intervalCount, timeZone: walk.sub.time_zone };
  const anchor = new Date(walk.sub.anchor_at);
  const index = firstPeriodStartingAtOrAfter(anchor, cadence, new Date(at));
  const next = periodStart(anchor, cadence, index).toISOString();
  return { ...walk, sub: { ...walk.sub, status: 'active', next_period_index: index, next_charge_at: next } };
}

const planArb = (id: string): fc.Arbitrary<Plan> =>
  fc.record({
    id: fc.constant(id),
    amount: fc.integer({ min: 0, max: 100_000 }),
    interval: fc.constantFrom<Interval>('day', 'week', 'month', 'year'),
    intervalCount: fc.integer({ min: 1, max: 3 }),
    billingCycles: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    setupFee: fc.integer({ min: 0, max: 5_000 }),
  });

/** A subscription at the start of its calendar (or before a billing anchor), and the plans it may use. */
const startArb = fc
  .record({
    plan: planArb('p1'),
    other: planArb('p2'),
    anchorMs: fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2030-01-01T00:00:00Z') }),
    stubPerMille: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
    zone: fc.constantFrom(...ZONES),
    trialing: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 5 }),
  })
  .map(({ plan, other, anchorMs, stubPerMille, zone, trialing, quantity }) => {
    const anchor = new Date(anchorMs).toISOString();
    // A billing anchor lies within one interval after the start (the API refuses any other).
    const full =
      anchorMs -
      intervalStartBefore(new Date(anchorMs), { interval: plan.interval, intervalCount: plan.intervalCount, timeZone: zone }).getTime();
    const startMs = stubPerMille === null ? anchorMs : anchorMs - Math.ceil((full * stubPerMille) / 1000 / 1000) * 1000;
    const start = new Date(startMs).toISOString();
    const sub: Sub = {
      id: 's1',
      status: trialing ? 'trialing' : 'active',
      plan_id: plan.id,
      next_plan_id: null,
      time_zone: zone,
      anchor_at: anchor,
      next_period_index: 0,
      next_charge_at: start,
      cancel_at_period_end: false,
      cancelled_at: null,
      quantity,
      next_quantity: null,
      periods_invoiced: 0,
      credit_balance: 0,
    };
    return { plans: new Map([plan, other].map((p) => [p.id, p])), sub, startMs: Date.parse(start) };
  });

/** Increasing times after the start, up to about three years on. */
const timesArb = fc.array(fc.integer({ min: 0, max: 120 * DAY }), { minLength: 1, maxLength: 12 });
const timesFrom = (startMs: number, steps: number[]): number[] => {
  let t = startMs;
  return steps.map((s) => (t += s));
};

function expectContiguous(invoices: Invoice[]): void {
  for (const [i, inv] of invoices.entries()) {
    expect(inv.start, 'a period starts before it ends').toBeLessThan(inv.end);
    if (i > 0) expect(inv.start, 'a period begins where the previous one ended').toBe(invoices[i - 1]!.end);
  }
}

describe('period rule: properties', () => {
  it('periods are contiguous and non-overlapping, each the calendar period of its index', () => {
    fc.assert(
      fc.property(startArb, timesArb, ({ plans, sub, startMs }, steps) => {
        let walk: Walk = { sub, invoices: [], events: [] };
        for (const t of timesFrom(startMs, steps)) walk = tick(walk, plans, t);
        expectContiguous(walk.invoices);
        const plan = plans.get(sub.plan_id)!;
        const cadence = { interval: plan.interval, intervalCount: plan.intervalCount, timeZone: sub.time_zone };
        for (const inv of walk.invoices) {
          expect(Number.isSafeInteger(inv.amount) && inv.amount >= 0, 'an amount is whole minor units').toBe(true);
          if (inv.index === -1) {
            expect(inv.end, 'the stub period ends at the anchor').toBe(Date.parse(sub.anchor_at));
            continue;
          }
          const p = periodMs(new Date(sub.anchor_at), cadence, inv.index);
          expect([inv.start, inv.end]).toEqual([p.start, p.end]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('ticking at any sequence of times reaches the state one tick at the last time reaches: no period skipped or invoiced twice', () => {
    fc.assert(
      fc.property(startArb, timesArb, ({ plans, sub, startMs }, steps) => {
        const times = timesFrom(startMs, steps);
        let stepwise: Walk = { sub, invoices: [], events: [] };
        for (const t of times) stepwise = tick(stepwise, plans, t);
        const atOnce = tick({ sub, invoices: [], events: [] }, plans, times.at(-1)!);
        expect(stepwise).toEqual(atOnce);
        expect(new Set(stepwise.invoices.map((i) => i.start)).size, 'no period invoiced twice').toBe(stepwise.invoices.length);
        // Caught up: the subscription is not due at the last time (or it has ended).
        const next = stepwise.sub.next_charge_at;
        if (next !== null) expect(Date.parse(next)).toBeGreaterThan(times.at(-1)!);
      }),
      { numRuns: 200 },
    );
  });

  it('a fixed-term plan invoices exactly its count of periods, then completes with no invoice', () => {
    fc.assert(
      fc.property(startArb, fc.integer({ min: 1, max: 6 }), ({ plans, sub }, cycles) => {
        const plan = { ...plans.get(sub.plan_id)!, billingCycles: cycles };
        const fixed = new Map(plans).set(plan.id, plan);
        const walk = tick(
          { sub: { ...sub, next_charge_at: sub.anchor_at }, invoices: [], events: [] },
          fixed,
          Date.parse('2100-01-01T00:00:00Z'),
        );
        expect(walk.invoices).toHaveLength(cycles);
        expect(walk.sub).toMatchObject({ status: 'completed', next_charge_at: null, periods_invoiced: cycles });
        expect(walk.events.filter((e) => e === 'subscription.completed')).toHaveLength(1);
        expect(walk.events.at(-1)).toBe('subscription.completed');
        expectContiguous(walk.invoices);
      }),
      { numRuns: 200 },
    );
  });

  it('a trial ends at its first period: active, with one subscription.updated event', () => {
    fc.assert(
      fc.property(startArb, ({ plans, sub, startMs }) => {
        const walk = tick({ sub: { ...sub, status: 'trialing' }, invoices: [], events: [] }, plans, startMs);
        expect(walk.invoices).toHaveLength(1);
        expect(walk.sub.status).toBe('active');
        expect(walk.events).toEqual(['subscription.updated']);
      }),
    );
  });

  it('a cancellation at period end takes effect at the boundary, with no invoice', () => {
    fc.assert(
      fc.property(startArb, timesArb, ({ plans, sub, startMs }, steps) => {
        const times = timesFrom(startMs, steps);
        let walk = tick({ sub, invoices: [], events: [] }, plans, times[0]!);
        if (walk.sub.status !== 'active') return;
        const boundary = walk.sub.next_charge_at!;
        const invoiced = walk.invoices.length;
        walk = tick({ ...walk, sub: { ...walk.sub, cancel_at_period_end: true } }, plans, Date.parse(boundary) + 400 * DAY);
        expect(walk.invoices).toHaveLength(invoiced);
        expect(walk.sub).toMatchObject({ status: 'cancelled', cancelled_at: boundary, next_charge_at: null, cancel_at_period_end: false });
        expect(walk.events.at(-1)).toBe('subscription.cancelled');
      }),
      { numRuns: 200 },
    );
  });

  it('a plan change applies at the boundary: the same cadence keeps the calendar, a new one re-anchors there; periods stay contiguous', () => {
    fc.assert(
      fc.property(startArb, timesArb, fc.integer({ min: 1, max: 5 }), ({ plans, sub, startMs }, steps, nextQuantity) => {
        const times = timesFrom(startMs, steps);
        let walk = tick({ sub: { ...sub, next_charge_at: sub.anchor_at }, invoices: [], events: [] }, plans, Date.parse(sub.anchor_at));
        if (walk.sub.status !== 'active') return;
        const before = walk.sub;
        const [from, to] = [plans.get(before.plan_id)!, plans.get('p2')!];
        const sameCadence = from.interval === to.interval && from.intervalCount === to.intervalCount;
        walk = { ...walk, sub: { ...before, next_plan_id: 'p2', next_quantity: nextQuantity } };
        const changed = tick(walk, plans, Date.parse(before.next_charge_at!));
        if (changed.sub.status !== 'active') return;
        expect(changed.sub).toMatchObject({ plan_id: 'p2', next_plan_id: null, quantity: nextQuantity, next_quantity: null });
        expect(changed.invoices.at(-1)!.planId).toBe('p2');
        if (sameCadence) expect(changed.sub.anchor_at).toBe(before.anchor_at);
        else expect([changed.sub.anchor_at, changed.invoices.at(-1)!.index]).toEqual([before.next_charge_at, 0]);
        let later = changed;
        for (const t of times) later = tick(later, plans, Date.parse(before.next_charge_at!) + t - startMs);
        expectContiguous(later.invoices);
      }),
      { numRuns: 200 },
    );
  });

  it('pause and resume: nothing is invoiced while paused, and periods after the resume are calendar periods after the last one', () => {
    fc.assert(
      fc.property(startArb, timesArb, fc.integer({ min: 1, max: 200 * DAY }), ({ plans, sub, startMs }, steps, pausedFor) => {
        const times = timesFrom(startMs, steps);
        let walk = tick({ sub, invoices: [], events: [] }, plans, times[0]!);
        walk = pause(walk);
        const invoiced = walk.invoices.length;
        const resumeAt = times[0]! + pausedFor;
        walk = tick(walk, plans, resumeAt);
        expect(walk.invoices, 'nothing invoiced while paused').toHaveLength(invoiced);
        walk = resume(walk, plans, resumeAt);
        for (const t of times) walk = tick(walk, plans, resumeAt + t - startMs);
        const after = walk.invoices.slice(invoiced);
        for (const inv of after) expect(inv.start, 'a period after the resume starts at or after it').toBeGreaterThanOrEqual(resumeAt);
        expectContiguous(after);
        const all = walk.invoices;
        for (let i = 1; i < all.length; i++) expect(all[i]!.start, 'no overlap across the pause').toBeGreaterThanOrEqual(all[i - 1]!.end);
      }),
      { numRuns: 200 },
    );
  });
});
