import { describe, expect, it } from 'vitest';
import { describeEntry } from '../src/timeline.ts';

// The words the console puts on the entries of GET /subscriptions/{id}/timeline (docs/api.md).

describe('subscription timeline entries', () => {
  it('says a declined attempt with its code, class and advice, named by its invoice, in red', () => {
    const entry = describeEntry(
      {
        at: '2027-02-15T10:00:02.000Z',
        type: 'attempt.declined',
        invoice_id: 'i1',
        details: {
          attempt: 1,
          manual: false,
          response_code: '51',
          message: 'Insufficient Funds',
          decline_class: 'soft',
          advice_code: '02',
        },
      },
      (id) => (id === 'i1' ? 'INV-000001' : undefined),
    );
    expect(entry).toEqual({
      at: '2027-02-15T10:00:02.000Z',
      title: 'Charge declined on INV-000001',
      detail: 'attempt 1 · code 51 · Insufficient Funds · class soft · issuer advice 02',
      bad: true,
      invoiceId: 'i1',
    });
  });

  it('says issued invoices, retries, MRR movements and credit notes, with amounts from minor units', () => {
    const issued = describeEntry({
      at: 'x',
      type: 'invoice.finalized',
      invoice_id: 'i1',
      details: {
        number: 'INV-000001',
        total: 2900,
        currency: 'AUD',
        period_start: '2027-02-15T10:00:00Z',
        period_end: '2027-03-15T10:00:00Z',
      },
    });
    expect([issued.title, issued.detail, issued.bad]).toEqual(['INV-000001 issued', 'AUD 29.00 for 2027-02-15 – 2027-03-15', false]);
    expect(
      describeEntry({ at: 'x', type: 'invoice.retry_scheduled', invoice_id: 'i1', details: { number: 'INV-000001', attempts_so_far: 2 } })
        .title,
    ).toBe('Retry scheduled for INV-000001');
    const churn = describeEntry({
      at: 'x',
      type: 'mrr.churn',
      invoice_id: null,
      details: { currency: 'AUD', mrr_before: 2900, mrr_after: 0 },
    });
    expect([churn.title, churn.bad]).toEqual(['MRR churn', true]);
    expect(churn.detail).toContain('AUD 29.00');
    const note = describeEntry({
      at: 'x',
      type: 'credit_note.created',
      invoice_id: 'i1',
      details: { number: 'CN-000001', amount: 1450, currency: 'AUD', credit_to: 'refund' },
    });
    expect([note.title, note.detail]).toEqual(['Credit note CN-000001 on the invoice', 'AUD 14.50 to refund']);
    expect(describeEntry({ at: 'x', type: 'something.new', invoice_id: null, details: {} }).title).toBe('something.new');
  });

  it('says a network cap hit with until when, a card update, and a webhook delivery that may be resent', () => {
    expect(
      describeEntry(
        {
          at: '2030-11-01T10:00:00.000Z',
          type: 'invoice.retry_capped',
          invoice_id: 'i1',
          details: { cap: '24h', next_attempt_at: '2030-11-02T10:00:00.001Z', card_token: 'tok' },
        },
        () => 'INV-000007',
      ),
    ).toEqual({
      at: '2030-11-01T10:00:00.000Z',
      title: 'Network cap (24h) hit on INV-000007',
      detail: 'no retry of its card before 2030-11-02 10:00 UTC',
      bad: true,
      invoiceId: 'i1',
    });
    expect(
      describeEntry({
        at: 'x',
        type: 'card.updated',
        invoice_id: null,
        details: { card_expiry: '2034-12-31', retried_invoice_ids: ['i1'] },
      }),
    ).toMatchObject({ title: 'Card updated', detail: 'expires 2034-12 · 1 held invoice(s) retried', bad: false });
    expect(
      describeEntry({
        at: 'x',
        type: 'webhook.delivery',
        invoice_id: null,
        details: { delivery_id: 'd1', webhook_id: 'w1', event_type: 'card.updated', status: 'failed', attempts: 3, last_status_code: 500 },
      }),
    ).toEqual({
      at: 'x',
      title: 'Webhook card.updated',
      detail: 'failed · 3 tries · last answer 500',
      bad: true,
      delivery: { webhookId: 'w1', deliveryId: 'd1', eventType: 'card.updated' },
    });
  });
});
