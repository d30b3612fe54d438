import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, launchChromium } from '../helpers/chromium.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { APPROVE, DECLINE, DYNAMIC, createCard, createClock, createPlan, invoicesOf, settle, subscribe } from '../helpers/billing.ts';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../../src/composition/console-static.ts';

// The billing console (issue 27) in headless Chromium against a real Recur: served at /console/ on
// the sandbox listener, every API call through the typed client with a console session (a console
// user signs in on the login page; the browser never holds the merchant's API token). A viewer is
// refused a refund and a request without the session's CSRF token is refused, by the API the
// console calls. axe-core on every page, and no page shows a full card number, a CVV or the API token.

vi.setConfig({ testTimeout: 240_000 });
const SCREENSHOTS = process.env.RECUR_DOC_SCREENSHOTS === '1';
const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs');
const CVV = '7391';
const PANS = [APPROVE, DECLINE, DYNAMIC];
const ADMIN = { email: 'ada.admin@example.com', password: 'correct horse battery staple' };
const VIEWER = { email: 'vic.viewer@example.com', password: 'viewer horse battery staple' };

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let api: ApiClient;
let credentials: { username: string; api_token: string };
/** The page that showed a rotation's new token: the one page allowed to hold it. */
const ROTATION_PAGE = 'developers (rotation)';
/** Tokens no page may show: the merchant's first one, revoked by the rotation. */
const revoked: string[] = [];
let origin: string;
/** What each visited page showed (its text and its HTML), for the card-data and token scan. */
const seen: { where: string; text: string; html: string }[] = [];
const browserErrors: string[] = [];

let customerId: string;
let paidSubId: string;
let paidInvoice: any;
let declinedSubId: string;

beforeAll(async () => {
  // The pages as the sources say now: built if console/dist is missing or older (as npm start does).
  execFileSync(process.execPath, [resolve(dirname(fileURLToPath(import.meta.url)), '../../console/build.ts'), '--if-stale'], {
    stdio: 'inherit',
  });
  // Two declines in 24 hours fill a card's network cap, so that the dunning page holds a capped card.
  app = await startTestApp({ billing: true, env: { NETWORK_CAP_24_HOURS: '2' } });
  const merchant = await app.newMerchant('Console Merchant');
  credentials = merchant.sandbox;
  api = app.client('sandbox', credentials);
  origin = new URL(app.listeners.urls.sandbox!).origin;

  // A customer with a paid subscription, and one whose card declines, on a clock at today's time
  // (so the overview's default period holds them).
  const customer = await api.post('/customers', { name: 'Grace Hopper', email: 'grace@example.com', currency: 'AUD' });
  expect(customer.status, customer.text).toBe(201);
  customerId = customer.body.response.id;
  const plan = await createPlan(api, { name: 'Team', amount: 4000 });
  const clock = await createClock(api, new Date().toISOString());
  const good = await createCard(api, APPROVE, { cvv: CVV });
  const bad = await createCard(api, DECLINE, { cvv: CVV });
  const paid = await subscribe(api, {
    plan_id: plan.id,
    card_token: good.token,
    test_clock_id: clock.id,
    customer_id: customerId,
    customer_reference: 'grace-team',
  });
  const declined = await subscribe(api, {
    plan_id: plan.id,
    card_token: bad.token,
    test_clock_id: clock.id,
    customer_id: customerId,
    customer_reference: 'grace-second',
  });
  await settle(api, clock.id, 60_000);
  paidSubId = paid.id;
  declinedSubId = declined.id;
  paidInvoice = (await invoicesOf(api, paidSubId))[0];
  expect(paidInvoice).toMatchObject({ status: 'paid', amount: 4000 });
  expect((await invoicesOf(api, declinedSubId))[0]).toMatchObject({ status: 'past_due' });

  // The merchant's console users, made through the API with its credentials (as `recur console-user create` does).
  for (const [user, role] of [
    [ADMIN, 'admin'],
    [VIEWER, 'viewer'],
  ] as const) {
    const made = await api.post('/console/users', { email: user.email, name: role, role, password: user.password });
    expect(made.status, made.text).toBe(201);
  }

  browser = await launchChromium();
  context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Requests each page has under way: a page is looked at once it has none left. */
const inFlight = new WeakMap<Page, Set<unknown>>();
let requestCount = 0;

function watch(page: Page): Page {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (r) => void (pending.add(r), requestCount++));
  page.on('requestfinished', (r) => void pending.delete(r));
  page.on('requestfailed', (r) => void pending.delete(r));
  page.on('dialog', (d) => void d.accept());
  page.on('pageerror', (err) => browserErrors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') browserErrors.push(msg.text());
  });
  return page;
}

/** Records what the page shows, checks it with axe-core, and returns it. */
async function settled(page: Page): Promise<void> {
  const pending = inFlight.get(page)!;
  const open = async () => {
    if (pending.size === 0) await page.waitForTimeout(250);
    return [...pending].map((r) => (r as { url(): string }).url());
  };
  await expect.poll(open, { timeout: 20_000 }).toEqual([]);
}

/** Signs in on the login page (where the console sends a browser without a session) and waits for the overview. */
async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${origin}/console/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

async function look(page: Page, where: string): Promise<void> {
  await settled(page);
  seen.push({ where, text: await page.locator('body').innerText(), html: await page.content() });
  expect(await axeViolations(page), `${where}: axe-core`).toEqual([]);
  await expect.poll(() => page.locator('.sandbox-banner').isVisible(), { message: `${where}: the sandbox banner` }).toBe(true);
}

describe('the console in Chromium', () => {
  let page: Page;

  beforeAll(async () => {
    page = watch(await context.newPage());
  });

  it('is served at /console/ with a strict CSP, index not cached, hashed assets immutable, client routes falling back to the page', async () => {
    const index = await request(`${origin}/console/`, { dispatcher: app.agent });
    const html = await index.body.text();
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-security-policy']).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(html).toContain('<div id="app">');
    // No inline script: every script is a file of this origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/https?:\/\//);
    const asset = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await request(`${origin}${asset}`, { dispatcher: app.agent });
    await js.body.text();
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toMatch(/javascript/);
    // A deep link is the page; a missing asset is a 404, never the page; no way out of dist.
    const deep = await request(`${origin}/console/customers/${customerId}`, { dispatcher: app.agent });
    expect(deep.statusCode).toBe(200);
    expect(await deep.body.text()).toBe(html);
    const missing = await request(`${origin}/console/assets/nothing-here.js`, { dispatcher: app.agent });
    await missing.body.text();
    expect(missing.statusCode).toBe(404);
    const escape = await request(`${origin}/console/..%2f..%2fpackage.json`, { dispatcher: app.agent });
    expect(await escape.body.text()).not.toContain('"devDependencies"');
    const bare = await request(`${origin}/console`, { dispatcher: app.agent });
    await bare.body.text();
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/console/']);
    // The listener's index links it, and the console knows where the other environment's is.
    const root = await request(`${origin}/`, { dispatcher: app.agent });
    expect(((await root.body.json()) as any).response.links.console).toBe('/console/');
    const env = await request(`${origin}/console/environment.json`, { dispatcher: app.agent });
    const productionPort = new URL(app.listeners.urls.production).port;
    expect(await env.body.json()).toEqual({
      environment: 'sandbox',
      other: { environment: 'production', url: `https://127.0.0.1:${productionPort}/console/` },
    });
    // Production serves the same console, and links back to the sandbox's.
    const productionOrigin = new URL(app.listeners.urls.production).origin;
    const productionIndex = await request(`${productionOrigin}/console/`, { dispatcher: app.agent });
    expect(await productionIndex.body.text()).toBe(html);
    const productionEnv = await request(`${productionOrigin}/console/environment.json`, { dispatcher: app.agent });
    expect(((await productionEnv.body.json()) as any).other).toEqual({ environment: 'sandbox', url: `${origin}/console/` });
  });

  it('signs in a console user: an HttpOnly, Secure, SameSite=Strict session cookie, and no API token in the browser', async () => {
    await signIn(page, ADMIN);
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.secure, c.sameSite])).toEqual([['recur_console', true, true, 'Strict']]);
    expect(await page.evaluate('document.cookie')).toBe(''); // not readable by the page's scripts
  });

  it('opens the overview: the sandbox banner, charts of MRR and revenue, a period picker', async () => {
    await page.goto(`${origin}/console/`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(() => page.locator('canvas').count()).toBe(4);
    const banner = page.locator('.sandbox-banner');
    await expect.poll(() => banner.innerText()).toMatch(/SANDBOX/);
    expect(await banner.getByRole('link', { name: 'Switch to production' }).getAttribute('href')).toMatch(
      /^https:\/\/127\.0\.0\.1:\d+\/console\/$/,
    );
    // Two subscriptions of 40.00: MRR 80.00, both active (the declined one is past due, still MRR).
    const tiles = await page.getByRole('list', { name: 'Key figures' }).innerText();
    expect(tiles).toContain('AUD 80.00');
    expect(tiles).toContain('AUD 40.00'); // collected
    await page.getByLabel('Period', { exact: true }).selectOption('3');
    await settled(page);
    expect(await page.getByLabel('From (month)').inputValue()).toMatch(/^\d{4}-\d{2}$/);
    await look(page, 'overview');
    if (SCREENSHOTS) await page.screenshot({ path: join(DOCS, 'console-overview.png'), fullPage: true });
  });

  it('creates a plan with its fields, through the API', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    await page.getByLabel('Name').fill('Console Gold');
    await page.getByLabel('Price').fill('49.90');
    await page.getByLabel('Currency').fill('AUD');
    await page.getByLabel('Every').selectOption('year');
    await page.getByLabel('Trial days').fill('14');
    await page.getByLabel('Setup fee').fill('10');
    await page.getByLabel('Dunning retry days').fill('2, 4, 8');
    await page.getByLabel('Dunning final action').selectOption('cancel');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('status').filter({ hasText: 'Plan “Console Gold” created.' }).waitFor();
    await page.getByRole('cell', { name: 'Console Gold', exact: true }).waitFor();
    const plans = (await api.get('/plans?limit=50')).body.response as any[];
    expect(plans.find((p) => p.name === 'Console Gold')).toMatchObject({
      amount: 4990,
      currency: 'AUD',
      interval: 'year',
      trial_days: 14,
      setup_fee: 1000,
      dunning: { retry_days: [2, 4, 8], final_action: 'cancel' },
    });
    // Archived (after the confirmation): it takes no new subscriptions.
    await page.getByRole('button', { name: 'Archive Console Gold' }).click();
    await page.getByRole('status').filter({ hasText: 'Plan “Console Gold” archived.' }).waitFor();
    const gold = ((await api.get('/plans?limit=50')).body.response as any[]).find((p) => p.name === 'Console Gold');
    expect(gold.status).toBe('archived');
    // A price with too many decimals is refused before any request.
    await page.getByLabel('Name').fill('Bad');
    await page.getByLabel('Price').fill('1.234');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('alert').filter({ hasText: 'Price: not an amount in AUD' }).waitFor();
    await look(page, 'plans');
  });

  it('finds a customer by e-mail and opens its page: subscriptions, invoices, credit notes, masked cards', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('Name, e-mail, reference, card’s last four or id').fill('GRACE@example');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await settled(page);
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await look(page, 'customers');
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'grace-team' }).waitFor();
    await page.getByRole('link', { name: 'grace-second' }).waitFor();
    await expect.poll(() => page.getByText(/MasterCard 512345X+2346/).count()).toBeGreaterThan(0);
    await look(page, 'customer');
    if (SCREENSHOTS) await page.screenshot({ path: join(DOCS, 'console-customer.png'), fullPage: true });
  });

  it("shows a declined charge's reason on the subscription timeline, and sends a card-update link", async () => {
    await page.getByRole('link', { name: 'grace-second' }).click();
    await page.getByRole('heading', { name: /Subscription grace-second/ }).waitFor();
    const timeline = page.locator('ol.timeline');
    await timeline.getByText(/Charge declined on INV-/).waitFor();
    expect(await timeline.innerText()).toMatch(/attempt 1 · code 05 · Declined · class soft/);
    await timeline
      .getByText(/Retry scheduled|INV-\d+ issued/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Send card-update link' }).click();
    await page.getByRole('link', { name: /^https:\/\/127\.0\.0\.1:\d+\/card\// }).waitFor();
    await look(page, 'subscription (declined)');
    if (SCREENSHOTS) await page.screenshot({ path: join(DOCS, 'console-subscription-timeline.png'), fullPage: true });
  });

  it('changes the quantity from the next period, pauses and resumes', async () => {
    await page.goto(`${origin}/console/subscriptions/${paidSubId}`);
    await page.getByRole('heading', { name: /Subscription grace-team/ }).waitFor();
    await page.getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Save change' }).click();
    await page.getByRole('status').filter({ hasText: 'Change saved.' }).waitFor();
    expect((await api.get(`/subscriptions/${paidSubId}`)).body.response).toMatchObject({ quantity: 1, pending_quantity: 3 });
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect((await api.get(`/subscriptions/${paidSubId}`)).body.response.status).toBe('paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect((await api.get(`/subscriptions/${paidSubId}`)).body.response.status).toBe('active');
    await look(page, 'subscription (paid)');
  });

  it('opens the paid invoice and refunds half of it', async () => {
    await page
      .locator('ol.timeline')
      .getByRole('link', { name: /Charge approved on INV-/ })
      .click();
    await page.getByRole('heading', { name: new RegExp(`Invoice ${paidInvoice.number ?? 'INV-'}`) }).waitFor();
    expect(await page.getByRole('link', { name: /PDF of INV-/ }).getAttribute('href')).toBe(`/v1.0/invoices/${paidInvoice.id}/pdf`);
    expect(await page.getByRole('table', { name: 'Lines' }).innerText()).toContain('AUD 40.00');
    await page.getByLabel('Amount (empty: all that is left)').fill('20.00');
    await page.getByLabel('Refund reason').fill('Half refund from the console');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Refunded AUD 20.00.' }).waitFor();
    const invoice = (await api.get(`/invoices/${paidInvoice.id}`)).body.response;
    expect(invoice).toMatchObject({ status: 'paid', refunded_amount: 2000 });
    expect(invoice.refunds).toHaveLength(1);
    await page.getByRole('heading', { name: /Refund \(AUD 20\.00 left\)/ }).waitFor();
    // The refund wrote its credit note (credit_to: refund), shown on the invoice.
    expect(invoice.credit_notes).toMatchObject([{ amount: 2000, credit_to: 'refund' }]);
    const notes = page.locator('section', { has: page.getByRole('heading', { name: 'Credit notes' }) });
    await notes.getByText(/AUD 20\.00 to refund/).waitFor();
    // The API's own refusal is shown as it is: more than is left.
    await page.getByLabel('Amount (empty: all that is left)').fill('30.00');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'at most 2000 is left to refund' }).waitFor();
    await look(page, 'invoice');
  });

  it('refuses a viewer the refund the page offers: the API says which role it needs, and nothing is refunded', async () => {
    const viewerContext = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    const viewer = watch(await viewerContext.newPage());
    await signIn(viewer, VIEWER);
    await viewer.goto(`${origin}/console/invoices/${paidInvoice.id}`);
    await viewer.getByRole('heading', { name: new RegExp(`Invoice ${paidInvoice.number ?? 'INV-'}`) }).waitFor();
    await viewer.getByLabel('Amount (empty: all that is left)').fill('10.00');
    await viewer.getByRole('button', { name: 'Refund', exact: true }).click();
    await viewer.getByRole('alert').filter({ hasText: 'This action needs the billing role; this console user is viewer' }).waitFor();
    expect((await api.get(`/invoices/${paidInvoice.id}`)).body.response.refunded_amount).toBe(2000);
    await look(viewer, 'invoice (viewer)');
    await viewerContext.close();
  });

  it('refuses a change sent with the session cookie but without its CSRF token, or with a wrong one', async () => {
    const send = (headers: Record<string, string>) =>
      page.evaluate(
        async ([h]) => {
          const res = await fetch('/v1.0/plans', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json', ...h },
            body: JSON.stringify({ name: 'Forged', amount: 100, currency: 'AUD', interval: 'month' }),
          });
          return { status: res.status, body: await res.text() };
        },
        [headers] as const,
      );
    const missing = await send({});
    expect(missing.status).toBe(403);
    expect(JSON.parse(missing.body).errors).toEqual([expect.stringMatching(/^CSRF token missing/)]);
    const wrong = await send({ 'x-csrf-token': 'not-the-token' });
    expect(wrong.status).toBe(403);
    expect(JSON.parse(wrong.body).errors).toEqual([expect.stringMatching(/^CSRF token wrong/)]);
    const plans = (await api.get('/plans?limit=50')).body.response as any[];
    expect(plans.some((p) => p.name === 'Forged')).toBe(false);
  });

  it('shows the audit log: the admin’s refund with the invoice before and after, and the viewer’s refusal', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const refundPath = `/v1.0/invoices/${paidInvoice.id}/refund`;
    const rows = page.locator('table tbody tr', { hasText: `POST ${refundPath}` });
    const done = rows.filter({ hasText: `${ADMIN.email} (admin)` }).filter({ hasText: 'succeeded (200)' });
    await expect.poll(() => done.count()).toBe(1); // the half refund
    // The refund of more than was left: answered 422 by the API, recorded as failed.
    await expect
      .poll(() =>
        rows
          .filter({ hasText: `${ADMIN.email} (admin)` })
          .filter({ hasText: 'failed (422)' })
          .count(),
      )
      .toBe(1);
    const refused = rows.filter({ hasText: `${VIEWER.email} (viewer)` });
    await expect.poll(() => refused.innerText()).toMatch(/refused \(403\)/);
    await done.first().getByText('Show').click();
    const details = await done.first().locator('details').innerText();
    expect(details).toMatch(/"refunded_amount": 0/);
    expect(details).toMatch(/"refunded_amount": 2000/);
    await look(page, 'audit log');
  });

  it('lists invoices by status, the dunning page and the developers page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('past_due');
    await settled(page);
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    await look(page, 'invoices');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dunning' }).click();
    await page.getByText(/05 Declined \(soft\)/).waitFor();
    await look(page, 'dunning');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'Test clocks (sandbox)' }).waitFor();
    await page.getByRole('cell', { name: 'invoice.refunded' }).first().waitFor();
    await look(page, 'developers');
  });

  it('reads MRR before and after an upgrade made on the subscription page: the overview and GET /analytics/mrr agree', async () => {
    const apiMrr = async () => {
      const series = (await api.get('/analytics/mrr')).body.response.series as any[];
      return series.find((s) => s.currency === 'AUD').months.at(-1).mrr as number;
    };
    const tile = async () => {
      await page.goto(`${origin}/console/`);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await settled(page);
      return page.getByRole('list', { name: 'Key figures' }).getByRole('listitem').first().locator('.value').innerText();
    };
    const before = await apiMrr();
    const seats = (await api.get(`/subscriptions/${paidSubId}`)).body.response.quantity as number;
    expect(await tile()).toBe(`AUD ${(before / 100).toFixed(2)}`);
    const plus = await createPlan(api, { name: 'Team Plus', amount: 9000 });
    await page.goto(`${origin}/console/subscriptions/${paidSubId}`);
    await page.getByRole('heading', { name: /Subscription grace-team/ }).waitFor();
    await page.getByLabel('Plan', { exact: true }).selectOption(plus.id);
    await page.getByLabel('Takes effect').selectOption('now');
    // First the preview: with proration, what the change would bill now (the clock stands at the
    // period's start: the whole period, each seat 40.00 credited and 90.00 charged); nothing changes.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview of the change' });
    await preview.waitFor();
    await preview
      .getByText(
        `Billed now: INV-000003, AUD ${(50 * seats).toFixed(2)} · Unused time on ${seats} × Team -AUD ${(40 * seats).toFixed(2)} · Remaining time on ${seats} × Team Plus AUD ${(90 * seats).toFixed(2)}`,
      )
      .waitFor();
    expect((await api.get(`/subscriptions/${paidSubId}`)).body.response.plan_id).not.toBe(plus.id);
    await look(page, 'subscription (change previewed)');
    // Then without proration: nothing is billed now.
    await page.getByLabel('Prorate').selectOption({ label: 'no' });
    await page.getByRole('button', { name: 'Preview' }).click();
    await preview.getByText('Nothing is billed now by this change.').waitFor();
    await page.getByRole('button', { name: 'Save change' }).click();
    await page.getByRole('status').filter({ hasText: 'Change saved.' }).waitFor();
    const sub = (await api.get(`/subscriptions/${paidSubId}`)).body.response;
    expect(sub.plan_id).toBe(plus.id);
    const after = await apiMrr();
    // Team (40.00 a seat) became Team Plus (90.00 a seat) now, on the same seats.
    expect(sub.quantity).toBe(seats);
    expect(after - before).toBe((9000 - 4000) * seats);
    expect(await tile()).toBe(`AUD ${(after / 100).toFixed(2)}`);
    await look(page, 'overview after an upgrade');
  });

  it('shows the held cards on the dunning page, and retries a declined invoice from its page after a card update', async () => {
    // On a clock of their own, after the existing scenario's pages: a card capped (DECLINE, whose
    // first decline is the grace-second subscription's), a card expired before its charge (held
    // for an update), and a card declined once (51) that its update lets a manual retry collect.
    const plan = await createPlan(api, { name: 'Holds', amount: 1500 });
    const clock = await createClock(api, '2028-03-01T10:00:00.000Z');
    const capped = await createCard(api, DECLINE, { cvv: CVV });
    const expired = await createCard(api, APPROVE, { cvv: CVV, card_expiry: '12/2027' });
    const declining = await createCard(api, DYNAMIC, { cvv: CVV });
    expect(
      (await api.put(`/sandbox/credit_cards/${declining.token}/script`, { outcomes: [{ response_code: '51' }, { response_code: '00' }] }))
        .status,
    ).toBe(200);
    const on = (card: { token: string }, reference: string) =>
      subscribe(api, { plan_id: plan.id, card_token: card.token, test_clock_id: clock.id, customer_reference: reference });
    const cappedSubs = [await on(capped, 'held-cap-1'), await on(capped, 'held-cap-2'), await on(capped, 'held-cap-3')];
    const expiredSub = await on(expired, 'held-expired');
    const retrySub = await on(declining, 'retry-after-update');
    await settle(api, clock.id, 60_000);
    // Two of the capped card's charges decline and fill its 24-hour window; the third waits.
    const holds = (await api.get('/dunning/holds')).body.response as { reason: string; subscription_id: string }[];
    expect(holds.map((h) => h.reason)).toEqual(['network_cap', 'card_update']);
    expect(cappedSubs.map((c) => c.id)).toContain(holds[0]!.subscription_id);
    expect(holds[1]!.subscription_id).toBe(expiredSub.id);

    await page.goto(`${origin}/console/dunning`);
    await page
      .locator('tr[data-hold="network_cap"]')
      .getByText(/network cap \(24h\) since 2028-03-01 10:00 UTC/)
      .waitFor();
    await page.locator('tr[data-hold="card_update"]').getByText('waiting for a card update').waitFor();
    await look(page, 'dunning (holds)');

    // The customer updates the declined card (a new expiry); then a support person retries the invoice from its page.
    const [owed] = await invoicesOf(api, retrySub.id);
    expect(owed).toMatchObject({ status: 'past_due' });
    expect((await api.put(`/credit_cards/${declining.token}`, { card_expiry: '11/2035' })).status).toBe(200);
    await page.goto(`${origin}/console/invoices/${owed!.id}`);
    await page.getByRole('button', { name: 'Retry now' }).click();
    await page.getByRole('status').filter({ hasText: 'Retried' }).waitFor();
    expect((await api.get(`/invoices/${owed!.id}`)).body.response).toMatchObject({ status: 'paid' });
    await page.getByRole('button', { name: 'Retry now' }).waitFor({ state: 'detached' });
    await look(page, 'invoice (retried after a card update)');
    await page.goto(`${origin}/console/subscriptions/${retrySub.id}`);
    await page.locator('ol.timeline').getByText('Card updated').waitFor();
    await look(page, 'subscription (card updated)');
  });

  it('rotates the API credential on the developers page: the new token shown once, the old one refused at once', async () => {
    await page.goto(`${origin}/console/developers`);
    await page.getByRole('heading', { name: 'API credentials' }).waitFor();
    await page.getByRole('cell', { name: 'never' }).waitFor();
    await page.getByRole('button', { name: /^Rotate/ }).click(); // the confirmation is accepted (watch)
    const shown = page.getByTestId('new-api-token');
    await shown.waitFor();
    const token = (await shown.innerText()).trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await look(page, ROTATION_PAGE);
    expect((await app.client('sandbox', credentials).get('/credentials')).status).toBe(401);
    revoked.push(credentials.api_token);
    credentials = { username: credentials.username, api_token: token };
    api = app.client('sandbox', credentials);
    expect((await api.get('/credentials')).status).toBe(200);
    // Once copied, or on the next visit, the page has no token any more.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'API credentials' }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'never' }).count()).toBe(0);
    await look(page, 'developers (after rotation)');
  });

  it('is usable at tablet width and from the keyboard', async () => {
    const tablet = watch(await context.newPage());
    await tablet.setViewportSize({ width: 768, height: 1024 });
    await tablet.goto(`${origin}/console/invoices/${paidInvoice.id}`);
    await tablet.getByRole('heading', { name: /Invoice / }).waitFor();
    const overflow = (await tablet.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await look(tablet, 'invoice at 768 px');
    // The first Tab reaches the skip link, which moves the focus to the content.
    await tablet.keyboard.press('Tab');
    expect(await tablet.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
    await tablet.keyboard.press('Enter');
    expect(await tablet.evaluate('location.hash')).toBe('#main');
    await tablet.close();
  });

  it('shows no full card number, no CVV and no API token on any page, and the pages raised no error', () => {
    expect(seen.length).toBeGreaterThanOrEqual(9);
    // Each page asks the API for what it shows, once: no page polls or loops.
    expect(requestCount).toBeLessThan(400);
    const found: string[] = [];
    for (const { where, text, html } of seen) {
      for (const body of [text, html]) {
        for (const pan of PANS) if (body.includes(pan)) found.push(`${where}: a card number`);
        if (/\b\d{13,19}\b/.test(text)) found.push(`${where}: a run of digits as long as a card number`);
        if (new RegExp(`\\b${CVV}\\b`).test(body)) found.push(`${where}: the CVV`);
        if (where !== ROTATION_PAGE && body.includes(credentials.api_token)) found.push(`${where}: the API token`);
        for (const token of revoked) if (body.includes(token)) found.push(`${where}: a revoked API token`);
      }
    }
    expect(found).toEqual([]);
    // The rotation's page showed its new token, and it was the only one.
    expect(seen.filter((p) => p.html.includes(credentials.api_token)).map((p) => p.where)).toEqual([ROTATION_PAGE]);
    expect(browserErrors.filter((e) => !/status of (401|403|404|409|422)/.test(e))).toEqual([]);
  });
});

describe('the console login page', () => {
  it('sends a browser without a session to the login page, and shows a refused login', async () => {
    // No credentials at all: the session check answers 401 without a Basic challenge, so no
    // password dialog of the browser's own comes before the console's login page.
    const anonymous = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    const page = watch(await anonymous.newPage());
    await page.goto(`${origin}/console/customers`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/customers');
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/login');
    seen.push({ where: 'login', text: await page.locator('body').innerText(), html: await page.content() });
    expect(await axeViolations(page)).toEqual([]);
    await anonymous.close();
  });

  it('answers a wrong password with a 401 the page shows, and sets no cookie', async () => {
    const fresh = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = watch(await fresh.newPage());
    await page.goto(`${origin}/console/login`);
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    const answer = page.waitForResponse((res) => res.url().endsWith('/v1.0/console/sessions') && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await answer).status()).toBe(401);
    await page.getByRole('alert').waitFor();
    expect(await fresh.cookies()).toEqual([]);
    await fresh.close();
  });
});
