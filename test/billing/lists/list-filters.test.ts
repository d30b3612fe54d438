import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, expectError, listAll, type BillingEvent, type Invoice } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// The filters the console's lists use, through the public API over HTTPS: invoices by the day they
// were issued (`from`, `to` on `finalized_at`), and events by the subscription and the customer
// they are about (columns PostgreSQL generates from each event's data).

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

async function customer(api: ApiClient, name: string) {
  const res = await api.post('/customers', { name });
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe('GET /invoices from and to', () => {
  it('keeps the invoices issued in [from, to), days or instants, with the other filters; a draft is in no range', async () => {
    const s = await scaffold(app, { merchant: 'Issued filter', plan: { amount: 2000 }, clock: '2027-03-01T00:00:00Z' });
    const acme = await customer(s.api, 'Acme');
    const sub = await s.start({ customer_id: acme.id });
    const other = await s.start({ customer_reference: 'other' });
    await advance(s.api, s.clock.id, '2027-03-01T00:00:01Z');
    await advance(s.api, s.clock.id, '2027-04-01T00:00:01Z');
    const all = await listAll<Invoice & { finalized_at: string | null }>(s.api, '/invoices');
    expect(all).toHaveLength(4);
    const march = all.filter((i) => i.finalized_at!.startsWith('2027-03'));
    const april = all.filter((i) => i.finalized_at!.startsWith('2027-04'));
    expect([march.length, april.length]).toEqual([2, 2]);

    expect(ids(await listAll(s.api, '/invoices?from=2027-04-01&to=2027-05-01'))).toEqual(ids(april));
    expect(ids(await listAll(s.api, '/invoices?to=2027-04-01'))).toEqual(ids(march));
    expect(ids(await listAll(s.api, '/invoices?from=2027-03-01T00:00:00Z&to=2027-04-01T00:00:00%2B00:00'))).toEqual(ids(march));
    // The bounds: `from` inclusive, `to` exclusive, to the millisecond.
    const first = march[0]!.finalized_at!;
    const justAfter = new Date(new Date(first).getTime() + 1).toISOString();
    expect(ids(await listAll(s.api, `/invoices?from=${first}&to=${justAfter}`))).toContain(march[0]!.id);
    expect(ids(await listAll(s.api, `/invoices?from=${justAfter}&to=2027-04-01`))).not.toContain(march[0]!.id);
    // With the other filters.
    const acmeApril = await listAll<Invoice>(s.api, `/invoices?customer_id=${acme.id}&from=2027-04-01`);
    expect(acmeApril.map((i) => i.subscription_id)).toEqual([sub.id]);
    expect(await listAll(s.api, `/invoices?subscription_id=${other.id}&status=paid&from=2027-05-01`)).toEqual([]);
    const paged = (await s.api.get('/invoices?from=2027-03-01&to=2027-05-01&limit=1')).body;
    expect([paged.total_records, paged.total_pages, paged.response.length]).toEqual([4, 4, 1]);

    // A draft: with a draft delay, May's invoices wait unissued.
    const settings = await s.api.put('/settings/invoicing', { draft_hours: 24 });
    expect(settings.status, settings.text).toBe(200);
    await advance(s.api, s.clock.id, '2027-05-01T00:00:01Z');
    const drafts = await listAll<Invoice & { finalized_at: string | null }>(s.api, '/invoices?status=draft');
    expect(drafts.length).toBe(2);
    for (const d of drafts) expect(d.finalized_at).toBeNull();
    const may = await listAll<Invoice>(s.api, '/invoices?from=2027-05-01');
    for (const d of drafts) expect(ids(may)).not.toContain(d.id);
  });

  it('answers 422 naming the field for a bad bound, and for a range that ends before it starts', async () => {
    const s = await scaffold(app, { merchant: 'Issued filter errors' });
    expectError(await s.api.get('/invoices?from=yesterday'), 422, /^from: from must be a day \(YYYY-MM-DD\) or an ISO 8601 instant/);
    expectError(await s.api.get('/invoices?to=2027-13-01'), 422, /^to: /);
    expectError(await s.api.get('/invoices?from=2027-03-01T00:00:00'), 422, /^from: /);
    expectError(await s.api.get('/invoices?from=2027-04-01&to=2027-04-01'), 422, 'to: to must be after from');
    expectError(await s.api.get('/invoices?from=2027-04-02&to=2027-04-01'), 422, 'to: to must be after from');
  });
});

describe('GET /events subscription_id and customer_id', () => {
  it("answers a subscription's events, and a customer's: those naming it and those of its subscriptions", async () => {
    const s = await scaffold(app, { merchant: 'Event owners', plan: { amount: 2500 }, clock: '2027-03-01T00:00:00Z' });
    const acme = await customer(s.api, 'Acme');
    const globex = await customer(s.api, 'Globex');
    const sub = await s.start({ customer_id: acme.id });
    const theirs = await s.start({ customer_id: globex.id });
    const plain = await s.start({ customer_reference: 'plain' });
    await advance(s.api, s.clock.id, '2027-03-01T00:00:01Z');
    const all = await listAll<BillingEvent>(s.api, '/events');

    const about = (e: BillingEvent, subscriptionId: string) =>
      e.data.subscription_id === subscriptionId || e.data.subscription?.id === subscriptionId;
    const ofSub = await listAll<BillingEvent>(s.api, `/events?subscription_id=${sub.id}`);
    expect(ids(ofSub)).toEqual(ids(all.filter((e) => about(e, sub.id))));
    expect(new Set(ofSub.map((e) => e.type))).toEqual(
      new Set(['subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid']),
    );
    // Newest first, as the whole log.
    const order = all.map((e) => e.id).filter((id) => ofSub.some((e) => e.id === id));
    expect(ofSub.map((e) => e.id)).toEqual(order);

    const ofAcme = await listAll<BillingEvent>(s.api, `/events?customer_id=${acme.id}`);
    const expected = all.filter((e) => e.data.customer?.id === acme.id || about(e, sub.id));
    expect(ids(ofAcme)).toEqual(ids(expected));
    expect(ofAcme.map((e) => e.type)).toContain('customer.created');
    expect(ofAcme.map((e) => e.type)).toContain('invoice.paid'); // names no customer: through its subscription
    for (const e of ofAcme) {
      expect(e.data.customer?.id === globex.id || about(e, theirs.id) || about(e, plain.id)).toBe(false);
    }
    // With the type filter; an unknown customer has none; another merchant sees none of them.
    const created = await listAll<BillingEvent>(s.api, `/events?customer_id=${acme.id}&type=subscription.created`);
    expect(created.map((e) => e.data.subscription.id)).toEqual([sub.id]);
    expect(await listAll(s.api, `/events?customer_id=00000000-0000-4000-8000-000000000000`)).toEqual([]);
    const stranger = await scaffold(app, { merchant: 'Event owners stranger' });
    expect(await listAll(stranger.api, `/events?subscription_id=${sub.id}`)).toEqual([]);
    expect(await listAll(stranger.api, `/events?customer_id=${acme.id}`)).toEqual([]);
  });

  it('lists the events of one instant in the reverse of their writing, on every page', async () => {
    // On a test clock an invoice's creation, finalization and payment can carry the clock's one
    // instant (always for April's, frozen at the clock's time): only the order of writing tells
    // them apart. A random tiebreak would pass the check below for three such invoices about once
    // in 216 runs.
    const s = await scaffold(app, { merchant: 'Event order', plan: { amount: 2100 }, clock: '2027-03-01T00:00:00Z' });
    const subs = [await s.start(), await s.start(), await s.start()];
    await advance(s.api, s.clock.id, '2027-03-01T00:00:01Z');
    await advance(s.api, s.clock.id, '2027-04-01T00:00:01Z');
    const all = await listAll<BillingEvent>(s.api, '/events');
    const invoiceOf = (e: BillingEvent) => (e.type.startsWith('invoice.') ? (e.data.invoice_id ?? e.data.invoice?.id) : undefined);
    const invoiceIds = [...new Set(all.flatMap((e) => invoiceOf(e) ?? []))];
    expect(invoiceIds).toHaveLength(6);
    let oneInstant = 0;
    for (const invoiceId of invoiceIds) {
      const own = all.filter((e) => invoiceOf(e) === invoiceId);
      expect(
        own.map((e) => e.type),
        invoiceId,
      ).toEqual(['invoice.paid', 'invoice.finalized', 'invoice.created']);
      if (new Set(own.map((e) => e.created_at)).size === 1) oneInstant++;
    }
    expect(oneInstant).toBeGreaterThanOrEqual(3);
    // The same order page by page, and with a filter.
    const paged: BillingEvent[] = [];
    for (let page = 1; ; page++) {
      const res = await s.api.get(`/events?limit=4&offset=${page}`);
      paged.push(...res.body.response);
      if (page >= res.body.total_pages) break;
    }
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    const ofSub = await listAll<BillingEvent>(s.api, `/events?subscription_id=${subs[1]!.id}`);
    expect(ofSub.map((e) => e.id)).toEqual(all.map((e) => e.id).filter((id) => ofSub.some((e) => e.id === id)));
  });

  it('reads the owner columns from the data of every writer, and answers 422 for a malformed id', async () => {
    const s = await scaffold(app, { merchant: 'Event owner columns' });
    expectError(await s.api.get('/events?subscription_id=sub_1'), 422, /^subscription_id: /);
    expectError(await s.api.get('/events?customer_id=42'), 422, /^customer_id: /);
    // Rows written any way at all get their columns from PostgreSQL; a non-UUID id is null, never a failed insert.
    const rows = await app.runtime.sql.query<{ type: string; subscription_id: string | null; customer_id: string | null }>(
      `insert into billing.events (id, merchant_id, environment, type, data, created_at, relayed)
       select gen_random_uuid(), m.id, 'sandbox', t, d::jsonb, now(), true from gateway.merchants m,
         (values ('invoice.paid', '{"subscription_id": "6f1c1d1e-0000-4000-8000-000000000001"}'),
                 ('customer.updated', '{"customer": {"id": "6f1c1d1e-0000-4000-8000-000000000002"}}'),
                 ('invoice.finalized', '{"subscription_id": "6f1c1d1e-0000-4000-8000-000000000001", "customer_id": "6f1c1d1e-0000-4000-8000-000000000002"}'),
                 ('card.expired', '{"subscription_id": "not-a-uuid"}')) as x(t, d)
        where m.name = 'Event owner columns'
       returning type, subscription_id, customer_id`,
    );
    const sid = '6f1c1d1e-0000-4000-8000-000000000001';
    const cid = '6f1c1d1e-0000-4000-8000-000000000002';
    expect(rows.map((r) => [r.type, r.subscription_id, r.customer_id])).toEqual([
      ['invoice.paid', sid, null],
      ['customer.updated', null, cid],
      ['invoice.finalized', sid, cid],
      ['card.expired', null, null],
    ]);
  });
});
