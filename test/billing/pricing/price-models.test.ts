import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceQuantity, type PriceModel, type Tier } from '../../../src/billing/pricing/price-models.ts';
import { PriceModelInput, TierList, toPriceModel } from '../../../src/billing/pricing/price-input.ts';
import { recurringAmount } from '../../../src/billing/pricing/recurring-amount.ts';
import { planLines } from '../../../src/billing/invoices/lines/invoice-line.ts';

// The price models as pure functions: the worked examples of docs/pricing.md, tier boundaries,
// free units and zero quantities, and properties over random tiers and quantities against a
// direct, unit-by-unit definition.

const SEATS: Tier[] = [
  { up_to: 10, unit_amount: 2000 },
  { up_to: 50, unit_amount: 1500 },
  { up_to: null, unit_amount: 1000 },
];

describe('worked examples (docs/pricing.md)', () => {
  it('graduated: 25 seats on [10 at 2000, 50 at 1500] = 10×2000 + 15×1500 = 42,500', () => {
    const priced = priceQuantity({ model: 'graduated', tiers: SEATS }, 25);
    expect(priced.amount).toBe(42_500);
    expect(priced.tiers).toEqual([
      { tier: 1, from_unit: 1, to_unit: 10, units: 10, unit_amount: 2000, flat_amount: 0, amount: 20_000 },
      { tier: 2, from_unit: 11, to_unit: 25, units: 15, unit_amount: 1500, flat_amount: 0, amount: 22_500 },
    ]);
  });

  it('volume: 25 seats all at the tier 25 falls in: 25×1500 = 37,500', () => {
    const priced = priceQuantity({ model: 'volume', tiers: SEATS }, 25);
    expect(priced.amount).toBe(37_500);
    expect(priced.tiers).toEqual([{ tier: 2, from_unit: 1, to_unit: 25, units: 25, unit_amount: 1500, flat_amount: 0, amount: 37_500 }]);
  });

  it('package: 1,050 units by 100 at 500 = 11 packages = 5,500', () => {
    const priced = priceQuantity({ model: 'package', unit_amount: 500, package_size: 100 }, 1050);
    expect(priced.amount).toBe(5_500);
    expect(priced.tiers[0]).toMatchObject({ units: 1050, packages: 11, amount: 5_500 });
  });

  it('per_unit with free units: 1,200 calls, 1,000 free, at 3 = 600', () => {
    const priced = priceQuantity({ model: 'per_unit', unit_amount: 3, free_units: 1000 }, 1200);
    expect(priced).toMatchObject({ quantity: 1200, free_units: 1000, billable_quantity: 200, amount: 600 });
  });

  it('graduated with a flat amount per tier: 60 units on [10 at 0 + 5,000 flat, null at 100] = 5,000 + 50×100', () => {
    const tiers: Tier[] = [
      { up_to: 10, unit_amount: 0, flat_amount: 5000 },
      { up_to: null, unit_amount: 100 },
    ];
    expect(priceQuantity({ model: 'graduated', tiers }, 60).amount).toBe(10_000);
    expect(priceQuantity({ model: 'graduated', tiers }, 3).amount).toBe(5_000);
    expect(priceQuantity({ model: 'volume', tiers }, 60).amount).toBe(6_000);
    expect(priceQuantity({ model: 'volume', tiers }, 3).amount).toBe(5_000);
  });
});

describe('boundaries', () => {
  const models: PriceModel[] = [
    { model: 'graduated', tiers: SEATS },
    { model: 'volume', tiers: SEATS },
    { model: 'per_unit', unit_amount: 700 },
    { model: 'package', unit_amount: 500, package_size: 100 },
  ];

  it('exactly at up_to falls in that tier; one past it in the next', () => {
    expect(priceQuantity({ model: 'volume', tiers: SEATS }, 10)).toMatchObject({ amount: 20_000, tiers: [{ tier: 1 }] });
    expect(priceQuantity({ model: 'volume', tiers: SEATS }, 11)).toMatchObject({ amount: 16_500, tiers: [{ tier: 2 }] });
    expect(priceQuantity({ model: 'volume', tiers: SEATS }, 50)).toMatchObject({ amount: 75_000, tiers: [{ tier: 2 }] });
    expect(priceQuantity({ model: 'volume', tiers: SEATS }, 51)).toMatchObject({ amount: 51_000, tiers: [{ tier: 3 }] });
    expect(priceQuantity({ model: 'graduated', tiers: SEATS }, 10).tiers).toHaveLength(1);
    expect(priceQuantity({ model: 'graduated', tiers: SEATS }, 11).tiers.map((t) => t.units)).toEqual([10, 1]);
    expect(priceQuantity({ model: 'graduated', tiers: SEATS }, 51).amount).toBe(20_000 + 40 * 1500 + 1000);
    expect(priceQuantity({ model: 'package', unit_amount: 500, package_size: 100 }, 100).amount).toBe(500);
    expect(priceQuantity({ model: 'package', unit_amount: 500, package_size: 100 }, 101).amount).toBe(1000);
  });

  it.each(models.map((m) => [m.model, m] as const))('%s: zero quantity bills nothing and applies no tier', (_, model) => {
    expect(priceQuantity(model, 0)).toEqual({ quantity: 0, free_units: 0, billable_quantity: 0, amount: 0, tiers: [] });
  });

  it.each(models.map((m) => [m.model, m] as const))('%s: usage within the free units bills nothing', (_, model) => {
    expect(priceQuantity({ ...model, free_units: 30 }, 30)).toMatchObject({ billable_quantity: 0, amount: 0, tiers: [] });
    expect(priceQuantity({ ...model, free_units: 30 }, 31)).toEqual({ ...priceQuantity(model, 1), quantity: 31, free_units: 30 });
  });

  it('refuses fractional or negative quantities and amounts past the safe integers', () => {
    expect(() => priceQuantity({ model: 'per_unit', unit_amount: 1 }, 1.5)).toThrow(RangeError);
    expect(() => priceQuantity({ model: 'per_unit', unit_amount: 1 }, -1)).toThrow(RangeError);
    expect(() => priceQuantity({ model: 'per_unit', unit_amount: 99_999_999_999 }, 1_000_000_000)).toThrow(/exceeds/);
  });
});

/** Ascending tiers, the last without a ceiling. */
const tierLists = fc
  .array(
    fc.record({
      width: fc.integer({ min: 1, max: 40 }),
      unit_amount: fc.integer({ min: 0, max: 5000 }),
      flat: fc.integer({ min: 0, max: 3000 }),
    }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((raw) => {
    let up = 0;
    return raw.map((t, i): Tier => {
      up += t.width;
      return { up_to: i === raw.length - 1 ? null : up, unit_amount: t.unit_amount, flat_amount: t.flat };
    });
  });

/** The tier of unit `u` (1-based): the first whose up_to is at least u. */
const tierOfUnit = (tiers: Tier[], u: number) => tiers.findIndex((t) => t.up_to === null || u <= t.up_to);

describe('properties', () => {
  const quantity = fc.integer({ min: 0, max: 300 });

  it('graduated equals the unit-by-unit definition and the sum of its tiers', () => {
    fc.assert(
      fc.property(tierLists, quantity, (tiers, q) => {
        let direct = 0;
        const reached = new Set<number>();
        for (let u = 1; u <= q; u++) {
          const i = tierOfUnit(tiers, u);
          direct += tiers[i]!.unit_amount;
          reached.add(i);
        }
        for (const i of reached) direct += tiers[i]!.flat_amount ?? 0;
        const priced = priceQuantity({ model: 'graduated', tiers }, q);
        expect(priced.amount).toBe(direct);
        expect(priced.tiers.reduce((s, t) => s + t.amount, 0)).toBe(priced.amount);
        expect(priced.tiers.reduce((s, t) => s + t.units, 0)).toBe(q);
      }),
    );
  });

  it('volume bills every unit at the tier of the whole quantity, at and past each boundary', () => {
    fc.assert(
      fc.property(tierLists, quantity, (tiers, q) => {
        const priced = priceQuantity({ model: 'volume', tiers }, q);
        if (q === 0) {
          expect(priced.amount).toBe(0);
          return;
        }
        const tier = tiers[tierOfUnit(tiers, q)]!;
        expect(priced.amount).toBe(q * tier.unit_amount + (tier.flat_amount ?? 0));
        for (const [i, t] of tiers.entries()) {
          if (t.up_to === null) continue;
          expect(priceQuantity({ model: 'volume', tiers }, t.up_to).tiers[0]!.tier).toBe(i + 1);
          expect(priceQuantity({ model: 'volume', tiers }, t.up_to + 1).tiers[0]!.tier).toBe(i + 2);
        }
      }),
    );
  });

  it('graduated, per_unit and package never bill less for more', () => {
    const prices = fc.oneof(
      tierLists.map((tiers): PriceModel => ({ model: 'graduated', tiers })),
      fc.integer({ min: 0, max: 10_000 }).map((unit_amount): PriceModel => ({ model: 'per_unit', unit_amount })),
      fc
        .record({ unit_amount: fc.integer({ min: 0, max: 10_000 }), package_size: fc.integer({ min: 1, max: 50 }) })
        .map((p): PriceModel => ({ model: 'package', ...p })),
    );
    fc.assert(
      fc.property(prices, quantity, quantity, fc.integer({ min: 0, max: 50 }), (price, a, b, free) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const withFree = { ...price, free_units: free };
        expect(priceQuantity(withFree, lo).amount).toBeLessThanOrEqual(priceQuantity(withFree, hi).amount);
      }),
    );
  });

  it('free units: pricing q with f free equals pricing max(0, q - f) with none', () => {
    fc.assert(
      fc.property(tierLists, quantity, fc.integer({ min: 0, max: 100 }), (tiers, q, f) => {
        for (const model of ['graduated', 'volume'] as const) {
          expect(priceQuantity({ model, tiers, free_units: f }, q).amount).toBe(priceQuantity({ model, tiers }, Math.max(0, q - f)).amount);
        }
      }),
    );
  });

  it('package: ceil(q / size) packages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (q, size, unit) => {
          expect(priceQuantity({ model: 'package', unit_amount: unit, package_size: size }, q).amount).toBe(Math.ceil(q / size) * unit);
        },
      ),
    );
  });
});

describe('the tier list and price schemas', () => {
  const issues = (value: unknown) => {
    const r = TierList.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes ascending tiers ending in null; refuses the rest, naming the tier', () => {
    expect(issues(SEATS)).toEqual([]);
    expect(issues([{ up_to: null, unit_amount: 5 }])).toEqual([]);
    expect(issues([])).toEqual([': tiers needs at least one tier']);
    expect(issues([{ up_to: 10, unit_amount: 5 }])).toEqual(['0.up_to: the last tier has up_to null (no ceiling)']);
    expect(
      issues([
        { up_to: null, unit_amount: 5 },
        { up_to: null, unit_amount: 4 },
      ]),
    ).toEqual(['0.up_to: only the last tier may have up_to null']);
    expect(
      issues([
        { up_to: 10, unit_amount: 5 },
        { up_to: 10, unit_amount: 4 },
        { up_to: null, unit_amount: 3 },
      ]),
    ).toEqual(["1.up_to: up_to must be greater than the previous tier's (10)"]);
    expect(
      issues([
        { up_to: 0, unit_amount: 5 },
        { up_to: null, unit_amount: 3 },
      ])[0],
    ).toMatch(/^0\.up_to: up_to must be at least 1/);
    expect(
      issues([
        { up_to: 2.5, unit_amount: 5 },
        { up_to: null, unit_amount: 3 },
      ])[0],
    ).toMatch(/^0\.up_to: up_to must be an integer/);
    expect(issues([{ up_to: null, unit_amount: 1.5 }])[0]).toMatch(/^0\.unit_amount: unit_amount must be an integer/);
    expect(issues([{ up_to: null, unit_amount: -1 }])[0]).toMatch(/^0\.unit_amount/);
    expect(issues([{ up_to: null, unit_amount: 1, extra: 1 }])[0]).toMatch(/extra/);
  });

  it('a price names what its model needs', () => {
    const paths = (value: unknown) => {
      const r = PriceModelInput.safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ model: 'graduated', tiers: SEATS })).toEqual([]);
    expect(paths({ model: 'graduated' })).toEqual(['tiers']);
    expect(paths({ model: 'per_unit' })).toEqual(['unit_amount']);
    expect(paths({ model: 'per_unit', unit_amount: 5, tiers: SEATS })).toEqual(['tiers']);
    expect(paths({ model: 'package', unit_amount: 5 })).toEqual(['package_size']);
    expect(paths({ model: 'volume', tiers: SEATS, unit_amount: 4 })).toEqual(['unit_amount']);
    expect(paths({ model: 'tiered', unit_amount: 4 })).toContain('model');
    const checked = PriceModelInput.parse({ model: 'package', unit_amount: 500, package_size: 100, free_units: 50 });
    expect(priceQuantity(toPriceModel(checked), 1050).amount).toBe(5_000);
  });
});

describe('seats: the recurring amount (docs/pricing.md, "Seats")', () => {
  const plans = fc.record({
    amount: fc.integer({ min: 0, max: 10_000 }),
    tiers: tierLists,
    model: fc.constantFrom('graduated' as const, 'volume' as const),
    free: fc.integer({ min: 0, max: 20 }),
  });

  it('with a seats price: the flat amount once plus the quantity priced; the plan lines sum to it and show the tiers', () => {
    fc.assert(
      fc.property(plans, fc.integer({ min: 1, max: 300 }), ({ amount, tiers, model, free }, q) => {
        const price = { metric_code: 'seats', model, tiers, free_units: free };
        const plan = { name: 'Team', amount, prices: [{ metric_code: 'api_calls', model: 'per_unit' as const, unit_amount: 7 }, price] };
        const direct = amount + priceQuantity({ model, tiers, free_units: free }, q).amount;
        expect(recurringAmount(plan, q).amount).toBe(direct);
        const lines = planLines({ plan, quantity: q, period: { start: new Date(0), end: new Date(1000) } });
        expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(direct);
        const seats = lines.find((l) => l.metric_code === 'seats')!;
        expect(seats).toMatchObject({ kind: 'subscription', quantity: q, billable_quantity: Math.max(0, q - free) });
        expect(seats.tiers!.reduce((s, t) => s + t.amount, 0)).toBe(seats.amount);
        expect(lines.length).toBe(amount > 0 ? 2 : 1);
      }),
    );
  });

  it('without one (usage prices only, or none): amount × quantity on one line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 1000 }), fc.boolean(), (amount, q, metered) => {
        const plan = {
          name: 'Flat',
          amount,
          prices: metered ? [{ metric_code: 'api_calls', model: 'per_unit' as const, unit_amount: 7 }] : [],
        };
        expect(recurringAmount(plan, q)).toEqual({ amount: amount * q, base: amount * q, seats: null });
        const lines = planLines({ plan, quantity: q, period: { start: new Date(0), end: new Date(1000) } });
        expect(lines.map((l) => [l.quantity, l.unit_amount, l.amount])).toEqual([[q, amount, amount * q]]);
      }),
    );
  });

  it('the worked example: 25 seats on [10 at 2000, 50 at 1500] with a 5,000 base fee bill 5,000 + 42,500', () => {
    const plan = { amount: 5000, prices: [{ metric_code: 'seats', model: 'graduated' as const, tiers: SEATS }] };
    expect(recurringAmount(plan, 25)).toMatchObject({ amount: 47_500, base: 5000, seats: { priced: { amount: 42_500 } } });
  });
});
