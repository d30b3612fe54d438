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
});
