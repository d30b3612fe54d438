import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
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
  subscribe,
} from '../../helpers/billing.ts';
import { EVENT_TYPES } from '../../../src/billing/events/event-types.ts';

// What webhook receivers read only grows. One timeline on a test clock makes every event type
// Recur emits, and the field paths of each type's `data` are compared with the pinned list in
// event-payloads.fields.json: a pinned path that no event of its type carries any more fails the
// test. New paths are reported; RECUR_PIN_EVENT_FIELDS=1 adds them to the pinned list.

vi.setConfig({ testTimeout: 180_000 });
const PINNED = new URL('./event-payloads.fields.json', import.meta.url);
const H = 3_600_000;
const DAY = 24 * H;

/** Field paths of a JSON value: `a`, `a.b`, `list[]`, `list[].c`. */
function paths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => paths(v, `${prefix}[]`)).concat(prefix ? [prefix] : []);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const p = prefix ? `${prefix}.${k}` : k;
      return [p, ...paths(v, p)];
    });
  }
  return [];
}

describe('event payloads only grow', () => {
  let app: TestApp;
  beforeAll(async () => {
    // One declined attempt per card in 24 hours: a second charge on the card is deferred (invoice.retry_capped).
    app = await startTestApp({ billing: true, env: { NETWORK_CAP_24_HOURS: '1' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('every event type keeps every pinned field of its data', async () => {
    const api = await merchantClient(app, 'Event Payloads');
    const T = Date.parse('2031-01-01T10:00:00.000Z');
    const iso = (ms: number) => new Date(ms).toISOString();
    const clock = await createClock(api, iso(T));
    expect((await api.post('/coupons', { code: 'TEN', percent_off: 10, duration: 'once' })).status).toBe(201);
    // A billable metric, created and archived (billable_metric.created, .archived).
    expect(
      (await api.post('/billable_metrics', { code: 'calls', name: 'Calls', aggregation: 'count', filters: { region: ['eu'] } })).status,
    ).toBe(201);
    expect((await api.post('/billable_metrics/calls/archive')).status).toBe(200);
    // A customer with every field, changed and deleted (customer.created, .updated, .deleted).
    const customer = await api.post('/customers', {
      name: 'Acme',
      email: 'acme@example.com',
      phone: '+61 2 9876 5432',
      address: { line1: '1 George St', line2: 'Level 10', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
      tax_ids: [{ type: 'au_abn', value: '51824753556' }],
      currency: 'AUD',
      locale: 'en-AU',
      metadata: { crm_id: '42' },
    });
    expect(customer.status, customer.text).toBe(201);
    expect((await api.put(`/customers/${customer.body.response.id}`, { name: 'Acme Holdings' })).status).toBe(200);
    expect((await api.raw('DELETE', `/customers/${customer.body.response.id}`)).status).toBe(200);
    const approve = await createCard(api, APPROVE);
    const decline = await createCard(api, DECLINE);
    // Valid through 2031-01-31: expired on the Feb 1 charge (card.expiring before it, card.expired on it).
    const expiring = await createCard(api, APPROVE, { card_expiry: '01/2031' });
    const trial = await createPlan(api, { trial_days: 3 });
    const dunning = await createPlan(api, { dunning: { retry_days: [1], final_action: 'mark_unpaid' } });
    const owing = await createPlan(api, { dunning: { retry_days: [5], final_action: 'leave_past_due' } });
    const fixed = await createPlan(api, { interval: 'week', billing_cycles: 1 });
    const monthly = await createPlan(api);
    const on = (plan: string, card: string) => subscribe(api, { plan_id: plan, card_token: card, test_clock_id: clock.id });
    const trialing = await on(trial.id, approve.token);
    await on(dunning.id, decline.token);
    const owes = await on(owing.id, decline.token);
    await on(fixed.id, approve.token);
    await on(monthly.id, expiring.token);

    await advance(api, clock.id, iso(T + H));
    // Paused and resumed, then cancelled with an invoice still owed (invoice.voided).
    for (const op of ['pause', 'resume', 'cancel']) expect((await api.post(`/subscriptions/${owes.id}/${op}`, {})).status, op).toBe(200);
    expect((await api.put(`/subscriptions/${trialing.id}`, { quantity: 2 })).status).toBe(200);
    await advance(api, clock.id, iso(T + 4 * DAY));
    const [paid] = (await invoicesOf(api, trialing.id)).filter((i) => i.status === 'paid');
    expect(paid, 'the trial ended and its first invoice was paid').toBeDefined();
    expect((await api.post(`/invoices/${paid!.id}/refund`, { amount: 100 })).status).toBe(200);
    for (const days of [8, 20, 31, 32]) await advance(api, clock.id, iso(T + days * DAY));
    expect((await api.put(`/credit_cards/${expiring.token}`, { card_expiry: '06/2035' })).status).toBe(200);
    await advance(api, clock.id, iso(T + 33 * DAY));

    const fields = new Map<string, Set<string>>();
    for (const event of await eventsOf(api)) {
      const set = fields.get(event.type) ?? new Set<string>();
      for (const p of paths(event.data)) set.add(p);
      fields.set(event.type, set);
    }
    // Every type Recur emits was made here (a type missing from the timeline is not pinned).
    expect([...fields.keys()].sort()).toEqual([...EVENT_TYPES].sort());

    const pinned: Record<string, string[]> = JSON.parse(readFileSync(PINNED, 'utf8'));
    const lost: string[] = [];
    const added: string[] = [];
    for (const type of EVENT_TYPES) {
      const seen = fields.get(type) ?? new Set<string>();
      for (const p of pinned[type] ?? []) if (!seen.has(p)) lost.push(`${type}: ${p}`);
      for (const p of seen) if (!(pinned[type] ?? []).includes(p)) added.push(`${type}: ${p}`);
    }
    if (added.length) {
      if (process.env.RECUR_PIN_EVENT_FIELDS === '1') {
        const next = Object.fromEntries(
          EVENT_TYPES.map((type) => [type, [...new Set([...(pinned[type] ?? []), ...(fields.get(type) ?? [])])].sort()]),
        );
        writeFileSync(PINNED, `${JSON.stringify(next, null, 2)}\n`);
      } else console.log(`event fields not pinned yet (RECUR_PIN_EVENT_FIELDS=1 pins them):\n  ${added.join('\n  ')}`);
    }
    // Every type has a pinned list, and no pinned field disappeared.
    expect(EVENT_TYPES.filter((type) => !pinned[type]?.length)).toEqual([]);
    expect(lost, 'fields receivers read that the events no longer carry').toEqual([]);
  });
});
