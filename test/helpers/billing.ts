import { expect } from 'vitest';
import type { ApiClient, HttpResult, TestApp } from './test-app.ts';
import { waitFor } from './wait-for.ts';

/** Sandbox cards (GATEWAY.md): one always approves, one always declines with 05, one answers with the amount's last two digits. */
export const APPROVE = '5123456789012346';
export const DECLINE = '5313581000123430';
export const DYNAMIC = '4242424242424242';

export interface Invoice {
  id: string;
  subscription_id: string;
  period_start: string;
  period_end: string;
  amount: number;
  currency: string;
  status: string;
  created_at: string;
  attempts: {
    number: number;
    reference: string;
    purchase_id: string | null;
    status: string;
    response_code: string | null;
    message: string | null;
    created_at: string;
  }[];
}

export interface BillingEvent {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, any>;
}

/** A sandbox client for a fresh merchant. */
export async function merchantClient(app: TestApp, name = 'Billing Merchant'): Promise<ApiClient> {
  return app.client('sandbox', (await app.newMerchant(name)).sandbox);
}

function expectStatus(res: HttpResult, status: number, what: string): any {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`);
  return res.body.response;
}

export async function createCard(
  api: ApiClient,
  number = APPROVE,
  extra: Record<string, unknown> = {},
): Promise<{ token: string; alias: string | null }> {
  const res = await api.post('/credit_cards', {
    card_holder: 'Ada Lovelace',
    card_number: number,
    card_expiry: '12/2039',
    cvv: '123',
    ...extra,
  });
  return expectStatus(res, 200, 'POST /credit_cards');
}

export async function createPlan(api: ApiClient, fields: Record<string, unknown> = {}): Promise<any> {
  const res = await api.post('/plans', { name: 'Plan', amount: 1500, currency: 'AUD', interval: 'month', interval_count: 1, ...fields });
  return expectStatus(res, 201, 'POST /plans');
}

export async function createClock(api: ApiClient, frozenTime: string): Promise<any> {
  return expectStatus(await api.post('/test_clocks', { frozen_time: frozenTime }), 201, 'POST /test_clocks');
}

export async function subscribe(api: ApiClient, fields: Record<string, unknown>): Promise<any> {
  return expectStatus(await api.post('/subscriptions', { customer_reference: 'cust-1', ...fields }), 201, 'POST /subscriptions');
}

/** Polls the clock (every 50 ms) until it reads `ready`: everything due up to its time has an outcome. */
export async function settle(api: ApiClient, clockId: string, timeoutMs = 30_000): Promise<void> {
  await waitFor(async () => expectStatus(await api.get(`/test_clocks/${clockId}`), 200, 'GET /test_clocks/{id}'), {
    message: `clock ${clockId} to settle`,
    timeout: timeoutMs,
    interval: 50,
    until: (clock) => clock.status === 'ready',
  });
}

/** Advances a clock and waits until it has settled. */
export async function advance(api: ApiClient, clockId: string, frozenTime: string): Promise<void> {
  const res = await api.post(`/test_clocks/${clockId}/advance`, { frozen_time: frozenTime });
  const clock = expectStatus(res, 200, `advance to ${frozenTime}`);
  expect(clock.frozen_time).toBe(new Date(frozenTime).toISOString());
  await settle(api, clockId);
}

/** Every page of a list endpoint (pages are numbered from 1, at most 50 records each). */
export async function listAll<T = any>(api: ApiClient, path: string): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    const body = (await api.get(`${path}${sep}limit=50&offset=${page}`)).body;
    if (!body?.successful) throw new Error(`GET ${path}: ${JSON.stringify(body)}`);
    out.push(...body.response);
    if (page >= body.total_pages) return out;
  }
}

/** A subscription's invoices in period order. */
export async function invoicesOf(api: ApiClient, subscriptionId: string): Promise<Invoice[]> {
  const invoices = await listAll<Invoice>(api, `/invoices?subscription_id=${subscriptionId}`);
  // A one-off or proration invoice written at a period's start sorts after that period's invoice.
  const periodFirst = (i: Invoice) => ((i as { kind?: string }).kind === 'period' || !(i as { kind?: string }).kind ? 0 : 1);
  return invoices.sort((a, b) => a.period_start.localeCompare(b.period_start) || periodFirst(a) - periodFirst(b));
}

export async function eventsOf(api: ApiClient, type?: string): Promise<BillingEvent[]> {
  return listAll<BillingEvent>(api, type ? `/events?type=${type}` : '/events');
}

/** An error in the envelope: the status, `successful: false`, no response, and a message matching when given. */
export function expectError(res: HttpResult, status: number, message?: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ successful: false, response: null });
  expect(res.body.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(res.body.errors.join(' | ')).toMatch(message);
}

/** Each invoice paid, by exactly one approved attempt. */
export function expectEachPaidOnce(invoices: Invoice[]): void {
  for (const inv of invoices) {
    expect(inv.status, `invoice for ${inv.period_start}`).toBe('paid');
    expect(inv.attempts, `attempts for ${inv.period_start}`).toHaveLength(1);
    expect(inv.attempts[0]).toMatchObject({ number: 1, status: 'approved', response_code: '00' });
    expect(inv.attempts[0]!.purchase_id).toEqual(expect.any(String));
  }
}

/** The [start, end) of each invoice, to compare with the expected calendar. */
export function periodsOf(invoices: Invoice[]): [string, string][] {
  return invoices.map((i) => [i.period_start, i.period_end]);
}

/** Consecutive instants as [start, end) pairs: periods ['a','b','c'] → [[a,b],[b,c]]. */
export function tiles(instants: string[]): [string, string][] {
  const iso = instants.map((t) => new Date(t).toISOString());
  return iso.slice(0, -1).map((t, i) => [t, iso[i + 1]!]);
}

/** The period invoice of a subscription that begins at `start` (ISO), asserted to exist. */
export async function periodInvoiceOf(api: ApiClient, subscriptionId: string, start: string): Promise<any> {
  const invoices = await invoicesOf(api, subscriptionId);
  const invoice = invoices.find((i) => (i as { kind?: string }).kind === 'period' && i.period_start === start);
  expect(invoice, JSON.stringify(invoices)).toBeDefined();
  return invoice;
}

/** The seats tiers of docs/pricing.md's worked example: 10 at 2,000, the next 40 at 1,500, then 1,000 (25 seats graduated: 42,500). */
export const SEATS_TIERS = [
  { up_to: 10, unit_amount: 2000 },
  { up_to: 50, unit_amount: 1500 },
  { up_to: null, unit_amount: 1000 },
];

/** A billable metric made through the API (`name` from its code unless given), asserted created. */
export async function createMetric(api: ApiClient, fields: Record<string, unknown>): Promise<any> {
  const res = await api.post('/billable_metrics', { name: `Metric ${String(fields.code)}`, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

/** A plan of 1,000 AUD a month with usage prices (`prices`, on metrics made with createMetric), through the API. */
export async function meteredPlan(
  api: ApiClient,
  prices: Record<string, unknown>[],
  overrides: Record<string, unknown> = {},
): Promise<any> {
  return createPlan(api, { name: 'Metered', amount: 1000, prices, ...overrides });
}
