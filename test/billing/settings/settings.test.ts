import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { expectError, merchantClient } from '../../helpers/billing.ts';

// A merchant's settings through the API (issue 25): how its invoices are drafted and numbered
// (`/settings/invoicing`) and who issues them (`/settings/business`), per environment. A PUT
// replaces the fields it gives and leaves the others; bad input is a 422 naming the field, with
// nothing written.

vi.setConfig({ testTimeout: 60_000 });
let app: TestApp;
let db: pg.Client;

beforeAll(async () => {
  app = await startTestApp();
  db = await connect(app.config.DATABASE_URL);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

const DEFAULT_INVOICING = {
  draft_hours: 0,
  invoice_prefix: 'INV-',
  credit_note_prefix: 'CN-',
  numbering: 'merchant',
  late_usage: 'correct',
};
const EMPTY_BUSINESS = { legal_name: null, address: null, tax_id: null, email: null, phone: null, logo: null };

describe('/settings/invoicing', () => {
  it('answers the defaults, and a PUT replaces the fields it gives', async () => {
    const api = await merchantClient(app, 'Invoicing settings');
    expect((await api.get('/settings/invoicing')).body).toMatchObject({ successful: true, response: DEFAULT_INVOICING });
    const put = await api.put('/settings/invoicing', { draft_hours: 72, invoice_prefix: '2027/' });
    expect(put.status, put.text).toBe(200);
    expect(put.body.response).toEqual({ ...DEFAULT_INVOICING, draft_hours: 72, invoice_prefix: '2027/' });
    expect((await api.put('/settings/invoicing', { numbering: 'customer', credit_note_prefix: 'CR_' })).body.response).toEqual({
      draft_hours: 72,
      invoice_prefix: '2027/',
      credit_note_prefix: 'CR_',
      numbering: 'customer',
      late_usage: 'correct',
    });
    expect((await api.put('/settings/invoicing', { draft_hours: 0 })).body.response.draft_hours).toBe(0);
    expect((await api.get('/settings/invoicing')).body.response).toEqual({
      draft_hours: 0,
      invoice_prefix: '2027/',
      credit_note_prefix: 'CR_',
      numbering: 'customer',
      late_usage: 'correct',
    });
  });

  it('refuses bad values with a 422 naming the field, and writes nothing', async () => {
    const api = await merchantClient(app, 'Invoicing refusals');
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ draft_hours: -1 }, /draft_hours/],
      [{ draft_hours: 721 }, /draft_hours/],
      [{ draft_hours: 1.5 }, /draft_hours/],
      [{ draft_hours: '24' }, /draft_hours/],
      [{ invoice_prefix: '' }, /invoice_prefix/],
      [{ invoice_prefix: 'ABCDEFGHIJKLM' }, /invoice_prefix/],
      [{ invoice_prefix: 'INV #' }, /invoice_prefix/],
      [{ credit_note_prefix: 'CN.' }, /credit_note_prefix/],
      [{ late_usage: 'ignore' }, /late_usage/],
      [{ numbering: 'global' }, /numbering/],
      [{ draft_hours: 24, prefix: 'X' }, /prefix/],
    ];
    for (const [body, field] of bad) expectError(await api.put('/settings/invoicing', body), 422, field);
    expect((await api.get('/settings/invoicing')).body.response).toEqual(DEFAULT_INVOICING);
  });

  it('is per environment, and leaves the tax settings as they are', async () => {
    const merchant = await app.newMerchant('Settings per environment');
    const sandbox = app.client('sandbox', merchant.sandbox);
    const production = app.client('production', merchant.production);
    await db.query(
      `insert into billing.merchant_settings (merchant_id, environment, tax, updated_at) values ($1, 'sandbox', '{"automatic_tax": true}', now())`,
      [merchant.merchant_id],
    );
    expect((await sandbox.put('/settings/invoicing', { draft_hours: 12 })).status).toBe(200);
    expect((await sandbox.put('/settings/business', { legal_name: 'Sandbox Pty Ltd' })).status).toBe(200);
    expect((await production.get('/settings/invoicing')).body.response).toEqual(DEFAULT_INVOICING);
    expect((await production.get('/settings/business')).body.response).toEqual(EMPTY_BUSINESS);
    const row = (
      await db.query(`select tax from billing.merchant_settings where merchant_id = $1 and environment = 'sandbox'`, [merchant.merchant_id])
    ).rows[0];
    expect(row.tax).toEqual({ automatic_tax: true });
  });
});

describe('/settings/business', () => {
  it('answers nothing set, then the details a PUT gives; a later PUT replaces only its fields (null clears one)', async () => {
    const api = await merchantClient(app, 'Business settings');
    expect((await api.get('/settings/business')).body.response).toEqual(EMPTY_BUSINESS);
    const details = {
      legal_name: 'Acme Software GmbH',
      address: { line1: 'Friedrichstraße 1', line2: '3. OG', city: 'Berlin', postal_code: '10117', country: 'de' },
      tax_id: 'DE123456789',
      email: 'invoices@acme.example',
      phone: '+49 30 1234567',
    };
    const put = await api.put('/settings/business', details);
    expect(put.status, put.text).toBe(200);
    const stored = { ...details, address: { ...details.address, country: 'DE' }, logo: null };
    expect(put.body.response).toEqual(stored);
    expect((await api.put('/settings/business', { email: 'billing@acme.example' })).body.response).toEqual({
      ...stored,
      email: 'billing@acme.example',
    });
    expect(
      (
        await api.put('/settings/business', {
          phone: null,
          address: { line1: 'Unter den Linden 5', city: 'Berlin', postal_code: '10117', country: 'DE' },
        })
      ).body.response,
    ).toEqual({
      ...stored,
      email: 'billing@acme.example',
      phone: null,
      address: { line1: 'Unter den Linden 5', city: 'Berlin', postal_code: '10117', country: 'DE' },
    });
  });

  it('refuses bad details with a 422 naming the field, and writes nothing', async () => {
    const api = await merchantClient(app, 'Business refusals');
    const address = { line1: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US' };
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ legal_name: '' }, /legal_name/],
      [{ legal_name: 'x'.repeat(201) }, /legal_name/],
      [{ email: 'not an e-mail' }, /email/],
      [{ phone: 'call me' }, /phone/],
      [{ tax_id: 42 }, /tax_id/],
      [{ address: { ...address, country: 'XX' } }, /address\.country/],
      [{ address: { ...address, country: 'USA' } }, /address\.country/],
      [{ address: { ...address, city: undefined } }, /address\.city/],
      [{ address: { ...address, postal_code: '' } }, /address\.postal_code/],
      [{ address: { ...address, county: 'Kent' } }, /county/],
      [{ website: 'https://acme.example' }, /website/],
    ];
    for (const [body, field] of bad) expectError(await api.put('/settings/business', body), 422, field);
    expect((await api.get('/settings/business')).body.response).toEqual(EMPTY_BUSINESS);
  });
});
