import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../helpers/test-app.ts';
import { APPROVE, createCard, createClock, createPlan, invoicesOf, settle, subscribe } from '../helpers/billing.ts';
import { axeViolations, launchChromium } from '../helpers/chromium.ts';

// The console's lists and their actions in headless Chromium against a real Recur (one app, one
// browser, one page): invoices filtered by the day they were issued, a plan's subscriptions moved
// to another plan, a one-off item added and removed on a subscription, a customer's events, a list
// of two pages and empty ones.
// axe-core on each state of each page.

vi.setConfig({ testTimeout: 120_000 });
const BILLING = { email: 'bea.billing@example.com', password: 'billing horse battery staple' };

let app: TestApp;
let browser: Browser;
let page: Page;
let api: ApiClient;
let origin: string;
let customerId: string;
let otherCustomerId: string;
let subIds: string[];
let januarySubId: string;
let basic: any;
let plus: any;
const browserErrors: string[] = [];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  execFileSync(process.execPath, [resolve(dirname(fileURLToPath(import.meta.url)), '../../console/build.ts'), '--if-stale'], {
    stdio: 'inherit',
  });
  app = await startTestApp({ billing: true });
  const merchant = await app.newMerchant('Console Lists Merchant');
  api = app.client('sandbox', merchant.sandbox);
  origin = new URL(app.listeners.urls.sandbox!).origin;

  const made = await Promise.all(
    ['Grace Hopper', 'Alan Turing'].map((name) =>
      api.post('/customers', { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` }),
    ),
  );
  for (const m of made) expect(m.status, m.text).toBe(201);
  [customerId, otherCustomerId] = made.map((m) => m.body.response.id);
  basic = await createPlan(api, { name: 'Basic', amount: 2000 });
  plus = await createPlan(api, { name: 'Plus', amount: 3500 });
  const legacy = await createPlan(api, { name: 'Legacy', amount: 1000 });
  const card = await createCard(api, APPROVE);
  // Two subscriptions of Grace on Basic, issued today; one of Alan on Legacy, issued on 15 January 2026.
  const now = await createClock(api, new Date().toISOString());
  const january = await createClock(api, '2026-01-15T10:00:00Z');
  subIds = [];
  for (const reference of ['grace-one', 'grace-two']) {
    const sub = await subscribe(api, {
      plan_id: basic.id,
      card_token: card.token,
      test_clock_id: now.id,
      customer_id: customerId,
      customer_reference: reference,
    });
    subIds.push(sub.id);
  }
  januarySubId = (
    await subscribe(api, {
      plan_id: legacy.id,
      card_token: card.token,
      test_clock_id: january.id,
      customer_id: otherCustomerId,
      customer_reference: 'alan',
    })
  ).id;
  await Promise.all([settle(api, now.id, 60_000), settle(api, january.id, 60_000)]);
  expect((await invoicesOf(api, januarySubId)).map((i) => i.status)).toEqual(['paid']);

  const user = await api.post('/console/users', { email: BILLING.email, name: 'Bea', role: 'billing', password: BILLING.password });
  expect(user.status, user.text).toBe(201);

  browser = await launchChromium();
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  page.on('pageerror', (err) => browserErrors.push(err.message));
  await page.goto(`${origin}/console/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail').fill(BILLING.email);
  await page.getByLabel('Password').fill(BILLING.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The page once its requests are done, checked with axe-core. */
async function clean(where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page), `${where}: axe-core`).toEqual([]);
}

const invoiceRows = () => page.locator('main table tbody tr');

describe('the console lists in Chromium', () => {
  it('filters invoices by the day they were issued', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await expect.poll(() => invoiceRows().count()).toBe(3);
    await clean('invoices');

    await page.getByLabel('Issued from (day, UTC)').fill('2026-01-01');
    await page.getByLabel('Issued to (day, UTC)').fill('2026-01-31');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => invoiceRows().count()).toBe(1);
    expect(await invoiceRows().first().innerText()).toContain('2026-01-15');
    await clean('invoices issued in January 2026');

    // Both bounds are days included: today alone holds Grace's two.
    await page.getByLabel('Issued from (day, UTC)').fill(today);
    await page.getByLabel('Issued to (day, UTC)').fill(today);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => invoiceRows().count()).toBe(2);
    for (const row of await invoiceRows().all()) expect(await row.innerText()).toContain('AUD 20.00');

    await page.getByLabel('Issued from (day, UTC)').fill('2026-02-01');
    await page.getByLabel('Issued to (day, UTC)').fill('2026-01-01');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('alert').filter({ hasText: 'to: to must be after from' }).waitFor();
    await clean('invoices with a range that ends before it starts');
  });

  it("moves a plan's subscriptions to another plan after a confirmation, and says how many", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    await page.getByRole('cell', { name: 'Basic', exact: true }).waitFor();
    await page.getByLabel('From plan').selectOption({ label: 'Basic · AUD 20.00/month' });
    // Only the plans the API would take: active, same currency, not the plan itself.
    const targets = await page.getByLabel('To plan').locator('option:not([disabled])').allInnerTexts();
    expect(targets.sort()).toEqual(['Legacy · AUD 10.00/month', 'Plus · AUD 35.00/month']);
    await page.getByLabel('To plan').selectOption({ label: 'Plus · AUD 35.00/month' });
    await clean('plans, move form filled');
    await page.getByRole('button', { name: 'Move subscriptions' }).click();
    await page.getByRole('status').filter({ hasText: '2 subscriptions move from “Basic” to “Plus” at their next period.' }).waitFor();
    for (const id of subIds) {
      expect((await api.get(`/subscriptions/${id}`)).body.response).toMatchObject({ plan_id: basic.id, pending_plan_id: plus.id });
    }
    await clean('plans, subscriptions moved');
    // Again: nothing more moves.
    await page.getByRole('button', { name: 'Move subscriptions' }).click();
    await page.getByRole('status').filter({ hasText: '0 subscriptions move' }).waitFor();
  });

  it('adds a one-off item to a subscription, lists it as waiting for the next invoice, and removes one', async () => {
    await page.goto(`${origin}/console/subscriptions/${subIds[0]}`);
    await page.getByRole('heading', { name: 'One-off items' }).waitFor();
    await page.getByRole('cell', { name: 'No item waiting.' }).waitFor();
    await clean('subscription, no item');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'One-off items' }) });
    for (const [description, amount, quantity] of [
      ['Onboarding call', '150.00', '1'],
      ['Extra seat', '12.50', '2'],
    ] as const) {
      await section.getByLabel('Item description').fill(description);
      await section.getByLabel('Unit amount (AUD)').fill(amount);
      await section.getByLabel('Units', { exact: true }).fill(quantity);
      await section.getByRole('button', { name: 'Add item' }).click();
      await section
        .getByRole('status')
        .filter({ hasText: `“${description}” waits for the next invoice.` })
        .waitFor();
    }
    await section.getByRole('cell', { name: 'AUD 25.00' }).waitFor(); // 12.50 × 2
    const waiting = (await api.get(`/subscriptions/${subIds[0]}/items`)).body.response as any[];
    expect(waiting.map((i) => [i.description, i.amount, i.quantity, i.invoice_id])).toEqual([
      ['Onboarding call', 15000, 1, null],
      ['Extra seat', 1250, 2, null],
    ]);
    await clean('subscription, two items waiting');

    await section.getByRole('button', { name: 'Remove Extra seat' }).click();
    await section.getByRole('status').filter({ hasText: '“Extra seat” removed.' }).waitFor();
    await expect.poll(() => section.locator('tbody tr').count()).toBe(1);
    expect(((await api.get(`/subscriptions/${subIds[0]}/items`)).body.response as any[]).map((i) => i.description)).toEqual([
      'Onboarding call',
    ]);
    // A bad amount is refused before any request.
    await section.getByLabel('Item description').fill('Typo');
    await section.getByLabel('Unit amount (AUD)').fill('1.234');
    await section.getByRole('button', { name: 'Add item' }).click();
    await section.getByRole('alert').filter({ hasText: 'Unit amount: not an amount in AUD' }).waitFor();
    await clean('subscription, one item waiting');
  });

  it("shows a customer's events: its own and its subscriptions', not another customer's", async () => {
    await page.goto(`${origin}/console/customers/${customerId}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Events' }) });
    await section.getByRole('heading', { name: 'Events' }).waitFor();
    const expected = (await api.get(`/events?customer_id=${customerId}&limit=20&offset=1`)).body;
    expect(expected.total_records).toBeGreaterThan(5);
    await expect.poll(() => section.locator('tbody tr').count()).toBe(Math.min(20, expected.total_records));
    const text = await section.innerText();
    for (const type of ['customer.created', 'subscription.created', 'invoice.paid', 'subscription.updated']) expect(text).toContain(type);
    expect(text).toContain('AUD 20.00');
    // Alan's subscription is not Grace's.
    const alans = (await api.get(`/events?subscription_id=${januarySubId}&limit=50`)).body.response as any[];
    expect(alans.length).toBeGreaterThan(0);
    const shown = await section.locator('tbody tr').count();
    const ids = new Set((expected.response as any[]).map((e) => e.id));
    for (const e of alans) expect(ids.has(e.id)).toBe(false);
    expect(shown).toBe(expected.response.length);
    await clean('customer with its events');
    expect(browserErrors).toEqual([]);
  });

  it('pages a long list: twenty rows, then the rest, with where it is; an empty list says so and has no pager', async () => {
    const made = await api.post('/customers', { name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(made.status, made.text).toBe(201);
    const id = made.body.response.id;
    // customer.created and 21 customer.updated: 22 events, two pages of 20.
    for (let i = 0; i < 21; i++) {
      const put = await api.put(`/customers/${id}`, { phone: `+61 2 9000 ${1000 + i}` });
      expect(put.status, put.text).toBe(200);
    }
    await page.goto(`${origin}/console/customers/${id}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Events' }) });
    const pager = section.getByRole('navigation', { name: 'Events pages' });
    await pager.getByText('Page 1 of 2 (22 in all)').waitFor();
    expect(await section.locator('tbody tr').count()).toBe(20);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    for (const label of ['Subscriptions', 'Invoices', 'Credit notes']) {
      await page.getByRole('table', { name: label }).getByRole('cell', { name: 'None.' }).waitFor();
      expect(await page.getByRole('navigation', { name: `${label} pages` }).count()).toBe(0);
    }
    await clean('customer with two pages of events');
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 2 (22 in all)').waitFor();
    await expect.poll(() => section.locator('tbody tr').count()).toBe(2);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await clean('second page of events');
    expect(browserErrors).toEqual([]);
  });
});
