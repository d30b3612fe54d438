import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { createCard, DECLINE, DYNAMIC, expectError, invoicesOf, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// GET /dunning/holds (docs/api.md): the cards held by a network cap and until when, and the
// cards waiting for an update, through the public API on test clocks.

vi.setConfig({ testTimeout: 300_000 });
const H = 3_600_000;
const at = (base: string, ms: number) => new Date(Date.parse(base) + ms).toISOString();

async function advanceTo(api: ApiClient, clockId: string, iso: string): Promise<void> {
  const res = await api.post(`/test_clocks/${clockId}/advance`, { frozen_time: iso });
  expect(res.status, res.text).toBe(200);
  await settle(api, clockId, 120_000);
}

describe('GET /dunning/holds (NETWORK_CAP_24_HOURS=2)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ billing: true, env: { NETWORK_CAP_24_HOURS: '2' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists a capped card until its window leaves room, and a card waiting for an update until it is updated', async () => {
    const T = '2030-11-01T10:00:00.000Z';
    const { api, card, clock, start } = await scaffold(app, {
      merchant: 'Holds',
      card: DECLINE,
      clock: at(T, -60_000),
      subscription: { start_date: T },
    });
    // An endpoint that never answers: each event gets a delivery, which the timeline shows.
    const hook = await api.post('/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['subscription.created', 'invoice.payment_failed', 'invoice.retry_capped', 'card.updated'],
    });
    expect(hook.status, hook.text).toBe(201);
    const subs = [await start(), await start(), await start()];
    // A second card whose issuer answers "expired card" (54): its invoice waits for a card update.
    const expiring = await createCard(api, DYNAMIC);
    const res = await api.put(`/sandbox/credit_cards/${expiring.token}/script`, { outcomes: [{ response_code: '54' }] });
    expect(res.status, res.text).toBe(200);
    const held = await start({ card_token: expiring.token });
    expect((await api.get('/dunning/holds')).body).toMatchObject({ successful: true, response: [], total_records: 0 });

    await advanceTo(api, clock!.id, T);
    const invoices = await Promise.all(subs.map(async (s) => (await invoicesOf(api, s.id))[0]!));
    const waiting = invoices.find((inv) => inv.attempts.length === 0)!;
    const [heldInvoice] = await invoicesOf(api, held.id);
    const list = await api.get('/dunning/holds');
    expect(list.status, list.text).toBe(200);
    expect(list.body).toMatchObject({ total_records: 2, page: 1 });
    expect(list.body.response).toEqual([
      {
        reason: 'network_cap',
        card_token: card.token,
        invoice_id: waiting.id,
        subscription_id: waiting.subscription_id,
        customer_id: null,
        amount: waiting.amount,
        currency: waiting.currency,
        cap: '24h',
        held_since: T,
        held_until: at(T, 24 * H + 1),
      },
      {
        reason: 'card_update',
        card_token: expiring.token,
        invoice_id: heldInvoice!.id,
        subscription_id: held.id,
        customer_id: null,
        amount: heldInvoice!.amount,
        currency: heldInvoice!.currency,
        cap: null,
        held_since: null,
        held_until: null,
      },
    ]);
    expect((await api.get('/dunning/holds?reason=card_update')).body.response.map((h: { reason: string }) => h.reason)).toEqual([
      'card_update',
    ]);
    expect((await api.get('/dunning/holds?reason=network_cap&limit=1')).body).toMatchObject({ total_records: 1, records: 1 });
    expectError(await api.get('/dunning/holds?reason=other'), 422, /reason must be network_cap or card_update/);
    // Another merchant sees none of them.
    expect((await app.client('production', (await app.newMerchant('Other')).production).get('/dunning/holds')).body.response).toEqual([]);

    // The card updated: its hold ends. The cap's window leaves room: its hold ends.
    const updated = await api.put(`/credit_cards/${expiring.token}`, { card_expiry: '12/2034' });
    expect(updated.status, updated.text).toBe(200);
    await settle(api, clock!.id);
    await advanceTo(api, clock!.id, at(T, 24 * H + 1));
    expect((await api.get('/dunning/holds')).body.response.map((h: { reason: string }) => h.reason)).not.toContain('network_cap');
    expect((await api.get('/dunning/holds?reason=card_update')).body.response).toEqual([]);

    // The timelines: the cap hit on the waiting invoice, the card update on the held one, and the
    // webhook deliveries of each subscription's events.
    const timeline = async (id: string) => {
      const res = await api.get(`/subscriptions/${id}/timeline?limit=50`);
      expect(res.status, res.text).toBe(200);
      return res.body.response as { at: string; type: string; invoice_id: string | null; details: Record<string, unknown> }[];
    };
    const capped = (await timeline(waiting.subscription_id)).find((e) => e.type === 'invoice.retry_capped');
    expect(capped).toEqual({
      at: T,
      type: 'invoice.retry_capped',
      invoice_id: waiting.id,
      details: { cap: '24h', next_attempt_at: at(T, 24 * H + 1), card_token: card.token },
    });
    const updatedEntry = (await timeline(held.id)).find((e) => e.type === 'card.updated');
    expect(updatedEntry).toMatchObject({
      type: 'card.updated',
      invoice_id: null,
      details: { card_token: expiring.token, card_expiry: '2034-12-31', retried_invoice_ids: [heldInvoice!.id] },
    });
    await expect
      .poll(async () => (await timeline(held.id)).filter((e) => e.type === 'webhook.delivery').map((e) => e.details.event_type), {
        timeout: 60_000,
      })
      .toEqual(expect.arrayContaining(['subscription.created', 'card.updated']));
    const delivery = (await timeline(held.id)).find((e) => e.type === 'webhook.delivery' && e.details.event_type === 'card.updated')!;
    expect(delivery.details).toMatchObject({
      delivery_id: expect.any(String),
      webhook_id: hook.body.response.id,
      event_id: expect.any(String),
      status: expect.any(String),
      attempts: expect.any(Number),
    });
    // Another subscription's deliveries are not on this one's timeline.
    const others = (await timeline(waiting.subscription_id)).filter((e) => e.type === 'webhook.delivery');
    expect(others.map((e) => e.details.event_id)).not.toContain(delivery.details.event_id);
  });
});
