import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { DECLINE, DYNAMIC, advance, eventsOf, expectError, invoicesOf, listAll, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { checkCreditNotes } from '../../helpers/invariants.ts';

// Credit notes through the public API: against an invoice still owed (what it owes falls, to paid
// at 0), a paid one (back to the card through the gateway, or to a credit balance), tax in
// proportion, never past the invoice's total (one after the other and all at once), numbered
// CN-000001… without a gap.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  // The sweep resolves a charge of unknown outcome within seconds (one test holds a charge at the gateway).
  app = await startTestApp({ billing: true, env: { SWEEP_INTERVAL_MS: '500', SWEEP_GRACE_MS: '3000' } });
});
afterAll(async () => {
  await app?.close();
});

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => app.runtime.sql.query<T>(text, params);

/** A subscription's first invoice: paid with the approving card, past due with the declining one. */
async function firstInvoice(options: { merchant: string; amount?: number; currency?: string; card?: string; coupon?: string }) {
  const s = await scaffold(app, {
    merchant: options.merchant,
    plan: { amount: options.amount ?? 2999, currency: options.currency ?? 'AUD' },
    card: options.card,
    clock: '2027-01-01T00:00:00Z',
  });
  if (options.coupon) expect((await s.api.post('/coupons', { code: options.coupon, percent_off: 10, duration: 'once' })).status).toBe(201);
  const sub = await s.start(options.coupon ? { coupon: options.coupon } : {});
  await waitFor(async () => (await invoicesOf(s.api, sub.id))[0], {
    message: 'the first invoice to have an outcome',
    until: (inv) => inv !== undefined && ['paid', 'past_due'].includes(inv.status) && inv.attempts.every((a) => a.status !== 'sending'),
  });
  const [invoice] = await invoicesOf(s.api, sub.id);
  return { ...s, sub, invoice: invoice as any };
}

const credit = (api: ApiClient, invoiceId: string, body: Record<string, unknown>, key?: string) =>
  api.post(`/invoices/${invoiceId}/credit_notes`, body, key ? { 'Idempotency-Key': key } : {});

async function merchantOf(invoiceId: string): Promise<{ merchantId: string; environment: 'sandbox' }> {
  const [row] = await sql<{ merchant_id: string }>('select merchant_id from billing.invoices where id = $1', [invoiceId]);
  return { merchantId: row!.merchant_id, environment: 'sandbox' };
}

async function expectInvariants(invoiceId: string): Promise<void> {
  const { merchantId } = await merchantOf(invoiceId);
  expect(await checkCreditNotes(app.config.DATABASE_URL, { merchantId })).toEqual([]);
}

describe('credit notes of an invoice still owed', () => {
  it('lower what it owes; the last one pays it with no purchase, stops dunning and brings the subscription back', async () => {
    const { api, sub, invoice } = await firstInvoice({ merchant: 'CN owed', card: DECLINE });
    expect(invoice).toMatchObject({ status: 'past_due', amount_due: 2999, total: 2999, credited_amount: 0 });
    expect(invoice.next_attempt_at).not.toBeNull();

    const first = await credit(api, invoice.id, { amount: 1000, reason: 'order_change', memo: 'One seat fewer' }, 'cn-owed-1');
    expect(first.status, first.text).toBe(201);
    const note = first.body.response;
    expect(note).toEqual({
      id: expect.any(String),
      number: 'CN-000001',
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      customer_id: null,
      subscription_id: sub.id,
      amount: 1000,
      tax: 0,
      subtotal: 1000,
      currency: 'AUD',
      lines: [],
      reason: 'order_change',
      memo: 'One seat fewer',
      credit_to: 'invoice',
      refund: null,
      created_at: expect.any(String),
    });
    // The same key replays the answer: no second note.
    const replay = await credit(api, invoice.id, { amount: 1000, reason: 'order_change', memo: 'One seat fewer' }, 'cn-owed-1');
    expect(replay.body.response.id).toBe(note.id);
    expect((await api.get(`/credit_notes/${note.id}`)).body.response).toEqual(note);

    let after = (await api.get(`/invoices/${invoice.id}`)).body.response;
    expect(after).toMatchObject({ status: 'past_due', amount: 1999, amount_due: 1999, total: 2999, credited_amount: 1000 });
    expect(after.credit_notes).toEqual([
      { id: note.id, number: 'CN-000001', amount: 1000, tax: 0, reason: 'order_change', credit_to: 'invoice', created_at: note.created_at },
    ]);
    // The invoice itself never changes but for what it owes: lines, totals and snapshots stay.
    expect({ ...after, amount: 0, amount_due: 0, credited_amount: 0, credit_notes: [] }).toEqual({
      ...invoice,
      amount: 0,
      amount_due: 0,
      credited_amount: 0,
      credit_notes: [],
    });

    // Never below 0: past what it owes is a 422 naming amount, and nothing is written.
    expectError(await credit(api, invoice.id, { amount: 2000, reason: 'other' }), 422, /^amount: at most 1999 is owed on invoice/);
    const rest = await credit(api, invoice.id, { amount: 1999, reason: 'product_unsatisfactory' });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.response).toMatchObject({ number: 'CN-000002', amount: 1999, credit_to: 'invoice' });

    after = (await api.get(`/invoices/${invoice.id}`)).body.response;
    expect(after).toMatchObject({ status: 'paid', amount_due: 0, credited_amount: 2999, next_attempt_at: null });
    expect(after.paid_at).toBe('2027-01-01T00:00:00.000Z');
    expect(after.attempts.map((a: any) => a.status)).toEqual(['declined']);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.status).toBe('active');
    const paid = (await eventsOf(api, 'invoice.paid')).filter((e) => e.data.invoice_id === invoice.id);
    expect(paid.map((e) => e.data)).toEqual([
      { invoice_id: invoice.id, subscription_id: sub.id, amount: 0, currency: 'AUD', purchase_id: null },
    ]);
    const back = (await eventsOf(api, 'subscription.updated')).filter((e) => e.data.subscription_id === sub.id);
    expect(back.map((e) => [e.data.previous_status, e.data.status])).toEqual([['past_due', 'active']]);
    // Paid in full by credit notes: nothing more to credit.
    expectError(
      await credit(api, invoice.id, { amount: 1, reason: 'other' }),
      422,
      /nothing is left to credit on invoice .* total of 2999/,
    );
    await expectInvariants(invoice.id);
  });

  it('on an open invoice (items invoiced while the subscription is paused): lowered, then paid by a note of the rest', async () => {
    const { api, sub, clock } = await scaffold(app, { merchant: 'CN open', clock: '2027-01-01T00:00:00Z', subscribe: true });
    expect((await api.post(`/subscriptions/${sub.id}/pause`, {})).status).toBe(200);
    const item = await api.post(`/subscriptions/${sub.id}/items`, {
      description: 'Workshop',
      amount: 1200,
      quantity: 2,
      invoice_now: true,
    });
    expect(item.status, item.text).toBe(201);
    const invoice = item.body.response.invoice;
    expect(invoice).toMatchObject({ kind: 'one_off', status: 'open', amount_due: 2400, total: 2400, attempts: [] });
    const part = await credit(api, invoice.id, { lines: [{ invoice_line_id: 'il_1', amount: 1200 }], reason: 'order_change' });
    expect(part.status, part.text).toBe(201);
    expect(part.body.response).toMatchObject({
      credit_to: 'invoice',
      amount: 1200,
      lines: [{ invoice_line_id: 'il_1', description: 'Workshop', amount: 1200, tax_amount: 0 }],
    });
    expect(Object.keys(part.body.response.lines[0]).sort()).toEqual(['amount', 'description', 'invoice_line_id', 'tax_amount']);
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({
      status: 'open',
      amount_due: 1200,
      credited_amount: 1200,
    });
    expect((await credit(api, invoice.id, { amount: 1200, reason: 'order_change' })).status).toBe(201);
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ status: 'paid', amount_due: 0, attempts: [] });
    // Paid while paused: nothing is charged when the subscription resumes.
    expect((await api.post(`/subscriptions/${sub.id}/resume`, {})).status).toBe(200);
    await settle(api, clock.id);
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ status: 'paid', attempts: [] });
    await expectInvariants(invoice.id);
  });

  it('wait for a charge at the gateway (409) and never move what a charge in flight was claimed for', async () => {
    const s = await scaffold(app, { merchant: 'CN charging', card: DYNAMIC, plan: { amount: 2951 }, clock: '2027-01-01T00:00:00Z' });
    const script = await s.api.put(`/sandbox/credit_cards/${s.card.token}/script`, {
      outcomes: [{ response_code: '51' }, { response_code: '00', fault: 'delay', delay_ms: 4000 }],
    });
    expect(script.status, script.text).toBe(200);
    const sub = await s.start();
    const invoice = await waitFor(async () => (await invoicesOf(s.api, sub.id))[0] as any, {
      message: 'the first charge to be declined',
      until: (inv: any) => inv?.status === 'past_due',
    });
    // The purchase is approved at the gateway, its answer late: the attempt is unresolved until the reconciler looks it up.
    const retry = s.api.post(`/invoices/${invoice.id}/retry`, {});
    await waitFor(async () => (await s.api.get(`/invoices/${invoice.id}`)).body.response.attempts, {
      message: 'the manual retry to be at the gateway',
      until: (attempts: any[]) => attempts.length === 2 && ['sending', 'unknown'].includes(attempts[1].status),
    });
    expectError(await credit(s.api, invoice.id, { amount: 100, reason: 'other' }), 409, /A charge of invoice .* is still being resolved/);
    expect((await retry).status).toBe(200);
    const paid = await waitFor(async () => (await s.api.get(`/invoices/${invoice.id}`)).body.response, {
      message: 'the retry to be resolved as approved',
      timeout: 60_000,
      until: (inv: any) => inv.status === 'paid',
    });
    expect(paid).toMatchObject({ status: 'paid', amount_due: 2951, credited_amount: 0, credit_notes: [] });
    // Paid now: the same credit note goes to the subscription's balance instead.
    expect((await credit(s.api, invoice.id, { amount: 100, reason: 'other' })).body.response.credit_to).toBe('balance');
  });
});

describe('credit notes of a paid invoice', () => {
  it('with refund: a gateway refund of its purchase, recorded on the invoice and linked from the note', async () => {
    const { api, sub, invoice } = await firstInvoice({ merchant: 'CN refund' });
    const purchaseId = invoice.attempts[0].purchase_id;
    const res = await credit(api, invoice.id, { amount: 1000, reason: 'duplicate', refund: true, memo: 'Charged twice' });
    expect(res.status, res.text).toBe(201);
    const note = res.body.response;
    expect(note).toMatchObject({ number: 'CN-000001', amount: 1000, credit_to: 'refund', reason: 'duplicate', memo: 'Charged twice' });
    expect(note.refund).toEqual({ refund_id: expect.any(String), reference: `${invoice.id}-r1`, status: 'approved' });
    // The gateway holds the refund against the invoice's purchase.
    const gatewayRefund = (await api.get(`/refunds/${note.refund.refund_id}`)).body.response;
    expect(gatewayRefund).toMatchObject({ amount: 1000, original_transaction_id: purchaseId, successful: true });
    const after = (await api.get(`/invoices/${invoice.id}`)).body.response;
    expect(after).toMatchObject({ status: 'paid', amount: 2999, refunded_amount: 1000, credited_amount: 1000 });
    expect(after.refunds).toEqual([
      {
        amount: 1000,
        reason: 'Charged twice',
        status: 'approved',
        refund_id: note.refund.refund_id,
        reference: `${invoice.id}-r1`,
        created_at: expect.any(String),
      },
    ]);
    expect(after.credit_notes.map((n: any) => n.id)).toEqual([note.id]);
    const refunded = (await eventsOf(api, 'invoice.refunded')).filter((e) => e.data.invoice_id === invoice.id);
    expect(refunded.map((e) => e.data.amount)).toEqual([1000]);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(0);

    // The refund's own limits hold: never more than was paid less what was refunded.
    expectError(
      await credit(api, invoice.id, { amount: 2000, reason: 'other', refund: true }),
      422,
      /^amount: at most 1999 is left to refund/,
    );
    await expectInvariants(invoice.id);
  });

  it('without refund: the customer’s credit balance rises; without a customer, the subscription’s, which the next invoice uses', async () => {
    const { api, sub, invoice, clock } = await firstInvoice({ merchant: 'CN balance' });
    const { merchantId } = await merchantOf(invoice.id);
    // No customer: the subscription's balance.
    const toSub = await credit(api, invoice.id, { amount: 700, reason: 'product_unsatisfactory' });
    expect(toSub.status, toSub.text).toBe(201);
    expect(toSub.body.response).toMatchObject({ credit_to: 'balance', customer_id: null, refund: null, amount: 700 });
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(700);
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ refunded_amount: 0, credited_amount: 700 });
    // The next period's invoice takes the credit before the card.
    await advance(api, clock.id, '2027-02-01T00:00:00Z');
    const second = (await invoicesOf(api, sub.id))[1] as any;
    expect(second).toMatchObject({ status: 'paid', credit_applied: 700, amount: 2299, total: 2999 });
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(0);

    // With a customer: the customer's balance.
    const [customer] = await sql<{ id: string }>(
      `insert into billing.customers (id, merchant_id, environment, name, invoice_prefix, created_at, updated_at)
       values (gen_random_uuid(), $1, 'sandbox', 'Grace Hopper', 'GH01', now(), now()) returning id`,
      [merchantId],
    );
    await sql('update billing.subscriptions set customer_id = $2 where id = $1', [sub.id, customer!.id]);
    await sql('update billing.invoices set customer_id = $2 where id = $1', [second.id, customer!.id]);
    const toCustomer = await credit(api, second.id, { amount: 500, reason: 'other' });
    expect(toCustomer.status, toCustomer.text).toBe(201);
    expect(toCustomer.body.response).toMatchObject({ credit_to: 'balance', customer_id: customer!.id, number: 'CN-000002' });
    const [balance] = await sql<{ credit_balance: string }>('select credit_balance from billing.customers where id = $1', [customer!.id]);
    expect(Number(balance!.credit_balance)).toBe(500);
    expect((await api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(0);
    expect((await listAll(api, `/credit_notes?customer_id=${customer!.id}`)).map((n) => n.id)).toEqual([toCustomer.body.response.id]);
    expect((await listAll(api, `/credit_notes?invoice_id=${invoice.id}`)).map((n) => n.id)).toEqual([toSub.body.response.id]);
    expect((await listAll(api, '/credit_notes')).map((n) => n.number)).toEqual(['CN-000002', 'CN-000001']);

    // A deleted customer's balance would never be used: refused, nothing written.
    await sql('update billing.customers set deleted_at = now() where id = $1', [customer!.id]);
    expectError(await credit(api, second.id, { amount: 100, reason: 'other' }), 409, /Customer .* is deleted/);
    expect((await api.get(`/invoices/${second.id}`)).body.response.credited_amount).toBe(500);
    await expectInvariants(invoice.id);
  });
});

describe('tax in proportion', () => {
  /** A past-due invoice made taxed as the tax rules would write it: its lines, tax and total. */
  async function taxedInvoice(merchant: string, lines: Record<string, unknown>[], tax: number, currency = 'EUR') {
    const total = lines.reduce((t, l: any) => t + l.amount + (l.tax_inclusive ? 0 : (l.tax_amount ?? 0)), 0);
    const { api, invoice } = await firstInvoice({ merchant, card: DECLINE, currency, amount: total });
    await sql(
      `update billing.invoices set lines = $2, subtotal = $3, tax = $4, total = $5, amount = $5, tax_breakdown = $6 where id = $1`,
      [
        invoice.id,
        JSON.stringify(lines),
        lines.reduce((t, l: any) => t + l.amount, 0),
        tax,
        total,
        JSON.stringify([
          { tax_rate_id: 'txr_test', display_name: 'VAT', percentage: '20', inclusive: false, taxable_amount: total - tax, amount: tax },
        ]),
      ],
    );
    return { api, invoice };
  }

  it('of the invoice: round(amount × tax ÷ total) for a first note, the running total rounded once after (EUR 9.99 + 20 % VAT)', async () => {
    const line = { kind: 'subscription', description: 'Plan', quantity: 1, unit_amount: 999, amount: 999, tax_amount: 200 };
    const { api, invoice } = await taxedInvoice('CN tax exclusive', [line], 200);
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ total: 1199, tax: 200, amount_due: 1199 });
    const notes = [];
    for (const amount of [400, 400, 399]) {
      const res = await credit(api, invoice.id, { amount, reason: 'order_change' });
      expect(res.status, res.text).toBe(201);
      notes.push(res.body.response);
    }
    // round(400 × 200 / 1199) = 67; round(800 × 200 / 1199) = 133, so 66; round(1199 × 200 / 1199) = 200, so 67.
    expect(notes.map((n) => [n.amount, n.tax, n.subtotal])).toEqual([
      [400, 67, 333],
      [400, 66, 334],
      [399, 67, 332],
    ]);
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ status: 'paid', credited_amount: 1199, tax: 200 });
    await expectInvariants(invoice.id);
  });

  it('of lines: each line’s tax over its gross (AUD 29.00 with 10 % GST inclusive, and an exclusive line), never past a line', async () => {
    const lines = [
      { kind: 'subscription', description: 'Pro', quantity: 1, unit_amount: 2900, amount: 2900, tax_amount: 264, tax_inclusive: true },
      { kind: 'item', description: 'Set-up', quantity: 1, unit_amount: 999, amount: 999, tax_amount: 200 },
    ];
    const { api, invoice } = await taxedInvoice('CN tax lines', lines, 464, 'AUD');
    const view = (await api.get(`/invoices/${invoice.id}`)).body.response;
    expect(view.lines.map((l: any) => l.id)).toEqual(['il_1', 'il_2']);
    expect(view).toMatchObject({ total: 4099, tax: 464 });
    const res = await credit(api, invoice.id, {
      lines: [
        { invoice_line_id: 'il_1', amount: 1000 },
        { invoice_line_id: 'il_2', amount: 1199 },
      ],
      reason: 'product_unsatisfactory',
    });
    expect(res.status, res.text).toBe(201);
    // il_1: round(1000 × 264 / 2900) = round(91.03) = 91; il_2: all of it, 999 + 200, so its 200.
    expect(res.body.response).toMatchObject({
      amount: 2199,
      tax: 291,
      subtotal: 1908,
      lines: [
        { invoice_line_id: 'il_1', description: 'Pro', amount: 1000, tax_amount: 91 },
        { invoice_line_id: 'il_2', description: 'Set-up', amount: 1199, tax_amount: 200 },
      ],
    });
    // A line's credits never pass its amount plus its tax: il_2 is spent, il_1 has 1900 left.
    expectError(
      await credit(api, invoice.id, { lines: [{ invoice_line_id: 'il_2', amount: 1 }], reason: 'other' }),
      422,
      /^lines\.0\.amount: at most 0 is left to credit on line il_2/,
    );
    expectError(
      await credit(api, invoice.id, { lines: [{ invoice_line_id: 'il_1', amount: 1901 }], reason: 'other' }),
      422,
      /^lines\.0\.amount: at most 1900 is left to credit on line il_1/,
    );
    const rest = await credit(api, invoice.id, { lines: [{ invoice_line_id: 'il_1', amount: 1900 }], reason: 'other' });
    // round(2900 × 264 / 2900) − 91 = 173: the line's whole tax once it is credited in full.
    expect(rest.body.response).toMatchObject({ amount: 1900, tax: 173 });
    expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ status: 'paid', credited_amount: 4099 });
    await expectInvariants(invoice.id);
  });
});

describe('the cap: credit notes never sum past the invoice’s total', () => {
  it('one after the other, across balance, refund and the refund endpoint', async () => {
    const { api, invoice } = await firstInvoice({ merchant: 'CN cap' });
    expect((await credit(api, invoice.id, { amount: 2000, reason: 'other' })).status).toBe(201);
    // The refund endpoint refunds what is left to credit, not all that was paid.
    const refund = await api.post(`/invoices/${invoice.id}/refund`, {});
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.response).toMatchObject({ refunded_amount: 999, credited_amount: 2999 });
    expectError(await credit(api, invoice.id, { amount: 1, reason: 'other' }), 422, /^amount: nothing is left to credit on invoice/);
    expectError(await credit(api, invoice.id, { amount: 1, reason: 'other', refund: true }), 422, /^amount: at most 0|nothing is left/);
    expectError(await api.post(`/invoices/${invoice.id}/refund`, { amount: 1 }), 422, /nothing is left to credit/);
    await expectInvariants(invoice.id);
  });

  it('all at once: 8 racing credit notes of 1000 on 2999, to the balance and to the card, pass the cap together never', async () => {
    for (const refund of [false, true]) {
      const { api, invoice } = await firstInvoice({ merchant: `CN race ${refund}` });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => credit(api, invoice.id, { amount: 1000, reason: 'duplicate', refund: refund && i % 2 === 0 })),
      );
      for (const r of results) {
        expect([201, 409, 422], r.text).toContain(r.status);
        if (r.status === 422)
          expect(r.body.errors[0]).toMatch(/^amount: at most 999 is left to credit|^amount: at most 999 is left to refund/);
      }
      const made = results.filter((r) => r.status === 201).map((r) => r.body.response);
      if (refund) {
        // A refund at the gateway holds its 1000 until its outcome: a note that would fit but for it is told so (409).
        expect(made.length).toBeGreaterThanOrEqual(1);
        expect(made.length).toBeLessThanOrEqual(2);
      } else {
        // Taken one after the other under the invoice's lock: two fit, six are told 999 is left.
        expect(results.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422, 422, 422, 422]);
      }
      const after = (await api.get(`/invoices/${invoice.id}`)).body.response;
      expect(after.credited_amount).toBe(made.length * 1000);
      expect(after.credit_notes.map((n: any) => n.number).sort()).toEqual(made.map((n) => n.number).sort());
      // Numbers 1..n, none skipped by the requests refused.
      expect(made.map((n) => n.number).sort()).toEqual(['CN-000001', 'CN-000002'].slice(0, made.length));
      expect(after.refunded_amount).toBe(made.filter((n) => n.credit_to === 'refund').length * 1000);
      await expectInvariants(invoice.id);
    }
  });
});

describe('what is refused', () => {
  it('drafts (edit the draft instead), void invoices, and bad input: a 422 naming the field, nothing written', async () => {
    const { api, sub, invoice } = await firstInvoice({ merchant: 'CN refused', card: DECLINE, coupon: 'TENOFF' });
    expect(invoice.lines.map((l: any) => [l.id, l.kind])).toEqual([
      ['il_1', 'subscription'],
      ['il_2', 'discount'],
    ]);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ amount: 100 }, /^reason: /],
      [{ amount: 100, reason: 'changed_my_mind' }, /^reason: /],
      [{ reason: 'other' }, /^amount: give exactly one of amount and lines/],
      [{ amount: 100, lines: [{ invoice_line_id: 'il_1', amount: 100 }], reason: 'other' }, /^amount: give exactly one/],
      [{ amount: 0, reason: 'other' }, /^amount: amount must be greater than 0/],
      [{ amount: 1.5, reason: 'other' }, /^amount: amount must be an integer in minor units/],
      [{ amount: 100, reason: 'other', colour: 'red' }, /colour/],
      [{ amount: 100, reason: 'other', memo: 'x'.repeat(501) }, /^memo: /],
      [{ lines: [], reason: 'other' }, /^lines: lines must name at least one line/],
      [{ lines: [{ invoice_line_id: 'line-1', amount: 100 }], reason: 'other' }, /^lines\.0\.invoice_line_id: /],
      [{ lines: [{ invoice_line_id: 'il_1', amount: -5 }], reason: 'other' }, /^lines\.0\.amount: /],
      [
        {
          lines: [
            { invoice_line_id: 'il_1', amount: 5 },
            { invoice_line_id: 'il_1', amount: 5 },
          ],
          reason: 'other',
        },
        /^lines\.1\.invoice_line_id: il_1 is named twice/,
      ],
      [{ lines: [{ invoice_line_id: 'il_9', amount: 100 }], reason: 'other' }, /^lines\.0\.invoice_line_id: invoice .* has no line il_9/],
      [
        { lines: [{ invoice_line_id: 'il_2', amount: 100 }], reason: 'other' },
        /^lines\.0\.invoice_line_id: line il_2 \(discount\) has nothing to credit/,
      ],
      [{ amount: 100, reason: 'other', refund: true }, /^refund: invoice .* is past_due: nothing was paid to refund/],
    ];
    for (const [body, message] of bad) expectError(await credit(api, invoice.id, body), 422, message);
    expectError(
      await credit(api, '00000000-0000-4000-8000-000000000000', { amount: 1, reason: 'other' }),
      404,
      /Invoice .* could not be found/,
    );
    expectError(await api.get('/credit_notes/00000000-0000-4000-8000-000000000000'), 404, /Credit note .* could not be found/);
    expectError(await api.get('/credit_notes?invoice_id=nope'), 422, /invoice_id/);

    // A draft is edited, not credited.
    await sql(`update billing.invoices set status = 'draft' where id = $1`, [invoice.id]);
    expectError(await credit(api, invoice.id, { amount: 100, reason: 'other' }), 409, /is a draft: edit the draft instead/);
    await sql(`update billing.invoices set status = 'past_due' where id = $1`, [invoice.id]);
    // Voided by the cancel: refused too.
    expect((await api.post(`/subscriptions/${sub.id}/cancel`, {})).status).toBe(200);
    expectError(
      await credit(api, invoice.id, { amount: 100, reason: 'other' }),
      409,
      /Invoice is void; only an open, past-due or paid invoice/,
    );

    const after = (await api.get(`/invoices/${invoice.id}`)).body.response;
    expect(after).toMatchObject({ credited_amount: 0, credit_notes: [], amount_due: invoice.amount_due });
    expect(await listAll(api, '/credit_notes')).toEqual([]);
    const [seq] = await sql<{ n: string }>(
      `select count(*)::text as n from billing.number_sequences where merchant_id = $1 and kind = 'credit_note'`,
      [(await merchantOf(invoice.id)).merchantId],
    );
    expect(seq!.n).toBe('0');
  });
});

describe('POST /invoices/{id}/refund writes a credit note', () => {
  it('with its reason mapped to the five (the text as the memo), its answer’s fields unchanged', async () => {
    const { api, invoice } = await firstInvoice({ merchant: 'CN refund endpoint' });
    const first = await api.post(`/invoices/${invoice.id}/refund`, { amount: 500, reason: 'Duplicate' });
    expect(first.status, first.text).toBe(200);
    // The answer's fields only grow: every field it had before credit notes is still there.
    const pinned = [
      'id',
      'subscription_id',
      'kind',
      'period_start',
      'period_end',
      'amount',
      'currency',
      'lines',
      'subtotal',
      'discount',
      'credit_applied',
      'refunded_amount',
      'status',
      'next_attempt_at',
      'paid_at',
      'created_at',
      'attempts',
      'refunds',
    ];
    expect(Object.keys(first.body.response)).toEqual(expect.arrayContaining([...pinned, 'credit_notes', 'credited_amount']));
    expect(Object.keys(first.body.response.refunds[0]).sort()).toEqual([
      'amount',
      'created_at',
      'reason',
      'reference',
      'refund_id',
      'status',
    ]);
    expect(first.body.response).toMatchObject({ refunded_amount: 500, credited_amount: 500 });
    const second = await api.post(`/invoices/${invoice.id}/refund`, { amount: 300, reason: 'Outage credit' });
    const third = await api.post(`/invoices/${invoice.id}/refund`, { amount: 200 });
    expect(third.body.response.credit_notes.map((n: any) => [n.number, n.amount, n.reason, n.credit_to])).toEqual([
      ['CN-000001', 500, 'duplicate', 'refund'],
      ['CN-000002', 300, 'other', 'refund'],
      ['CN-000003', 200, 'other', 'refund'],
    ]);
    const notes = await listAll(api, `/credit_notes?invoice_id=${invoice.id}`);
    expect(notes.map((n) => [n.memo, n.refund.reference, n.refund.refund_id])).toEqual([
      [null, `${invoice.id}-r3`, third.body.response.refunds[2].refund_id],
      ['Outage credit', `${invoice.id}-r2`, second.body.response.refunds[1].refund_id],
      ['Duplicate', `${invoice.id}-r1`, first.body.response.refunds[0].refund_id],
    ]);
    // credit_note.created carries the note as GET /credit_notes/{id} shows it.
    const created = (await eventsOf(api, 'credit_note.created')).filter((e) => e.data.credit_note.invoice_id === invoice.id);
    expect(created.map((e) => e.data).sort((a, b) => a.credit_note.number.localeCompare(b.credit_note.number))).toEqual(
      [...notes].reverse().map((n) => ({ credit_note: n })),
    );
    expect(Object.keys(created[0]!.data.credit_note).sort()).toEqual(
      [
        'id',
        'number',
        'invoice_id',
        'invoice_number',
        'customer_id',
        'subscription_id',
        'amount',
        'tax',
        'subtotal',
        'currency',
        'lines',
        'reason',
        'memo',
        'credit_to',
        'refund',
        'created_at',
      ].sort(),
    );
    await expectInvariants(invoice.id);
  });
});

describe('numbering', () => {
  it('CN-000001, CN-000002… per merchant and environment, with the merchant’s prefix, none skipped by refusals', async () => {
    const a = await firstInvoice({ merchant: 'CN numbers A', card: DECLINE });
    const b = await firstInvoice({ merchant: 'CN numbers B', card: DECLINE });
    const numbers = async (api: ApiClient, invoiceId: string, amounts: number[]) => {
      const out: string[] = [];
      for (const amount of amounts) {
        const res = await credit(api, invoiceId, { amount, reason: 'other' });
        if (res.status === 201) out.push(res.body.response.number);
        else expect(res.status, res.text).toBe(422);
      }
      return out;
    };
    expect(await numbers(a.api, a.invoice.id, [100, 5000, 100, 0, 100])).toEqual(['CN-000001', 'CN-000002', 'CN-000003']);
    expect(await numbers(b.api, b.invoice.id, [100])).toEqual(['CN-000001']);
    // The merchant's credit_note_prefix (settings) prints the next numbers; the sequence goes on.
    await sql(`insert into billing.merchant_settings (merchant_id, environment, invoicing, updated_at) values ($1, 'sandbox', $2, now())`, [
      (await merchantOf(a.invoice.id)).merchantId,
      JSON.stringify({ credit_note_prefix: 'CR-' }),
    ]);
    expect(await numbers(a.api, a.invoice.id, [100])).toEqual(['CR-000004']);
    await expectInvariants(a.invoice.id);
  });
});
