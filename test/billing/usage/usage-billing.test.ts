import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, createMetric, DYNAMIC, invoicesOf, meteredPlan, periodInvoiceOf, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { checkUsageBillingOf } from '../../helpers/invariants.ts';

// Usage billed in arrears through the public API on test clocks: a subscription's period usage is
// a `usage` line on the invoice that closes the period (the next period's), per priced metric,
// with its quantity, the tiers applied and the amount; each aggregation; each price model at its
// boundaries; a duplicate transaction_id once; a coupon and a tax; the final invoice of a
// subscription cancelled mid-period; and each period billed once (the record of what was billed).

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  console.log(
    app.logs
      .filter((l) => /"level":(50|40)/.test(l))
      .slice(0, 4)
      .join('\n'),
  );
  await app?.close();
});

const START = '2027-01-10T00:00:00.000Z';
const CLOSE = '2027-02-10T00:00:00.000Z';
const at = (day: number, hour = 12) => new Date(Date.UTC(2027, 0, day, hour)).toISOString();

const metric = createMetric;

async function send(api: ApiClient, events: Record<string, unknown>[]) {
  for (let i = 0; i < events.length; i += 1000) {
    const res = await api.post('/usage_events', { events: events.slice(i, i + 1000) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.response.refused, res.text).toBe(0);
  }
}

/** The invoice of the period that begins at `start`, with its usage lines by metric code. */
async function periodInvoice(api: ApiClient, subId: string, start = CLOSE) {
  const invoice = await periodInvoiceOf(api, subId, start);
  const usage = new Map<string, any>(invoice.lines.filter((l: any) => l.kind === 'usage').map((l: any) => [l.metric_code, l]));
  return { invoice, usage };
}

const usageInvariant = (subId: string) => checkUsageBillingOf(app.config.DATABASE_URL, subId);

async function billedRows(subId: string) {
  return app.runtime.sql.query<{ metric_code: string; period_start: string; invoice_id: string; quantity: string; amount: string }>(
    'select metric_code, period_start, invoice_id, quantity, amount from billing.usage_billed_periods where subscription_id = $1 order by metric_code, period_start',
    [subId],
  );
}

describe('usage billed in arrears', () => {
  it('bills each aggregation on the invoice that closes the period; a duplicate transaction_id counts once; each period once', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage aggregations', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    await metric(api, { code: 'bytes', aggregation: 'sum', field: 'n' });
    await metric(api, { code: 'peak', aggregation: 'max', field: 'n' });
    await metric(api, { code: 'users', aggregation: 'unique_count', field: 'user' });
    await metric(api, { code: 'level', aggregation: 'latest', field: 'n' });
    const perUnit = (code: string) => ({ metric_code: code, model: 'per_unit', unit_amount: 3 });
    const plan = await meteredPlan(api, ['calls', 'bytes', 'peak', 'users', 'level'].map(perUnit));
    const sub = await s0.start({ plan_id: plan.id });
    await settle(api, s0.clock.id);
    // The first invoice (the period that begins at the start) closes no period: no usage line.
    const first = await periodInvoice(api, sub.id, START);
    expect(first.usage.size).toBe(0);
    await advance(api, s0.clock.id, at(25, 0));
    const events = [
      { n: 5, user: 'a', ts: at(11) },
      { n: 40, user: 'b', ts: at(12) },
      { n: 7, user: 'a', ts: at(20) },
      { n: 2, user: 'c', ts: at(24) },
    ].map((e, i) => ({ transaction_id: `t-${i}`, ts: e.ts, properties: { n: e.n, user: e.user } }));
    const all = ['calls', 'bytes', 'peak', 'users', 'level'].flatMap((code) =>
      events.map((e) => ({
        transaction_id: `${code}-${e.transaction_id}`,
        subscription_id: sub.id,
        code,
        timestamp: e.ts,
        properties: e.properties,
      })),
    );
    await send(api, all);
    // The same transaction_id again (a retried batch) is a duplicate: counted once.
    const again = await api.post('/usage_events', { events: all.slice(0, 2) });
    expect(again.body.response.duplicates).toBe(2);
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    const { invoice, usage } = await periodInvoice(api, sub.id);
    const expected = { calls: 4, bytes: 54, peak: 40, users: 3, level: 2 };
    for (const [code, quantity] of Object.entries(expected)) {
      expect(usage.get(code), code).toMatchObject({
        kind: 'usage',
        description: `Metric ${code}`,
        quantity,
        unit_amount: 3,
        amount: 3 * quantity,
        period_start: START,
        period_end: CLOSE,
        model: 'per_unit',
        billable_quantity: quantity,
        tiers: [{ tier: 1, from_unit: 1, to_unit: quantity, units: quantity, unit_amount: 3, amount: 3 * quantity }],
      });
    }
    expect(invoice.amount).toBe(1000 + 3 * (4 + 54 + 40 + 3 + 2));
    // Another month: its own usage (none), on the next invoice; the January period stays billed once.
    await advance(api, s0.clock.id, '2027-03-10T01:00:00.000Z');
    const march = await periodInvoice(api, sub.id, '2027-03-10T00:00:00.000Z');
    expect([...march.usage.values()].map((l) => [l.quantity, l.amount, l.period_start])).toEqual(Array(5).fill([0, 0, CLOSE]));
    const rows = await billedRows(sub.id);
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => new Date(r.period_start).toISOString() === START).every((r) => r.invoice_id === invoice.id)).toBe(true);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });

  it('prices each model at its tier boundaries: zero, within free units, exactly at up_to, one past, a package boundary', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage models', clock: START });
    const { api } = s0;
    for (const code of ['a', 'b', 'c', 'd']) await metric(api, { code, aggregation: 'count' });
    const plan = (
      await api.post('/plans', {
        name: 'Tiered',
        amount: 0,
        currency: 'AUD',
        interval: 'month',
        prices: [
          { metric_code: 'a', model: 'per_unit', unit_amount: 7, free_units: 5 },
          {
            metric_code: 'b',
            model: 'graduated',
            tiers: [
              { up_to: 10, unit_amount: 100 },
              { up_to: null, unit_amount: 50, flat_amount: 1000 },
            ],
          },
          {
            metric_code: 'c',
            model: 'volume',
            tiers: [
              { up_to: 10, unit_amount: 100 },
              { up_to: null, unit_amount: 50 },
            ],
          },
          { metric_code: 'd', model: 'package', unit_amount: 300, package_size: 10, free_units: 2 },
        ],
      })
    ).body.response;
    // quantity → expected amounts of a, b, c, d (docs/pricing.md's rules, worked by hand)
    const expected: Record<number, [number, number, number, number]> = {
      0: [0, 0, 0, 0],
      3: [0, 300, 300, 300],
      10: [35, 1000, 1000, 300],
      11: [42, 2050, 550, 300],
      12: [49, 2100, 600, 300],
      13: [56, 2150, 650, 600],
    };
    const subs = new Map<number, string>();
    for (const n of Object.keys(expected).map(Number)) subs.set(n, (await s0.start({ plan_id: plan.id })).id);
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(20, 0));
    const events = [...subs].flatMap(([n, subId]) =>
      ['a', 'b', 'c', 'd'].flatMap((code) =>
        Array.from({ length: n }, (_, i) => ({ transaction_id: `${subId}-${code}-${i}`, subscription_id: subId, code, timestamp: at(15) })),
      ),
    );
    await send(api, events);
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    for (const [n, subId] of subs) {
      const { usage, invoice } = await periodInvoice(api, subId);
      const amounts = ['a', 'b', 'c', 'd'].map((code) => usage.get(code)?.amount);
      expect(amounts, `quantity ${n}`).toEqual(expected[n]);
      expect(invoice.amount).toBe(expected[n]!.reduce((x, y) => x + y, 0));
    }
    // The tiers applied, as the line shows them: 11 units on graduated, one past the first tier.
    const eleven = (await periodInvoice(api, subs.get(11)!)).usage;
    expect(eleven.get('b')).toMatchObject({
      quantity: 11,
      unit_amount: 0,
      tiers: [
        { tier: 1, from_unit: 1, to_unit: 10, units: 10, unit_amount: 100, flat_amount: 0, amount: 1000 },
        { tier: 2, from_unit: 11, to_unit: 11, units: 1, unit_amount: 50, flat_amount: 1000, amount: 1050 },
      ],
    });
    expect(eleven.get('c')).toMatchObject({ unit_amount: 50, tiers: [{ tier: 2, units: 11, amount: 550 }] });
    expect(eleven.get('d')).toMatchObject({ free_units: 2, billable_quantity: 9, tiers: [{ packages: 1, units: 9, amount: 300 }] });
    expect(await usageInvariant(subs.get(11)!)).toEqual([]);
  });

  it('applies the coupon and the tax to usage lines as to the plan line', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage coupon tax', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    const rate = (await api.post('/tax_rates', { display_name: 'GST', percentage: '10', inclusive: false })).body.response;
    expect((await api.post('/coupons', { code: 'HALF', percent_off: 50, duration: 'forever' })).status).toBe(201);
    const plan = await meteredPlan(api, [{ metric_code: 'calls', model: 'per_unit', unit_amount: 100 }], { tax_rate_ids: [rate.id] });
    const sub = await s0.start({ plan_id: plan.id, coupon: 'HALF' });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(20, 0));
    await send(
      api,
      Array.from({ length: 7 }, (_, i) => ({ transaction_id: `c-${i}`, subscription_id: sub.id, code: 'calls', timestamp: at(15) })),
    );
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    const { invoice, usage } = await periodInvoice(api, sub.id);
    // 1,000 (plan) + 700 (usage) = 1,700; half off: 850 off, each line its share; 10% tax on what is left of each.
    expect(usage.get('calls')).toMatchObject({ amount: 700, discount_amount: 350, tax_amount: 35 });
    expect(invoice).toMatchObject({ subtotal: 1700, discount: 850, tax: 85, amount: 935 });
  });

  it('bills the last partial period of a subscription cancelled now on its final invoice, once', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage final', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    const plan = await meteredPlan(api, [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }]);
    const sub = await s0.start({ plan_id: plan.id });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(31, 0));
    await send(api, [{ transaction_id: 'jan', subscription_id: sub.id, code: 'calls', timestamp: at(30) }]);
    await advance(api, s0.clock.id, '2027-02-20T00:00:00.000Z');
    const ts = (day: number) => new Date(Date.UTC(2027, 1, day, 12)).toISOString();
    await send(
      api,
      [11, 12, 19].map((d) => ({ transaction_id: `feb-${d}`, subscription_id: sub.id, code: 'calls', timestamp: ts(d) })),
    );
    const cancel = await api.post(`/subscriptions/${sub.id}/cancel`, {});
    expect(cancel.status, cancel.text).toBe(200);
    const invoices: any[] = await invoicesOf(api, sub.id);
    const final = invoices.find((i) => i.kind === 'final');
    expect(final, JSON.stringify(invoices.map((i) => i.kind))).toBeDefined();
    expect(final.lines).toEqual([
      expect.objectContaining({
        kind: 'usage',
        metric_code: 'calls',
        quantity: 3,
        amount: 30,
        period_start: CLOSE,
        period_end: '2027-02-20T00:00:00.000Z',
      }),
    ]);
    // Collected after the end: the one invoice charged once its subscription is cancelled.
    expect(final).toMatchObject({ amount: 30, status: 'paid' });
    // January's one call was billed by February's period invoice; February's partial period by the final one.
    const rows = await billedRows(sub.id);
    expect(rows.map((r) => [new Date(r.period_start).toISOString(), Number(r.quantity), r.invoice_id])).toEqual([
      [START, 1, (await periodInvoice(api, sub.id)).invoice.id],
      [CLOSE, 3, final.id],
    ]);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});

describe('a final invoice declined', () => {
  it('is retried now after its subscription ended, as a scheduled retry would be', async () => {
    // DYNAMIC answers with the amount's last two digits: the plan's 1,000 approves, 1 call at 5 declines (05).
    const s0 = await scaffold(app, { merchant: 'Usage final retry', clock: START, card: DYNAMIC });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    const plan = await meteredPlan(api, [{ metric_code: 'calls', model: 'per_unit', unit_amount: 5 }]);
    const sub = await s0.start({ plan_id: plan.id });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(20, 0));
    await send(api, [{ transaction_id: 'one', subscription_id: sub.id, code: 'calls', timestamp: at(15) }]);
    expect((await api.post(`/subscriptions/${sub.id}/cancel`, {})).status).toBe(200);
    const final: any = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'final');
    expect(final).toMatchObject({ amount: 5, status: 'past_due' });
    expect(final.attempts.map((a: any) => a.response_code)).toEqual(['05']);

    const retry = await api.post(`/invoices/${final.id}/retry`, {});
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.response.attempts.map((a: any) => [a.number, a.response_code, a.manual])).toEqual([
      [1, '05', false],
      [2, '05', true],
    ]);
  });
});

describe('the record of what was billed', () => {
  it('refuses a second billing of a period: the transaction fails and writes nothing', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage once', clock: START, subscribe: true });
    const invoice = (await invoicesOf(s0.api, s0.sub.id))[0]!;
    const row = [s0.sub.id, 'calls', START, CLOSE, invoice.id];
    const insert = `insert into billing.usage_billed_periods (subscription_id, metric_code, period_start, period_end, invoice_id, quantity, amount, created_at)
                    values ($1, $2, $3, $4, $5, 1, 1, now())`;
    await app.runtime.sql.query(insert, row);
    await expect(
      app.runtime.sql.transaction(async (tx) => {
        await tx.query(`update billing.invoices set updated_at = now() where id = $1`, [invoice.id]);
        await tx.query(insert, row);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await billedRows(s0.sub.id)).toHaveLength(1);
    // The record names an invoice without its usage line: the invariant sees it.
    expect(await usageInvariant(s0.sub.id)).toEqual([expect.stringMatching(/^C20: .* has 0 usage lines for 1 records of it$/)]);
  });
});

describe('the upcoming usage', () => {
  it('GET /subscriptions/{id}/usage answers what each priced metric would bill now, and the invoice then bills that', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage upcoming', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    await metric(api, { code: 'other', aggregation: 'count' });
    const tiers = [
      { up_to: 2, unit_amount: 0 },
      { up_to: null, unit_amount: 25 },
    ];
    const plan = await meteredPlan(api, [{ metric_code: 'calls', model: 'graduated', tiers }]);
    const sub = await s0.start({ plan_id: plan.id });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(20, 0));
    const calls = (n: number, code = 'calls') =>
      Array.from({ length: n }, (_, i) => ({ transaction_id: `${code}-${i}`, subscription_id: sub.id, code, timestamp: at(15) }));
    await send(api, [...calls(5), ...calls(4, 'other')]);
    const upcoming = (await api.get(`/subscriptions/${sub.id}/usage`)).body.response;
    expect(upcoming).toMatchObject({ from: START, to: CLOSE, amount: 75 });
    const byCode = new Map<string, any>(upcoming.metrics.map((m: any) => [m.code, m]));
    expect(byCode.get('calls')).toMatchObject({
      quantity: 5,
      events: 5,
      amount: 75,
      tiers: [
        { tier: 1, units: 2, amount: 0 },
        { tier: 2, units: 3, amount: 75 },
      ],
    });
    // A metric the plan does not price: measured, no amount.
    expect(byCode.get('other')).toMatchObject({ quantity: 4, amount: null, tiers: null });
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    const { usage } = await periodInvoice(api, sub.id);
    expect(usage.get('calls')).toMatchObject({ quantity: 5, amount: upcoming.amount, tiers: byCode.get('calls').tiers });
  });
});

describe('subscriptions ending at their period end', () => {
  it('bill their last period on a final invoice: cancelled at period end, and a fixed term completing', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage period end', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    const plan = (fields: Record<string, unknown>) =>
      meteredPlan(api, [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }], fields);
    const cancelled = await s0.start({ plan_id: (await plan({})).id });
    const fixed = await s0.start({ plan_id: (await plan({ billing_cycles: 1 })).id });
    await settle(api, s0.clock.id);
    expect((await api.post(`/subscriptions/${cancelled.id}/cancel`, { at_period_end: true })).status).toBe(200);
    await advance(api, s0.clock.id, at(20, 0));
    await send(
      api,
      [cancelled.id, fixed.id].flatMap((id, k) =>
        Array.from({ length: k + 2 }, (_, i) => ({ transaction_id: `${id}-${i}`, subscription_id: id, code: 'calls', timestamp: at(15) })),
      ),
    );
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    for (const [sub, calls, status] of [
      [cancelled, 2, 'cancelled'],
      [fixed, 3, 'completed'],
    ] as const) {
      expect((await api.get(`/subscriptions/${sub.id}`)).body.response.status).toBe(status);
      const invoices: any[] = await invoicesOf(api, sub.id);
      expect(invoices.map((i) => i.kind)).toEqual(['period', 'final']);
      expect(invoices[1].lines).toEqual([
        expect.objectContaining({ kind: 'usage', quantity: calls, amount: 10 * calls, period_start: START, period_end: CLOSE }),
      ]);
      // Written when the batch ran (the clock's time), as other invoices outside the calendar.
      expect(invoices[1]).toMatchObject({ amount: 10 * calls, period_start: '2027-02-10T01:00:00.000Z', status: 'paid' });
      expect((await billedRows(sub.id)).map((r) => r.invoice_id)).toEqual([invoices[1].id]);
    }
    expect(await usageInvariant(fixed.id)).toEqual([]);
  });
});

describe('a plan change made now', () => {
  it('bills the usage so far at the old prices at once, and the rest of the period at the new ones on the next invoice', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage plan change', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    const plan = async (unit: number) =>
      (
        await api.post('/plans', {
          name: `Metered ${unit}`,
          amount: 1000,
          currency: 'AUD',
          interval: 'month',
          prices: [{ metric_code: 'calls', model: 'per_unit', unit_amount: unit }],
        })
      ).body.response;
    const [oldPlan, newPlan] = [await plan(10), await plan(100)];
    const sub = await s0.start({ plan_id: oldPlan.id });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(20, 0));
    const calls = (day: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ transaction_id: `d${day}-${i}`, subscription_id: sub.id, code: 'calls', timestamp: at(day) }));
    await send(api, calls(15, 2));
    const changed = await api.put(`/subscriptions/${sub.id}`, { plan_id: newPlan.id, effective: 'now' });
    expect(changed.status, changed.text).toBe(200);
    await advance(api, s0.clock.id, at(26, 0));
    await send(api, calls(25, 3));
    // The upcoming usage starts where the change billed it to: the rest of the period, at the new prices.
    const upcoming = (await api.get(`/subscriptions/${sub.id}/usage`)).body.response;
    expect(upcoming).toMatchObject({ from: at(20, 0), to: CLOSE, amount: 300 });
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    const invoices: any[] = await invoicesOf(api, sub.id);
    const soFar = invoices.find((i) => i.kind === 'proration');
    expect(soFar?.lines).toEqual([
      expect.objectContaining({ kind: 'usage', quantity: 2, unit_amount: 10, amount: 20, period_start: START, period_end: at(20, 0) }),
    ]);
    expect(soFar).toMatchObject({ amount: 20, status: 'paid' });
    const { usage } = await periodInvoice(api, sub.id);
    expect(usage.get('calls')).toMatchObject({ quantity: 3, unit_amount: 100, amount: 300, period_start: at(20, 0), period_end: CLOSE });
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});

describe('a plan change whose usage so far bills nothing', () => {
  it('still closes it at the old prices: the rest of the period is priced by the new plan from the change, its tiers from zero', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage free change', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    // Both plans: the first 3 calls free, then 100 each.
    const plan = async (name: string) =>
      (
        await api.post('/plans', {
          name,
          amount: 1000,
          currency: 'AUD',
          interval: 'month',
          prices: [
            {
              metric_code: 'calls',
              model: 'graduated',
              tiers: [
                { up_to: 3, unit_amount: 0 },
                { up_to: null, unit_amount: 100 },
              ],
            },
          ],
        })
      ).body.response;
    const [oldPlan, newPlan] = [await plan('Free three'), await plan('Free three too')];
    const sub = await s0.start({ plan_id: oldPlan.id });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(20, 0));
    const calls = (day: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ transaction_id: `d${day}-${i}`, subscription_id: sub.id, code: 'calls', timestamp: at(day) }));
    await send(api, calls(15, 3));
    const changed = await api.put(`/subscriptions/${sub.id}`, { plan_id: newPlan.id, effective: 'now' });
    expect(changed.status, changed.text).toBe(200);
    await advance(api, s0.clock.id, at(26, 0));
    await send(api, calls(25, 3));
    // The 3 calls before the change were free on the old plan; the 3 after are free on the new one.
    expect((await api.get(`/subscriptions/${sub.id}/usage`)).body.response).toMatchObject({ from: at(20, 0), to: CLOSE, amount: 0 });
    await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    const invoices: any[] = await invoicesOf(api, sub.id);
    expect(invoices.map((i) => i.kind)).toEqual(['period', 'period']);
    const { invoice, usage } = await periodInvoice(api, sub.id);
    expect(usage.get('calls')).toMatchObject({ quantity: 3, amount: 0, period_start: at(20, 0), period_end: CLOSE });
    // The range the change closed is recorded without an invoice, at 0.
    expect(
      (await billedRows(sub.id)).map((r) => [new Date(r.period_start).toISOString(), Number(r.quantity), Number(r.amount), r.invoice_id]),
    ).toEqual([
      [START, 3, 0, null],
      [at(20, 0), 3, 0, invoice.id],
    ]);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});

describe('exactly once across a failed batch', () => {
  it('a batch that dies after writing its invoice writes nothing; the retry bills the period once', async () => {
    const s0 = await scaffold(app, { merchant: 'Usage retry', clock: START });
    const { api } = s0;
    await metric(api, { code: 'calls', aggregation: 'count' });
    const plan = await meteredPlan(api, [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }]);
    const sub = await s0.start({ plan_id: plan.id });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, at(20, 0));
    await send(
      api,
      Array.from({ length: 4 }, (_, i) => ({ transaction_id: `r-${i}`, subscription_id: sub.id, code: 'calls', timestamp: at(15) })),
    );
    // The first write of what the period bills fails, after the batch wrote its invoice (a crash there):
    // a sequence, not a table, counts the tries, since the failure rolls back what the transaction wrote.
    const db = app.runtime.sql;
    await db.query(`create sequence public.usage_fail_once`);
    await db.query(`create function public.usage_fail_once() returns trigger language plpgsql as $$
      begin if nextval('public.usage_fail_once') = 1 then raise exception 'injected failure after the invoice'; end if; return null; end $$`);
    await db.query(`create trigger usage_fail_once after insert on billing.usage_billed_periods
      for each statement execute function public.usage_fail_once()`);
    try {
      await advance(api, s0.clock.id, '2027-02-10T01:00:00.000Z');
    } finally {
      await db.query(`drop trigger usage_fail_once on billing.usage_billed_periods`);
      await db.query(`drop function public.usage_fail_once()`);
    }
    const tries = await db.query<{ last_value: string }>(`select last_value from public.usage_fail_once`);
    expect(Number(tries[0]!.last_value)).toBeGreaterThanOrEqual(2);
    const invoices: any[] = await invoicesOf(api, sub.id);
    expect(invoices.filter((i) => i.period_start === CLOSE)).toHaveLength(1);
    const { usage } = await periodInvoice(api, sub.id);
    expect(usage.get('calls')).toMatchObject({ quantity: 4, amount: 40 });
    expect((await billedRows(sub.id)).map((r) => [new Date(r.period_start).toISOString(), Number(r.quantity)])).toEqual([[START, 4]]);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});
