import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { eventsOf, expectError, listAll, merchantClient } from '../../helpers/billing.ts';
import { createCustomer } from '../../../src/billing/customers/create-customer.service.ts';

// Customers through the public API: created, listed (by e-mail), read, changed, deleted, with
// their tax ids checked and normalised, their invoice prefix, and their events.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({});
});
afterAll(async () => {
  await app?.close();
});

/** The fields of a customer as the API shows it (and as its events carry it). */
const VIEW_FIELDS = [
  'address',
  'created_at',
  'credit_balance',
  'currency',
  'email',
  'id',
  'invoice_prefix',
  'locale',
  'metadata',
  'name',
  'phone',
  'tax_ids',
  'updated_at',
];

const ACME = {
  name: 'Acme Pty Ltd',
  email: 'Accounts@Acme.example',
  phone: '+61 2 9876 5432',
  address: { line1: '1 George St', line2: 'Level 10', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'au' },
  tax_ids: [
    { type: 'au_abn', value: '51 824 753 556' },
    { type: 'eu_vat', value: 'de 123.456.789' },
  ],
  currency: 'aud',
  locale: 'en-au',
  metadata: { crm_id: '42' },
};

async function create(api: ApiClient, body: Record<string, unknown>) {
  const res = await api.post('/customers', body);
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

async function rowCount(merchantName: string): Promise<number> {
  const rows = await app.runtime.sql.query<{ n: number }>(
    `select count(*)::int as n from billing.customers c join gateway.merchants m on m.id = c.merchant_id where m.name = $1`,
    [merchantName],
  );
  return rows[0]!.n;
}

describe('customers', () => {
  it('are created with every field normalised, read, listed and found by e-mail in any case', async () => {
    const api = await merchantClient(app, 'Customers CRUD');
    const acme = await create(api, ACME);
    expect(Object.keys(acme).sort()).toEqual(VIEW_FIELDS);
    expect(acme).toMatchObject({
      name: 'Acme Pty Ltd',
      email: 'Accounts@Acme.example',
      phone: '+61 2 9876 5432',
      address: { line1: '1 George St', line2: 'Level 10', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
      tax_ids: [
        { type: 'au_abn', value: '51824753556', country: 'AU' },
        { type: 'eu_vat', value: 'DE123456789', country: 'DE' },
      ],
      currency: 'AUD',
      locale: 'en-AU',
      metadata: { crm_id: '42' },
      credit_balance: 0,
    });
    // A generated prefix: 8 upper-case letters.
    expect(acme.invoice_prefix).toMatch(/^[A-Z]{8}$/);
    expect(acme.created_at).toBe(acme.updated_at);

    // Only a name is required; the optional fields read null, empty, or 0.
    const bare = await create(api, { name: '  Bare  ' });
    expect(bare).toMatchObject({
      name: 'Bare',
      email: null,
      phone: null,
      address: null,
      tax_ids: [],
      currency: null,
      locale: null,
      metadata: {},
      credit_balance: 0,
    });
    expect(bare.invoice_prefix).not.toBe(acme.invoice_prefix);
    // An address without its optional lines shows them as null.
    const plain = await create(api, {
      name: 'Plain',
      email: 'accounts@acme.example',
      address: { line1: '2 Pitt St', city: 'Sydney', postal_code: '2000', country: 'AU' },
    });
    expect(plain.address).toEqual({ line1: '2 Pitt St', line2: null, city: 'Sydney', state: null, postal_code: '2000', country: 'AU' });

    expect((await api.get(`/customers/${acme.id}`)).body.response).toEqual(acme);
    const all = await listAll(api, '/customers');
    expect(all.map((c) => c.id)).toEqual([plain.id, bare.id, acme.id]);
    // ?email= is an exact match in any case: both e-mails that differ only in case, not a prefix or another.
    const byEmail = (await api.get('/customers?email=ACCOUNTS%40acme.EXAMPLE')).body;
    expect(byEmail).toMatchObject({ successful: true, total_records: 2 });
    expect(byEmail.response.map((c: any) => c.id).sort()).toEqual([acme.id, plain.id].sort());
    expect((await api.get('/customers?email=accounts%40acme')).body.response).toEqual([]);
    // Pages as every list does.
    const page = (await api.get('/customers?limit=1&offset=2')).body;
    expect(page).toMatchObject({ records: 1, total_records: 3, page: 2, total_pages: 3 });
    expect(page.response[0].id).toBe(bare.id);

    // Another merchant sees none of them.
    const other = await merchantClient(app, 'Customers CRUD other');
    expectError(await other.get(`/customers/${acme.id}`), 404, /Customer .* could not be found/);
    expect((await other.get('/customers')).body.response).toEqual([]);
    expectError(await api.get('/customers/not-a-uuid'), 404);
  });

  it('are changed field by field: null clears, tax_ids and metadata are replaced whole, with customer.updated naming what changed', async () => {
    const api = await merchantClient(app, 'Customers update');
    const acme = await create(api, ACME);
    const res = await api.put(`/customers/${acme.id}`, {
      email: null,
      phone: '+61 400 000 000',
      address: null,
      tax_ids: [{ type: 'nz_gst', value: '49-091-850' }],
      metadata: { tier: 'gold' },
      locale: 'fr-ca',
    });
    expect(res.status, res.text).toBe(200);
    const changed = res.body.response;
    expect(changed).toMatchObject({
      id: acme.id,
      name: 'Acme Pty Ltd',
      email: null,
      phone: '+61 400 000 000',
      address: null,
      tax_ids: [{ type: 'nz_gst', value: '49091850', country: 'NZ' }],
      metadata: { tier: 'gold' },
      locale: 'fr-CA',
      currency: 'AUD',
      invoice_prefix: acme.invoice_prefix,
      created_at: acme.created_at,
    });
    expect(Date.parse(changed.updated_at)).toBeGreaterThanOrEqual(Date.parse(acme.updated_at));
    expect((await api.get(`/customers/${acme.id}`)).body.response).toEqual(changed);
    // Its own prefix, and an empty list of tax ids.
    const renamed = (await api.put(`/customers/${acme.id}`, { invoice_prefix: 'ACME1', tax_ids: [], currency: null })).body.response;
    expect(renamed).toMatchObject({ invoice_prefix: 'ACME1', tax_ids: [], currency: null });

    const updates = (await eventsOf(api, 'customer.updated')).reverse();
    expect(updates.map((e) => e.data.changed)).toEqual([
      // In the order of the fields in the documentation.
      ['email', 'phone', 'address', 'tax_ids', 'locale', 'metadata'],
      ['tax_ids', 'currency', 'invoice_prefix'],
    ]);
    expect(updates[1]!.data.customer).toEqual(renamed);
    expectError(await api.put('/customers/00000000-0000-4000-8000-000000000000', { name: 'x' }), 404, /Customer/);
  });

  it('are deleted once no subscription of theirs still bills: 404 after, out of the lists, with customer.deleted', async () => {
    const api = await merchantClient(app, 'Customers delete');
    const gone = await create(api, { name: 'Gone', email: 'gone@example.com' });
    const res = await api.raw('DELETE', `/customers/${gone.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.response).toMatchObject({ id: gone.id, name: 'Gone' });
    expectError(await api.get(`/customers/${gone.id}`), 404, /Customer/);
    expectError(await api.raw('DELETE', `/customers/${gone.id}`), 404);
    expectError(await api.put(`/customers/${gone.id}`, { name: 'Back' }), 404);
    expect((await api.get('/customers?email=gone@example.com')).body.response).toEqual([]);
    expect((await api.get('/customers')).body.response).toEqual([]);
    const [deleted] = await eventsOf(api, 'customer.deleted');
    expect(deleted!.data).toEqual({ customer: res.body.response });
    // The row stays (its invoices would name it), and so does its prefix: nobody else takes it.
    expect(await rowCount('Customers delete')).toBe(1);
    const taken = await api.post('/customers', { name: 'Heir', invoice_prefix: gone.invoice_prefix });
    expectError(taken, 409, new RegExp(`invoice_prefix ${gone.invoice_prefix} is already used by another customer`));
    expect(taken.body.errors).toHaveLength(1);
  });

  it('carry events whose data is pinned: customer.created, customer.updated, customer.deleted', async () => {
    const api = await merchantClient(app, 'Customers events');
    const c = await create(api, ACME);
    await api.put(`/customers/${c.id}`, { name: 'Acme Holdings' });
    expect((await api.raw('DELETE', `/customers/${c.id}`)).status).toBe(200);
    const events = (await eventsOf(api)).reverse();
    expect(events.map((e) => e.type)).toEqual(['customer.created', 'customer.updated', 'customer.deleted']);
    const [created, updated, deleted] = events;
    expect(Object.keys(created!.data)).toEqual(['customer']);
    expect(Object.keys(updated!.data).sort()).toEqual(['changed', 'customer']);
    expect(Object.keys(deleted!.data)).toEqual(['customer']);
    for (const e of events) expect(Object.keys(e.data.customer).sort(), e.type).toEqual(VIEW_FIELDS);
    expect(created!.data.customer).toEqual(c);
    expect(updated!.data).toMatchObject({ changed: ['name'], customer: { id: c.id, name: 'Acme Holdings' } });
    expect(deleted!.data.customer).toMatchObject({ id: c.id, name: 'Acme Holdings' });
    // The address carries all six of its fields, and a tax id its country.
    expect(Object.keys(created!.data.customer.address).sort()).toEqual(['city', 'country', 'line1', 'line2', 'postal_code', 'state']);
    expect(Object.keys(created!.data.customer.tax_ids[0]).sort()).toEqual(['country', 'type', 'value']);
  });

  it('take a chosen invoice prefix, unique per merchant and environment; a generated one is drawn again on a collision', async () => {
    const api = await merchantClient(app, 'Customers prefixes');
    const one = await create(api, { name: 'One', invoice_prefix: 'ONE1' });
    expect(one.invoice_prefix).toBe('ONE1');
    expectError(await api.post('/customers', { name: 'Two', invoice_prefix: 'ONE1' }), 409, /invoice_prefix ONE1 is already used/);
    const two = await create(api, { name: 'Two', invoice_prefix: 'TWO2' });
    expectError(await api.put(`/customers/${two.id}`, { invoice_prefix: 'ONE1' }), 409, /invoice_prefix ONE1 is already used/);
    expect((await api.get(`/customers/${two.id}`)).body.response.invoice_prefix).toBe('TWO2');
    // Another merchant may use the same prefix.
    expect(
      (await create(await merchantClient(app, 'Customers prefixes other'), { name: 'One', invoice_prefix: 'ONE1' })).invoice_prefix,
    ).toBe('ONE1');
    for (const bad of ['one1', 'A-B', 'ABCDEFGHIJKLM', '']) {
      expectError(await api.post('/customers', { name: 'Bad', invoice_prefix: bad }), 422, /^invoice_prefix: /);
    }

    // The generator's draw collides: the insert is tried again with a new draw, in the same transaction.
    const merchant = (
      await app.runtime.sql.query<{ id: string }>(`select id from gateway.merchants where name = 'Customers prefixes'`)
    )[0]!;
    const draws = ['ONE1', 'TWO2', 'FRESHONE'];
    const created = await createCustomer(
      app.runtime.sql,
      { merchantId: merchant.id, environment: 'sandbox' } as never,
      { name: 'Drawn' },
      new Date(),
      () => draws.shift()!,
    );
    expect(created.invoice_prefix).toBe('FRESHONE');
    expect(draws).toEqual([]);
    expect((await listAll(api, '/customers')).map((c) => c.invoice_prefix).sort()).toEqual(['FRESHONE', 'ONE1', 'TWO2']);
  });

  it('refuse bad input with a 422 naming each field, and write nothing', async () => {
    const api = await merchantClient(app, 'Customers validation');
    const refused = async (body: unknown, ...messages: RegExp[]) => {
      const res = await api.post('/customers', body);
      expectError(res, 422);
      for (const m of messages) expect(res.body.errors.join(' | ')).toMatch(m);
      return res.body.errors as string[];
    };
    await refused({}, /^name: /m);
    await refused({ name: '   ' }, /name: name may not be empty/);
    await refused({ name: 'x', email: 'not-an-email' }, /email: email must be an e-mail address/);
    await refused({ name: 'x', phone: 'call me' }, /phone: /);
    await refused({ name: 'x', currency: 'XYZ' }, /currency: currency must be an ISO 4217 code/);
    await refused({ name: 'x', currency: 'JPY' }, /currency: JPY is not permitted for this merchant/);
    await refused({ name: 'x', locale: 'not a locale' }, /locale: locale must be a BCP 47 language tag/);
    await refused({ name: 'x', colour: 'red' }, /Unrecognized key: "colour"/);
    await refused({ name: 'x', metadata: { n: 1 } }, /metadata\.n: /);
    await refused(
      { name: 'x', address: { line1: 'a', city: 'b', postal_code: 'c', country: 'UK' } },
      /address\.country: country must be an ISO 3166-1 alpha-2 code/,
    );
    await refused({ name: 'x', address: { line1: 'a', city: 'b', postal_code: 'c', country: 'XK' } }, /address\.country: /);
    await refused({ name: 'x', address: { line1: 'a', city: 'b', country: 'AU' } }, /address\.postal_code: /);
    await refused(
      { name: 'x', address: { line1: 'a', city: 'b', postal_code: 'c', country: 'AU', floor: 3 } },
      /Unrecognized key: "floor"/,
    );
    // Tax ids: the field named with its place in the list, the type and why; every wrong one at once.
    const errors = await refused(
      {
        name: 'x',
        tax_ids: [
          { type: 'au_abn', value: '51 824 753 556' },
          { type: 'eu_vat', value: 'DE12345678' },
          { type: 'au_abn', value: '51 824 753 557' },
          { type: 'vat', value: '1' },
        ],
      },
      /tax_ids\.1\.value: not a valid eu_vat: a VAT number of Germany is DE and 9 digits/,
      /tax_ids\.2\.value: not a valid au_abn: the ABN check digits do not match/,
      /tax_ids\.3\.type: /,
    );
    expect(errors).toHaveLength(3);
    // The same tax id twice (as written, or once normalised).
    await refused(
      {
        name: 'x',
        tax_ids: [
          { type: 'au_abn', value: '51 824 753 556' },
          { type: 'au_abn', value: '51824753556' },
        ],
      },
      /tax_ids\.1\.value: the same tax id as tax_ids\.0/,
    );
    await refused(
      { name: 'x', tax_ids: [{ type: 'eu_vat', value: 'GR123456789' }] },
      /tax_ids\.0\.value: not a valid eu_vat: a Greek VAT number starts with EL/,
    );
    await refused({ name: 'x', tax_ids: [{ type: 'gb_vat' }] }, /tax_ids\.0\.value: /);
    await refused({ name: 'x', tax_ids: Array.from({ length: 11 }, () => ({ type: 'ca_bn', value: '123456789' })) }, /tax_ids: /);
    expect(await rowCount('Customers validation')).toBe(0);
    expect(await eventsOf(api)).toEqual([]);

    // The same checks on a change, and nothing changes.
    const c = await create(api, { name: 'Valid', tax_ids: [{ type: 'gb_vat', value: 'GB123456789' }] });
    for (const [body, message] of [
      [{ tax_ids: [{ type: 'gb_vat', value: 'GB12345678' }] }, /tax_ids\.0\.value: not a valid gb_vat/],
      [{ name: null }, /name: /],
      [{ address: { line1: 'a', city: 'b', postal_code: 'c', country: 'ZZ' } }, /address\.country: /],
      [{ id: c.id }, /Unrecognized key: "id"/],
      [{ credit_balance: 100 }, /Unrecognized key: "credit_balance"/],
      [{ currency: 'JPY' }, /currency: JPY is not permitted/],
    ] as const) {
      expectError(await api.put(`/customers/${c.id}`, body), 422, message);
    }
    expect((await api.get(`/customers/${c.id}`)).body.response).toEqual(c);
    expect((await eventsOf(api)).map((e) => e.type)).toEqual(['customer.created']);
  });
});
