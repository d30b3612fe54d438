import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { APPROVE, DECLINE, createCard, createPlan, expectError, invoicesOf, subscribe } from '../helpers/billing.ts';
import { connect } from '../helpers/database.ts';
import { requiredTool } from '../helpers/tools.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// E-mails to the merchant's customers (issue 26), through a real SMTP server in this process,
// parsed as a mail client would: who receives what, from whom, in which language, with which
// signed links and which attached PDF; what the relay writes (once per event and kind, only what
// the merchant turned on, only to a customer with an address); retries when the relay refuses;
// and a charge that never waits on, or fails for, an e-mail.

vi.setConfig({ testTimeout: 120_000 });
const PDFTOTEXT = requiredTool('pdftotext', 'apt-get install poppler-utils');

let smtp: TestSmtp;
let app: TestApp;
let db: pg.Client;
const dir = mkdtempSync(join(tmpdir(), 'recur-emails-'));

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({
    billing: true,
    env: { SMTP_URL: smtp.url, EMAIL_SEND_INTERVAL_MS: '100', EMAIL_BACKOFF_BASE_MS: '300', EMAIL_MAX_ATTEMPTS: '4' },
  });
  db = await connect(app.config.DATABASE_URL);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ALL_ON = {
  invoice_finalized: true,
  payment_succeeded: true,
  payment_failed: true,
  card_expiring: true,
  card_expired: true,
  credit_note_created: true,
};

/** A sandbox merchant whose e-mails go through SMTP (`sandbox_delivery: smtp`), every kind on. */
async function mailingMerchant(legalName: string, emails: Record<string, unknown> = {}): Promise<{ api: ApiClient; merchantId: string }> {
  const merchant = await app.newMerchant(legalName);
  const api = app.client('sandbox', merchant.sandbox);
  expect((await api.put('/settings/business', { legal_name: legalName })).status).toBe(200);
  const put = await api.put('/settings/emails', {
    from: 'billing@merchant.example',
    reply_to: 'help@merchant.example',
    enabled: ALL_ON,
    sandbox_delivery: 'smtp',
    ...emails,
  });
  expect(put.status, put.text).toBe(200);
  return { api, merchantId: merchant.merchant_id };
}

async function customer(api: ApiClient, fields: Record<string, unknown>): Promise<any> {
  const res = await api.post('/customers', fields);
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

/** A subscription of the customer on its card, and its first invoice once it has an outcome. */
async function firstInvoice(api: ApiClient, customerId: string, number = APPROVE): Promise<{ sub: any; invoice: any }> {
  const card = await createCard(api, number);
  const plan = await createPlan(api, { amount: 2900, currency: 'EUR' });
  const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, customer_id: customerId });
  const invoice = await waitFor(async () => (await invoicesOf(api, sub.id))[0], {
    message: `the first invoice of ${sub.id} to have an outcome`,
    until: (i: any) => i?.status === 'paid' || i?.status === 'past_due',
  });
  return { sub, invoice };
}

function mailsTo(address: string, count: number) {
  return waitFor(() => smtp.received.filter((m) => m.envelopeTo.includes(address)), {
    message: `${count} e-mails to ${address}`,
    timeout: 30_000,
    until: (mails) => mails.length >= count,
  });
}

/** The links in a text, each checked against the runtime's keys. */
function links(text: string): { url: string; purpose: string; objectId: string }[] {
  return [...text.matchAll(/https:\/\/[^\s"<>]+\/(pay|card)\/([A-Za-z0-9_.-]+)/g)].map((m) => {
    const check = app.runtime.links.verify(m[2]!, new Date());
    expect(check.ok, `${m[0]} verifies`).toBe(true);
    if (!check.ok) throw new Error('unreachable');
    return { url: m[0], purpose: check.link.purpose, objectId: check.link.objectId };
  });
}

function pdfText(bytes: Buffer): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync(PDFTOTEXT.path, ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

async function emailsOf(api: ApiClient, customerId: string): Promise<any[]> {
  const res = await api.get(`/customers/${customerId}/emails?limit=50`);
  expect(res.status, res.text).toBe(200);
  return res.body.response;
}

describe('/settings/emails', () => {
  it('answers everything off, and a PUT replaces what it gives (enabled kind by kind)', async () => {
    const api = app.client('sandbox', (await app.newMerchant('E-mail settings')).sandbox);
    expect((await api.get('/settings/emails')).body.response).toEqual({
      from: null,
      reply_to: null,
      enabled: Object.fromEntries(Object.keys(ALL_ON).map((k) => [k, false])),
      sandbox_delivery: 'outbox',
    });
    const put = await api.put('/settings/emails', { from: 'billing@shop.example', enabled: { invoice_finalized: true } });
    expect(put.status, put.text).toBe(200);
    await api.put('/settings/emails', { enabled: { payment_failed: true }, reply_to: 'help@shop.example' });
    expect((await api.get('/settings/emails')).body.response).toEqual({
      from: 'billing@shop.example',
      reply_to: 'help@shop.example',
      enabled: { ...Object.fromEntries(Object.keys(ALL_ON).map((k) => [k, false])), invoice_finalized: true, payment_failed: true },
      sandbox_delivery: 'outbox',
    });
  });

  it('refuses bad values with a 422 naming the field, and writes nothing', async () => {
    const api = app.client('sandbox', (await app.newMerchant('E-mail refusals')).sandbox);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ from: 'not an address' }, /from/],
      [{ from: 'a@b.example', reply_to: 'nobody' }, /reply_to/],
      [{ from: 'a@b.example', enabled: { invoice_finalized: 'yes' } }, /invoice_finalized/],
      [{ from: 'a@b.example', enabled: { newsletter: true } }, /newsletter/],
      [{ from: 'a@b.example', sandbox_delivery: 'real' }, /sandbox_delivery/],
      [{ enabled: { payment_failed: true } }, /from/],
      [{ from: 'a@b.example', colour: 'red' }, /colour/],
    ];
    for (const [body, field] of bad) expectError(await api.put('/settings/emails', body), 422, field);
    expect((await api.get('/settings/emails')).body.response.from).toBeNull();
  });
});

describe('e-mails through SMTP', () => {
  it('sends the finalized invoice with its PDF and a signed link, then the receipt; values escaped', async () => {
    const { api } = await mailingMerchant('<script>alert(1)</script>');
    const c = await customer(api, { name: 'Müller & Söhne <b>', email: 'ada@customer.example', locale: 'en-AU' });
    const { invoice } = await firstInvoice(api, c.id);
    expect(invoice.status).toBe('paid');
    const mails = await mailsTo('ada@customer.example', 2);
    const finalized = mails.find((m) => m.headers.get('x-recur-email-kind') === 'invoice_finalized')!;
    const receipt = mails.find((m) => m.headers.get('x-recur-email-kind') === 'payment_succeeded')!;
    expect(finalized.subject).toBe(`[TEST] Invoice ${invoice.number} from <script>alert(1)</script>`);
    expect(finalized.from?.value[0]).toEqual({ address: 'billing@merchant.example', name: '<script>alert(1)</script>' });
    expect(finalized.replyTo?.value[0]?.address).toBe('help@merchant.example');
    expect(finalized.text).toContain('Hello Müller & Söhne <b>,');
    expect(finalized.text).toContain('EUR 29.00');
    // The HTML shows every value escaped: no tag of the merchant's or the customer's gets through.
    const html = String(finalized.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Müller &amp; Söhne &lt;b&gt;');
    // The link to the invoice page is signed for this invoice, in this environment.
    const found = links(finalized.text!);
    expect(found.map((l) => [l.purpose, l.objectId])).toEqual([['invoice', invoice.id]]);
    expect(html).toContain(found[0]!.url);
    // The PDF attached is the invoice's.
    const pdf = finalized.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.filename).toContain(invoice.number);
    const text = pdfText(pdf.content);
    expect(text).toContain(invoice.number);
    expect(text).toContain('29.00');
    expect(receipt.subject).toBe(`[TEST] Receipt for invoice ${invoice.number} from <script>alert(1)</script>`);
    expect(receipt.text).toContain('We received your payment of EUR 29.00');
    // Recorded for the customer: both sent, with their message ids.
    const listed = await waitFor(() => emailsOf(api, c.id), {
      message: 'the e-mails',
      until: (l) => l.filter((e: any) => e.status === 'sent').length === 2,
    });
    expect(listed.map((e: any) => e.kind).sort()).toEqual(['invoice_finalized', 'payment_succeeded']);
    for (const e of listed) {
      expect(e).toMatchObject({ recipient: 'ada@customer.example', locale: 'en-AU', attempts: 1, last_error: null });
      expect(e.message_id).toMatch(/@/);
    }
    const one = await api.get(`/emails/${listed[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.response.text).toContain('Müller & Söhne');
  });

  it('writes German for a German customer, and a failed payment carries the card-update link and the next attempt', async () => {
    const { api } = await mailingMerchant('Müller & Söhne GmbH');
    const c = await customer(api, { name: 'Jürgen', email: 'juergen@kunde.example', locale: 'de-DE' });
    const { sub, invoice } = await firstInvoice(api, c.id, DECLINE);
    expect(invoice.status).toBe('past_due');
    const mails = await mailsTo('juergen@kunde.example', 2);
    const finalized = mails.find((m) => m.headers.get('x-recur-email-kind') === 'invoice_finalized')!;
    const failed = mails.find((m) => m.headers.get('x-recur-email-kind') === 'payment_failed')!;
    expect(finalized.subject).toBe(`[TEST] Rechnung ${invoice.number} von Müller & Söhne GmbH`);
    expect(finalized.text).toContain('Hallo Jürgen,');
    expect(finalized.text).toContain('Die Rechnung ist als PDF angehängt.');
    expect(String(finalized.html)).toContain('Müller &amp; Söhne GmbH');
    expect(failed.subject).toBe(`[TEST] Zahlung für Rechnung ${invoice.number} fehlgeschlagen`);
    expect(failed.text).toContain('nicht von Ihrer Karte abbuchen');
    const next = (await api.get(`/invoices/${invoice.id}`)).body.response.next_attempt_at;
    if (next) {
      const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(next));
      expect(failed.text).toContain(`Wir versuchen es am ${date} erneut.`);
    } else expect(failed.text).toContain('nicht automatisch erneut');
    expect(links(failed.text!).map((l) => [l.purpose, l.objectId])).toEqual([['card_update', sub.id]]);
  });

  it('sends the credit note with its PDF', async () => {
    const { api } = await mailingMerchant('Credit Notes Ltd');
    const c = await customer(api, { name: 'Grace', email: 'grace@customer.example' });
    const { invoice } = await firstInvoice(api, c.id);
    await mailsTo('grace@customer.example', 2);
    const res = await api.post(`/invoices/${invoice.id}/credit_notes`, { amount: 500, reason: 'order_change' });
    expect(res.status, res.text).toBe(201);
    const note = res.body.response;
    const mails = await mailsTo('grace@customer.example', 3);
    const mail = mails.find((m) => m.headers.get('x-recur-email-kind') === 'credit_note_created')!;
    expect(mail.subject).toBe(`[TEST] Credit note ${note.number} from Credit Notes Ltd`);
    expect(mail.text).toContain('EUR 5.00');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdfText(pdf.content)).toContain(note.number);
  });

  it('tries again with backoff when the relay refuses (451), then sends once', async () => {
    const { api } = await mailingMerchant('Retry Ltd', { enabled: { ...ALL_ON, payment_succeeded: false } });
    const c = await customer(api, { name: 'Retry', email: 'retry@customer.example' });
    const before = smtp.refused;
    smtp.refuseNext(2);
    await firstInvoice(api, c.id);
    const mails = await mailsTo('retry@customer.example', 1);
    expect(smtp.refused - before).toBe(2);
    const [email] = await waitFor(() => emailsOf(api, c.id), { message: 'the e-mails', until: (l) => l[0]?.status === 'sent' });
    expect(email).toMatchObject({ kind: 'invoice_finalized', status: 'sent', attempts: 3 });
    expect(email.last_error).toMatch(/451/);
    expect(mails).toHaveLength(1);
    // The waits doubled: 300 ms, then 600 ms (the row's history is its attempts and last error; the logs say when).
    const retries = app.logs.filter((l) => l.includes(email.id) && l.includes('trying again later')).map((l) => JSON.parse(l));
    expect(retries).toHaveLength(2);
    const waits = retries.map((r) => Date.parse(r.retryAt) - Date.parse(r.time));
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[1]).toBeGreaterThanOrEqual(550);
  });

  it('writes no e-mail for a kind turned off, nor for a customer without an address; the events are relayed all the same', async () => {
    const { api, merchantId } = await mailingMerchant('Quiet Ltd', { enabled: { ...ALL_ON, invoice_finalized: false } });
    const none = await customer(api, { name: 'No Address' });
    const some = await customer(api, { name: 'Has Address', email: 'some@customer.example' });
    await firstInvoice(api, none.id);
    await firstInvoice(api, some.id);
    await mailsTo('some@customer.example', 1);
    const rows = await db.query('select customer_id, kind from billing.emails where merchant_id = $1', [merchantId]);
    expect(rows.rows).toEqual([{ customer_id: some.id, kind: 'payment_succeeded' }]);
    await waitFor(
      async () =>
        (await db.query('select count(*)::int as n from billing.events where merchant_id = $1 and not relayed', [merchantId])).rows[0].n ===
        0,
      {
        message: 'every event relayed',
      },
    );
  });

  it('is written once per event and kind, however often the relay takes the event', async () => {
    const { api, merchantId } = await mailingMerchant('Twice Ltd');
    const c = await customer(api, { name: 'Twice', email: 'twice@customer.example' });
    await firstInvoice(api, c.id);
    await mailsTo('twice@customer.example', 2);
    const count = async () =>
      (await db.query('select count(*)::int as n from billing.emails where merchant_id = $1', [merchantId])).rows[0].n;
    expect(await count()).toBe(2);
    // The relay takes the events again (as after a crash between its statement and its commit's acknowledgement).
    await db.query('update billing.events set relayed = false where merchant_id = $1', [merchantId]);
    await waitFor(
      async () =>
        (await db.query('select count(*)::int as n from billing.events where merchant_id = $1 and not relayed', [merchantId])).rows[0].n ===
        0,
      {
        message: 'the events relayed again',
      },
    );
    expect(await count()).toBe(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.envelopeTo.includes('twice@customer.example'))).toHaveLength(2);
  });

  it('keeps sandbox mail in the local outbox by default (sandbox_delivery outbox): nothing reaches SMTP', async () => {
    const { api } = await mailingMerchant('Sandbox Default Ltd', { sandbox_delivery: 'outbox' });
    const c = await customer(api, { name: 'Real Person', email: 'real.person@customer.example' });
    const { invoice } = await firstInvoice(api, c.id);
    const listed = await waitFor(() => emailsOf(api, c.id), {
      message: 'the e-mails',
      until: (l) => l.length === 2 && l.every((e: any) => e.status === 'outbox'),
    });
    const row = await db.query('select raw from billing.emails where id = $1', [
      listed.find((e: any) => e.kind === 'invoice_finalized').id,
    ]);
    expect(row.rows[0].raw).toContain(`Subject: [TEST] Invoice ${invoice.number}`);
    expect(row.rows[0].raw).toContain('Content-Type: application/pdf');
    expect(smtp.received.filter((m) => m.envelopeTo.includes('real.person@customer.example'))).toHaveLength(0);
  });
});

describe('a charge while SMTP is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    const closed = await startTestSmtp();
    const url = closed.url;
    await closed.close(); // nothing listens there any more
    down = await startTestApp({ billing: true, env: { SMTP_URL: url, EMAIL_SEND_INTERVAL_MS: '100', EMAIL_BACKOFF_BASE_MS: '60000' } });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('succeeds, and its e-mails wait with the error to be tried again', async () => {
    const merchant = await down.newMerchant('Down Ltd');
    const api = down.client('sandbox', merchant.sandbox);
    await api.put('/settings/emails', { from: 'billing@down.example', enabled: ALL_ON, sandbox_delivery: 'smtp' });
    const c = (await api.post('/customers', { name: 'Down', email: 'down@customer.example' })).body.response;
    const card = await createCard(api, APPROVE);
    const plan = await createPlan(api, { amount: 1500, currency: 'AUD' });
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, customer_id: c.id });
    const invoice = await waitFor(async () => (await invoicesOf(api, sub.id))[0], {
      message: 'the e-mails',
      until: (i: any) => i?.status === 'paid',
    });
    expect(invoice?.status).toBe('paid');
    const emails = await waitFor(async () => (await api.get(`/customers/${c.id}/emails`)).body.response, {
      message: 'the e-mails tried',
      until: (l: any[]) => l.length === 2 && l.every((e) => e.last_error !== null),
    });
    for (const e of emails) {
      expect(e.status).toBe('pending');
      expect(e.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(Date.parse(e.next_attempt_at)).toBeGreaterThan(Date.now() + 30_000);
    }
  });
});
