import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { createPlan, expectError, invoicesOf, merchantClient, subscribe, createCard, APPROVE } from '../../helpers/billing.ts';
import { requiredTool } from '../../helpers/tools.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { invoiceDocument } from '../../../src/billing/documents/document-model.ts';
import { renderPdf } from '../../../src/billing/documents/render-pdf.ts';

// Invoice and credit-note PDFs through the API, read back with a real PDF reader (poppler's
// pdftotext): every figure on the page is one of the invoice's, the names of a German, a Greek
// and a Japanese customer come out as they were typed, the reverse-charge note is printed, the
// logo (PNG or SVG) is drawn, and the same invoice gives the same bytes.

vi.setConfig({ testTimeout: 180_000 });
const PDFTOTEXT = requiredTool('pdftotext', 'apt-get install poppler-utils');
const PDFIMAGES = requiredTool('pdfimages', 'apt-get install poppler-utils');
const PDFFONTS = requiredTool('pdffonts', 'apt-get install poppler-utils');

let app: TestApp;
let api: ApiClient;
let card: { token: string };
const dir = mkdtempSync(join(tmpdir(), 'recur-documents-'));
const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';

const SELLER = {
  legal_name: 'Nordlicht Software GmbH',
  address: { line1: 'Torstraße 109', city: 'Berlin', postal_code: '10119', country: 'DE' },
  tax_id: 'DE811907980',
  email: 'billing@nordlicht.example',
  phone: '+49 30 1234567',
};

beforeAll(async () => {
  app = await startTestApp({ billing: true });
  api = await merchantClient(app, 'Documents');
  card = await createCard(api, APPROVE);
  expect((await api.put('/settings/business', SELLER)).status).toBe(200);
  expect((await api.put('/settings/tax', { automatic_tax: true })).status).toBe(200);
  for (const rate of [
    { display_name: 'MwSt.', percentage: '19', country: 'DE' },
    { display_name: 'TVA', percentage: '20', country: 'FR' },
  ]) {
    const res = await api.post('/tax_rates', { inclusive: false, ...rate });
    expect(res.status, res.text).toBe(201);
  }
  const coupon = await api.post('/coupons', { code: 'TENOFF', percent_off: 10, duration: 'forever' });
  expect(coupon.status, coupon.text).toBe(201);
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function customer(fields: Record<string, unknown>): Promise<any> {
  const res = await api.post('/customers', fields);
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

/** A subscription of the customer on a new plan, and its first invoice (finalized and charged at once). */
async function invoiceOf(customerId: string, plan: Record<string, unknown>, fields: Record<string, unknown> = {}): Promise<any> {
  const p = await createPlan(api, plan);
  const sub = await subscribe(api, { plan_id: p.id, card_token: card.token, customer_id: customerId, ...fields });
  // The first charge runs beside the request: wait until the invoice is paid.
  return waitFor(async () => (await invoicesOf(api, sub.id))[0], {
    message: `the first invoice of ${sub.id} to be paid`,
    until: (invoice: any) => invoice?.status === 'paid',
  });
}

async function pdf(path: string): Promise<{ bytes: Buffer; headers: Record<string, unknown> }> {
  const res = await api.bytes(path);
  expect(res.status, res.bytes.toString('utf8').slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return { bytes: res.bytes, headers: res.headers };
}

let files = 0;
function tool(name: string, args: string[], bytes: Buffer): string {
  const file = join(dir, `${++files}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync(name, [...args, file, ...(name.endsWith('pdftotext') ? ['-'] : [])], { encoding: 'utf8' });
}
const pdfText = (bytes: Buffer) => tool(PDFTOTEXT.path, ['-layout', '-enc', 'UTF-8'], bytes);

/** An amount as the document prints it, formatted here independently of Recur: en grouping, the currency's decimals. */
function amount(minor: number, currency: string): string {
  const digits = currency === 'JPY' ? 0 : 2;
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
}

/**
 * Every number on the page, with the texts that legitimately hold digits taken out first (the
 * document's number and id, dates, the snapshots' addresses, tax ids and phones, the reverse
 * charge's article): each must be one of `allowed`, and each of `required` must be there.
 */
function checkNumbers(text: string, strip: string[], allowed: Set<string>, required: string[]): void {
  let rest = text;
  for (const s of strip.filter(Boolean).sort((a, b) => b.length - a.length)) rest = rest.replaceAll(s, ' ');
  rest = rest.replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ');
  // An amount with its currency (`-EUR 8.97`) reads as the signed number.
  const numbers = (rest.match(/-?(?:[A-Z]{3} )?\d[\d,]*(?:\.\d+)?%?/g) ?? []).map((n) => n.replace(/[A-Z]{3} /, ''));
  const unexpected = numbers.filter((n) => !allowed.has(n.replace(/%$/, '')) && !allowed.has(n.replace(/^-/, '').replace(/%$/, '')));
  expect(unexpected, `numbers on the page that are not the invoice's:\n${text}`).toEqual([]);
  for (const r of required)
    expect(
      numbers.map((n) => n.replace(/%$/, '')),
      `${r} on the page:\n${text}`,
    ).toContain(r);
}

function snapshotStrings(snapshot: any): string[] {
  if (!snapshot) return [];
  const a = snapshot.address ?? {};
  return [
    snapshot.tax_id,
    snapshot.phone,
    snapshot.email,
    a.line1,
    a.line2,
    a.postal_code,
    ...(snapshot.tax_ids ?? []).map((t: any) => t.value),
  ].filter((s): s is string => typeof s === 'string');
}

/** Checks an invoice's PDF against its JSON: the texts, every figure, the dates. */
function checkInvoicePage(text: string, invoice: any): void {
  const c = invoice.currency;
  const money = (n: number) => amount(n, c);
  expect(text).toContain('INVOICE');
  expect(text).toContain(invoice.number);
  expect(text).toContain(invoice.seller.legal_name);
  expect(text).toContain(invoice.bill_to.name);
  expect(text).toContain(invoice.finalized_at.slice(0, 10));
  expect(text).toContain(invoice.period_start.slice(0, 10));
  for (const line of invoice.lines) expect(text).toContain(line.description);
  for (const t of invoice.tax_breakdown) expect(text).toContain(`${t.display_name} ${t.percentage}%`);
  expect(text).toContain(invoice.status === 'paid' ? 'Amount paid' : 'Amount due');
  if (invoice.tax_note) expect(text.replace(/\s+/g, ' ')).toContain(invoice.tax_note);
  else expect(text).not.toContain('Reverse charge');

  const figures = [
    invoice.subtotal,
    invoice.tax,
    invoice.total,
    invoice.amount_due,
    ...(invoice.discount ? [-invoice.discount] : []),
    ...(invoice.credit_applied ? [-invoice.credit_applied] : []),
    ...(invoice.credited_amount ? [-invoice.credited_amount] : []),
    ...(invoice.refunded_amount ? [-invoice.refunded_amount] : []),
    ...invoice.lines.flatMap((l: any) => [
      l.unit_amount,
      l.amount,
      ...(l.discount_amount ? [-l.discount_amount] : []),
      ...(l.tax_amount ? [l.tax_amount] : []),
    ]),
    ...invoice.tax_breakdown.flatMap((t: any) => [t.taxable_amount, t.amount]),
  ].map(money);
  const allowed = new Set([
    ...figures,
    ...invoice.lines.map((l: any) => String(l.quantity)),
    ...invoice.tax_breakdown.map((t: any) => t.percentage),
  ]);
  // Descriptions may hold digits (`3 × Pro`): they were checked whole above.
  const strip = [
    invoice.number,
    invoice.id,
    ...invoice.lines.map((l: any) => l.description),
    ...snapshotStrings(invoice.seller),
    ...snapshotStrings(invoice.bill_to),
    ...(invoice.tax_note ? [invoice.tax_note, '196', '2006/112/EC'] : []),
  ];
  checkNumbers(text, strip, allowed, [money(invoice.subtotal), money(invoice.total), money(invoice.amount_due), money(invoice.tax)]);
}

describe('invoice and credit-note documents', () => {
  let german: any;
  let germanInvoice: any;

  it.skipIf(PDFTOTEXT.reason)(
    PDFTOTEXT.title('a German customer’s invoice: discount, quantity, 19% VAT, every figure on the page is the invoice’s, fonts embedded'),
    async () => {
      german = await customer({
        name: 'Jürgen Müller-Lüdenscheidt',
        email: 'juergen@example.de',
        address: { line1: 'Königsallee 27', city: 'Düsseldorf', postal_code: '40212', country: 'DE' },
        locale: 'de-DE',
      });
      germanInvoice = await invoiceOf(german.id, { name: 'Pro', amount: 2_990, currency: 'EUR' }, { quantity: 3, coupon: 'TENOFF' });
      expect(germanInvoice).toMatchObject({ subtotal: 8_970, discount: 897, reverse_charge: false });
      expect(germanInvoice.tax).toBeGreaterThan(0);

      const { bytes, headers } = await pdf(`/invoices/${germanInvoice.id}/pdf`);
      expect(headers['content-disposition']).toBe(`inline; filename="${germanInvoice.number}.pdf"`);
      const text = pdfText(bytes);
      expect(text).toContain('Jürgen Müller-Lüdenscheidt');
      expect(text).toContain('Königsallee 27');
      expect(text).toContain('Torstraße 109');
      checkInvoicePage(text, germanInvoice);
      expect(text).toContain(`EUR ${amount(germanInvoice.total, 'EUR')}`);

      // Every font is embedded (as a subset): the page reads the same on any machine.
      if (!PDFFONTS.reason) {
        const fonts = tool(PDFFONTS.path, [], bytes).split('\n').slice(2).filter(Boolean);
        expect(fonts.length).toBeGreaterThan(0);
        for (const f of fonts) expect(f, 'embedded and subset').toMatch(/^[A-Z]{6}\+\S+\s.*\byes\s+yes\s+yes\b/);
      }
    },
  );

  it.skipIf(PDFTOTEXT.reason)(
    PDFTOTEXT.title('a Greek business customer in France is reverse-charged: the note is on the page'),
    async () => {
      const greek = await customer({
        name: 'Γιώργος Παπαδόπουλος',
        address: { line1: '12 rue de Rivoli', city: 'Paris', postal_code: '75004', country: 'FR' },
        tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }],
      });
      const invoice = await invoiceOf(greek.id, { name: 'Analytics', amount: 10_000, currency: 'EUR' });
      expect(invoice).toMatchObject({ reverse_charge: true, tax: 0, tax_note: REVERSE_CHARGE_NOTE });
      const text = pdfText((await pdf(`/invoices/${invoice.id}/pdf`)).bytes);
      expect(text).toContain('Γιώργος Παπαδόπουλος');
      checkInvoicePage(text, invoice);
    },
  );

  it.skipIf(PDFTOTEXT.reason)(PDFTOTEXT.title('a Japanese customer: the name and address in kanji'), async () => {
    const japanese = await customer({
      name: '山田太郎',
      address: { line1: '千代田1-1', city: '東京都千代田区', postal_code: '100-0001', country: 'JP' },
      locale: 'ja-JP',
    });
    const invoice = await invoiceOf(japanese.id, { name: 'スタンダード', amount: 1_500, currency: 'AUD' }, { quantity: 2 });
    expect(invoice).toMatchObject({ currency: 'AUD', subtotal: 3_000 });
    const text = pdfText((await pdf(`/invoices/${invoice.id}/pdf`)).bytes);
    expect(text).toContain('山田太郎');
    expect(text).toContain('東京都千代田区');
    expect(text).toContain('スタンダード');
    expect(text).toContain('AUD 30.00');
    checkInvoicePage(text, invoice);
  });

  it.skipIf(PDFTOTEXT.reason)(
    PDFTOTEXT.title('a credit note’s PDF, and the invoice’s document is a new version once credited'),
    async () => {
      const before = await pdf(`/invoices/${germanInvoice.id}/pdf`);
      expect(before.headers['x-recur-document-cache']).toBe('hit');
      const line = germanInvoice.lines[0];
      const res = await api.post(`/invoices/${germanInvoice.id}/credit_notes`, {
        lines: [{ invoice_line_id: line.id, amount: 1_000 }],
        reason: 'order_change',
        memo: 'Ein Platz weniger ab November',
      });
      expect(res.status, res.text).toBe(201);
      const note = res.body.response;
      const { bytes, headers } = await pdf(`/credit_notes/${note.id}/pdf`);
      expect(headers['content-disposition']).toBe(`inline; filename="${note.number}.pdf"`);
      const text = pdfText(bytes);
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain(note.number);
      expect(text).toContain(germanInvoice.number);
      expect(text).toContain('Jürgen Müller-Lüdenscheidt');
      expect(text).toContain(SELLER.legal_name);
      expect(text).toContain('Ein Platz weniger ab November');
      const money = (n: number) => amount(n, 'EUR');
      const figures = [note.amount, note.tax, note.subtotal, ...note.lines.flatMap((l: any) => [l.amount, l.tax_amount])].map(money);
      checkNumbers(
        text,
        [
          note.number,
          note.id,
          germanInvoice.number,
          ...note.lines.map((l: any) => l.description),
          ...snapshotStrings(germanInvoice.seller),
          ...snapshotStrings(germanInvoice.bill_to),
        ],
        new Set(figures),
        [money(note.amount), money(note.tax), money(note.subtotal)],
      );

      // The credited invoice is another version: rendered again, and it shows what was credited.
      const credited = (await api.get(`/invoices/${germanInvoice.id}`)).body.response;
      expect(credited.credited_amount).toBe(note.amount);
      const after = await pdf(`/invoices/${germanInvoice.id}/pdf`);
      expect(after.headers['x-recur-document-cache']).toBe('miss');
      expect(after.bytes.equals(before.bytes)).toBe(false);
      const afterText = pdfText(after.bytes);
      expect(afterText).toContain('Credited (credit notes)');
      checkInvoicePage(afterText, credited);
    },
  );

  it('the same invoice gives the same bytes: rendered here from its JSON as the server rendered it', async () => {
    const invoice = (await api.get(`/invoices/${germanInvoice.id}`)).body.response;
    const served = (await pdf(`/invoices/${invoice.id}/pdf`)).bytes;
    const here = await renderPdf(invoiceDocument(invoice, null));
    const again = await renderPdf(invoiceDocument(invoice, null));
    expect(here.equals(again)).toBe(true);
    expect(served.equals(here)).toBe(true);
  });

  it('a draft has no document yet (409); an unknown or another merchant’s id answers 404 in the envelope', async () => {
    const other = await merchantClient(app, 'Documents elsewhere');
    for (const path of [`/invoices/${germanInvoice.id}/pdf`, `/invoices/00000000-0000-4000-8000-000000000000/pdf`]) {
      const res = await other.get(path);
      expectError(res, 404);
    }
    expectError(await other.get(`/credit_notes/00000000-0000-4000-8000-000000000000/pdf`), 404);
    expect((await api.put('/settings/invoicing', { draft_hours: 24 })).status).toBe(200);
    try {
      const p = await createPlan(api, { name: 'Drafted', amount: 1_000, currency: 'EUR' });
      const sub = await subscribe(api, { plan_id: p.id, card_token: card.token, customer_id: german.id });
      const draft = await waitFor(async () => (await invoicesOf(api, sub.id))[0], { message: 'the draft', until: (i: any) => Boolean(i) });
      expect(draft).toMatchObject({ status: 'draft', number: null });
      expectError(await api.get(`/invoices/${draft!.id}/pdf`), 409, /draft/);
    } finally {
      expect((await api.put('/settings/invoicing', { draft_hours: 0 })).status).toBe(200);
    }
  });
});

/** A PNG of w×h pixels in one colour, written here (RGB, no filter): what a merchant's logo file holds. */
function png(w: number, h: number, extra = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: h }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x3a)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    ...(extra > 0 ? [chunk('tEXt', Buffer.alloc(extra, 0x61))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#1a73e8"/><circle cx="20" cy="20" r="10" fill="#fff"/></svg>`;

describe('the logo', () => {
  const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

  it.skipIf(PDFIMAGES.reason)(
    PDFIMAGES.title('a PNG and an SVG logo are drawn on the documents; the settings answer keeps every field'),
    async () => {
      const merchant = await merchantClient(app, 'Logo merchant');
      const logoCard = await createCard(merchant, APPROVE);
      expect((await merchant.put('/settings/business', SELLER)).status).toBe(200);
      const image = png(64, 24);
      const res = await merchant.put('/settings/business', { logo: { content_type: 'image/png', data: b64(image) } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.response).toMatchObject({ ...SELLER, logo: { content_type: 'image/png', size: image.length } });
      expect(res.body.response.logo.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect((await merchant.get('/settings/business')).body.response).toEqual(res.body.response);

      const p = await createPlan(merchant, { name: 'Logo plan', amount: 1_000, currency: 'AUD' });
      const sub = await subscribe(merchant, { plan_id: p.id, card_token: logoCard.token });
      const invoice = await waitFor(async () => (await invoicesOf(merchant, sub.id))[0], {
        message: 'the first invoice',
        until: (i: any) => i?.status === 'paid',
      });
      const images = async () => {
        const r = await merchant.bytes(`/invoices/${invoice!.id}/pdf`);
        expect(r.status).toBe(200);
        return tool(PDFIMAGES.path, ['-list'], r.bytes).split('\n').slice(2).filter(Boolean);
      };
      const withPng = await images();
      expect(withPng).toHaveLength(1);
      expect(withPng[0]).toMatch(/^\s*1\s+0\s+image\s+64\s+24\b/);

      const svg = await merchant.put('/settings/business', { logo: { content_type: 'image/svg+xml', data: b64(SVG) } });
      expect(svg.status, svg.text).toBe(200);
      expect(svg.body.response.logo).toMatchObject({ content_type: 'image/svg+xml', size: Buffer.byteLength(SVG) });
      expect(svg.body.response.legal_name).toBe(SELLER.legal_name);
      // Rasterized to 600 px wide, in proportion (its alpha channel is the image's soft mask).
      const withSvg = (await images()).filter((l) => /^\s*\d+\s+\d+\s+image\b/.test(l));
      expect(withSvg, withSvg.join('\n')).toHaveLength(1);
      expect(withSvg[0]).toMatch(/^\s*1\s+0\s+image\s+600\s+200\b/);

      const removed = await merchant.put('/settings/business', { logo: null });
      expect(removed.body.response.logo).toBeNull();
      expect(await images()).toHaveLength(0);
    },
  );

  it('refuses an oversized logo, another type, bytes that are not the image named, and an SVG with a script or an outside reference (422 naming the logo)', async () => {
    const merchant = await merchantClient(app, 'Logo refusals');
    const put = (logo: unknown) => merchant.put('/settings/business', { logo });
    expectError(await put({ content_type: 'image/png', data: b64(png(8, 8, 270 * 1024)) }), 422, /logo.*256 KiB/);
    expectError(await put({ content_type: 'image/gif', data: b64(png(8, 8)) }), 422, /content_type/);
    expectError(await put({ content_type: 'image/png', data: 'not base64!' }), 422, /logo/);
    expectError(await put({ content_type: 'image/png', data: b64(SVG) }), 422, /logo.data is not a PNG/);
    expectError(await put({ content_type: 'image/svg+xml', data: b64(png(8, 8)) }), 422, /logo.data is not an SVG/);
    expectError(
      await put({ content_type: 'image/svg+xml', data: b64(SVG.replace('</svg>', '<script>alert(1)</script></svg>')) }),
      422,
      /script/,
    );
    expectError(
      await put({
        content_type: 'image/svg+xml',
        data: b64(SVG.replace('</svg>', '<image href="file:///etc/passwd" width="1" height="1"/></svg>')),
      }),
      422,
      /outside the file/,
    );
    // Nothing was stored by a refused logo.
    expect((await merchant.get('/settings/business')).body.response.logo).toBeNull();
  });
});
