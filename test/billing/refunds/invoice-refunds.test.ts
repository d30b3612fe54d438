import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { DECLINE, eventsOf, expectError, invoicesOf } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { checkCreditNotes } from '../../helpers/invariants.ts';

// Invoice refunds through the public API: a refund of the invoice's approved purchase at the
// gateway, recorded on the invoice and beside the ledger, never more than was paid.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

async function paidInvoice(amount = 2999) {
  const { api, sub } = await scaffold(app, {
    merchant: 'Refunds',
    plan: { amount, currency: 'AUD' },
    clock: '2027-01-01T00:00:00Z',
    subscribe: true,
  });
  const [invoice] = await invoicesOf(api, sub.id);
  expect(invoice).toMatchObject({ status: 'paid', amount });
  return { api, sub, invoice: invoice as any };
}

describe('invoice refunds', () => {
  it('partial then the rest: each a gateway refund of the purchase, listed on the invoice, which stays paid', async () => {
    const { api, sub, invoice } = await paidInvoice();
    const purchaseId = invoice.attempts[0].purchase_id;
    const first = await api.post(
      `/invoices/${invoice.id}/refund`,
      { amount: 1000, reason: 'Outage credit' },
      { 'Idempotency-Key': 'refund-a' },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.response).toMatchObject({ id: invoice.id, status: 'paid', amount: 2999, refunded_amount: 1000 });
    expect(first.body.response.refunds).toEqual([
      {
        amount: 1000,
        reason: 'Outage credit',
        status: 'approved',
        refund_id: expect.any(String),
        reference: `${invoice.id}-r1`,
        created_at: expect.any(String),
      },
    ]);
    // The same key replays the answer: no second refund.
    const replay = await api.post(
      `/invoices/${invoice.id}/refund`,
      { amount: 1000, reason: 'Outage credit' },
      { 'Idempotency-Key': 'refund-a' },
    );
    expect(replay.body.response.refunded_amount).toBe(1000);
    // The gateway holds the refund against the purchase.
    const gatewayRefund = (await api.get(`/refunds/${first.body.response.refunds[0].refund_id}`)).body.response;
    expect(gatewayRefund).toMatchObject({ amount: 1000, original_transaction_id: purchaseId, successful: true });

    expectError(await api.post(`/invoices/${invoice.id}/refund`, { amount: 2000 }), 422, /amount: at most 1999 is left/);
    const rest = await api.post(`/invoices/${invoice.id}/refund`, {});
    expect(rest.body.response).toMatchObject({ refunded_amount: 2999, status: 'paid' });
    expect(rest.body.response.refunds.map((r: any) => r.amount)).toEqual([1000, 1999]);
    expectError(await api.post(`/invoices/${invoice.id}/refund`, { amount: 1 }), 422, /nothing is left to refund/);

    const events = (await eventsOf(api, 'invoice.refunded')).filter((e) => e.data.invoice_id === invoice.id);
    expect(events.map((e) => e.data.amount).sort()).toEqual([1000, 1999]);
    expect(events[0]!.data).toMatchObject({ subscription_id: sub.id, currency: 'AUD' });

    // The ledger: approved purchases less approved refunds, to the minor unit.
    const [row] = await app.runtime.sql.query<{ charged: string; refunded: string }>(
      `select (select coalesce(sum(amount), 0) from billing.ledger_entries where invoice_id = $1)::text as charged,
              (select coalesce(sum(amount), 0) from billing.invoice_refunds where invoice_id = $1 and status = 'approved')::text as refunded`,
      [invoice.id],
    );
    expect(Number(row!.charged) - Number(row!.refunded)).toBe(0);
  });

  it('a refund whose outcome was lost is sent again with its reference first: adopted if it went through, made if not', async () => {
    const { api, invoice } = await paidInvoice(3000);
    const sql = app.runtime.sql;
    const [inv] = await sql.query<{ merchant_id: string; purchase_id: string }>(
      `select i.merchant_id, l.purchase_id from billing.invoices i join billing.ledger_entries l on l.invoice_id = i.id where i.id = $1`,
      [invoice.id],
    );
    const merchant = { merchantId: inv!.merchant_id, environment: 'sandbox' as const };
    const lost = async (number: number, amount: number) =>
      sql.query(
        `insert into billing.invoice_refunds (id, merchant_id, environment, invoice_id, number, reference, purchase_id, amount, currency, status, created_at, updated_at)
         values (gen_random_uuid(), $1, 'sandbox', $2, $3, $4, $5, $6, 'AUD', 'unknown', now(), now())`,
        [merchant.merchantId, invoice.id, number, `${invoice.id}-r${number}`, inv!.purchase_id, amount],
      );
    // r1 reached the gateway but its answer was lost; r2 never left.
    expect(
      await app.runtime.billingGateway.refund(merchant, { purchaseId: inv!.purchase_id, amount: 400, reference: `${invoice.id}-r1` }),
    ).toMatchObject({
      kind: 'approved',
    });
    await lost(1, 400);
    await lost(2, 500);
    expectError(await api.post(`/invoices/${invoice.id}/refund`, { amount: 2101 }), 422, /at most 2100 is left/);
    const res = await api.post(`/invoices/${invoice.id}/refund`, { amount: 100 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.response.refunded_amount).toBe(1000);
    expect(res.body.response.refunds.map((r: any) => [r.amount, r.status])).toEqual([
      [400, 'approved'],
      [500, 'approved'],
      [100, 'approved'],
    ]);
    const gateway = await sql.query<{ reference: string }>(
      'select reference from gateway.refunds where purchase_id = $1 order by reference',
      [inv!.purchase_id],
    );
    expect(gateway.map((g) => g.reference)).toEqual([`${invoice.id}-r1`, `${invoice.id}-r2`, `${invoice.id}-r3`]);
    // Each refund, settled late or not, has its credit note (r1 and r2 were written with none: theirs is made as they settle).
    expect(res.body.response.credited_amount).toBe(1000);
    expect(res.body.response.credit_notes.map((n: any) => [n.number, n.amount, n.credit_to])).toEqual([
      ['CN-000001', 400, 'refund'],
      ['CN-000002', 500, 'refund'],
      ['CN-000003', 100, 'refund'],
    ]);
    expect(await checkCreditNotes(app.config.DATABASE_URL, { merchantId: merchant.merchantId })).toEqual([]);
  });

  it('16 concurrent refunds of one invoice: each answers 200, 409 or the 422 of nothing left, never 5xx; no money moves twice', async () => {
    const { api, invoice } = await paidInvoice(1500);
    // Partial refunds that all fit: every one is made, each with its own number and reference.
    const partial = await Promise.all(Array.from({ length: 16 }, () => api.post(`/invoices/${invoice.id}/refund`, { amount: 50 })));
    expect(partial.map((r) => r.status)).toEqual(Array(16).fill(200));
    const after = (await api.get(`/invoices/${invoice.id}`)).body.response;
    expect(after.refunded_amount).toBe(800);
    expect(after.refunds).toHaveLength(16);
    expect(new Set(after.refunds.map((r: any) => r.reference)).size).toBe(16);
    // Full refunds of what is left, all at once: one is made; the others are told a refund is in
    // progress (409) or, once it is done, that nothing is left (422).
    const full = await Promise.all(Array.from({ length: 16 }, () => api.post(`/invoices/${invoice.id}/refund`, {})));
    for (const r of full) {
      expect([200, 409, 422], r.text).toContain(r.status);
      if (r.status === 409) expect(r.body.errors[0]).toMatch(/Another refund of invoice .* is in progress: 700 is reserved/);
      if (r.status === 422) expect(r.body.errors[0]).toMatch(/nothing is left to refund/);
    }
    expect(full.filter((r) => r.status === 200)).toHaveLength(1);
    const done = (await api.get(`/invoices/${invoice.id}`)).body.response;
    expect(done.refunded_amount).toBe(1500);
    expect(done.refunds.map((r: any) => r.status)).toEqual(Array(17).fill('approved'));
    // At the gateway: 17 refunds, 1500 in all, never more than was paid.
    const [inv] = await app.runtime.sql.query<{ purchase_id: string }>(
      'select purchase_id from billing.ledger_entries where invoice_id = $1',
      [invoice.id],
    );
    const gateway = await app.runtime.sql.query<{ n: number; total: string }>(
      'select count(*)::int as n, sum(amount)::text as total from gateway.refunds where purchase_id = $1',
      [inv!.purchase_id],
    );
    expect(gateway).toEqual([{ n: 17, total: '1500' }]);
    expect((await eventsOf(api, 'invoice.refunded')).filter((e) => e.data.invoice_id === invoice.id)).toHaveLength(17);
    // One credit note per refund, numbered 1..17 whatever order they committed in.
    expect(done.credited_amount).toBe(1500);
    expect(done.credit_notes.map((n: any) => n.number).sort()).toEqual(
      Array.from({ length: 17 }, (_, i) => `CN-${String(i + 1).padStart(6, '0')}`),
    );
    const [m] = await app.runtime.sql.query<{ merchant_id: string }>('select merchant_id from billing.invoices where id = $1', [
      invoice.id,
    ]);
    expect(await checkCreditNotes(app.config.DATABASE_URL, { merchantId: m!.merchant_id })).toEqual([]);
  });

  it('refuses unpaid and unknown invoices and bad amounts, writing nothing', async () => {
    const { api, invoice } = await paidInvoice();
    expectError(await api.post(`/invoices/${invoice.id}/refund`, { amount: 0 }), 422, /amount/);
    expectError(await api.post(`/invoices/${invoice.id}/refund`, { amount: 1.5 }), 422, /amount/);
    expectError(await api.post(`/invoices/${invoice.id}/refund`, { amount: 3000 }), 422, /at most 2999/);
    expectError(await api.post(`/invoices/${invoice.id}/refund`, { colour: 'red' }), 422, /colour/);
    expectError(await api.post('/invoices/00000000-0000-4000-8000-000000000000/refund', {}), 404);
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ refunded_amount: 0, refunds: [] });

    const { api: declining, sub } = await scaffold(app, {
      merchant: 'Refunds declined',
      card: DECLINE,
      clock: '2027-01-01T00:00:00Z',
      subscribe: true,
    });
    const [unpaid] = await invoicesOf(declining, sub.id);
    expectError(await declining.post(`/invoices/${unpaid!.id}/refund`, {}), 409, /only a paid invoice can be refunded/);
  });
});
