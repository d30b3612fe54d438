import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { DECLINE, advance, eventsOf, expectError, invoicesOf, settle } from '../../helpers/billing.ts';
import { draftsScaffold, merchantOf } from '../../helpers/drafts.ts';
import { chargeDeps, schedulerDeps } from '../../../src/composition/roles.ts';
import { attemptCharge } from '../../../src/billing/charges/attempt-charge.service.ts';
import { sweepOwedCharges } from '../../../src/scheduler/reconciler.ts';
import type { ChargeJob } from '../../../src/queues/queues.ts';

// Draft invoices through the API (issue 25): a merchant that keeps drafts `draft_hours` has its
// period invoices written as drafts, without a number and without a charge; during the draft,
// lines can be added and the draft voided or finalized early; when the clock passes
// `finalizes_at` the draft sweep finalizes it and it is charged. A finalized invoice never changes.

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

const H = 3_600_000;
const T0 = Date.parse('2027-04-01T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

const drafted = (merchant: string, options: { card?: string; plan?: Record<string, unknown>; count?: number } = {}) =>
  draftsScaffold(app, { merchant, clock: at(T0), count: options.count ?? 1, card: options.card, plan: options.plan ?? { amount: 2000 } });

describe('a period invoice kept as a draft', () => {
  it('has no number and no charge; an added line changes its totals; finalized early, it is numbered and charged once', async () => {
    const { api, clock, drafts } = await drafted('Draft lifecycle');
    const [draft] = drafts;
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      finalizes_at: at(T0 + 24 * H),
      finalized_at: null,
      bill_to: null,
      seller: null,
      subtotal: 2000,
      total: 2000,
      amount: 2000,
      amount_due: 2000,
      attempts: [],
    });
    expect((await eventsOf(api, 'invoice.created')).map((e) => e.data.invoice_id)).toEqual([draft.id]);
    expect(await eventsOf(api, 'invoice.finalized')).toEqual([]);

    const added = await api.post(`/invoices/${draft.id}/lines`, { description: 'Extra seats', unit_amount: 250, quantity: 2 });
    expect(added.status, added.text).toBe(200);
    expect(added.body.response).toMatchObject({
      status: 'draft',
      number: null,
      subtotal: 2500,
      total: 2500,
      amount: 2500,
      amount_due: 2500,
    });
    expect(added.body.response.lines.map((l: any) => [l.id, l.kind, l.description, l.quantity, l.unit_amount, l.amount])).toEqual([
      ['il_1', 'subscription', 'Plan', 1, 2000, 2000],
      ['il_2', 'item', 'Extra seats', 2, 250, 500],
    ]);

    const finalized = await api.post(`/invoices/${draft.id}/finalize`);
    expect(finalized.status, finalized.text).toBe(200);
    expect(finalized.body.response).toMatchObject({
      number: 'INV-000001',
      status: 'paid',
      finalized_at: at(T0),
      finalizes_at: null,
      amount: 2500,
      paid_at: at(T0),
      attempts: [{ number: 1, status: 'approved' }],
    });
    // A finalized invoice never changes: no line, no second finalization.
    expectError(await api.post(`/invoices/${draft.id}/lines`, { description: 'Late', unit_amount: 100 }), 409, /draft only/);
    expectError(await api.post(`/invoices/${draft.id}/finalize`), 409, /paid; only a draft/);
    // Past the time it would have been finalized: nothing more happens to it.
    await advance(api, clock.id, at(T0 + 48 * H));
    const after = (await api.get(`/invoices/${draft.id}`)).body.response;
    expect(after).toMatchObject({ number: 'INV-000001', status: 'paid', amount: 2500 });
    expect(after.attempts).toHaveLength(1);
    expect((await eventsOf(api, 'invoice.finalized')).map((e) => e.data.invoice_id)).toEqual([draft.id]);
  });

  it('left alone, it is finalized and charged when the clock passes finalizes_at (billing time is the clock’s)', async () => {
    const { api, clock, drafts } = await drafted('Draft swept');
    const [draft] = drafts;
    await advance(api, clock.id, at(T0 + 23 * H));
    expect((await api.get(`/invoices/${draft.id}`)).body.response).toMatchObject({ status: 'draft', number: null, attempts: [] });
    await advance(api, clock.id, at(T0 + 25 * H));
    const swept = (await api.get(`/invoices/${draft.id}`)).body.response;
    expect(swept).toMatchObject({
      status: 'paid',
      number: 'INV-000001',
      finalized_at: at(T0 + 25 * H),
      finalizes_at: null,
      attempts: [{ number: 1, status: 'approved', created_at: at(T0 + 25 * H) }],
    });
    const [event] = await eventsOf(api, 'invoice.finalized');
    expect(event).toMatchObject({ created_at: at(T0 + 25 * H), data: { invoice_id: draft.id, number: 'INV-000001', status: 'open' } });
  });

  it('voided, it is never numbered nor charged, whatever the clock does', async () => {
    const { api, clock, drafts, subs } = await drafted('Draft voided');
    const [draft] = drafts;
    const voided = await api.post(`/invoices/${draft.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.response).toMatchObject({ status: 'void', number: null, finalizes_at: null, finalized_at: null });
    expect((await eventsOf(api, 'invoice.voided')).map((e) => e.data)).toEqual([
      { invoice_id: draft.id, subscription_id: subs[0].id, reason: 'requested' },
    ]);
    expectError(await api.post(`/invoices/${draft.id}/void`), 409, /void; only a draft, open or past-due/);
    expectError(await api.post(`/invoices/${draft.id}/lines`, { description: 'x', unit_amount: 1 }), 409);
    await advance(api, clock.id, at(T0 + 48 * H));
    // A month on, the next period's invoice is a draft of its own; the voided one is untouched.
    await advance(api, clock.id, at(Date.parse('2027-05-01T11:00:00.000Z')));
    const invoices = await invoicesOf(api, subs[0].id);
    expect(invoices.map((i: any) => [i.status, i.number, i.attempts.length])).toEqual([
      ['void', null, 0],
      ['draft', null, 0],
    ]);
    expect((await db.query('select count(*)::int as n from billing.charge_attempts where invoice_id = $1', [draft.id])).rows[0].n).toBe(0);
  });

  it('a cancelled subscription voids its drafts (the rule that voids what a cancel ends)', async () => {
    const { api, drafts, subs } = await drafted('Draft cancelled');
    expect((await api.post(`/subscriptions/${subs[0].id}/cancel`)).status).toBe(200);
    expect((await api.get(`/invoices/${drafts[0].id}`)).body.response).toMatchObject({ status: 'void', number: null });
    expect((await eventsOf(api, 'invoice.voided')).map((e) => e.data)).toEqual([
      { invoice_id: drafts[0].id, subscription_id: subs[0].id, reason: 'subscription_cancelled' },
    ]);
  });

  it('an added line recomposes the draft: the discount recomputed over the lines, the credit it applied kept', async () => {
    const s = await draftsScaffold(app, { merchant: 'Draft recomposed', clock: at(T0), count: 0, plan: { amount: 2000 } });
    expect((await s.api.post('/coupons', { code: 'TENOFF', percent_off: 10, duration: 'once' })).status).toBe(201);
    // The first period begins a day later: its credit is set before it is invoiced.
    const sub = await s.start({ coupon: 'TENOFF', start_date: at(T0 + 24 * H) });
    await db.query('update billing.subscriptions set credit_balance = 300 where id = $1', [sub.id]);
    await advance(s.api, s.clock.id, at(T0 + 24 * H));
    const [draft] = (await invoicesOf(s.api, sub.id)) as any[];
    expect(draft).toMatchObject({ status: 'draft', subtotal: 2000, discount: 200, total: 1800, credit_applied: 300, amount: 1500 });
    const res = await s.api.post(`/invoices/${draft.id}/lines`, { description: 'Onboarding', unit_amount: 500 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.response).toMatchObject({ subtotal: 2500, discount: 250, total: 2250, credit_applied: 300, amount: 1950 });
    expect(res.body.response.lines.map((l: any) => [l.id, l.kind, l.amount])).toEqual([
      ['il_1', 'subscription', 2000],
      ['il_2', 'item', 500],
      ['il_3', 'discount', -250],
    ]);
    // No credit went back to the subscription, none was applied twice.
    expect((await s.api.get(`/subscriptions/${sub.id}`)).body.response.credit_balance).toBe(0);
    expect((await s.api.post(`/invoices/${draft.id}/finalize`)).body.response).toMatchObject({ status: 'paid', amount: 1950 });
  });
});

describe('tax on an added line', () => {
  it('regression (model): a line added to a taxed draft is taxed, and the draft’s tax, breakdown and total are composed again', async () => {
    // Found by the model test: the draft kept its old tax and lost its lines' tax.
    const s = await draftsScaffold(app, { merchant: 'Draft taxed line', clock: at(T0), count: 0, plan: { amount: 1000 } });
    const put = async (path: string, body: unknown) => expect((await s.api.put(path, body)).status).toBe(200);
    await put('/settings/business', {
      legal_name: 'Seller Pty Ltd',
      address: { line1: '1 Market St', city: 'Sydney', postal_code: '2000', country: 'AU' },
    });
    await put('/settings/tax', { automatic_tax: true });
    const rate = async (body: Record<string, unknown>) => (await s.api.post('/tax_rates', body)).body.response.id as string;
    const gst = await rate({ display_name: 'GST', percentage: '10', inclusive: true, country: 'AU' });
    const tva = await rate({ display_name: 'TVA', percentage: '20', inclusive: false, country: 'FR' });
    const customer = await s.api.post('/customers', {
      name: 'Acme',
      address: { line1: '1 George St', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
    });
    expect(customer.status, customer.text).toBe(201);
    const sub = await s.start({ customer_id: customer.body.response.id });
    await settle(s.api, s.clock.id);
    const [draft] = (await invoicesOf(s.api, sub.id)) as any[];
    // GST inclusive on 1000: 1000 − round(1000 / 1.1) = 91.
    expect(draft).toMatchObject({ status: 'draft', subtotal: 1000, tax: 91, total: 1000, amount: 1000 });

    // 2 × 999 at 20 % exclusive, named on the line: round(1998 × 0.20) = round(399.6) = 400 on top.
    const named = await s.api.post(`/invoices/${draft.id}/lines`, {
      description: 'Seats',
      unit_amount: 999,
      quantity: 2,
      tax_rate_ids: [tva],
    });
    expect(named.status, named.text).toBe(200);
    expect(named.body.response).toMatchObject({ subtotal: 2998, tax: 491, total: 3398, amount: 3398 });
    expect(named.body.response.lines.map((l: any) => [l.id, l.amount, l.tax_amount, l.tax_rates.map((r: any) => r.tax_rate_id)])).toEqual([
      ['il_1', 1000, 91, [gst]],
      ['il_2', 1998, 400, [tva]],
    ]);
    expect(named.body.response.tax_breakdown).toEqual([
      { tax_rate_id: gst, display_name: 'GST', percentage: '10', inclusive: true, taxable_amount: 909, amount: 91 },
      { tax_rate_id: tva, display_name: 'TVA', percentage: '20', inclusive: false, taxable_amount: 1998, amount: 400 },
    ]);

    // No rate named: taxed as an item of the draft's plan, here by automatic tax (GST inclusive):
    // 250 − round(250 / 1.1) = 250 − 227 = 23 inside it.
    const automatic = await s.api.post(`/invoices/${draft.id}/lines`, { description: 'Setup', unit_amount: 250 });
    expect(automatic.status, automatic.text).toBe(200);
    expect(automatic.body.response).toMatchObject({ subtotal: 3248, tax: 514, total: 3648, amount: 3648 });
    expect(automatic.body.response.lines.map((l: any) => [l.id, l.tax_amount])).toEqual([
      ['il_1', 91],
      ['il_2', 400],
      ['il_3', 23],
    ]);
    expect(automatic.body.response.tax_breakdown.map((b: any) => [b.tax_rate_id, b.taxable_amount, b.amount])).toEqual([
      [gst, 1136, 114],
      [tva, 1998, 400],
    ]);
    const finalized = await s.api.post(`/invoices/${draft.id}/finalize`);
    expect(finalized.body.response).toMatchObject({ status: 'paid', subtotal: 3248, tax: 514, total: 3648, amount: 3648 });
  });
});

describe('snapshots', () => {
  it('bill_to and seller are taken at finalization and do not change when the customer or the business settings change', async () => {
    const { api, drafts } = await drafted('Snapshots', { count: 2 });
    const business = {
      legal_name: 'Recur Test Pty Ltd',
      address: { line1: '1 Market St', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'au' },
      tax_id: 'ABN 51 824 753 556',
      email: 'billing@recur.example',
      phone: '+61 2 8000 0000',
    };
    const put = await api.put('/settings/business', business);
    expect(put.status, put.text).toBe(200);
    const seller = { ...business, address: { ...business.address, country: 'AU' } };
    // The settings answer has the logo too (none here); the seller snapshot never copies it.
    expect(put.body.response).toEqual({ ...seller, logo: null });
    const m = await merchantOf(db, drafts[0].id);
    const customer = randomUUID();
    await db.query(
      `insert into billing.customers (id, merchant_id, environment, name, email, address, tax_ids, invoice_prefix, created_at, updated_at)
       values ($1, $2, $3, 'Ada Pty Ltd', 'ada@example.com', $4, '[]', 'ADA', now(), now())`,
      [customer, m.merchant_id, m.environment, JSON.stringify({ line1: '2 Pitt St', city: 'Sydney', postal_code: '2000', country: 'AU' })],
    );
    for (const d of drafts) await db.query('update billing.invoices set customer_id = $2 where id = $1', [d.id, customer]);
    const billTo = {
      customer_id: customer,
      name: 'Ada Pty Ltd',
      email: 'ada@example.com',
      phone: null,
      address: { line1: '2 Pitt St', city: 'Sydney', postal_code: '2000', country: 'AU' },
      tax_ids: [],
    };
    expect((await api.post(`/invoices/${drafts[0].id}/finalize`)).body.response).toMatchObject({ bill_to: billTo, seller });

    await db.query(`update billing.customers set name = 'Ada Renamed', address = $2 where id = $1`, [
      customer,
      JSON.stringify({ line1: '9 Elsewhere Rd', city: 'Perth', postal_code: '6000', country: 'AU' }),
    ]);
    expect((await api.put('/settings/business', { legal_name: 'Recur Renamed Pty Ltd', phone: null })).body.response).toEqual({
      ...seller,
      logo: null,
      legal_name: 'Recur Renamed Pty Ltd',
      phone: null,
    });
    const issued = (await api.get(`/invoices/${drafts[0].id}`)).body.response;
    expect(issued.bill_to).toEqual(billTo);
    expect(issued.seller).toEqual(seller);
    // The next one finalized carries the details as they are now.
    const next = (await api.post(`/invoices/${drafts[1].id}/finalize`)).body.response;
    expect(next.bill_to).toMatchObject({ name: 'Ada Renamed', address: { city: 'Perth' } });
    expect(next.seller).toMatchObject({ legal_name: 'Recur Renamed Pty Ltd', phone: null, tax_id: 'ABN 51 824 753 556' });
  });
});

describe('drafts are never charged nor swept as owed', () => {
  it('the charge claim skips a draft, retry and refund refuse it, the sweep of owed charges passes it by', async () => {
    const { api, drafts, subs } = await drafted('Draft uncharged', { count: 2 });
    const [draft, control] = drafts;
    // A charge job for a draft (none is ever queued; a stray one) makes no attempt.
    expect(await attemptCharge(chargeDeps(app.runtime), { invoiceId: draft.id, attempt: 1 })).toEqual({
      kind: 'skipped',
      reason: 'invoice is draft',
    });
    expectError(await api.post(`/invoices/${draft.id}/retry`), 409, /draft; only a past-due invoice/);
    expectError(await api.post(`/invoices/${draft.id}/refund`, {}), 409, /draft; only a paid invoice/);
    // The control: finalized while its subscription is paused, it stays open, owed.
    expect((await api.post(`/subscriptions/${subs[1].id}/pause`)).status).toBe(200);
    expect((await api.post(`/invoices/${control.id}/finalize`)).body.response).toMatchObject({ status: 'open', attempts: [] });
    const handed: ChargeJob[] = [];
    await sweepOwedCharges({ ...schedulerDeps(app.runtime), requeue: async (jobs) => void handed.push(...jobs) }, 0);
    const swept = handed.map((j) => j.invoiceId);
    expect(swept).toContain(control.id);
    expect(swept).not.toContain(draft.id);
    expect((await api.get(`/invoices/${draft.id}`)).body.response).toMatchObject({ status: 'draft', attempts: [] });
  });
});

describe('voiding a finalized invoice', () => {
  it('an open or past-due one keeps its number and loses its retries; refused while a charge is at the gateway, and once paid', async () => {
    const { api, drafts } = await drafted('Void owed', { card: DECLINE, count: 2 });
    const owed = (await api.post(`/invoices/${drafts[0].id}/finalize`)).body.response;
    expect(owed).toMatchObject({ number: 'INV-000001', status: 'past_due', next_attempt_at: expect.any(String) });
    // An attempt at the gateway (its outcome unknown yet): the invoice may still be paid by it.
    await db.query(
      `insert into billing.charge_attempts (id, invoice_id, number, reference, status, attempted_at, created_at, updated_at)
       values (gen_random_uuid(), $1::uuid, 2, $1::text || '-2', 'sending', now(), now(), now())`,
      [owed.id],
    );
    expectError(await api.post(`/invoices/${owed.id}/void`), 409, /at the gateway/);
    await db.query(`update billing.charge_attempts set status = 'declined' where invoice_id = $1 and number = 2`, [owed.id]);
    expect((await api.get(`/subscriptions/${owed.subscription_id}`)).body.response.status).toBe('past_due');
    const voided = (await api.post(`/invoices/${owed.id}/void`)).body.response;
    expect(voided).toMatchObject({ number: 'INV-000001', status: 'void', next_attempt_at: null });
    expectError(await api.post(`/invoices/${owed.id}/retry`), 409, /void/);
    // Its only past-due invoice voided, the subscription is no longer past due (as when it is paid).
    const sub = (await api.get(`/subscriptions/${owed.subscription_id}`)).body.response;
    expect(sub.status).toBe('active');
    const updated = (await eventsOf(api, 'subscription.updated')).filter((e) => e.data.subscription?.id === sub.id);
    expect(updated.map((e) => [e.data.previous_status, e.data.subscription.status])).toEqual([['past_due', 'active']]);
    const { api: paidApi, drafts: paidDrafts } = await drafted('Void paid');
    expect((await paidApi.post(`/invoices/${paidDrafts[0].id}/finalize`)).body.response.status).toBe('paid');
    expectError(await paidApi.post(`/invoices/${paidDrafts[0].id}/void`), 409, /paid; only a draft, open or past-due/);
  });
});

describe('voiding gives back the credit an invoice used', () => {
  it('to its subscription, or to its customer when it was written for one; the rest of the balance untouched', async () => {
    const s = await draftsScaffold(app, { merchant: 'Void gives credit back', clock: at(T0), count: 0, plan: { amount: 2000 } });
    const customer = await s.api.post('/customers', { name: 'Credit Holder Pty Ltd', email: 'ap@credit-holder.example.com' });
    expect(customer.status, customer.text).toBe(201);
    // The first periods begin a day later: the credit is set before they are invoiced.
    const own = await s.start({ start_date: at(T0 + 24 * H) });
    const held = await s.start({ start_date: at(T0 + 24 * H), customer_id: customer.body.response.id });
    await db.query('update billing.subscriptions set credit_balance = 300 where id = $1', [own.id]);
    await db.query('update billing.customers set credit_balance = 2500 where id = $1', [customer.body.response.id]);
    await advance(s.api, s.clock.id, at(T0 + 24 * H));
    const [ownDraft] = (await invoicesOf(s.api, own.id)) as any[];
    const [heldDraft] = (await invoicesOf(s.api, held.id)) as any[];
    expect(ownDraft).toMatchObject({ status: 'draft', credit_applied: 300, amount: 1700 });
    expect(heldDraft).toMatchObject({ status: 'draft', credit_applied: 2000, amount: 0, customer_id: customer.body.response.id });
    expect((await s.api.get(`/customers/${customer.body.response.id}`)).body.response.credit_balance).toBe(500);

    expect((await s.api.post(`/invoices/${ownDraft.id}/void`)).body.response).toMatchObject({ status: 'void', credit_applied: 300 });
    expect((await s.api.get(`/subscriptions/${own.id}`)).body.response.credit_balance).toBe(300);
    expect((await s.api.post(`/invoices/${heldDraft.id}/void`)).body.response).toMatchObject({ status: 'void', credit_applied: 2000 });
    expect((await s.api.get(`/customers/${customer.body.response.id}`)).body.response.credit_balance).toBe(2500);
    expect((await s.api.get(`/subscriptions/${held.id}`)).body.response.credit_balance).toBe(0);
    // Voided once, given back once.
    expectError(await s.api.post(`/invoices/${heldDraft.id}/void`), 409, /void; only a draft/);
    expect((await s.api.get(`/customers/${customer.body.response.id}`)).body.response.credit_balance).toBe(2500);
  });

  it('a cancel now voids the drafts and gives their credit back to the customer, for its other subscriptions', async () => {
    const s = await draftsScaffold(app, { merchant: 'Cancel gives credit back', clock: at(T0), count: 0, plan: { amount: 2000 } });
    const customer = (await s.api.post('/customers', { name: 'Two Subscriptions GmbH' })).body.response;
    const first = await s.start({ start_date: at(T0 + 24 * H), customer_id: customer.id });
    await db.query('update billing.customers set credit_balance = 1500 where id = $1', [customer.id]);
    await advance(s.api, s.clock.id, at(T0 + 24 * H));
    const [draft] = (await invoicesOf(s.api, first.id)) as any[];
    expect(draft).toMatchObject({ status: 'draft', credit_applied: 1500, amount: 500 });
    expect((await s.api.get(`/customers/${customer.id}`)).body.response.credit_balance).toBe(0);
    expect((await s.api.post(`/subscriptions/${first.id}/cancel`)).status).toBe(200);
    expect((await invoicesOf(s.api, first.id))[0]).toMatchObject({ status: 'void', credit_applied: 1500 });
    expect((await s.api.get(`/customers/${customer.id}`)).body.response.credit_balance).toBe(1500);
    // The customer's next subscription uses it.
    const second = await s.start({ customer_id: customer.id });
    await settle(s.api, s.clock.id);
    const [next] = (await invoicesOf(s.api, second.id)) as any[];
    expect(next).toMatchObject({ credit_applied: 1500, amount: 500 });
  });
});

describe('bad requests', () => {
  it('lines: 422 naming the field, nothing written; 404 for an unknown or another merchant’s invoice', async () => {
    const { api, clock, drafts } = await drafted('Draft refusals');
    const [draft] = drafts;
    const line = (body: unknown) => api.post(`/invoices/${draft.id}/lines`, body);
    expectError(await line({ description: 'x', unit_amount: 0 }), 422, /unit_amount/);
    expectError(await line({ description: 'x', unit_amount: 1.5 }), 422, /unit_amount/);
    expectError(await line({ description: '', unit_amount: 10 }), 422, /description/);
    expectError(await line({ description: 'x', unit_amount: 10, quantity: 0 }), 422, /quantity/);
    expectError(await line({ description: 'x', unit_amount: 99_999_999_999, quantity: 2 }), 422, /unit_amount/);
    expectError(await line({ description: 'x', unit_amount: 10, colour: 'red' }), 422, /colour/);
    expectError(await line({ description: 'x', unit_amount: 10, tax_rate_ids: ['nope'] }), 422, /tax_rate_ids/);
    expectError(
      await line({ description: 'x', unit_amount: 10, tax_rate_ids: [randomUUID()] }),
      422,
      /tax_rate_ids\.0: no active tax rate/,
    );
    expect((await api.get(`/invoices/${draft.id}`)).body.response).toMatchObject({ amount: 2000, lines: [{ id: 'il_1' }] });
    const unknown = randomUUID();
    for (const op of ['finalize', 'void']) expectError(await api.post(`/invoices/${unknown}/${op}`), 404);
    expectError(await api.post(`/invoices/${unknown}/lines`, { description: 'x', unit_amount: 10 }), 404);
    const other = await draftsScaffold(app, { merchant: 'Someone else', clock: at(T0), count: 0 });
    for (const op of ['finalize', 'void']) expectError(await other.api.post(`/invoices/${draft.id}/${op}`), 404);
    expectError(await other.api.post(`/invoices/${draft.id}/lines`, { description: 'x', unit_amount: 10 }), 404);
    await settle(api, clock.id);
    expect((await api.get(`/invoices/${draft.id}`)).body.response).toMatchObject({ status: 'draft', amount: 2000 });
  });
});
