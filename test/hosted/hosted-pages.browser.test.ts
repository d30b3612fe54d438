import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, launchChromium } from '../helpers/chromium.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import {
  APPROVE,
  DECLINE,
  advance,
  createCard,
  createClock,
  createPlan,
  eventsOf,
  invoicesOf,
  merchantClient,
  settle,
  subscribe,
} from '../helpers/billing.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { HOSTED_CONTENT_SECURITY_POLICY } from '../../src/hosted/hosted-routes.ts';

// The customer pages in headless Chromium (issue 26): the card-update link of a `card.expired`
// e-mail (through a real SMTP server in this process), followed, a sandbox card typed, submitted, and the held invoice paid at once; the invoice
// page of a past-due invoice paying it (a declined card first, its message shown); expired,
// tampered, used and other-environment links; axe-core clean on every page state; a phone-sized
// viewport. The customer's name is a script, shown as text and never run.

vi.setConfig({ testTimeout: 240_000 });
const EVIL = '<script>alert(1)</script>';
export const NEW_CARD = { number: '4005550000000001', expiry: '12/30', cvv: '7391', holder: 'Ada Lovelace' };
/** Every card number typed into a page in this file. */
const TYPED_PANS = [NEW_CARD.number, '4111111111111112', '4557012345678902'];
/** `RECUR_DOC_SCREENSHOTS=1` writes the pages' pictures in docs/ (desktop width). */
const SCREENSHOTS = process.env.RECUR_DOC_SCREENSHOTS === '1';
const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs');
const at = (day: string) => `2027-${day}T10:00:00.000Z`;

let app: TestApp;
let smtp: TestSmtp;
let browser: Browser;
let context: BrowserContext;
const dialogs: string[] = [];
/** Every page's HTML as the browser received it, for the card-data scan. */
export const seenHtml: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({ billing: true, env: { SMTP_URL: smtp.url, EMAIL_SEND_INTERVAL_MS: '100' } });
  browser = await launchChromium();
  context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
  context.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())));
  context.on('response', async (res) => {
    if ((res.headers()['content-type'] ?? '').startsWith('text/html')) seenHtml.push(await res.text().catch(() => ''));
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

async function open(url: string): Promise<{ page: Page; status: number; csp: string | undefined }> {
  const page = await context.newPage();
  page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
  const res = await page.goto(url);
  return { page, status: res!.status(), csp: res!.headers()['content-security-policy'] };
}

async function typeCard(page: Page, card: typeof NEW_CARD): Promise<void> {
  await page.getByLabel('Name on card').fill(card.holder);
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel(/Expiry/).fill(card.expiry);
  await page.getByLabel(/Security code/).fill(card.cvv);
}

/** A customer named like a script, a subscription on a card valid through 03/2027, held at its Apr 15 charge (card.expired). */
async function heldSubscription(api: ApiClient) {
  const customer = await api.post('/customers', { name: EVIL, email: 'ada@example.com', currency: 'AUD' });
  expect(customer.status, customer.text).toBe(201);
  const plan = await createPlan(api);
  const clock = await createClock(api, at('01-15'));
  const card = await createCard(api, APPROVE, { card_expiry: '03/2027' });
  const sub = await subscribe(api, {
    plan_id: plan.id,
    card_token: card.token,
    test_clock_id: clock.id,
    customer_id: customer.body.response.id,
  });
  await settle(api, clock.id, 60_000);
  for (const t of ['02-15', '03-15', '04-15']) await advance(api, clock.id, at(t));
  const april = (await invoicesOf(api, sub.id))[3]!;
  expect(april).toMatchObject({ status: 'past_due', attempts: [] });
  return { sub, clock, april };
}

describe('hosted pages in Chromium', () => {
  let api: ApiClient;
  let cardUrl: string;
  let aprilId: string;
  let subId: string;
  let oldToken: string;

  beforeAll(async () => {
    api = await merchantClient(app, 'Hosted Pages');
    expect((await api.put('/settings/business', { legal_name: 'Acme Pty Ltd' })).status).toBe(200);
    // The customer hears of its expired card by e-mail, sent through SMTP even in the sandbox.
    const emails = { from: 'billing@acme.example', enabled: { card_expired: true }, sandbox_delivery: 'smtp' };
    expect((await api.put('/settings/emails', emails)).status).toBe(200);
    const held = await heldSubscription(api);
    aprilId = held.april.id;
    subId = held.sub.id;
    oldToken = held.sub.card_token;
    const expired = await eventsOf(api, 'card.expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.data.update_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/card\//);
    const mail = await waitFor(async () => smtp.received.find((m) => m.envelopeTo.includes('ada@example.com')), {
      message: 'the card.expired e-mail to arrive',
      timeout: 30_000,
      interval: 100,
    });
    expect(mail.subject).toMatch(/card/i);
    cardUrl = mail.text!.match(/https:\/\/\S+\/card\/[A-Za-z0-9_.-]+/)![0];
    expect(cardUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/card\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(mail.html).toContain(cardUrl);
  });

  it("follows the card.expired e-mail's link, types a sandbox card, and the held invoice is paid at once", async () => {
    const { page, status, csp } = await open(cardUrl);
    expect(status).toBe(200);
    expect(csp).toBe(HOSTED_CONTENT_SECURITY_POLICY);
    await expect(page.getByText('Test mode', { exact: false }).isVisible()).resolves.toBe(true);
    // The script is the customer's name, shown as text.
    expect(await page.getByText(EVIL, { exact: false }).count()).toBe(1);
    expect(await page.locator('script').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // A card number the sandbox refuses: the form again, with the gateway's message, nothing saved.
    await typeCard(page, { ...NEW_CARD, number: '4111111111111112' });
    await page.getByRole('button', { name: 'Save the card' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Card number is invalid');
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    expect(await axeViolations(page)).toEqual([]);

    await typeCard(page, NEW_CARD);
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Save the card' }).click()]);
    await page.getByRole('heading', { name: 'Your card was saved' }).waitFor();
    const text = (await page.textContent('main'))!;
    expect(text).toContain('400555XXXXXX0001');
    expect(text).toMatch(/Invoice \S+ for AUD 15\.00 is paid/);
    expect(await axeViolations(page)).toEqual([]);
    const april = (await invoicesOf(api, subId)).find((i) => i.id === aprilId)!;
    expect(april.status).toBe('paid');
    const sub = (await api.get(`/subscriptions/${subId}`)).body.response;
    expect(sub.status).toBe('active');
    expect(sub.card_token).toMatch(/\S/);
    expect(sub.card_token, 'the subscription is on the new card').not.toBe(oldToken);
    const card = (await api.get(`/credit_cards/${sub.card_token}`)).body.response;
    expect(card).toMatchObject({ card_number: '400555XXXXXX0001', card_expiry: '2030-12-31', card_holder: NEW_CARD.holder });
    await page.close();

    // Used once: the same link now shows a clear page, 410.
    const again = await open(cardUrl);
    expect(again.status).toBe(410);
    expect(await again.page.getByRole('heading').textContent()).toBe('This link was already used');
    expect(await axeViolations(again.page)).toEqual([]);
    await again.page.close();
    expect(dialogs).toEqual([]);
  });

  it('pays a past-due invoice on its page: a declined card shows the decline message, then a good card pays it', async () => {
    const plan = await createPlan(api, { amount: 2500, name: 'Team plan' });
    const clock = await createClock(api, at('01-15'));
    const bad = await createCard(api, DECLINE);
    const ada = await api.post('/customers', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      currency: 'AUD',
      address: { line1: '12 Analytical Lane', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
    });
    const sub = await subscribe(api, {
      plan_id: plan.id,
      card_token: bad.token,
      test_clock_id: clock.id,
      customer_id: ada.body.response.id,
    });
    await settle(api, clock.id, 60_000);
    const invoice = (await invoicesOf(api, sub.id))[0]!;
    expect(invoice.status).toBe('past_due');
    const failed = (await eventsOf(api, 'invoice.payment_failed')).find((e) => e.data.invoice_id === invoice.id)!;
    expect(failed.data.update_url).toMatch(/\/card\//);
    const { page, status } = await open(failed.data.invoice_url as string);
    expect(status).toBe(200);
    const main = (await page.textContent('main'))!;
    expect(main).toContain('Acme Pty Ltd');
    expect(main).toContain('Past due');
    expect(main).toContain('AUD 25.00');
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) {
      await page.screenshot({ path: join(DOCS, 'hosted-invoice-page.png'), fullPage: true });
      const card = await open(app.runtime.links.url({ purpose: 'card_update', objectId: sub.id, environment: 'sandbox' }, new Date()));
      await card.page.screenshot({ path: join(DOCS, 'hosted-card-page.png'), fullPage: true });
      await card.page.close();
    }
    const pdfHref = await page.getByRole('link', { name: /Download the invoice/ }).getAttribute('href');
    const pdf = await page.request.get(new URL(pdfHref!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await typeCard(page, { ...NEW_CARD, number: '4557012345678902' });
    await page.getByRole('button', { name: /^Pay AUD 25\.00/ }).click();
    await page.getByRole('heading', { name: 'The payment was declined' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/declined/i);
    expect(await axeViolations(page)).toEqual([]);
    expect((await invoicesOf(api, sub.id))[0]!.status).toBe('past_due');

    await typeCard(page, NEW_CARD);
    await page.getByRole('button', { name: /^Pay AUD 25\.00/ }).click();
    await page.getByRole('heading', { name: 'Thank you: the invoice is paid.' }).waitFor();
    expect(await page.textContent('main')).toContain('Paid');
    expect(await page.getByRole('button').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect((await invoicesOf(api, sub.id))[0]!.status).toBe('paid');
    await page.close();
  });

  it('reads on a 375 px phone without sideways scrolling', async () => {
    const phone = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 375, height: 740 }, isMobile: true });
    const page = await phone.newPage();
    const issued = app.runtime.links.url({ purpose: 'card_update', objectId: subId, environment: 'sandbox' }, new Date());
    await page.goto(issued);
    const widths = await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
    expect((widths as number[])[0]).toBeLessThanOrEqual((widths as number[])[1]!);
    expect(await page.getByRole('button', { name: 'Save the card' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await phone.close();
    // Without JavaScript the form still posts and answers (a refused card does not use the link).
    const noScript = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(issued);
    await typeCard(plain, { ...NEW_CARD, number: '4111111111111112' });
    await plain.getByRole('button', { name: 'Save the card' }).click();
    await plain.getByRole('alert').waitFor();
    expect(await plain.getByRole('alert').textContent()).toContain('Card number is invalid');
    await noScript.close();
  });

  it('expired, tampered and other-environment links show a clear page: 410 and 404, no trace', async () => {
    const links = app.runtime.links;
    const expired = links.url({ purpose: 'card_update', objectId: subId, environment: 'sandbox' }, new Date(Date.now() - 30 * 86_400_000));
    const e = await open(expired);
    expect(e.status).toBe(410);
    expect(await e.page.getByRole('heading').textContent()).toBe('This link has expired');
    expect(await axeViolations(e.page)).toEqual([]);

    const good = links.url({ purpose: 'card_update', objectId: subId, environment: 'sandbox' }, new Date());
    // A character of the signed payload changed (the object id's), and the signature's last character re-spelt.
    const [head, body, mac] = new URL(good).pathname.split('/')[2]!.split('.') as [string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const tampered = `${head}.${body.slice(0, 10)}${flip(body[10]!)}${body.slice(11)}.${mac}`;
    const respelt = `${head}.${body}.${mac.slice(0, -1)}${flip(mac.at(-1)!)}`;
    const r = await open(`${new URL(good).origin}/card/${respelt}`);
    expect(r.status).toBe(404);
    await r.page.close();
    const t = await open(`${new URL(good).origin}/card/${tampered}`);
    expect(t.status).toBe(404);
    expect(await t.page.getByRole('heading').textContent()).toBe('Link not found');
    expect(await axeViolations(t.page)).toEqual([]);

    const production = links.url({ purpose: 'card_update', objectId: subId, environment: 'production' }, new Date());
    const sandboxOrigin = new URL(good).origin;
    const p = await open(sandboxOrigin + new URL(production).pathname);
    expect(p.status).toBe(404);
    // A link for a card update does not open the invoice page, and the reverse.
    const swapped = await open(good.replace('/card/', '/pay/'));
    expect(swapped.status).toBe(404);
    for (const x of [e, t, p, swapped]) {
      const body = (await x.page.content()).toLowerCase();
      expect(body).not.toContain('stack');
      expect(body).not.toContain('error:');
      await x.page.close();
    }
  });

  it('leaves the card numbers typed nowhere but the vault (sealed) and masked forms, and the CVV nowhere: not in PostgreSQL, Redis, the logs, a page or an e-mail', async () => {
    const found: string[] = [];
    const grouped = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');
    const cvv = new RegExp(`(?<![0-9A-Za-z.:+-])${NEW_CARD.cvv}(?![0-9A-Za-z])`);
    const scan = (where: string, text: string) => {
      for (const pan of TYPED_PANS) if (text.includes(pan) || text.includes(grouped(pan))) found.push(`${where}: a card number`);
      if (cvv.test(text)) found.push(`${where}: the CVV`);
    };
    // PostgreSQL: every row of every table, as text.
    const tables = await app.runtime.sql.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables.length).toBeGreaterThan(20);
    let rows = 0;
    for (const t of tables) {
      const all = await app.runtime.sql.query<{ row: string }>(`select x::text as row from "${t.schema}"."${t.name}" x`);
      rows += all.length;
      for (const r of all) scan(`${t.schema}.${t.name}`, r.row);
    }
    expect(rows).toBeGreaterThan(50);
    // The vault holds the card, sealed: its masked parts only in clear.
    const cards = await app.runtime.sql.query<{ row: string }>(`select x::text as row from gateway.cards x where last4 = '0001'`);
    expect(cards.length).toBeGreaterThan(0);
    // Redis: every key of this test's prefix, whatever its type.
    const redis = app.runtime.redis;
    if (redis) {
      const keys = await redis.keys(`${app.config.REDIS_PREFIX}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.get(key)
            : type === 'hash'
              ? JSON.stringify(await redis.hgetall(key))
              : type === 'list'
                ? JSON.stringify(await redis.lrange(key, 0, -1))
                : type === 'set'
                  ? JSON.stringify(await redis.smembers(key))
                  : type === 'zset'
                    ? JSON.stringify(await redis.zrange(key, 0, -1, 'WITHSCORES'))
                    : type === 'stream'
                      ? JSON.stringify(await redis.xrange(key, '-', '+'))
                      : '';
        scan(`redis ${key}`, `${key} ${value ?? ''}`);
      }
    }
    // The logs, and every page the browser was sent.
    expect(app.logs.length).toBeGreaterThan(0);
    scan('logs', app.logs.join('\n'));
    expect(seenHtml.length).toBeGreaterThan(8);
    for (const page of seenHtml) scan('a page', page);
    // Every e-mail sent, as it arrived.
    expect(smtp.received.length).toBeGreaterThan(0);
    for (const mail of smtp.received) scan(`the e-mail "${mail.subject}"`, `${mail.subject} ${mail.text ?? ''} ${mail.html || ''}`);
    expect(found).toEqual([]);
  });
});
