import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { advance, createPlan, expectError, invoicesOf } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// POST /subscriptions/{id}/preview through the API on a test clock: the change PUT would make,
// made by the same code and rolled back. The preview's proration invoice is the one the change
// then writes (lines, tax, totals, even its number); the preview keeps nothing: no invoice, no
// number taken, no event, no charge, the subscription unchanged.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;
let db: pg.Client;
beforeAll(async () => {
  app = await startTestApp({ billing: true });
  db = await connect(app.config.DATABASE_URL);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

describe('previewing a subscription change', () => {
  it('answers the invoice the change would write, writes nothing, and equals what the change then writes', async () => {
    // Basic 3,100 a month from Mar 1 2027; on Mar 17 (15 of 31 days left) an upgrade to Pro (6,200) now:
    // credit round(3100 × 15/31) = 1500, charge round(6200 × 15/31) = 3000, due 1500.
    const s = await scaffold(app, {
      merchant: 'Preview',
      plan: { name: 'Basic', amount: 3100, currency: 'AUD' },
      clock: '2027-03-01T00:00:00Z',
      subscribe: true,
    });
    const { api, clock, sub } = s;
    const pro = await createPlan(api, { name: 'Pro', amount: 6200, currency: 'AUD' });
    await advance(api, clock.id, '2027-03-17T00:00:00Z');
    const [{ merchant_id: merchantId }] = (await db.query('select merchant_id from billing.subscriptions where id = $1', [sub.id])).rows;
    const state = async () =>
      (
        await db.query(
          `select (select count(*)::int from billing.invoices where merchant_id = $1) as invoices,
                  (select count(*)::int from billing.events where merchant_id = $1) as events,
                  (select count(*)::int from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id where i.merchant_id = $1) as attempts,
                  (select coalesce(json_agg(n.* order by n.kind, n.scope), '[]') from billing.number_sequences n where n.merchant_id = $1) as sequences,
                  (select row_to_json(s.*) from billing.subscriptions s where s.id = $2) as subscription`,
          [merchantId, sub.id],
        )
      ).rows[0];
    const before = await state();

    const change = { plan_id: pro.id, effective: 'now' };
    const res = await api.post(`/subscriptions/${sub.id}/preview`, change);
    expect(res.status, res.text).toBe(200);
    const preview = res.body.response;
    expect(preview.preview).toBe(true);
    expect(preview.subscription).toMatchObject({ id: sub.id, plan_id: pro.id, pending_plan_id: null });
    expect(preview.invoices).toHaveLength(1);
    const [invoice] = preview.invoices;
    expect(invoice).toMatchObject({ kind: 'proration', amount: 1500, subtotal: 1500, status: 'open' });
    expect(invoice.lines.map((l: any) => [l.description, l.amount])).toEqual([
      ['Unused time on Basic', -1500],
      ['Remaining time on Pro', 3000],
    ]);
    // Nothing kept: the same invoices, events, attempts, sequences and subscription as before.
    expect(await state()).toEqual(before);

    // The change itself writes that invoice: the same lines, totals and number.
    const put = await api.put(`/subscriptions/${sub.id}`, change);
    expect(put.status, put.text).toBe(200);
    const written = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'proration') as any;
    const facts = (i: any) => ({
      number: i.number,
      lines: i.lines,
      subtotal: i.subtotal,
      discount: i.discount,
      tax: i.tax,
      total: i.total,
      amount: i.amount,
      period_start: i.period_start,
      period_end: i.period_end,
    });
    expect(facts(written)).toEqual(facts(invoice));
    expect(written.status).toBe('paid'); // charged by the change, not by the preview

    // Refused as the change would be, and still nothing kept.
    const after = await state();
    expectError(await api.post(`/subscriptions/${sub.id}/preview`, { plan_id: '00000000-0000-4000-8000-000000000000' }), 404, /Plan/);
    expectError(await api.post(`/subscriptions/${sub.id}/preview`, { quantity: 0 }), 422, /quantity/);
    // A change at the next period writes no invoice now: the preview says so.
    const next = await api.post(`/subscriptions/${sub.id}/preview`, { quantity: 2 });
    expect(next.status, next.text).toBe(200);
    expect(next.body.response).toMatchObject({ preview: true, subscription: { quantity: 1, pending_quantity: 2 }, invoices: [] });
    expect(await state()).toEqual(after);
  });
});
