import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simpleParser } from 'mailparser';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { APPROVE, createCard, createPlan, invoicesOf, subscribe } from '../helpers/billing.ts';
import { recurEnv, runRecur } from '../helpers/cli-process.ts';
import { waitFor } from '../helpers/wait-for.ts';

// Without SMTP_URL (development) no e-mail is sent and none is lost: each goes to the local
// outbox, its whole message kept, and `recur emails` lists and prints them.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true, env: { EMAIL_SEND_INTERVAL_MS: '100' } });
});
afterAll(async () => {
  await app?.close();
});

describe('the local outbox', () => {
  it('keeps every e-mail with its rendered message, and recur emails lists and prints them', async () => {
    expect(app.config.SMTP_URL).toBeUndefined();
    const api = app.client('sandbox', (await app.newMerchant('Outbox GmbH')).sandbox);
    // A PNG logo (1 × 1): the HTML names it by content id, and it travels as an inline attachment.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect(
      (await api.put('/settings/business', { legal_name: 'Outbox GmbH', logo: { content_type: 'image/png', data: png } })).status,
    ).toBe(200);
    const put = await api.put('/settings/emails', {
      from: 'rechnung@outbox.example',
      enabled: { invoice_finalized: true, payment_succeeded: true },
      // Even asking for SMTP, there is no relay: the outbox keeps them.
      sandbox_delivery: 'smtp',
    });
    expect(put.status, put.text).toBe(200);
    const customer = (await api.post('/customers', { name: 'Jürgen Weiß', email: 'juergen@kunde.example', locale: 'de' })).body.response;
    const card = await createCard(api, APPROVE);
    const plan = await createPlan(api, { amount: 4200, currency: 'EUR' });
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token, customer_id: customer.id });
    const invoice: any = await waitFor(async () => (await invoicesOf(api, sub.id))[0], {
      message: 'the first invoice paid',
      until: (i: any) => i?.status === 'paid',
    });
    const emails = await waitFor(async () => (await api.get(`/customers/${customer.id}/emails`)).body.response, {
      message: 'two e-mails in the outbox',
      until: (l: any[]) => l.length === 2 && l.every((e) => e.status === 'outbox'),
    });
    const finalized = emails.find((e: any) => e.kind === 'invoice_finalized');
    expect(finalized).toMatchObject({ subject: `[TEST] Rechnung ${invoice!.number} von Outbox GmbH`, attempts: 1, last_error: null });
    expect(finalized.sent_at).not.toBeNull();

    const env = recurEnv(app.config);
    const listed = await runRecur(['emails'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(finalized.id);
    expect(listed.stdout).toContain('juergen@kunde.example');
    expect(listed.stdout).toContain('invoice_finalized');

    const shown = await runRecur(['emails', 'show', finalized.id], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Subject: [TEST] Rechnung ${invoice!.number} von Outbox GmbH`);
    expect(shown.stdout).toContain('To: juergen@kunde.example');
    expect(shown.stdout).toContain('Hallo Jürgen Weiß,');
    expect(shown.stdout).toMatch(/Attachments: .*\.pdf/);

    // The whole message, as a mail client reads it: the PDF and the inline logo.
    const raw = await runRecur(['emails', 'show', finalized.id, '--raw'], env);
    expect(raw.code, raw.stderr).toBe(0);
    const mail = await simpleParser(raw.stdout, { keepCidLinks: true });
    expect(mail.subject).toBe(`[TEST] Rechnung ${invoice!.number} von Outbox GmbH`);
    expect(mail.attachments.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'image/png']);
    expect(mail.attachments.find((a) => a.contentType === 'image/png')!.cid).toBe('logo@recur');
    expect(String(mail.html)).toContain('src="cid:logo@recur"');

    const unknown = await runRecur(['emails', 'show', '00000000-0000-4000-8000-000000000000'], env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('no e-mail');
  });
});
