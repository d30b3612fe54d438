import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { advance, createCard, createClock, createPlan, invoicesOf, merchantClient, settle, subscribe } from '../../helpers/billing.ts';
import { prorateChange } from '../../../src/billing/proration/proration.ts';

// Properties over random change instants and amounts, through the API on test clocks: no invoice
// below zero, lines sum to the amount, credit raised is used exactly once or still held, and the
// ledger (approved purchases less approved refunds) matches the gateway to the minor unit. Both
// plans price usage (`calls`, per unit, each its own price): events sent before each change are
// billed at once at the old plan's price, those after the last one on the invoice that closes
// March, each once.

vi.setConfig({ testTimeout: 600_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

const MARCH = { start: new Date('2027-03-01T00:00:00Z'), end: new Date('2027-04-01T00:00:00Z') };
const MARCH_MS = MARCH.end.getTime() - MARCH.start.getTime();

const scenario = fc.record({
  amounts: fc.tuple(fc.integer({ min: 100, max: 500_000 }), fc.integer({ min: 100, max: 500_000 })),
  quantities: fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 })),
  // Two changes effective now, at increasing instants inside March (whole seconds, as a clock holds them).
  offsets: fc
    .tuple(fc.integer({ min: 1, max: MARCH_MS / 1000 - 2 }), fc.integer({ min: 1, max: MARCH_MS / 1000 - 2 }))
    .map(([a, b]) => (a === b ? [a, b + 1] : [Math.min(a, b), Math.max(a, b)])),
  refundShare: fc.integer({ min: 0, max: 100 }),
  // Usage: each plan's unit price, and the calls sent before the first change, between the two, and after the second.
  unitAmounts: fc.tuple(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 1, max: 900 })),
  calls: fc.tuple(fc.nat(5), fc.nat(5), fc.nat(5)),
});

describe('billing model properties (API, test clocks)', () => {
  it('holds over random changes, credits and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ amounts, quantities, offsets, refundShare, unitAmounts, calls }) => {
        const api = await merchantClient(app, 'Properties');
        const card = await createCard(api);
        const metric = await api.post('/billable_metrics', { code: 'calls', name: 'Calls', aggregation: 'count' });
        expect(metric.status, metric.text).toBe(201);
        const price = (unit_amount: number) => [{ metric_code: 'calls', model: 'per_unit', unit_amount }];
        const a = await createPlan(api, { name: 'A', amount: amounts[0], currency: 'AUD', prices: price(unitAmounts[0]) });
        const b = await createPlan(api, { name: 'B', amount: amounts[1], currency: 'AUD', prices: price(unitAmounts[1]) });
        const clock = await createClock(api, MARCH.start.toISOString());
        const sub = await subscribe(api, { plan_id: a.id, card_token: card.token, quantity: quantities[0], test_clock_id: clock.id });
        await settle(api, clock.id);

        // A → B × q2, then back to A × q1; the credit each negative net raises is computed by the pure rule.
        const lineA = amounts[0] * quantities[0];
        const lineB = amounts[1] * quantities[1];
        const steps = [
          { at: offsets[0]!, body: { plan_id: b.id, quantity: quantities[1], effective: 'now' }, from: lineA, to: lineB },
          { at: offsets[1]!, body: { plan_id: a.id, quantity: quantities[0], effective: 'now' }, from: lineB, to: lineA },
        ];
        let raised = 0;
        let sent = 0;
        /** `n` calls at the clock's time `at`. */
        const send = async (n: number, at: Date) => {
          if (n === 0) return;
          const events = Array.from({ length: n }, () => ({
            transaction_id: `c${sent++}`,
            subscription_id: sub.id,
            code: 'calls',
            timestamp: at.toISOString(),
          }));
          const res = await api.post('/usage_events', { events });
          expect(res.status, res.text).toBe(200);
          expect(res.body.response.accepted, res.text).toBe(n);
        };
        // The usage lines expected, [start of the range billed, quantity, amount]: the calls sent on
        // each plan, at its price, the ones after the last change on the invoice that closes March.
        const expected: [string, number, number][] = [];
        let from = MARCH.start;
        for (const [k, step] of steps.entries()) {
          await send(calls[k]!, k === 0 ? MARCH.start : new Date(MARCH.start.getTime() + offsets[0]! * 1000));
          const at = new Date(MARCH.start.getTime() + step.at * 1000);
          // A change closes the calls so far (from where usage was billed last) at the old plan's price:
          // billed at once when they bill more than 0, recorded without an invoice otherwise.
          if (calls[k]! > 0) expected.push([from.toISOString(), calls[k]!, calls[k]! * unitAmounts[k]!]);
          from = at;
          await advance(api, clock.id, at.toISOString());
          const res = await api.put(`/subscriptions/${sub.id}`, step.body);
          expect(res.status, res.text).toBe(200);
          const net = prorateChange({ period: MARCH, at, oldAmount: step.from, newAmount: step.to }).net;
          if (net < 0) raised += -net;
        }
        await send(calls[2], new Date(MARCH.start.getTime() + offsets[1]! * 1000));
        expected.push([from.toISOString(), calls[2], calls[2] * unitAmounts[0]]);
        await advance(api, clock.id, '2027-05-01T00:00:00Z');

        const invoices = (await invoicesOf(api, sub.id)) as any[];
        for (const inv of invoices) {
          expect(inv.amount).toBeGreaterThanOrEqual(0);
          expect(inv.lines.reduce((s: number, l: any) => s + l.amount, 0) - inv.credit_applied).toBe(inv.amount);
          expect(inv.subtotal - inv.discount - inv.credit_applied).toBe(inv.amount);
          expect(inv.status).toBe('paid');
        }
        // Each call billed once, at the price of the plan it was sent on (April's period bills none).
        const usage = invoices
          .flatMap((i) => i.lines.filter((l: any) => l.kind === 'usage'))
          .filter((l: any) => l.quantity > 0)
          .map((l: any) => [l.period_start, l.quantity, l.amount])
          .sort((x: any, y: any) => (x[0] < y[0] ? -1 : 1));
        expect(usage).toEqual(expected.filter(([, q]) => q > 0));
        const balance = (await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance;
        const applied = invoices.reduce((s, i) => s + i.credit_applied, 0);
        expect(applied + balance).toBe(raised);

        // Refund a share of the largest paid invoice.
        const largest = invoices.filter((i) => i.amount > 0).sort((x, y) => y.amount - x.amount)[0];
        const refund = largest ? Math.floor((largest.amount * refundShare) / 100) : 0;
        if (refund > 0) {
          const res = await api.post(`/invoices/${largest.id}/refund`, { amount: refund });
          expect(res.status, res.text).toBe(200);
        }
        const [row] = await app.runtime.sql.query<{ ledger: string; gateway: string }>(
          `select ((select coalesce(sum(l.amount), 0) from billing.ledger_entries l where l.merchant_id = $1)
                 - (select coalesce(sum(r.amount), 0) from billing.invoice_refunds r where r.merchant_id = $1 and r.status = 'approved'))::text as ledger,
                  ((select coalesce(sum(p.amount), 0) from gateway.purchases p where p.merchant_id = $1 and p.successful)
                 - (select coalesce(sum(r.amount), 0) from gateway.refunds r where r.merchant_id = $1 and r.successful))::text as gateway`,
          [sub.merchant_id ?? (await merchantOf(sub.id))],
        );
        expect(row!.ledger).toBe(row!.gateway);
        const charged = invoices.reduce((s, i) => s + i.amount, 0);
        expect(Number(row!.ledger)).toBe(charged - refund);
      }),
      { numRuns: 6 },
    );
  });
});

async function merchantOf(subscriptionId: string): Promise<string> {
  const rows = await app.runtime.sql.query<{ merchant_id: string }>('select merchant_id from billing.subscriptions where id = $1', [
    subscriptionId,
  ]);
  return rows[0]!.merchant_id;
}
