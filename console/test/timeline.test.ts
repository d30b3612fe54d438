import { describe, expect, it } from 'vitest';
import { timelineOf } from '../src/timeline.ts';

const sub = { id: 's1', quantity: 2, created_at: '2027-01-15T10:00:00.000Z', trial_end: null, paused_at: null, cancelled_at: null };
const declined = {
  id: 'i1',
  number: 'INV-000001',
  amount: 2900,
  currency: 'AUD',
  status: 'past_due',
  period_start: '2027-02-15T10:00:00.000Z',
  period_end: '2027-03-15T10:00:00.000Z',
  created_at: '2027-02-15T10:00:01.000Z',
  next_attempt_at: '2027-02-16T10:00:00.000Z',
  paid_at: null,
  attempts: [
    {
      number: 1,
      status: 'declined',
      response_code: '51',
      message: 'Insufficient Funds',
      decline_class: 'soft',
      advice_code: '02',
      created_at: '2027-02-15T10:00:02.000Z',
    },
  ],
};

describe('subscription timeline', () => {
  it('shows each declined attempt with its code, class and advice, the retry scheduled, newest first', () => {
    const entries = timelineOf(sub, [declined], []);
    expect(entries.map((e) => e.title)).toEqual([
      'Retry scheduled for INV-000001',
      'Charge declined on INV-000001',
      'INV-000001 written',
      'Subscription created',
    ]);
    const decline = entries[1]!;
    expect(decline.bad).toBe(true);
    expect(decline.detail).toBe('attempt 1: declined · code 51 · Insufficient Funds · class soft · issuer advice 02');
    expect(decline.invoiceId).toBe('i1');
    expect(entries[2]!.detail).toContain('AUD 29.00');
  });

  it('adds the events naming the subscription, not those of others, nor invoice events (shown from the invoices)', () => {
    const events = [
      { type: 'subscription.paused', created_at: '2027-03-01T00:00:00.000Z', data: { subscription_id: 's1' } },
      { type: 'subscription.paused', created_at: '2027-03-02T00:00:00.000Z', data: { subscription_id: 'other' } },
      { type: 'invoice.paid', created_at: '2027-03-03T00:00:00.000Z', data: { subscription_id: 's1' } },
    ];
    const titles = timelineOf(sub, [], events).map((e) => e.title);
    expect(titles).toEqual(['Event subscription.paused', 'Subscription created']);
  });
});
