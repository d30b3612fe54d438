import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, createClock, createPlan, expectEachPaidOnce, invoicesOf, settle, subscribe } from '../../helpers/billing.ts';
import { connect } from '../../helpers/database.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// Tax on real invoices, through the public API on test clocks (docs/tax.md): inclusive and
// exclusive rates to the minor unit with a discount, the rate named by an item, a subscription
// or a plan, automatic tax by the customer's country (and state), the EU reverse charge, and
// archived rates. Customers and the merchant's business address are written by SQL here: their
// own endpoints are another part of Recur.

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

const month = (m: number): string => new Date(Date.UTC(2027, m, 1, 9)).toISOString();
const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';

async function taxRate(api: ApiClient, fields: Record<string, unknown>) {
  const res = await api.post('/tax_rates', { inclusive: false, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

async function post(api: ApiClient, path: string, body: Record<string, unknown>) {
  const res = await api.post(path, body);
  expect(res.status, res.text).toBeLessThan(300);
  return res.body.response;
}

/** A customer of the subscription's merchant, attached to the subscription (by SQL: the customers API is not this part's). */
async function giveCustomer(
  subscriptionId: string,
  customer: { country: string | null; state?: string; tax_ids?: { type: string; value: string }[] },
): Promise<string> {
  const { rows } = await db.query(
    `insert into billing.customers (id, merchant_id, environment, name, address, tax_ids, invoice_prefix, created_at, updated_at)
     select gen_random_uuid(), merchant_id, environment, 'Customer', $2::jsonb, $3::jsonb, upper(substr(md5(random()::text), 1, 8)), now(), now()
       from billing.subscriptions where id = $1
     returning id`,
    [
      subscriptionId,
      customer.country
        ? JSON.stringify({
            line1: '1 Main St',
            city: 'City',
            postal_code: '1000',
            country: customer.country,
            state: customer.state ?? null,
          })
        : null,
      JSON.stringify(customer.tax_ids ?? []),
    ],
  );
  await db.query('update billing.subscriptions set customer_id = $2 where id = $1', [subscriptionId, rows[0].id]);
  return rows[0].id;
}

/** The merchant's business address country (by SQL: `/settings/business` is not this part's). */
async function businessCountry(subscriptionId: string, country: string): Promise<void> {
  await db.query(
    `insert into billing.merchant_settings (merchant_id, environment, business, updated_at)
     select merchant_id, environment, jsonb_build_object('legal_name', 'Seller GmbH', 'address', jsonb_build_object('country', $2::text)), now()
       from billing.subscriptions where id = $1
     on conflict (merchant_id, environment) do update set business = excluded.business`,
    [subscriptionId, country],
  );
}

/** The fields of an invoice that carry money, and its lines' tax. */
const money = (i: any) => ({
  subtotal: i.subtotal,
  discount: i.discount,
  tax: i.tax,
  total: i.total,
  credit_applied: i.credit_applied,
  amount: i.amount,
  amount_due: i.amount_due,
  reverse_charge: i.reverse_charge,
  tax_note: i.tax_note,
});
const lineTaxes = (i: any) => i.lines.map((l: any) => [l.kind, l.amount, l.discount_amount, l.tax_amount]);

describe('inclusive and exclusive tax on period invoices', () => {
  it('AU GST 10 % inclusive on the plan: AUD 29.00 holds 2.64; with a 25 % coupon, the tax of what is left', async () => {
    const { api, card } = await scaffold(app, { merchant: 'GST inclusive' });
    const gst = await taxRate(api, { display_name: 'GST', percentage: '10', inclusive: true, country: 'AU' });
    const plan = await createPlan(api, { name: 'Pro', amount: 2900, currency: 'AUD', tax_rate_ids: [gst.id] });
    await post(api, '/coupons', { code: 'QUARTER', percent_off: 25, duration: 'once' });
    const clock = await createClock(api, month(0));
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, coupon: 'QUARTER', test_clock_id: clock.id });
    await settle(api, clock.id);
    await advance(api, clock.id, month(1));
    const [first, second] = await invoicesOf(api, sub.id);

    // 25 % of 2,900 = 725 off; 2,175 holds round(2175 − 2175 / 1.1) = 2175 − round(1977.27) = 198 of GST.
    expect(money(first)).toEqual({
      subtotal: 2900,
      discount: 725,
      tax: 198,
      total: 2175,
      credit_applied: 0,
      amount: 2175,
      amount_due: 2175,
      reverse_charge: false,
      tax_note: null,
    });
    expect((first as any).lines).toEqual([
      {
        id: 'il_1',
        kind: 'subscription',
        description: 'Pro',
        quantity: 1,
        unit_amount: 2900,
        amount: 2900,
        period_start: month(0),
        period_end: month(1),
        discount_amount: 725,
        tax_amount: 198,
        tax_rates: [{ tax_rate_id: gst.id, display_name: 'GST', percentage: '10', inclusive: true, amount: 198 }],
      },
      { id: 'il_2', kind: 'discount', description: 'Coupon QUARTER', quantity: 1, unit_amount: -725, amount: -725 },
    ]);
    expect((first as any).tax_breakdown).toEqual([
      { tax_rate_id: gst.id, display_name: 'GST', percentage: '10', inclusive: true, taxable_amount: 1977, amount: 198 },
    ]);

    // No coupon: 2,900 holds 2900 − round(2636.36) = 264; the total stays 2,900.
    expect(money(second)).toMatchObject({ subtotal: 2900, discount: 0, tax: 264, total: 2900, amount: 2900 });
    expect((second as any).tax_breakdown).toEqual([
      { tax_rate_id: gst.id, display_name: 'GST', percentage: '10', inclusive: true, taxable_amount: 2636, amount: 264 },
    ]);
    expectEachPaidOnce([first!, second!]);
  });

  it('20 % exclusive VAT on the subscription: EUR 9.99 takes 2.00 on top and the card is charged 11.99; 25 % off first', async () => {
    const { api, card } = await scaffold(app, { merchant: 'VAT exclusive' });
    const vat = await taxRate(api, { display_name: 'TVA', percentage: '20', country: 'FR' });
    const plan = await createPlan(api, { name: 'Ebooks', amount: 999, currency: 'EUR' });
    await post(api, '/coupons', { code: 'QUARTER', percent_off: 25, duration: 'once' });
    const clock = await createClock(api, month(0));
    const sub = await subscribe(api, {
      plan_id: plan.id,
      card_token: card.token,
      coupon: 'QUARTER',
      tax_rate_ids: [vat.id],
      test_clock_id: clock.id,
    });
    await settle(api, clock.id);
    await advance(api, clock.id, month(1));
    const [first, second] = await invoicesOf(api, sub.id);
    // round(999 × 0.25) = 250 off; round(749 × 0.20) = round(149.8) = 150 on top: 999 − 250 + 150 = 899.
    expect(money(first)).toMatchObject({ subtotal: 999, discount: 250, tax: 150, total: 899, amount: 899, amount_due: 899 });
    expect(lineTaxes(first)).toEqual([
      ['subscription', 999, 250, 150],
      ['discount', -250, undefined, undefined],
    ]);
    expect((first as any).tax_breakdown).toEqual([
      { tax_rate_id: vat.id, display_name: 'TVA', percentage: '20', inclusive: false, taxable_amount: 749, amount: 150 },
    ]);
    // round(999 × 0.20) = round(199.8) = 200: 1,199.
    expect(money(second)).toMatchObject({ subtotal: 999, discount: 0, tax: 200, total: 1199, amount: 1199 });
    expectEachPaidOnce([first!, second!]);
    for (const [invoice, charged] of [
      [first, 899],
      [second, 1199],
    ] as const) {
      const purchase = (await api.get(`/purchases/${invoice!.attempts[0]!.purchase_id}`)).body.response;
      expect(purchase).toMatchObject({ amount: charged, currency: 'EUR' });
    }
  });
});

describe('which rates apply to a line', () => {
  it('the item’s own rates, else the subscription’s, else the plan’s; on period and one-off invoices', async () => {
    const { api, card } = await scaffold(app, { merchant: 'Explicit rates' });
    const planRate = await taxRate(api, { display_name: 'Plan rate', percentage: '5' });
    const subRate = await taxRate(api, { display_name: 'Subscription rate', percentage: '10' });
    const itemRate = await taxRate(api, { display_name: 'Item rate', percentage: '8.875' });
    const plan = await createPlan(api, { name: 'Team', amount: 1000, currency: 'USD', tax_rate_ids: [planRate.id] });
    const clock = await createClock(api, month(0));
    const onPlan = await subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
    const own = await subscribe(api, { plan_id: plan.id, card_token: card.token, tax_rate_ids: [subRate.id], test_clock_id: clock.id });
    await settle(api, clock.id);
    await post(api, `/subscriptions/${own.id}/items`, { description: 'Setup', amount: 400, tax_rate_ids: [itemRate.id] });
    await post(api, `/subscriptions/${own.id}/items`, { description: 'Training', amount: 300 });
    const oneOff = await post(api, `/subscriptions/${own.id}/items`, {
      description: 'Rush',
      amount: 2000,
      tax_rate_ids: [itemRate.id],
      invoice_now: true,
    });
    // 8.875 % of 2,000 = 177.5: a tie, rounded away from zero to 178.
    expect(money(oneOff.invoice)).toMatchObject({ subtotal: 2000, tax: 178, total: 2178, amount: 2178, amount_due: 2178 });
    expect(oneOff.invoice).toMatchObject({ kind: 'one_off', status: 'paid' });
    await advance(api, clock.id, month(1));

    const [, planned] = await invoicesOf(api, onPlan.id);
    expect(money(planned)).toMatchObject({ subtotal: 1000, tax: 50, total: 1050 });
    const period = (await invoicesOf(api, own.id)).filter((i: any) => i.kind === 'period')[1] as any;
    // 1,000 at 10 % = 100; the item 400 at 8.875 % = 35.5 → 36; 300 at the subscription's 10 % = 30.
    expect(lineTaxes(period)).toEqual([
      ['subscription', 1000, 0, 100],
      ['item', 400, 0, 36],
      ['item', 300, 0, 30],
    ]);
    expect(period.lines.map((l: any) => l.tax_rates.map((t: any) => t.display_name))).toEqual([
      ['Subscription rate'],
      ['Item rate'],
      ['Subscription rate'],
    ]);
    expect(money(period)).toMatchObject({ subtotal: 1700, tax: 166, total: 1866, amount: 1866 });
    expect(period.tax_breakdown).toEqual([
      { tax_rate_id: subRate.id, display_name: 'Subscription rate', percentage: '10', inclusive: false, taxable_amount: 1300, amount: 130 },
      { tax_rate_id: itemRate.id, display_name: 'Item rate', percentage: '8.875', inclusive: false, taxable_amount: 400, amount: 36 },
    ]);

    // An archived rate is named on nothing new, but what names it stays taxed by it.
    await post(api, `/tax_rates/${subRate.id}/archive`, {});
    await advance(api, clock.id, month(2));
    expect(money((await invoicesOf(api, own.id)).filter((i: any) => i.kind === 'period')[2])).toMatchObject({ tax: 100, total: 1100 });
    // Emptied, the subscription's list falls back to the plan's.
    await api.put(`/subscriptions/${own.id}`, { tax_rate_ids: [] });
    await advance(api, clock.id, month(3));
    expect(money((await invoicesOf(api, own.id)).filter((i: any) => i.kind === 'period')[3])).toMatchObject({ tax: 50, total: 1050 });
  });

  it('a proration taxes its credit by the old plan’s rates and its charge by the new plan’s', async () => {
    const { api, card } = await scaffold(app, { merchant: 'Prorated tax' });
    const low = await taxRate(api, { display_name: 'Low', percentage: '10' });
    const high = await taxRate(api, { display_name: 'High', percentage: '20' });
    const basic = await createPlan(api, { name: 'Basic', amount: 3100, currency: 'AUD', tax_rate_ids: [low.id] });
    const pro = await createPlan(api, { name: 'Pro', amount: 6200, currency: 'AUD', tax_rate_ids: [high.id] });
    const clock = await createClock(api, '2027-03-01T00:00:00Z');
    const sub = await subscribe(api, { plan_id: basic.id, card_token: card.token, test_clock_id: clock.id });
    await settle(api, clock.id);
    await advance(api, clock.id, '2027-03-17T00:00:00Z');
    const res = await api.put(`/subscriptions/${sub.id}`, { plan_id: pro.id, effective: 'now' });
    expect(res.status, res.text).toBe(200);
    const proration = (await invoicesOf(api, sub.id)).find((i: any) => i.kind === 'proration') as any;
    // −1,500 at 10 % = −150; 3,000 at 20 % = 600: 1,500 + 450.
    expect(lineTaxes(proration)).toEqual([
      ['proration', -1500, 0, -150],
      ['proration', 3000, 0, 600],
    ]);
    expect(money(proration)).toMatchObject({ subtotal: 1500, tax: 450, total: 1950, amount: 1950 });
    expect(proration.status).toBe('paid');
  });
});

describe('automatic tax by the customer’s address', () => {
  it('AU GST inclusive, DE and FR VAT, Canadian GST and PST stacked; none without a customer, an address or a rate', async () => {
    const { api, card } = await scaffold(app, { merchant: 'Automatic tax' });
    const gst = await taxRate(api, { display_name: 'GST', percentage: '10', inclusive: true, country: 'AU' });
    await taxRate(api, { display_name: 'MwSt.', percentage: '19', country: 'DE' });
    await taxRate(api, { display_name: 'TVA', percentage: '20', country: 'FR' });
    await taxRate(api, { display_name: 'GST', percentage: '5', country: 'CA' });
    await taxRate(api, { display_name: 'PST', percentage: '7', country: 'CA', state: 'BC' });
    await taxRate(api, { display_name: 'QST', percentage: '9.975', country: 'CA', state: 'QC' });
    const aud = await createPlan(api, { name: 'Pro AU', amount: 2900, currency: 'AUD' });
    const eur = await createPlan(api, { name: 'Pro EU', amount: 1000, currency: 'EUR' });
    const cad = await createPlan(api, { name: 'Pro CA', amount: 1000, currency: 'CAD' });
    const clock = await createClock(api, month(0));
    const start = (plan: any) => subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
    const subs = {
      au: await start(aud),
      de: await start(eur),
      fr: await start(eur),
      bc: await start(cad),
      jp: await start(aud),
      noAddress: await start(aud),
      noCustomer: await start(aud),
    };
    await settle(api, clock.id);
    await giveCustomer(subs.au.id, { country: 'AU' });
    await giveCustomer(subs.de.id, { country: 'de' });
    await giveCustomer(subs.fr.id, { country: 'FR', tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }] });
    await giveCustomer(subs.bc.id, { country: 'CA', state: 'bc' });
    await giveCustomer(subs.jp.id, { country: 'JP' });
    await giveCustomer(subs.noAddress.id, { country: null });

    // automatic_tax is off: a customer's address taxes nothing.
    await advance(api, clock.id, month(1));
    for (const sub of Object.values(subs)) expect((await invoicesOf(api, sub.id))[1]).toMatchObject({ tax: 0, tax_breakdown: [] });

    expect((await api.put('/settings/tax', { automatic_tax: true })).status).toBe(200);
    await advance(api, clock.id, month(2));
    const third = async (sub: any) => (await invoicesOf(api, sub.id))[2] as any;
    expect(money(await third(subs.au))).toMatchObject({ subtotal: 2900, tax: 264, total: 2900, amount: 2900 });
    expect(money(await third(subs.de))).toMatchObject({ subtotal: 1000, tax: 190, total: 1190, amount: 1190 });
    // The merchant has not set its business address: no reverse charge, French VAT.
    expect(money(await third(subs.fr))).toMatchObject({ tax: 200, total: 1200, reverse_charge: false });
    // British Columbia: the country's GST (5 %) and the province's PST (7 %), not Quebec's QST.
    const bc = await third(subs.bc);
    expect(money(bc)).toMatchObject({ subtotal: 1000, tax: 120, total: 1120 });
    expect(bc.tax_breakdown.map((b: any) => [b.display_name, b.percentage, b.amount])).toEqual([
      ['GST', '5', 50],
      ['PST', '7', 70],
    ]);
    for (const sub of [subs.jp, subs.noAddress, subs.noCustomer]) expect(money(await third(sub))).toMatchObject({ tax: 0, total: 2900 });

    // Automatic tax takes active rates only; a rate named on the subscription comes before it.
    await post(api, `/tax_rates/${gst.id}/archive`, {});
    const exempt = await taxRate(api, { display_name: 'Exempt', percentage: '0' });
    expect((await api.put(`/subscriptions/${subs.de.id}`, { tax_rate_ids: [exempt.id] })).status).toBe(200);
    await advance(api, clock.id, month(3));
    expect(money((await invoicesOf(api, subs.au.id))[3])).toMatchObject({ tax: 0, total: 2900 });
    const exempted = (await invoicesOf(api, subs.de.id))[3] as any;
    expect(money(exempted)).toMatchObject({ tax: 0, total: 1000 });
    expect(exempted.tax_breakdown).toEqual([
      { tax_rate_id: exempt.id, display_name: 'Exempt', percentage: '0', inclusive: false, taxable_amount: 1000, amount: 0 },
    ]);
  });

  it('EU reverse charge: a business with a VAT id in another member state pays no VAT, and the invoice carries the note', async () => {
    const { api, card } = await scaffold(app, { merchant: 'Reverse charge' });
    const de = await taxRate(api, { display_name: 'MwSt.', percentage: '19', country: 'DE' });
    await taxRate(api, { display_name: 'TVA', percentage: '20', country: 'FR' });
    const eur = await createPlan(api, { name: 'Consulting', amount: 10_000, currency: 'EUR' });
    const named = await createPlan(api, { name: 'Consulting (named VAT)', amount: 10_000, currency: 'EUR', tax_rate_ids: [de.id] });
    await api.put('/settings/tax', { automatic_tax: true });
    const clock = await createClock(api, month(0));
    const start = (plan: any) => subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
    const business = await start(eur);
    const consumer = await start(eur);
    const home = await start(eur);
    const explicit = await start(named);
    const badId = await start(eur);
    await settle(api, clock.id);
    await businessCountry(business.id, 'DE');
    await giveCustomer(business.id, { country: 'FR', tax_ids: [{ type: 'eu_vat', value: 'FR 40 303 265 045' }] });
    await giveCustomer(consumer.id, { country: 'FR' });
    await giveCustomer(home.id, { country: 'DE', tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }] });
    await giveCustomer(explicit.id, { country: 'AT', tax_ids: [{ type: 'eu_vat', value: 'ATU12345678' }] });
    await giveCustomer(badId.id, { country: 'FR', tax_ids: [{ type: 'eu_vat', value: 'US123456789' }] });
    await advance(api, clock.id, month(1));
    const second = async (sub: any) => (await invoicesOf(api, sub.id))[1] as any;

    const reverse = await second(business);
    expect(money(reverse)).toEqual({
      subtotal: 10_000,
      discount: 0,
      tax: 0,
      total: 10_000,
      credit_applied: 0,
      amount: 10_000,
      amount_due: 10_000,
      reverse_charge: true,
      tax_note: REVERSE_CHARGE_NOTE,
    });
    expect(reverse.tax_breakdown).toEqual([]);
    expect(reverse.lines[0]).toMatchObject({ tax_amount: 0, tax_rates: [] });
    // A rate the plan names is the buyer's to account for too.
    expect(money(await second(explicit))).toMatchObject({ tax: 0, total: 10_000, reverse_charge: true, tax_note: REVERSE_CHARGE_NOTE });
    // No VAT id, the seller's own country, or an id that is no EU VAT number: VAT as usual.
    expect(money(await second(consumer))).toMatchObject({ tax: 2000, total: 12_000, reverse_charge: false, tax_note: null });
    expect(money(await second(home))).toMatchObject({ tax: 1900, total: 11_900, reverse_charge: false });
    expect(money(await second(badId))).toMatchObject({ tax: 2000, reverse_charge: false });
    // The first invoice, written before there was a customer, was not reverse charged: the plan's rate applied.
    expect((await invoicesOf(api, explicit.id))[0]).toMatchObject({ reverse_charge: false, tax: 1900, tax_note: null });
  });

  it('EU reverse charge by a merchant outside the EU: an Australian seller charges no VAT to a French business (Article 196)', async () => {
    const { api, card } = await scaffold(app, { merchant: 'Reverse charge from Australia' });
    await taxRate(api, { display_name: 'GST', percentage: '10', inclusive: true, country: 'AU' });
    await taxRate(api, { display_name: 'TVA', percentage: '20', country: 'FR' });
    const plan = await createPlan(api, { name: 'Analytics', amount: 10_000, currency: 'EUR' });
    await api.put('/settings/tax', { automatic_tax: true });
    const clock = await createClock(api, month(0));
    const start = () => subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id });
    const business = await start();
    const consumer = await start();
    const australian = await start();
    await settle(api, clock.id);
    await businessCountry(business.id, 'AU');
    await giveCustomer(business.id, { country: 'FR', tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }] });
    await giveCustomer(consumer.id, { country: 'FR' });
    await giveCustomer(australian.id, { country: 'AU', tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }] });
    await advance(api, clock.id, month(1));
    const second = async (sub: any) => (await invoicesOf(api, sub.id))[1] as any;
    expect(money(await second(business))).toMatchObject({ tax: 0, total: 10_000, reverse_charge: true, tax_note: REVERSE_CHARGE_NOTE });
    // A French consumer pays French VAT; an Australian customer (whatever id it holds) pays GST.
    expect(money(await second(consumer))).toMatchObject({ tax: 2000, total: 12_000, reverse_charge: false, tax_note: null });
    expect(money(await second(australian))).toMatchObject({ tax: 909, total: 10_000, reverse_charge: false });
  });
});
