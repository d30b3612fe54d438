import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, expectError, invoicesOf, periodInvoiceOf, settle, SEATS_TIERS } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { checkCrossPath } from '../../helpers/invariants.ts';

// Seats prices through the public API on test clocks (docs/pricing.md, "Seats"): a plan's `seats`
// price prices the subscription's quantity through its model, billed in advance on each period's
// invoice beside the plan's flat amount (a base fee, once); each model at its tier boundaries; a
// quantity changed mid-period prorated on the difference of the tiered amounts; a first period
// before a billing anchor; a coupon and a tax; moves onto a seats plan;
// the preview; MRR and the upcoming renewals at the tiered amount.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const START = '2027-01-10T00:00:00.000Z';
const NEXT = '2027-02-10T00:00:00.000Z';

async function plan(api: ApiClient, fields: Record<string, unknown>) {
  const res = await api.post('/plans', { name: 'Team', amount: 0, currency: 'AUD', interval: 'month', ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

/** The period invoice that begins at `start`, and its plan lines (kind `subscription`). */
async function periodInvoice(api: ApiClient, subId: string, start = START) {
  const invoice = await periodInvoiceOf(api, subId, start);
  return {
    invoice,
    base: invoice.lines.find((l: any) => l.kind === 'subscription' && !l.metric_code),
    seats: invoice.lines.find((l: any) => l.metric_code === 'seats'),
  };
}

async function merchantOf(subId: string): Promise<string> {
  const [row] = await app.runtime.sql.query<{ merchant_id: string }>('select merchant_id from billing.subscriptions where id = $1', [
    subId,
  ]);
  return row!.merchant_id;
}

describe('seats prices', () => {
  it('bills each model in advance at its tier boundaries, the flat amount once as a base fee', async () => {
    const s0 = await scaffold(app, { merchant: 'Seats models', clock: START });
    const { api } = s0;
    const graduated = await plan(api, {
      name: 'Graduated',
      amount: 500,
      prices: [{ metric_code: 'seats', model: 'graduated', tiers: SEATS_TIERS }],
    });
    const volume = await plan(api, { name: 'Volume', prices: [{ metric_code: 'seats', model: 'volume', tiers: SEATS_TIERS }] });
    const perUnit = await plan(api, {
      name: 'Per seat',
      prices: [{ metric_code: 'seats', model: 'per_unit', unit_amount: 900, free_units: 3 }],
    });
    const pack = await plan(api, {
      name: 'Packs',
      prices: [{ metric_code: 'seats', model: 'package', unit_amount: 700, package_size: 5 }],
    });
    // [plan, quantity, seats amount, tiers applied as [units, unit_amount]]
    const cases: [any, number, number, [number, number][]][] = [
      [graduated, 10, 20_000, [[10, 2000]]],
      [
        graduated,
        11,
        21_500,
        [
          [10, 2000],
          [1, 1500],
        ],
      ],
      [
        graduated,
        25,
        42_500,
        [
          [10, 2000],
          [15, 1500],
        ],
      ],
      [
        graduated,
        50,
        80_000,
        [
          [10, 2000],
          [40, 1500],
        ],
      ],
      [
        graduated,
        51,
        81_000,
        [
          [10, 2000],
          [40, 1500],
          [1, 1000],
        ],
      ],
      [volume, 10, 20_000, [[10, 2000]]],
      [volume, 11, 16_500, [[11, 1500]]],
      [volume, 50, 75_000, [[50, 1500]]],
      [volume, 51, 51_000, [[51, 1000]]],
      [perUnit, 3, 0, []],
      [perUnit, 4, 900, [[1, 900]]],
      [pack, 5, 700, [[5, 700]]],
      [pack, 6, 1400, [[6, 700]]],
    ];
    const subs = [];
    for (const [p, quantity] of cases) subs.push(await s0.start({ plan_id: p.id, quantity }));
    await settle(api, s0.clock.id);
    for (const [k, [p, quantity, amount, tiers]] of cases.entries()) {
      const { invoice, base, seats } = await periodInvoice(api, subs[k].id);
      const label = `${p.name} × ${quantity}`;
      expect(seats, label).toMatchObject({
        kind: 'subscription',
        description: `${p.name} seats`,
        metric_code: 'seats',
        model: p.prices[0].model,
        quantity,
        amount,
        period_start: START,
        period_end: NEXT,
      });
      expect(
        seats.tiers.map((t: any) => [t.units, t.unit_amount]),
        label,
      ).toEqual(tiers);
      // The flat amount is a base fee billed once, not × quantity; a plan of amount 0 has no base line.
      if (p.id === graduated.id) expect(base, label).toMatchObject({ description: p.name, quantity: 1, unit_amount: 500, amount: 500 });
      else expect(base, label).toBeUndefined();
      expect(invoice.amount, label).toBe((p.id === graduated.id ? 500 : 0) + amount);
    }
    // Free units past the quantity: the seats line is 0 and shows no tier.
    expect((await periodInvoice(api, subs[9].id)).seats).toMatchObject({ free_units: 3, billable_quantity: 0, tiers: [] });
    // Package: the units and the packages they round up to.
    expect((await periodInvoice(api, subs[12].id)).seats.tiers[0]).toMatchObject({ units: 6, packages: 2, amount: 1400 });
    // The next period bills the same, in advance.
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    expect((await periodInvoice(api, subs[2].id, NEXT)).invoice.amount).toBe(500 + 42_500);
    // Quantity 0 is refused (a subscription has at least one seat; free units bill a quantity 0).
    const zero = await api.post('/subscriptions', {
      customer_reference: 'c',
      plan_id: graduated.id,
      card_token: s0.card.token,
      test_clock_id: s0.clock.id,
      quantity: 0,
    });
    expectError(zero, 422, /quantity must be at least 1/);
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId: await merchantOf(subs[0].id) })).toEqual([]);
  });

  it('prorates a quantity changed now on the difference of the tiered amounts; the preview shows the same invoice', async () => {
    const s0 = await scaffold(app, { merchant: 'Seats proration', clock: START });
    const { api } = s0;
    const team = await plan(api, { prices: [{ metric_code: 'seats', model: 'graduated', tiers: SEATS_TIERS }] });
    const sub = await s0.start({ plan_id: team.id, quantity: 25 });
    await settle(api, s0.clock.id);
    expect((await periodInvoice(api, sub.id)).invoice.amount).toBe(42_500);
    // Jan 25 00:00: 16 of the period's 31 days are left. Credit round(42,500 × 16/31) = 21,935;
    // charge 51 seats, round(81,000 × 16/31) = 41,806; net 19,871.
    await advance(api, s0.clock.id, '2027-01-25T00:00:00.000Z');
    const change = { quantity: 51, effective: 'now' };
    const preview = await api.post(`/subscriptions/${sub.id}/preview`, change);
    expect(preview.status, preview.text).toBe(200);
    const [previewed] = preview.body.response.invoices;
    expect(previewed.lines.map((l: any) => [l.description, l.quantity, l.unit_amount, l.amount])).toEqual([
      ['Unused time on Team (25 seats)', 25, 42_500, -21_935],
      ['Remaining time on Team (51 seats)', 51, 81_000, 41_806],
    ]);
    expect(previewed.amount).toBe(19_871);
    const changed = await api.put(`/subscriptions/${sub.id}`, change);
    expect(changed.status, changed.text).toBe(200);
    await settle(api, s0.clock.id);
    const proration: any = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'proration');
    expect(proration.lines.map((l: any) => l.amount)).toEqual([-21_935, 41_806]);
    expect(proration).toMatchObject({ amount: 19_871, status: 'paid' });
    // A quantity from the next period: 11 seats bill 21,500 on the Feb 10 invoice.
    expect((await api.put(`/subscriptions/${sub.id}`, { quantity: 11 })).status).toBe(200);
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    const next = await periodInvoice(api, sub.id, NEXT);
    expect(next.seats).toMatchObject({ quantity: 11, amount: 21_500 });
    expect(next.invoice.amount).toBe(21_500);
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId: await merchantOf(sub.id) })).toEqual([]);
  });

  it('charges a first period before a billing anchor pro rata of the whole recurring amount', async () => {
    const s0 = await scaffold(app, { merchant: 'Seats anchor', clock: START });
    const { api } = s0;
    const team = await plan(api, { amount: 500, prices: [{ metric_code: 'seats', model: 'graduated', tiers: SEATS_TIERS }] });
    // Jan 10 to the Feb 1 anchor: 22 of the 31 days of the interval that ends at the anchor.
    // round((500 + 42,500) × 22 / 31) = round(30,516.13) = 30,516.
    const sub = await s0.start({ plan_id: team.id, quantity: 25, billing_anchor: '2027-02-01T00:00:00.000Z' });
    await settle(api, s0.clock.id);
    const { invoice } = await periodInvoice(api, sub.id);
    expect(invoice.lines.map((l: any) => [l.kind, l.quantity, l.unit_amount, l.amount])).toEqual([['subscription', 25, 43_000, 30_516]]);
    await advance(api, s0.clock.id, '2027-02-01T01:00:00.000Z');
    expect((await periodInvoice(api, sub.id, '2027-02-01T00:00:00.000Z')).invoice.amount).toBe(43_000);
  });

  it('applies a coupon and a tax to the seats line as to any plan line', async () => {
    const s0 = await scaffold(app, { merchant: 'Seats coupon tax', clock: START });
    const { api } = s0;
    const rate = (await api.post('/tax_rates', { display_name: 'GST', percentage: '10', inclusive: false })).body.response;
    expect((await api.post('/coupons', { code: 'TENTH', percent_off: 10, duration: 'forever' })).status).toBe(201);
    const team = await plan(api, {
      amount: 5000,
      tax_rate_ids: [rate.id],
      prices: [{ metric_code: 'seats', model: 'graduated', tiers: SEATS_TIERS }],
    });
    const sub = await s0.start({ plan_id: team.id, quantity: 25, coupon: 'TENTH' });
    await settle(api, s0.clock.id);
    const { invoice, base, seats } = await periodInvoice(api, sub.id);
    // 5,000 base + 42,500 seats = 47,500; 10% off: 500 and 4,250; 10% tax on what is left: 450 and 3,825.
    expect(base).toMatchObject({ amount: 5000, discount_amount: 500, tax_amount: 450 });
    expect(seats).toMatchObject({ amount: 42_500, discount_amount: 4250, tax_amount: 3825 });
    expect(invoice).toMatchObject({ subtotal: 47_500, discount: 4750, tax: 4275, amount: 47_025 });
  });

  it('counts the tiered amount in MRR, its movements and the upcoming renewals', async () => {
    const s0 = await scaffold(app, { merchant: 'Seats MRR', clock: '2031-01-01T00:00:00.000Z' });
    const { api } = s0;
    expect((await api.post('/coupons', { code: 'FIFTH', percent_off: 20, duration: 'forever' })).status).toBe(201);
    const team = await plan(api, { amount: 500, prices: [{ metric_code: 'seats', model: 'graduated', tiers: SEATS_TIERS }] });
    const a = await s0.start({ plan_id: team.id, quantity: 25 }); // 500 + 42,500 = 43,000
    const b = await s0.start({ plan_id: team.id, quantity: 11, coupon: 'FIFTH' }); // (500 + 21,500) × 0.8 = 17,600
    await settle(api, s0.clock.id);
    // b from 11 to 51 seats now (no proration): 500 + 81,000 = 81,500, less 20% = 65,200.
    await advance(api, s0.clock.id, '2031-02-15T00:00:00.000Z');
    expect((await api.put(`/subscriptions/${b.id}`, { quantity: 51, effective: 'now', prorate: false })).status).toBe(200);
    // a from 25 to 10 seats from its next period (1 March): 500 + 20,000 = 20,500.
    expect((await api.put(`/subscriptions/${a.id}`, { quantity: 10 })).status).toBe(200);
    await advance(api, s0.clock.id, '2031-03-05T00:00:00.000Z');
    const mrr = await api.get('/analytics/mrr?from=2031-01&to=2031-03');
    expect(mrr.status, mrr.text).toBe(200);
    const months = mrr.body.response.series[0].months.map((m: any) => [m.month, m.mrr, m.new, m.expansion, m.contraction]);
    expect(months).toEqual([
      ['2031-01', 60_600, 60_600, 0, 0],
      ['2031-02', 108_200, 0, 47_600, 0],
      ['2031-03', 85_700, 0, 0, -22_500],
    ]);
    // Renewals on 1 April: a's 20,500 and b's 65,200, before tax.
    const renewals = await api.get('/analytics/renewals?days=30');
    expect(renewals.body.response.currencies[0]).toMatchObject({ renewals: 2, amount: 85_700 });
    // The invoices agree with MRR: the March invoices bill what MRR counts for March.
    const march = await Promise.all([a, b].map((x) => periodInvoice(api, x.id, '2031-03-01T00:00:00.000Z')));
    expect(march.map((m) => m.invoice.amount)).toEqual([20_500, 65_200]);
    const merchantId = await merchantOf(a.id);
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId })).toEqual([]);
    // C21 sees a seats subscription whose recurring amount was never recorded (MRR would read amount × quantity).
    const [row] = await app.runtime.sql.query<{ amount: string }>(
      'delete from billing.plan_quantity_amounts where plan_id = $1 and quantity = 10 returning amount',
      [team.id],
    );
    expect(row!.amount).toBe('20500');
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId })).toContain(
      `C21: subscription ${a.id} bills plan ${team.id} at quantity 10 with no recorded recurring amount`,
    );
    await app.runtime.sql.query('insert into billing.plan_quantity_amounts (plan_id, quantity, amount) values ($1, 10, 20500)', [team.id]);
  });

  it('moves flat subscriptions onto a seats plan: now (prorated), from the next period, and by move_subscriptions', async () => {
    const s0 = await scaffold(app, { merchant: 'Seats moves', clock: START, plan: { name: 'Flat', amount: 1000 } });
    const { api } = s0;
    const team = await plan(api, { amount: 500, prices: [{ metric_code: 'seats', model: 'volume', tiers: SEATS_TIERS }] });
    const a = await s0.start({ quantity: 12 }); // flat: 12 × 1,000
    const b = await s0.start({ quantity: 12 });
    const c = await s0.start({ quantity: 30 });
    await settle(api, s0.clock.id);
    // a: a pending quantity of 20, then the seats plan now (Jan 25, 16 of 31 days left): credit
    // round(12,000 × 16/31) = 6,194, charge 500 + 12 × 1,500 = 18,500 → round(18,500 × 16/31) = 9,548.
    await advance(api, s0.clock.id, '2027-01-25T00:00:00.000Z');
    expect((await api.put(`/subscriptions/${a.id}`, { quantity: 20 })).status).toBe(200);
    const now = await api.put(`/subscriptions/${a.id}`, { plan_id: team.id, effective: 'now' });
    expect(now.status, now.text).toBe(200);
    await settle(api, s0.clock.id);
    const proration: any = (await invoicesOf(api, a.id)).find((i: any) => i.kind === 'proration');
    expect(proration.lines.map((l: any) => [l.description, l.amount])).toEqual([
      ['Unused time on 12 × Flat', -6194],
      ['Remaining time on Team (12 seats)', 9548],
    ]);
    // b: the seats plan from its next period; c: moved with the plan's other subscriptions.
    expect((await api.put(`/subscriptions/${b.id}`, { plan_id: team.id })).status).toBe(200);
    const moved = await api.post(`/plans/${s0.plan.id}/move_subscriptions`, { plan_id: team.id });
    expect(moved.status, moved.text).toBe(200);
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId: await merchantOf(a.id) })).toEqual([]);
    // Renewals on Feb 10 read the seats amounts: a 500 + 20 × 1,500, b 500 + 12 × 1,500, c 500 + 30 × 1,500.
    const renewals = await api.get('/analytics/renewals?days=30');
    expect(renewals.body.response.currencies[0]).toMatchObject({ renewals: 3, amount: 30_500 + 18_500 + 45_500 });
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    const next = await Promise.all([a, b, c].map((x) => periodInvoice(api, x.id, NEXT)));
    expect(next.map((n) => [n.seats.quantity, n.seats.amount, n.invoice.amount])).toEqual([
      [20, 30_000, 30_500],
      [12, 18_000, 18_500],
      [30, 45_000, 45_500],
    ]);
    // MRR in February: the three at their seats amounts.
    const mrr = await api.get('/analytics/mrr?from=2027-02&to=2027-02');
    expect(mrr.body.response.series[0].months[0].mrr).toBe(30_500 + 18_500 + 45_500);
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId: await merchantOf(a.id) })).toEqual([]);
  });
});
