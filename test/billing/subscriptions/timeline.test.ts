import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { DYNAMIC, advance, createCard, expectError, invoicesOf, merchantClient } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// GET /subscriptions/{id}/timeline through the API on a test clock: a first charge declined for
// insufficient funds (its code, class and the retry scheduled), the retry approved, a partial refund
// with its credit note, a quantity change and a cancel, newest first, paged.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

describe('a subscription’s timeline', () => {
  it('shows what happened, newest first: a decline and its retry, a refund and its credit note, a change and a cancel', async () => {
    const s = await scaffold(app, {
      merchant: 'Timeline',
      plan: { name: 'Pro', amount: 3000, dunning: { retry_days: [2], final_action: 'leave_past_due' } },
      clock: '2030-12-31T23:59:00.000Z',
      subscription: { start_date: '2031-01-01T00:00:00.000Z' },
    });
    const { api, clock } = s;
    const card = await createCard(api, DYNAMIC);
    expect((await api.put(`/sandbox/credit_cards/${card.token}/script`, { outcomes: [{ response_code: '51' }] })).status).toBe(200);
    const sub = await s.start({ card_token: card.token });
    const timeline = async (query = 'limit=50') => {
      const res = await api.get(`/subscriptions/${sub.id}/timeline?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };

    await advance(api, clock.id, '2031-01-01T12:00:00.000Z');
    const invoice = (await invoicesOf(api, sub.id))[0]!;
    let t = (await timeline()).response;
    expect(t.map((e: any) => e.type)).toEqual([
      'invoice.retry_scheduled',
      'attempt.declined',
      'invoice.finalized',
      'mrr.new',
      'subscription.started',
    ]);
    // The first charge ran when the clock landed (12:00); the retry is two days after that failure.
    expect(t[0]).toMatchObject({ at: '2031-01-03T12:00:00.000Z', invoice_id: invoice.id, details: { attempts_so_far: 1 } });
    expect(t[1]).toMatchObject({
      at: '2031-01-01T12:00:00.000Z',
      invoice_id: invoice.id,
      details: { attempt: 1, response_code: '51', decline_class: 'soft', manual: false, card_token: card.token },
    });
    expect(t[1].details.message).toMatch(/insufficient funds/i);
    expect(t[2]).toMatchObject({
      type: 'invoice.finalized',
      details: { number: 'INV-000001', kind: 'period', total: 3000, amount_due: 3000 },
    });
    expect(t[4]).toMatchObject({ type: 'subscription.started', at: '2031-01-01T00:00:00.000Z', details: { quantity: 1 } });
    expect(t[3]).toMatchObject({ type: 'mrr.new', details: { currency: 'AUD', mrr_before: 0, mrr_after: 3000 } });
    expect(Object.keys(t[1]).sort()).toEqual(['at', 'details', 'invoice_id', 'type']);

    // The retry on 3 January is approved; half the invoice is refunded; from February, 2 seats; then a cancel on 10 February.
    await advance(api, clock.id, '2031-01-03T12:00:00.000Z');
    const refund = await api.post(`/invoices/${invoice.id}/refund`, { amount: 1500, reason: 'Outage credit' });
    expect(refund.status, refund.text).toBe(200);
    await advance(api, clock.id, '2031-01-10T00:00:00.000Z');
    expect((await api.put(`/subscriptions/${sub.id}`, { quantity: 2 })).status).toBe(200);
    await advance(api, clock.id, '2031-02-10T00:00:00.000Z'); // February bills 2 seats
    expect((await api.post(`/subscriptions/${sub.id}/cancel`, {})).status).toBe(200);

    t = (await timeline()).response;
    const types = t.map((e: any) => e.type);
    expect(types).toContain('attempt.approved');
    expect(types).toContain('invoice.paid');
    expect(types).toContain('refund.approved');
    expect(types).toContain('credit_note.created');
    expect(types).toContain('mrr.expansion');
    expect(types).toContain('subscription.cancelled');
    expect(types).toContain('mrr.churn');
    expect(types).not.toContain('invoice.retry_scheduled'); // paid: nothing scheduled any more
    // Newest first; refunds and credit notes are dated by the request (real time), the rest by the clock.
    const billed = t.filter((e: any) => !/^(refund|credit_note)\./.test(e.type)).map((e: any) => e.at);
    expect([...billed].sort().reverse()).toEqual(billed);
    const paid = t.find((e: any) => e.type === 'invoice.paid' && e.invoice_id === invoice.id);
    expect(paid).toMatchObject({ at: '2031-01-03T12:00:00.000Z', invoice_id: invoice.id, details: { amount: 3000, currency: 'AUD' } });
    expect(t.find((e: any) => e.type === 'credit_note.created').details).toMatchObject({ amount: 1500, currency: 'AUD' });
    expect(t.find((e: any) => e.type === 'mrr.expansion').details).toMatchObject({ mrr_before: 3000, mrr_after: 6000 });

    // Paged like every list; the pages put together are the whole timeline.
    const first = await timeline('limit=3&offset=1');
    expect(first.response).toEqual(t.slice(0, 3));
    expect(first.total_records).toBe(t.length);
    expect((await timeline('limit=3&offset=2')).response).toEqual(t.slice(3, 6));

    // Unknown, or another merchant's: 404.
    expectError(await api.get('/subscriptions/00000000-0000-4000-8000-000000000000/timeline'), 404, /Subscription/);
    const other = await merchantClient(app, 'Timeline elsewhere');
    expectError(await other.get(`/subscriptions/${sub.id}/timeline`), 404, /Subscription/);
  });
});
