import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, createMetric, invoicesOf, meteredPlan, periodInvoiceOf, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { checkUsageBillingOf } from '../../helpers/invariants.ts';

// Late usage events through the public API on test clocks (docs/usage.md, "Late events"): an
// event whose timestamp falls in a range already billed is billed on the next invoice as a
// `usage_correction` line (the range re-aggregated and priced whole, less what was billed of it),
// once; or refused (`period_invoiced`) under the `late_usage: "refuse"` setting; an ended
// subscription refuses them; a negative difference is a negative line, a zero one no line.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const START = '2027-01-10T00:00:00.000Z';
const FEB = '2027-02-10T00:00:00.000Z';
const MAR = '2027-03-10T00:00:00.000Z';
const APR = '2027-04-10T00:00:00.000Z';
const jan = (day: number, hour = 12) => new Date(Date.UTC(2027, 0, day, hour)).toISOString();
const feb = (day: number, hour = 12) => new Date(Date.UTC(2027, 1, day, hour)).toISOString();
const FEB_EARLY = '2027-02-10T00:30:00.000Z';
const after = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();

async function post(api: ApiClient, events: Record<string, unknown>[]) {
  const res = await api.post('/usage_events', { events });
  expect(res.status, res.text).toBe(200);
  return res.body.response;
}

async function periodInvoice(api: ApiClient, subId: string, start: string) {
  const invoice = await periodInvoiceOf(api, subId, start);
  return { invoice, corrections: invoice.lines.filter((l: any) => l.kind === 'usage_correction') };
}

const usageInvariant = (subId: string) => checkUsageBillingOf(app.config.DATABASE_URL, subId);

async function setup(merchant: string, prices: Record<string, unknown>[], metrics: Record<string, unknown>[]) {
  const s0 = await scaffold(app, { merchant, clock: START });
  for (const m of metrics) await createMetric(s0.api, m);
  const plan = await meteredPlan(s0.api, prices);
  const sub = await s0.start({ plan_id: plan.id });
  await settle(s0.api, s0.clock.id);
  return { ...s0, sub };
}

const calls = (subId: string, prefix: string, timestamps: string[]) =>
  timestamps.map((timestamp, i) => ({ transaction_id: `${prefix}-${i}`, subscription_id: subId, code: 'calls', timestamp }));

describe('late usage events, corrected (the default)', () => {
  it('bills late events on the next invoices as corrections, with their tiers, once, over two earlier periods', async () => {
    const graduated = {
      metric_code: 'calls',
      model: 'graduated',
      tiers: [
        { up_to: 10, unit_amount: 0 },
        { up_to: null, unit_amount: 2 },
      ],
    };
    const { api, clock, sub } = await setup('Late corrected', [graduated], [{ code: 'calls', aggregation: 'count' }]);
    await advance(api, clock.id, jan(30));
    expect((await post(api, calls(sub.id, 'jan', Array(8).fill(jan(20))))).accepted).toBe(8);
    await advance(api, clock.id, after(FEB));
    const february = await periodInvoice(api, sub.id, FEB);
    expect(february.invoice.lines.find((l: any) => l.kind === 'usage')).toMatchObject({ quantity: 8, amount: 0 });

    // Five late January events, one of them sent twice (counted once), and one of February on time.
    const late = calls(sub.id, 'late-jan', [jan(11), jan(12), jan(13), jan(14), jan(15)]);
    const answer = await post(api, [...late, late[0]!, ...calls(sub.id, 'feb', [FEB_EARLY])]);
    expect(answer).toMatchObject({ accepted: 6, duplicates: 1, refused: 0 });
    expect((await post(api, [late[1]!])).duplicates).toBe(1);
    await advance(api, clock.id, after(MAR));
    const march = await periodInvoice(api, sub.id, MAR);
    // January now counts 13 calls: 10 free, 3 at 2 = 6, less the 0 billed.
    expect(march.corrections).toEqual([
      expect.objectContaining({
        kind: 'usage_correction',
        metric_code: 'calls',
        description: 'Metric calls (correction)',
        quantity: 13,
        previous_quantity: 8,
        previous_amount: 0,
        amount: 6,
        period_start: START,
        period_end: FEB,
        model: 'graduated',
        billable_quantity: 13,
        tiers: [
          expect.objectContaining({ tier: 1, from_unit: 1, to_unit: 10, units: 10, unit_amount: 0, amount: 0 }),
          expect.objectContaining({ tier: 2, from_unit: 11, to_unit: 13, units: 3, unit_amount: 2, amount: 6 }),
        ],
      }),
    ]);
    expect(march.invoice.lines.find((l: any) => l.kind === 'usage')).toMatchObject({ quantity: 1, period_start: FEB });
    expect(march.invoice.amount).toBe(1000 + 6);
    expect(await usageInvariant(sub.id)).toEqual([]);

    // Late events in both earlier periods: one correction line per range, each less what was billed of it.
    const both = [...calls(sub.id, 'late2-jan', [jan(16), jan(17)]), ...calls(sub.id, 'late2-feb', Array(12).fill(feb(13)))];
    expect((await post(api, both)).accepted).toBe(14);
    await advance(api, clock.id, after(APR));
    const april = await periodInvoice(api, sub.id, APR);
    expect(april.corrections.map((l: any) => [l.period_start, l.quantity, l.previous_quantity, l.previous_amount, l.amount])).toEqual([
      [START, 15, 13, 6, 4],
      [FEB, 13, 1, 0, 6],
    ]);
    expect(april.invoice.amount).toBe(1000 + 4 + 6);
    // A correction is recorded once, with the invoice that billed it; no range is left marked.
    const recorded = await app.runtime.sql.query<{ period_start: Date; seq: number; invoice_id: string; amount: string }>(
      'select period_start, seq, invoice_id, amount from billing.usage_billed_corrections where subscription_id = $1 order by period_start, seq',
      [sub.id],
    );
    expect(recorded.map((r) => [new Date(r.period_start).toISOString(), r.seq, r.invoice_id, Number(r.amount)])).toEqual([
      [START, 1, march.invoice.id, 6],
      [START, 2, april.invoice.id, 4],
      [FEB, 1, april.invoice.id, 6],
    ]);
    const marks = await app.runtime.sql.query('select 1 from billing.usage_late_ranges where subscription_id = $1', [sub.id]);
    expect(marks).toHaveLength(0);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });

  it('bills a negative difference as a negative line, and a zero one as no line (latest and max)', async () => {
    const { api, clock, sub } = await setup(
      'Late negative',
      [
        { metric_code: 'level', model: 'per_unit', unit_amount: 5 },
        { metric_code: 'peak', model: 'per_unit', unit_amount: 3 },
      ],
      [
        { code: 'level', aggregation: 'latest', field: 'n' },
        { code: 'peak', aggregation: 'max', field: 'n' },
      ],
    );
    await advance(api, clock.id, jan(30));
    const event = (code: string, id: string, timestamp: string, n: number) => ({
      transaction_id: id,
      subscription_id: sub.id,
      code,
      timestamp,
      properties: { n },
    });
    await post(api, [event('level', 'l1', jan(20), 10), event('peak', 'p1', jan(20), 40)]);
    await advance(api, clock.id, after(FEB));
    expect((await periodInvoice(api, sub.id, FEB)).invoice.amount).toBe(1000 + 50 + 120);
    // Later than the last: `latest` falls to 4 (20, 30 less than billed); below the peak: `max` stays 40.
    await post(api, [event('level', 'l2', jan(25), 4), event('peak', 'p2', jan(25), 7)]);
    await advance(api, clock.id, after(MAR));
    const march = await periodInvoice(api, sub.id, MAR);
    expect(march.corrections).toEqual([
      expect.objectContaining({ metric_code: 'level', quantity: 4, previous_quantity: 10, previous_amount: 50, amount: -20 * 1.5 }),
    ]);
    expect(march.invoice.amount).toBe(1000 - 30);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});

describe('late usage events, coupon and tax', () => {
  it('applies the coupon and the tax to a correction as to a usage line', async () => {
    const s0 = await scaffold(app, { merchant: 'Late coupon tax', clock: START });
    const { api } = s0;
    expect((await api.post('/billable_metrics', { name: 'Calls', code: 'calls', aggregation: 'count' })).status).toBe(201);
    const rate = (await api.post('/tax_rates', { display_name: 'GST', percentage: '10', inclusive: false })).body.response;
    expect((await api.post('/coupons', { code: 'HALF', percent_off: 50, duration: 'forever' })).status).toBe(201);
    const plan = await meteredPlan(api, [{ metric_code: 'calls', model: 'per_unit', unit_amount: 100 }], { tax_rate_ids: [rate.id] });
    const sub = await s0.start({ plan_id: plan.id, coupon: 'HALF' });
    await settle(api, s0.clock.id);
    await advance(api, s0.clock.id, jan(30));
    await post(api, calls(sub.id, 'jan', [jan(20)]));
    await advance(api, s0.clock.id, after(FEB));
    await post(api, calls(sub.id, 'late', Array(4).fill(jan(21))));
    await advance(api, s0.clock.id, after(MAR));
    const { invoice, corrections } = await periodInvoice(api, sub.id, MAR);
    // 1,000 (plan) + 0 (February's usage) + 400 (January's correction) = 1,400; half off; 10% tax on what is left of each line.
    expect(corrections).toEqual([expect.objectContaining({ amount: 400, discount_amount: 200, tax_amount: 20 })]);
    expect(invoice).toMatchObject({ subtotal: 1400, discount: 700, tax: 70, amount: 770 });
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});

describe('late usage events billed once', () => {
  it('a batch that dies after writing its corrections writes nothing; the retry bills each once', async () => {
    const { api, clock, sub } = await setup(
      'Late retry',
      [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }],
      [{ code: 'calls', aggregation: 'count' }],
    );
    await advance(api, clock.id, jan(30));
    await post(api, calls(sub.id, 'jan', [jan(20)]));
    await advance(api, clock.id, after(FEB));
    expect((await post(api, calls(sub.id, 'late', [jan(21), jan(22)]))).accepted).toBe(2);
    // The last write of the correction (its range's mark cleared) fails once, after the invoice and
    // its correction were written: a sequence counts the tries, since the failure rolls back the rest.
    const db = app.runtime.sql;
    await db.query(`create sequence public.late_fail_once`);
    await db.query(`create function public.late_fail_once() returns trigger language plpgsql as $$
      begin if nextval('public.late_fail_once') = 1 then raise exception 'injected failure after the correction'; end if; return null; end $$`);
    await db.query(`create trigger late_fail_once after delete on billing.usage_late_ranges
      for each statement execute function public.late_fail_once()`);
    try {
      await advance(api, clock.id, after(MAR));
    } finally {
      await db.query(`drop trigger late_fail_once on billing.usage_late_ranges`);
      await db.query(`drop function public.late_fail_once()`);
    }
    const tries = await db.query<{ last_value: string }>(`select last_value from public.late_fail_once`);
    expect(Number(tries[0]!.last_value)).toBeGreaterThanOrEqual(2);
    const march = await periodInvoice(api, sub.id, MAR);
    expect(march.corrections).toEqual([expect.objectContaining({ quantity: 3, previous_quantity: 1, amount: 20 })]);
    const recorded = await db.query<{ seq: number; invoice_id: string }>(
      'select seq, invoice_id from billing.usage_billed_corrections where subscription_id = $1',
      [sub.id],
    );
    expect(recorded).toEqual([{ seq: 1, invoice_id: march.invoice.id }]);
    // A second write of the same correction fails on the record's primary key (a bug, never a double charge).
    await expect(
      db.query(
        `insert into billing.usage_billed_corrections (subscription_id, metric_code, period_start, seq, invoice_id, quantity, amount, created_at)
         values ($1, 'calls', $2, 1, $3, 3, 20, now())`,
        [sub.id, START, randomUUID()],
      ),
    ).rejects.toThrow(/usage_billed_corrections_pkey/);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});

describe('late usage events racing an invoice', () => {
  it('waits for an invoice billing the range to commit, then marks the range: the event is never lost', async () => {
    const { api, clock, sub } = await setup(
      'Late racing',
      [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }],
      [{ code: 'calls', aggregation: 'count' }],
    );
    await advance(api, clock.id, jan(30));
    // An invoice in progress, as every invoice billing usage is: its subscription held for update
    // from before it aggregates until it commits with the range it billed.
    const invoice = new pg.Client({ connectionString: app.config.DATABASE_URL });
    await invoice.connect();
    try {
      await invoice.query('begin');
      await invoice.query('select id from billing.subscriptions where id = $1 for update', [sub.id]);
      let answered = false;
      const sending = post(api, calls(sub.id, 'racing', [jan(20)])).then((a) => ((answered = true), a));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
      await invoice.query(
        `insert into billing.usage_billed_periods (subscription_id, metric_code, period_start, period_end, invoice_id, quantity, amount, created_at)
         values ($1, 'calls', $2, $3, $4, 0, 0, now())`,
        [sub.id, START, FEB, randomUUID()],
      );
      await invoice.query('commit');
      expect(await sending).toMatchObject({ accepted: 1 });
    } finally {
      await invoice.end();
    }
    const marks = await app.runtime.sql.query<{ period_start: string }>(
      'select period_start from billing.usage_late_ranges where subscription_id = $1',
      [sub.id],
    );
    expect(marks.map((m) => new Date(m.period_start).toISOString())).toEqual([START]);
  });
});

describe('late usage events, refused', () => {
  it('refuses a late event with period_invoiced under late_usage "refuse", and accepts the rest of the batch', async () => {
    const { api, clock, sub } = await setup(
      'Late refused',
      [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }],
      [{ code: 'calls', aggregation: 'count' }],
    );
    const put = await api.put('/settings/invoicing', { late_usage: 'refuse' });
    expect(put.status, put.text).toBe(200);
    expect(put.body.response.late_usage).toBe('refuse');
    const bad = await api.put('/settings/invoicing', { late_usage: 'ignore' });
    expect(bad.status, bad.text).toBe(422);
    await advance(api, clock.id, jan(30));
    await post(api, calls(sub.id, 'jan', [jan(20)]));
    await advance(api, clock.id, after(FEB));
    const answer = await post(api, [
      ...calls(sub.id, 'late', [jan(21)]),
      ...calls(sub.id, 'feb', [FEB_EARLY]),
      ...calls(sub.id, 'jan', [jan(20)]),
    ]);
    expect(answer).toMatchObject({ accepted: 1, duplicates: 1, refused: 1 });
    expect(answer.events[0]).toMatchObject({ status: 'refused', reason: { code: 'period_invoiced' } });
    expect(answer.events[0].reason.message).toContain(START);
    expect(answer.events[1]).toMatchObject({ status: 'accepted' });
    // A duplicate of an event written before stays a duplicate, not a refusal.
    expect(answer.events[2]).toMatchObject({ status: 'duplicate' });
    await advance(api, clock.id, after(MAR));
    const march = await periodInvoice(api, sub.id, MAR);
    expect(march.corrections).toEqual([]);
    expect(march.invoice.amount).toBe(1000 + 10);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });

  it('carries the corrections still owed on the final invoice of a subscription cancelled now', async () => {
    const { api, clock, sub } = await setup(
      'Late final',
      [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }],
      [{ code: 'calls', aggregation: 'count' }],
    );
    await advance(api, clock.id, jan(30));
    await post(api, calls(sub.id, 'jan', [jan(20)]));
    await advance(api, clock.id, feb(20, 0));
    await post(api, [...calls(sub.id, 'late', [jan(21), jan(22)]), ...calls(sub.id, 'feb', [FEB_EARLY])]);
    const cancel = await api.post(`/subscriptions/${sub.id}/cancel`, {});
    expect(cancel.status, cancel.text).toBe(200);
    const final: any = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'final');
    expect(final.lines.map((l: any) => [l.kind, l.period_start, l.quantity, l.amount])).toEqual([
      ['usage', FEB, 1, 10],
      ['usage_correction', START, 3, 20],
    ]);
    expect(final).toMatchObject({ amount: 30 });
    expect(await usageInvariant(sub.id)).toEqual([]);
  });

  it('refuses every event of a subscription that ended: its final invoice closed its usage', async () => {
    const { api, clock, sub } = await setup(
      'Late ended',
      [{ metric_code: 'calls', model: 'per_unit', unit_amount: 10 }],
      [{ code: 'calls', aggregation: 'count' }],
    );
    await advance(api, clock.id, feb(20, 0));
    await post(api, calls(sub.id, 'feb', [FEB_EARLY]));
    const cancel = await api.post(`/subscriptions/${sub.id}/cancel`, {});
    expect(cancel.status, cancel.text).toBe(200);
    const final: any = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'final');
    expect(final).toMatchObject({ amount: 10 });
    const answer = await post(api, [...calls(sub.id, 'late', [feb(13)]), ...calls(sub.id, 'after', [feb(20, 0)])]);
    expect(answer.events.map((e: any) => e.reason?.code)).toEqual(['period_invoiced', 'outside_subscription']);
    expect(await usageInvariant(sub.id)).toEqual([]);
  });
});
