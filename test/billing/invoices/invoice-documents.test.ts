import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { advance, invoicesOf, listAll, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { setInvoicing } from '../../helpers/drafts.ts';
import { checkCrossPath, checkInvoiceDocuments, type FinalizedDocuments } from '../../helpers/invariants.ts';

// The invariants of invoice documents (C15 to C17, test/helpers/invariants.ts) can fail: a
// merchant's real invoices (taxed inclusive and exclusive, numbered per merchant and per customer,
// one kept as a draft) pass them; each row corrupted here, and put back after, is reported.

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

const T0 = '2031-05-01T10:00:00.000Z';

describe('invoice documents (C15 to C17)', () => {
  let merchantId: string;
  const documents: FinalizedDocuments = new Map();
  const check = () => checkInvoiceDocuments(app.config.DATABASE_URL, { merchantId, documents });
  /** Runs `corrupt`, expects a violation of `rule` matching `detail`, then `restore`s and expects none. */
  async function expectReported(rule: string, detail: RegExp, corrupt: string, restore: string, params: unknown[]): Promise<void> {
    await db.query(corrupt, params);
    try {
      const broken = await check();
      expect(broken.filter((v) => v.startsWith(`${rule}:`)).join('\n')).toMatch(detail);
    } finally {
      await db.query(restore, params);
    }
    expect(await check()).toEqual([]);
  }

  let api: ApiClient;
  let merchantInvoice: any;
  let customerInvoices: any[];
  let draft: any;

  beforeAll(async () => {
    const s = await scaffold(app, { merchant: 'Documents', clock: T0, plan: { amount: 2900 } });
    api = s.api;
    const rate = async (body: Record<string, unknown>) => {
      const res = await s.api.post('/tax_rates', body);
      expect(res.status, res.text).toBe(201);
      return res.body.response.id as string;
    };
    const gst = await rate({ display_name: 'GST', percentage: '10', inclusive: true, country: 'AU' });
    const levy = await rate({ display_name: 'Levy', percentage: '8.875', inclusive: false });
    const customer = await s.api.post('/customers', {
      name: 'Acme',
      invoice_prefix: 'ACME',
      address: { line1: '1 George St', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
    });
    expect(customer.status, customer.text).toBe(201);
    await setInvoicing(s.api, { numbering: 'customer' });
    const business = await s.api.put('/settings/business', { legal_name: 'Documents Pty Ltd' });
    expect(business.status, business.text).toBe(200);
    const taxed = { tax_rate_ids: [gst, levy] };
    const withCustomer = await s.start({ ...taxed, customer_id: customer.body.response.id });
    const alone = await s.start(taxed);
    await settle(s.api, s.clock.id);
    await advance(s.api, s.clock.id, '2031-06-01T10:00:00.000Z');
    await setInvoicing(s.api, { draft_hours: 24 });
    await s.start(taxed);
    await settle(s.api, s.clock.id);
    customerInvoices = await invoicesOf(s.api, withCustomer.id);
    [merchantInvoice] = await invoicesOf(s.api, alone.id);
    [draft] = await listAll(s.api, '/invoices?status=draft');
    merchantId = (await db.query('select merchant_id from billing.invoices where id = $1', [draft.id])).rows[0].merchant_id;
  });

  it('real invoices pass: numbered per merchant and per customer, taxed, one a draft', async () => {
    expect(customerInvoices.map((i) => i.number)).toEqual(['INV-ACME-0001', 'INV-ACME-0002']);
    expect(merchantInvoice.number).toBe('INV-000001');
    // GST inside 2900 (264), the levy on its net 2636 on top (234): the total is 3134.
    expect(merchantInvoice).toMatchObject({ subtotal: 2900, tax: 498, total: 3134, status: 'paid' });
    expect(draft).toMatchObject({ status: 'draft', number: null, finalized_at: null, tax: 498, total: 3134 });
    expect(await check()).toEqual([]);
    expect(documents.size).toBe(4);
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId, documents })).toEqual([]);
  });

  it('C15: a gap, a repeat, a sequence out of step, a numbered draft, an open invoice without a number', async () => {
    const set = (column: string, value: string) => `update billing.invoices set ${column} = ${value} where id = $1`;
    await expectReported(
      'C15',
      /invoices of \S+\/sandbox are numbered 2,3 \(sequence at 2\)/,
      set('number', `'INV-000003'`),
      set('number', `'INV-000001'`),
      [merchantInvoice.id],
    );
    await expectReported(
      'C15',
      /customer .* numbered 1,1 \(sequence at 2\)/,
      set('number', `'INV-ACME-00001'`),
      set('number', `'INV-ACME-0002'`),
      [customerInvoices[1].id],
    );
    await expectReported(
      'C15',
      /invoices of \S+\/sandbox are numbered 1,2 \(sequence at 3\)/,
      `update billing.number_sequences set last_value = last_value + 1 where merchant_id = $1 and kind = 'invoice' and scope = ''`,
      `update billing.number_sequences set last_value = last_value - 1 where merchant_id = $1 and kind = 'invoice' and scope = ''`,
      [merchantId],
    );
    await expectReported(
      'C15',
      /is draft with number none, finalized at \d{4}-/,
      set('finalized_at', 'now()'),
      set('finalized_at', 'null'),
      [draft.id],
    );
    await expectReported(
      'C15',
      /is open with number none, finalized at none/,
      `update billing.invoices set status = 'open' where id = $1`,
      `update billing.invoices set status = 'draft' where id = $1`,
      [draft.id],
    );
  });

  it('C16: a finalized invoice whose line, seller, bill_to or number changed', async () => {
    const id = customerInvoices[0].id;
    await expectReported(
      'C16',
      /changed lines from .*2900.* to .*2901/,
      `update billing.invoices set lines = jsonb_set(lines, '{0,amount}', '2901') where id = $1`,
      `update billing.invoices set lines = jsonb_set(lines, '{0,amount}', '2900') where id = $1`,
      [id],
    );
    await expectReported(
      'C16',
      /changed seller from .*Documents Pty Ltd.* to .*Other/,
      `update billing.invoices set seller = jsonb_set(seller, '{legal_name}', '"Other"') where id = $1`,
      `update billing.invoices set seller = jsonb_set(seller, '{legal_name}', '"Documents Pty Ltd"') where id = $1`,
      [id],
    );
    await expectReported(
      'C16',
      /changed bill_to from .*Acme.* to .*Someone else/,
      `update billing.invoices set bill_to = jsonb_set(bill_to, '{name}', '"Someone else"') where id = $1`,
      `update billing.invoices set bill_to = jsonb_set(bill_to, '{name}', '"Acme"') where id = $1`,
      [id],
    );
    // A status, what it owes and its credited amount may move; the document may not.
    await db.query(`update billing.invoices set credited_amount = 100, amount = amount - 100 where id = $1`, [id]);
    try {
      expect((await check()).filter((v) => v.startsWith('C16'))).toEqual([]);
    } finally {
      await db.query(`update billing.invoices set credited_amount = 0, amount = amount + 100 where id = $1`, [id]);
    }
  });

  it('C17: a total off its parts, a breakdown or a line tax off the tax (on the draft, which may change)', async () => {
    const set = (change: string) => `update billing.invoices set ${change} where id = $1`;
    await expectReported(
      'C17',
      /total 3135 <> subtotal 2900 − discount 0 \+ exclusive tax 234/,
      set('total = total + 1'),
      set('total = total - 1'),
      [draft.id],
    );
    await expectReported(
      'C17',
      /tax 498 <> its breakdown's 499/,
      set(`tax_breakdown = jsonb_set(tax_breakdown, '{0,amount}', ((tax_breakdown->0->>'amount')::int + 1)::text::jsonb)`),
      set(`tax_breakdown = jsonb_set(tax_breakdown, '{0,amount}', ((tax_breakdown->0->>'amount')::int - 1)::text::jsonb)`),
      [draft.id],
    );
    await expectReported(
      'C17',
      /tax 498 <> its lines' 499; 1 lines' tax_amount is not their rates' sum/,
      set(`lines = jsonb_set(lines, '{0,tax_amount}', ((lines->0->>'tax_amount')::int + 1)::text::jsonb)`),
      set(`lines = jsonb_set(lines, '{0,tax_amount}', ((lines->0->>'tax_amount')::int - 1)::text::jsonb)`),
      [draft.id],
    );
    // An inclusive rate counted as exclusive: the total no longer adds up.
    await expectReported(
      'C17',
      /total 3134 <> subtotal 2900 − discount 0 \+ exclusive tax 498/,
      set(`lines = jsonb_set(lines, '{0,tax_rates,0,inclusive}', 'false')`),
      set(`lines = jsonb_set(lines, '{0,tax_rates,0,inclusive}', 'true')`),
      [draft.id],
    );
  });

  it('C5: the ledger less its refunds is what the gateway kept of the purchases less its refunds', async () => {
    const res = await api.post(`/invoices/${merchantInvoice.id}/refund`, { amount: 500 });
    expect(res.status, res.text).toBe(200);
    const crossPath = () => checkCrossPath(app.config.DATABASE_URL, { merchantId, documents });
    expect(await crossPath()).toEqual([]);
    await db.query('update billing.invoice_refunds set amount = amount + 1 where invoice_id = $1', [merchantInvoice.id]);
    try {
      expect((await crossPath()).filter((v) => v.startsWith('C5:'))).toEqual([
        `C5: ledger less refunds ${3134 * 2 * 2 - 501} <> approved purchases less gateway refunds ${3134 * 2 * 2 - 500}`,
      ]);
    } finally {
      await db.query('update billing.invoice_refunds set amount = amount - 1 where invoice_id = $1', [merchantInvoice.id]);
    }
    expect(await crossPath()).toEqual([]);
  });

  it('C18: a subscription past due without a past-due invoice', async () => {
    const crossPath = () => checkCrossPath(app.config.DATABASE_URL, { merchantId, documents });
    expect(await crossPath()).toEqual([]);
    await db.query(`update billing.subscriptions set status = 'past_due' where id = $1`, [merchantInvoice.subscription_id]);
    try {
      expect((await crossPath()).filter((v) => v.startsWith('C18:'))).toEqual([
        `C18: subscription ${merchantInvoice.subscription_id} is past_due without a past-due invoice`,
      ]);
    } finally {
      await db.query(`update billing.subscriptions set status = 'active' where id = $1`, [merchantInvoice.subscription_id]);
    }
    expect(await crossPath()).toEqual([]);
  });
});
