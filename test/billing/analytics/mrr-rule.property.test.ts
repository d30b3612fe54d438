import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createTestDatabase } from '../../helpers/database.ts';
import { discountAmount, type Discount } from '../../../src/billing/invoices/lines/compose-invoice.ts';
import { divideRoundHalfAwayFromZero } from '../../../src/billing/proration/proration.ts';

// The MRR rule (docs/analytics.md) lives in SQL, in billing.subscription_mrr and
// billing.period_amount, because the trigger that records movements calls it. Its discount must
// be the invoice composer's (discountAmount), and its monthly figure the amount × 12 ÷ (periods a
// year × interval count), rounded once, half away from zero. Random plans, quantities, coupons and
// statuses, checked against that statement in BigInt.

let db: pg.Client;
beforeAll(async () => {
  db = await connect(await createTestDatabase());
});
afterAll(async () => {
  await db?.end();
});

const PER_YEAR = { day: 365n, week: 52n, month: 12n, year: 1n } as const;
type Interval = keyof typeof PER_YEAR;

interface Case {
  amount: number;
  interval: Interval;
  intervalCount: number;
  quantity: number;
  status: string;
  coupon: { percentBasisPoints: number | null; amountOff: number | null; duration: 'once' | 'repeating' | 'forever' } | null;
}

const couponArb = fc.oneof(
  fc.constant(null),
  fc.record({
    percentBasisPoints: fc.integer({ min: 1, max: 10_000 }),
    amountOff: fc.constant(null),
    duration: fc.constantFrom('once' as const, 'repeating' as const, 'forever' as const),
  }),
  fc.record({
    percentBasisPoints: fc.constant(null),
    amountOff: fc.integer({ min: 1, max: 5_000_000 }),
    duration: fc.constantFrom('once' as const, 'repeating' as const, 'forever' as const),
  }),
);
const caseArb: fc.Arbitrary<Case> = fc.record({
  amount: fc.integer({ min: 0, max: 10_000_000 }),
  interval: fc.constantFrom<Interval>('day', 'week', 'month', 'year'),
  intervalCount: fc.integer({ min: 1, max: 12 }),
  quantity: fc.integer({ min: 1, max: 1000 }),
  status: fc.constantFrom('active', 'past_due', 'trialing', 'paused', 'cancelled', 'unpaid', 'completed'),
  coupon: couponArb,
});

/** The rule as docs/analytics.md states it, with the composer's discount. */
function expectedMrr(c: Case): number {
  if (c.status !== 'active' && c.status !== 'past_due') return 0;
  const gross = c.amount * c.quantity;
  let net = gross;
  if (c.coupon && c.coupon.duration !== 'once') {
    const discount: Discount =
      c.coupon.percentBasisPoints !== null
        ? { kind: 'percent', basisPoints: c.coupon.percentBasisPoints, description: 'coupon' }
        : { kind: 'amount', amount: c.coupon.amountOff!, description: 'coupon' };
    net = gross - discountAmount(discount, gross, gross);
  }
  return Number(divideRoundHalfAwayFromZero(BigInt(net) * PER_YEAR[c.interval], 12n * BigInt(c.intervalCount)));
}

describe('the MRR rule in SQL', () => {
  it('equals the stated rule, with the invoice composer’s discount, for random plans, quantities, coupons and statuses (property)', async () => {
    const merchant = randomUUID();
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: 1, maxLength: 40 }), async (cases) => {
        const rows = cases.map((c) => ({ ...c, planId: randomUUID(), couponId: c.coupon ? randomUUID() : null }));
        await db.query(
          `insert into billing.plans (id, merchant_id, environment, name, amount, currency, interval, interval_count, trial_days, dunning, status, created_at)
           select (r->>'planId')::uuid, $1, 'sandbox', 'P', (r->>'amount')::bigint, 'AUD', r->>'interval', (r->>'intervalCount')::int, 0, '{}', 'active', now()
             from jsonb_array_elements($2::jsonb) r`,
          [merchant, JSON.stringify(rows)],
        );
        await db.query(
          `insert into billing.coupons (id, merchant_id, environment, code, percent_off_basis_points, amount_off, currency, duration, status, created_at)
           select (r->>'couponId')::uuid, $1, 'sandbox', r->>'couponId', (r->'coupon'->>'percentBasisPoints')::int, (r->'coupon'->>'amountOff')::bigint,
                  case when r->'coupon'->>'amountOff' is not null then 'AUD' end, r->'coupon'->>'duration', 'active', now()
             from jsonb_array_elements($2::jsonb) r where r->>'couponId' is not null`,
          [merchant, JSON.stringify(rows)],
        );
        const got = await db.query<{ mrr: string }>(
          `select billing.subscription_mrr(r->>'status', (r->>'planId')::uuid, (r->>'quantity')::int, (r->>'couponId')::uuid) as mrr
             from jsonb_array_elements($1::jsonb) with ordinality as t(r, n) order by n`,
          [JSON.stringify(rows)],
        );
        expect(got.rows.map((r) => Number(r.mrr))).toEqual(cases.map(expectedMrr));
      }),
      { numRuns: 60 },
    );
  });

  it('worked examples of docs/analytics.md', async () => {
    const merchant = randomUUID();
    const plan = async (amount: number, interval: Interval, count = 1) => {
      const id = randomUUID();
      await db.query(
        `insert into billing.plans (id, merchant_id, environment, name, amount, currency, interval, interval_count, trial_days, dunning, status, created_at)
         values ($1, $2, 'sandbox', 'P', $3, 'AUD', $4, $5, 0, '{}', 'active', now())`,
        [id, merchant, amount, interval, count],
      );
      return id;
    };
    const coupon = async (fields: { pct?: number; off?: number; duration: string }) => {
      const id = randomUUID();
      await db.query(
        `insert into billing.coupons (id, merchant_id, environment, code, percent_off_basis_points, amount_off, currency, duration, status, created_at)
         values ($1::uuid, $2, 'sandbox', $1::text, $3, $4, 'AUD', $5, 'active', now())`,
        [id, merchant, fields.pct ?? null, fields.off ?? null, fields.duration],
      );
      return id;
    };
    const mrr = async (status: string, planId: string, quantity: number, couponId: string | null) =>
      Number((await db.query(`select billing.subscription_mrr($1, $2, $3, $4) as m`, [status, planId, quantity, couponId])).rows[0].m);
    expect(await mrr('active', await plan(3000, 'month'), 1, null)).toBe(3000);
    expect(await mrr('active', await plan(120_000, 'year'), 1, null)).toBe(10_000);
    expect(await mrr('past_due', await plan(1000, 'month'), 3, await coupon({ pct: 1000, duration: 'forever' }))).toBe(2700);
    expect(await mrr('active', await plan(700, 'week', 2), 1, null)).toBe(1517);
    expect(await mrr('active', await plan(3000, 'month'), 1, await coupon({ off: 500, duration: 'once' }))).toBe(3000);
    expect(await mrr('active', await plan(3000, 'month'), 1, await coupon({ off: 5000, duration: 'repeating' }))).toBe(0);
    expect(await mrr('active', await plan(150, 'year'), 1, null)).toBe(13); // 12.5, half away from zero
    expect(await mrr('trialing', await plan(3000, 'month'), 1, null)).toBe(0);
  });
});
