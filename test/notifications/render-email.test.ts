import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/notifications/render-email.ts';
import { languageOf } from '../../src/notifications/messages.ts';
import type { EmailToSend } from '../../src/billing/billing-jobs.ts';

// The templates of the kinds the SMTP test does not drive through a charge (the card notices, a
// final failed payment), and the language picked from a locale: rendered from an e-mail's data
// alone, every value of the HTML escaped.

const SUBSCRIPTION = '0b8a2c4e-6f10-4d3a-9c5b-7e1f2a3b4c5d';

function email(kind: EmailToSend['kind'], data: Record<string, unknown>, locale: string | null = null): EmailToSend {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    merchant: { merchantId: '66666666-7777-4888-9999-000000000000', environment: 'production' },
    kind,
    recipient: 'kunde@example.com',
    locale,
    customer: { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', name: 'Müller & Söhne <i>', email: 'kunde@example.com', locale },
    event: { id: 'ffffffff-0000-4111-8222-333333333333', type: 'card.expiring', data, created_at: '2027-01-01T00:00:00.000Z' },
    settings: {
      from: 'billing@shop.example',
      reply_to: null,
      enabled: {
        invoice_finalized: true,
        payment_succeeded: true,
        payment_failed: true,
        card_expiring: true,
        card_expired: true,
        credit_note_created: true,
      },
      sandbox_delivery: 'outbox',
    },
    business: { legal_name: '<script>alert(1)</script>', address: null, tax_id: null, email: null, phone: null },
    logo: null,
    subscriptionId: SUBSCRIPTION,
    testMode: false,
    invoice: null,
    creditNote: null,
  };
}

const LINK = 'https://billing.example.com/card/k1.AbC_dE.xyz?a=1&b="2"';

describe('e-mail templates', () => {
  it('card_expiring: the expiry, the next payment and the card-update link, in English and German', () => {
    const data = { subscription_id: SUBSCRIPTION, card_expiry: '2027-02-28', next_charge_at: '2027-03-01T00:00:00.000Z' };
    const en = renderEmail(email('card_expiring', data, 'en-AU'), { invoice: null, cardUpdate: LINK }, { testMode: false });
    expect(en.subject).toBe('Your card expires soon');
    expect(en.text).toContain('expires on 28 February 2027, before the next payment on 1 March 2027.');
    expect(en.text).toContain(`Update your card:\n${LINK}`);
    const de = renderEmail(email('card_expiring', data, 'de-AT'), { invoice: null, cardUpdate: LINK }, { testMode: false });
    expect(de.subject).toBe('Ihre Karte läuft bald ab');
    expect(de.text).toContain('läuft am 28. Februar 2027 ab, vor der nächsten Zahlung am 1. März 2027.');
    expect(de.text).toContain('Hallo Müller & Söhne <i>,');
    // The link and every name escaped in the HTML, in the text as they are.
    expect(de.html).toContain('href="https://billing.example.com/card/k1.AbC_dE.xyz?a=1&amp;b=&quot;2&quot;"');
    expect(de.html).not.toMatch(/<script>|<i>/);
    expect(de.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(de.html).toContain('Müller &amp; Söhne &lt;i&gt;');
  });

  it('card_expired: the card-update link; payment_failed with no attempt left says so', () => {
    const expired = renderEmail(
      email('card_expired', { subscription_id: SUBSCRIPTION }),
      { invoice: null, cardUpdate: LINK },
      { testMode: true },
    );
    expect(expired.subject).toBe('[TEST] Your card has expired');
    expect(expired.text).toMatch(/^Test mode: /);
    expect(expired.text).toContain('has expired, and a payment is waiting for a new one.');
    expect(expired.text).toContain(LINK);
    const final = renderEmail(
      email('payment_failed', { amount: 2900, currency: 'EUR', next_attempt_at: null, final: true }, 'de'),
      { invoice: null, cardUpdate: LINK },
      { testMode: false },
    );
    expect(final.text).toContain('Wir konnten EUR 29.00');
    expect(final.text).toContain('Wir versuchen es nicht automatisch erneut.');
  });

  it('picks German for de-…, English for every other locale or none', () => {
    expect(['de', 'de-DE', 'de_CH', 'DE-at', 'en-AU', 'fr-FR', null, ''].map(languageOf)).toEqual([
      'de',
      'de',
      'de',
      'de',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});
